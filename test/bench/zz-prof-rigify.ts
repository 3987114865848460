import { compile } from '../../runtime/eval/compile';
import { rigifyHuman, rigifyPoseCycle } from '../../test/bench/rigify';
const rig = rigifyHuman();
const p = compile(rig.graph, rig.scene);
const pose = rigifyPoseCycle(p);
let f = 0;
for (let i = 0; i < 3000; i++) { pose.apply(f); p.evaluate(f++); }
const c0 = process.cpuUsage();
for (let i = 0; i < 3000; i++) { pose.apply(f); p.evaluate(f++); }
console.log('cpu us/frame', process.cpuUsage(c0).user / 3000);
