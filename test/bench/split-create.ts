// How long a split rig of Rigify's human rig takes to create, and how fast its frames are then:
//   node --import tsx test/bench/split-create.ts [rigs]
// Creates `rigs` rigs (default 3) on two threads one after another, each trying its ways of sharing
// out on Rigify's recorded poses as `npm run bench` poses it, then times 5 rounds of 1,000 posed
// frames; prints each rig's creation time (without making the bench's pose cycles, which load the
// recorded cases: ~0.3 s a program), its median round a frame, and how many steps each thread runs.
// The first rig of a process also pays for loading and optimizing the code.
import { createSplitRig } from '../../runtime/split/split-rig';
import type { Program } from '../../runtime/eval/program';
import { rigifyHuman, rigifyPoseCycle } from './rigify';

const rig = rigifyHuman();
const rigs = Number(process.argv[2] ?? 3);
for (let r = 0; r < rigs; r++) {
  // A pose cycle per program (the probe's, then the rig's), each made when first asked for.
  const cycles = new Map<Program, (k: number) => void>();
  let makingCycles = 0;
  const pose = (p: Program, k: number) => {
    let cycle = cycles.get(p);
    if (!cycle) {
      const t = performance.now();
      cycles.set(p, (cycle = rigifyPoseCycle(p).apply));
      makingCycles += performance.now() - t;
    }
    cycle(k);
  };
  const t0 = performance.now();
  const split = await createSplitRig(rig.graph, rig.scene, { threads: 2, pose });
  const created = performance.now() - t0 - makingCycles;
  const rounds: number[] = [];
  for (let q = 0; q < 5; q++) {
    const start = performance.now();
    for (let i = 0; i < 1000; i++) { pose(split.program, i); split.evaluate(0); }
    rounds.push(performance.now() - start);
  }
  rounds.sort((a, b) => a - b);
  console.log(`created in ${created.toFixed(0)} ms; a frame ${rounds[2].toFixed(0)} µs; steps ${split.shares.join(' / ')}`);
  await split.dispose();
}
