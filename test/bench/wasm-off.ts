import { compile } from '../../runtime/eval/compile';
import { rigifyHuman, rigifyPoseCycle } from './rigify';
const rig = rigifyHuman();
const progs = [true, false, true, false].map((wasm) => ({ wasm, p: compile(rig.graph, rig.scene, { wasm }) }));
const lazyOff = compile(rig.graph, rig.scene, { lazyPre: false });
const all = [...progs, { wasm: 'lazyPreOff' as unknown as boolean, p: lazyOff }];
const loops = all.map(({ wasm, p }) => ({ wasm, p, apply: rigifyPoseCycle(p).apply }));
for (let round = 0; round < 5; round++) {
  for (const l of loops) {
    for (let i = 0; i < 300; i++) { l.apply(i); l.p.evaluate(i); }
    const t0 = performance.now();
    for (let i = 0; i < 1000; i++) { l.apply(i); l.p.evaluate(i); }
    console.log(round, l.wasm, ((performance.now() - t0)).toFixed(1), 'µs');
  }
}
