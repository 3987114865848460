// Whether a rig's frame is bound by its working set: the same program's frame (the large rig's
// generator at 250 bones and 75 constraints) evaluated alone, then with 2, 4 and 8 copies of it
// compiled and evaluated in turn. The copies do the same work as the one, with the same code and
// type feedback (one graph), so what a frame costs more among them is the cost of its data no
// longer staying in the core's caches: its slot buffer and the JavaScript objects its steps read
// (closures' contexts, typed-array views, owners, params).
//   node --import tsx test/bench/working-set.ts [rounds=3]
import { compile } from '../../runtime/eval/compile';
import { largeRig } from './rigs';

const rounds = Number(process.argv[2] ?? 3);
const rig = largeRig(250, 75);
const COPIES = [1, 2, 4, 8];
const programs = COPIES.map((n) => Array.from({ length: n }, () => compile(rig.graph, rig.scene)));
const bufferKb = (programs[0][0].buffer.byteLength / 1024).toFixed(0);
const perCopies: number[][] = COPIES.map(() => []);

/** CPU µs of one program's frame, each of `ps` evaluated in turn, the median of 5 batches. */
function frameCost(ps: ReturnType<typeof compile>[]): number {
  const frames = Math.round(3000 / ps.length);
  let f = 0;
  const batch = () => { for (let i = 0; i < frames; i++, f++) for (const p of ps) p.evaluate(f); };
  batch();
  const times: number[] = [];
  for (let r = 0; r < 5; r++) {
    const c0 = process.cpuUsage();
    batch();
    times.push(process.cpuUsage(c0).user / (frames * ps.length));
  }
  return times.sort((a, b) => a - b)[2];
}

for (let r = 0; r < rounds; r++) COPIES.forEach((_, i) => { perCopies[i].push(frameCost(programs[i])); });
const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1];
console.log(`a 250-bone program (slot buffer ${bufferKb} KB), CPU µs of one program's frame, median of ${rounds} rounds:`);
COPIES.forEach((n, i) => {
  console.log(`  ${n} program${n > 1 ? 's' : ''} in turn: ${median(perCopies[i]).toFixed(1)} µs (${(median(perCopies[i]) / median(perCopies[0])).toFixed(2)}× alone)`);
});
