// Two checkouts measured in one process, interleaved round by round, for a loaded machine: the load
// drifts over seconds, so alternating processes (`npm run bench` in one checkout, then the other)
// compare different loads; here both see the same. Each checkout's compile and rigs are imported
// from its own directory (separate modules: no type feedback shared). Not a replacement for
// `npm run bench`, whose figures are the record; a check that a change helps before measuring it.
// Usage: node --import tsx test/bench/ab.ts DIR_A DIR_B humanoid|large|rigify|compile [rounds]
import type { compile as Compile } from '../../runtime/eval/compile';
import type * as Rigs from './rigs';
import type * as Rigify from './rigify';

const [dirA, dirB, task = 'humanoid', roundsArg = '40'] = process.argv.slice(2);
if (!dirA || !dirB) throw new Error('usage: ab.ts DIR_A DIR_B humanoid|large|rigify|compile [rounds]');
const rounds = Number(roundsArg);

interface Side { run: () => void; per: number }

async function side(dir: string): Promise<Side> {
  const { compile } = (await import(`${dir}/runtime/eval/compile.ts`)) as { compile: typeof Compile };
  const rigs = (await import(`${dir}/test/bench/rigs.ts`)) as typeof Rigs;
  const rigify = (await import(`${dir}/test/bench/rigify.ts`)) as typeof Rigify;
  if (task === 'compile') {
    const rig = rigs.largeRig();
    return { run: () => { compile(rig.graph, rig.scene); }, per: 1 };
  }
  const rig = task === 'large' ? rigs.largeRig() : task === 'rigify' ? rigify.rigifyHuman() : rigs.humanoid();
  const p = compile(rig.graph, rig.scene);
  const pose = task === 'rigify' ? rigify.rigifyPoseCycle(p).apply : undefined;
  const per = task === 'humanoid' ? 200 : 20;
  let f = 0;
  return { run: () => { for (let i = 0; i < per; i++) { pose?.(f); p.evaluate(f++); } }, per };
}

const a = await side(dirA);
const b = await side(dirB);
for (let i = 0; i < 20; i++) { a.run(); b.run(); }
/** µs per frame (per compile for `compile`). */
const time = (s: Side) => { const t0 = performance.now(); s.run(); return ((performance.now() - t0) * 1000) / s.per; };
const ta: number[] = [], tb: number[] = [];
for (let r = 0; r < rounds; r++) {
  if (r % 2) { ta.push(time(a)); tb.push(time(b)); } else { tb.push(time(b)); ta.push(time(a)); }
}
const median = (v: number[]) => [...v].sort((x, y) => x - y)[v.length >> 1];
const f1 = (x: number) => x.toFixed(1);
console.log(`${task}: A median ${f1(median(ta))} (fastest ${f1(Math.min(...ta))}) · B median ${f1(median(tb))} (fastest ${f1(Math.min(...tb))}) µs · B/A per round, median ${median(ta.map((x, i) => tb[i] / x)).toFixed(3)}`);
