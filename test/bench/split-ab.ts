// Rigify's human rig on one thread against split rigs (runtime/split/), alternating in one process:
//   node --import tsx test/bench/split-ab.ts            (one thread, two rigs as createSplitRig chooses, one at crossCost 0.02)
//   CCS=auto,0.01,0.05 node --import tsx test/bench/split-ab.ts
// Each row: the median and fastest of 7 rounds of 2,000 posed frames, µs a frame (wall time).
import { createSplitRig } from '../../runtime/split/split-rig';
import { compile } from '../../runtime/eval/compile';
import { rigifyHuman, rigifyPoseCycle } from './rigify';
const rig = rigifyHuman();
const ccs = (process.env.CCS ?? 'auto,auto,0.02').split(',');
// The split rigs try their ways of sharing out on this pose cycle (NOPOSE=1: on the scene's pose).
const configs: { name: string; f: (k: number) => void; dispose?: () => Promise<void> }[] = [];
const one = compile(rig.graph, rig.scene);
const poseOne = rigifyPoseCycle(one).apply;
configs.push({ name: 'one', f: (k) => { poseOne(k); one.evaluate(k); } });
for (const [i, cc] of ccs.entries()) {
  const cycles = new Map<unknown, (k: number) => void>();
  const tunePose = (p: Parameters<typeof rigifyPoseCycle>[0], k: number) => { if (!cycles.has(p)) cycles.set(p, rigifyPoseCycle(p).apply); cycles.get(p)!(k); };
  const split = await createSplitRig(rig.graph, rig.scene, { threads: 2, crossCost: cc === 'auto' ? undefined : Number(cc), pose: process.env.NOPOSE ? undefined : tunePose });
  const pose = rigifyPoseCycle(split.program).apply;
  console.log(`${cc}: steps ${split.shares.join(' / ')}`);
  configs.push({ name: `${i}:${cc}`, f: (k) => { pose(k); split.evaluate(k); }, dispose: () => split.dispose() });
}
const res = new Map<string, number[]>();
for (let round = 0; round < 7; round++) {
  for (const c of configs) {
    for (let i = 0; i < 300; i++) c.f(i);
    const t0 = performance.now();
    for (let i = 0; i < 2000; i++) c.f(i);
    const us = (performance.now() - t0) / 2;
    res.set(c.name, [...(res.get(c.name) ?? []), us]);
  }
}
for (const [n, v] of res) { v.sort((a, b) => a - b); console.log(n.padEnd(10), 'median', v[3].toFixed(1), 'min', v[0].toFixed(1), v.map((x) => x.toFixed(0)).join(' ')); }
for (const c of configs) await c.dispose?.();
