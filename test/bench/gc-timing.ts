// Whether a full garbage collection between compiling a rig and its first frames changes what its
// frames cost: one rig's frame in CPU µs, in processes that alternate four ways of starting —
//   none     compiled, warmed up, measured (as `npm run bench` and profile.ts run it);
//   early    two full collections right after compiling, then warmed up and measured;
//   late     warmed up, two full collections, warmed up again, measured;
//   young    compiled, then ~60 MB of short-lived objects (young-generation collections only),
//            warmed up and measured;
//   after:N  N frames, two full collections, then warmed up and measured (`after:0` is `early`).
// Each way runs in a process of its own, `rounds` times in turn, and the table gives each way's
// mean and its ratio to the first way, pair by pair. Extra V8 flags for the measured processes go in
// GC_TIMING_FLAGS (e.g. `--no-opt`).
//   node --import tsx test/bench/gc-timing.ts [large|rigify|humanoid|crowd] [rounds=6] [ways=none,early,late,young]
// (One way alone, in this process: `node --expose-gc --import tsx test/bench/gc-timing.ts large 1 early --one`.)
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { rigLoop } from './rig-loop';

const which = process.argv[2] ?? 'large';
const rounds = Number(process.argv[3] ?? 6);
const ways = (process.argv[4] ?? 'none,early,late,young').split(',');
const one = process.argv[5] === '--one';

/** A frame's CPU µs after starting the given way: the median of 7 rounds. */
function measure(start: string): number {
  const { frame, frames } = rigLoop(which);
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('gc-timing: run with node --expose-gc');
  let kept = 0;
  if (start === 'young') for (let i = 0; i < 400_000; i++) kept += [i, i + 1].length;
  const before = start === 'early' ? 0 : start.startsWith('after:') ? Number(start.slice(6)) : undefined;
  if (before !== undefined) {
    for (let i = 0; i < before; i++) frame();
    gc(); gc();
  }
  for (let i = 0; i < frames; i++) frame();
  if (start === 'late') { gc(); gc(); for (let i = 0; i < frames; i++) frame(); }
  const times: number[] = [];
  for (let r = 0; r < 7; r++) {
    const c0 = process.cpuUsage();
    for (let i = 0; i < frames; i++) frame();
    times.push(process.cpuUsage(c0).user / frames);
  }
  if (kept < 0) throw new Error('unreachable');
  return times.sort((a, b) => a - b)[3];
}

if (one) {
  console.log(measure(ways[0]).toFixed(2));
} else {
  const self = fileURLToPath(import.meta.url);
  const flags = (process.env.GC_TIMING_FLAGS ?? '').split(' ').filter((f) => f !== '');
  const results = new Map<string, number[]>(ways.map((w) => [w, []]));
  for (let r = 0; r < rounds; r++) {
    for (const w of ways) {
      const out = execFileSync(process.execPath, ['--expose-gc', ...flags, '--import', 'tsx', self, which, '1', w, '--one'], { encoding: 'utf8' });
      results.get(w)!.push(Number(out.trim()));
    }
  }
  const first = results.get(ways[0])!;
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1];
  console.log(`${which}: CPU µs a frame, ${rounds} rounds of the ways in turn${flags.length ? ` (${flags.join(' ')})` : ''}`);
  for (const w of ways) {
    const v = results.get(w)!;
    const ratios = v.map((x, i) => x / first[i]);
    console.log(`  ${w.padEnd(9)} mean ${mean(v).toFixed(1).padStart(7)}  median ratio to ${ways[0]} ${median(ratios).toFixed(3)}  slower in ${ratios.filter((x) => x > 1).length} of ${v.length}  [${v.map((x) => x.toFixed(0)).join(' ')}]`);
  }
}
