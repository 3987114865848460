import { readFileSync } from 'node:fs';
import { compile } from '../../runtime/eval/compile';
import { openGraph } from '../../runtime/io/files';
const [dir, rig, graph] = process.argv.slice(2);
const exp = JSON.parse(readFileSync(`${dir}/${rig}.expected.json`, 'utf8'));
const o = openGraph(graph); if (!o.ok) throw new Error('open');
const program = compile(o.graph, o.scene);
const out: string[] = [];
let worstAll = 0;
for (const frame of (exp.frame_order ?? Object.keys(exp.frames)) as string[]) {
  program.evaluate(Number(frame));
  let worst = 0, who = '';
  for (const [ow, m] of Object.entries(exp.frames[frame] as Record<string, number[]>)) {
    const got = program.ownerMatrix(ow)!; let e = 0; for (let i = 0; i < 16; i++) e = Math.max(e, Math.abs(got[i] - m[i]));
    const n = (exp.float32_noise_frames?.[frame] ?? exp.float32_noise ?? {})[ow] ?? 0;
    if (e > Math.max(1e-4, 2 * n) && e > worst) { worst = e; who = ow; }
    if (e > worstAll) worstAll = e;
  }
  if (worst > 0) out.push(`${frame}:${worst.toExponential(1)}(${who})`);
}
console.log(rig, 'cycles', program.schedule.cycles.length, 'max', worstAll.toExponential(1), out.length ? 'OUTSIDE ' + out.join(' ') : 'ok');
