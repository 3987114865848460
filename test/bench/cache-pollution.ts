// What a bench rig's frame costs when what it left in the caches is evicted first: before each
// frame, random cache lines of an 8 MB array are written (a scan in order would not evict: the
// caches keep a sequential scan out). Prints CPU-clock µs a frame, median of 5 rounds, per amount.
//   node --import tsx test/bench/cache-pollution.ts humanoid|large|rigify|crowd
import { rigLoop } from './rig-loop';

const which = process.argv[2] ?? 'rigify';
const { frame, frames } = rigLoop(which);
const perRound = Math.round(frames / 2);
for (let i = 0; i < frames; i++) frame();

const junk = new Float64Array((8 << 20) / 8);
// One double of each cache line, in a shuffled order (a fixed seed: the same order every run).
const lines = new Int32Array(junk.length / 8);
for (let i = 0; i < lines.length; i++) lines[i] = i * 8;
let seed = 12345;
const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
for (let i = lines.length - 1; i > 0; i--) {
  const j = Math.floor(random() * (i + 1));
  const t = lines[i]; lines[i] = lines[j]; lines[j] = t;
}
let next = 0;
const pollute = (kb: number) => {
  for (let n = (kb * 1024) / 64; n > 0; n--) {
    junk[lines[next]] += 1;
    next = (next + 1) % lines.length;
  }
};

const amounts = [0, 128, 256, 512, 1024, 1536, 2048, 4096];
const times = new Map<number, number[]>(amounts.map((kb) => [kb, []]));
for (let round = 0; round < 5; round++) {
  for (const kb of amounts) {
    let t = 0;
    for (let i = 0; i < perRound; i++) {
      pollute(kb);
      const t0 = performance.now();
      frame();
      t += performance.now() - t0;
    }
    times.get(kb)!.push((t * 1000) / perRound);
  }
}
for (const kb of amounts) {
  const sorted = times.get(kb)!.sort((a, b) => a - b);
  console.log(`${which}, ${kb} KB written between frames: ${sorted[2].toFixed(1)} µs a frame`);
}
