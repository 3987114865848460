// How long the steps of one kind wait for their data in a bench rig's frame: each such step runs
// twice where it stands in the frame, both runs timed. The first run meets the frame's caches as
// they are; the second finds the first's data in L1. Both include a pair of clock reads (~50 ns).
//   node --import tsx test/bench/step-twice.ts rigify|large|humanoid|crowd KIND
// KIND as step-kinds.ts names it: `pre`, `stack`, or a node type such as `constraint/copy-transforms`.
// The second run's result is the first's (a step reads nothing it writes), so the frame is unchanged.
import type { UnitId } from '../../runtime/eval/unit';
import { rigLoop } from './rig-loop';

const which = process.argv[2] ?? 'rigify';
const kind = process.argv[3] ?? 'constraint/ik';
const { rig, program, frame, frames } = rigLoop(which);
const typeOf = new Map(rig.graph.nodes.map((n) => [n.id, n.type]));
const table = program.startProfiling().table;
program.stopProfiling();
const kindOf = (u: UnitId) => (table.kind(u) === 'node' ? typeOf.get(table.idOf(u)) : table.kind(u));
// The steps a frame with the guards off calls (program.ts keeps them private: a measuring tool reaches in).
const bares = (program as unknown as { bares: (() => void)[] }).bares;
let first = 0, second = 0, runs = 0;
program.steps.forEach((s, i) => {
  if (kindOf(s.unit) !== kind) return;
  const run = bares[i];
  bares[i] = () => {
    const t0 = performance.now(); run(); const t1 = performance.now(); run(); const t2 = performance.now();
    first += t1 - t0; second += t2 - t1; runs++;
  };
});
if (!bares.some((_, i) => kindOf(program.steps[i].unit) === kind)) throw new Error(`step-twice: no step of kind "${kind}" in ${which}`);
for (let i = 0; i < frames; i++) frame();
first = second = 0; runs = 0;
for (let i = 0; i < frames; i++) frame();
console.log(`${which} ${kind}: ${runs / frames} steps a frame; first run ${((first * 1e6) / runs).toFixed(0)} ns, second ${((second * 1e6) / runs).toFixed(0)} ns`);
