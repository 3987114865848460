// Compares two checkouts the way the performance notes do on a shared host: standalone processes of
// `profile.ts`, one checkout then the other, `pairs` times, so each pair sees about the same load.
// Prints each side's mean and the pairs' median ratio (B over A) and how many pairs B won. In one
// process (alternate.ts, ab.ts) the side measured first has shown a bias of up to 13%; processes of
// their own do not share type feedback, heap or warm-up.
//   node --import tsx test/bench/pairs.ts humanoid|large|rigify|crowd PAIRS DIR_A DIR_B [frames]
// where each DIR is a checkout with node_modules (e.g. `git worktree add DIR <commit>` and a link to
// this checkout's node_modules).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const [which = 'large', pairsArg = '10', dirA, dirB, framesArg] = process.argv.slice(2);
if (!dirA || !dirB) throw new Error('usage: pairs.ts RIG PAIRS DIR_A DIR_B [frames]');
const pairs = Number(pairsArg);

/** One standalone `profile.ts` run in `dir`: its median CPU µs a frame. */
function run(dir: string): number {
  const args = ['--import', 'tsx', join(dir, 'test/bench/profile.ts'), which, ...(framesArg ? [framesArg] : [])];
  const out = execFileSync(process.execPath, args, { cwd: dir, encoding: 'utf8' });
  const m = /CPU ([\d.]+) µs\/frame/.exec(out);
  if (!m) throw new Error(`pairs: no figure in the output of profile.ts in ${dir}: ${out}`);
  return Number(m[1]);
}

const a: number[] = [], b: number[] = [];
for (let i = 0; i < pairs; i++) {
  a.push(run(dirA));
  b.push(run(dirB));
  console.log(`pair ${i + 1}: A ${a[i].toFixed(1)}  B ${b[i].toFixed(1)} µs`);
}
const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
const ratios = a.map((x, i) => b[i] / x).sort((p, q) => p - q);
const median = ratios.length % 2 ? ratios[ratios.length >> 1] : (ratios[ratios.length / 2 - 1] + ratios[ratios.length / 2]) / 2;
console.log(`${which}: A mean ${mean(a).toFixed(1)} µs, B mean ${mean(b).toFixed(1)} µs; B/A median ratio ${median.toFixed(3)}; B faster in ${b.filter((x, i) => x < a[i]).length} of ${pairs} pairs`);
