// Split rigs of Rigify's human rig on three threads (more than this machine's cores), each step's
// thread at random or by its index mod 3, against one program, 40 posed frames each:
//   N=24 node --import tsx test/bench/split-stress.ts
// Prints the first differences and the count of frames that differ (0 expected). Not a test: it
// runs real threads for minutes, best with the host loaded (a test run beside it).
import { compile } from '../../runtime/eval/compile';
import { createSplitRig } from '../../runtime/split/split-rig';
import { randomThreads } from '../runtime/split/interleave';
import { rigifyHuman, rigifyPoseCycle } from './rigify';
const rig = rigifyHuman();
const steps = compile(rig.graph, rig.scene).steps.length;
let bad = 0;
for (let attempt = 0; attempt < Number(process.env.N ?? 4); attempt++) {
  const threads = 3;
  const threadOf = attempt % 2 ? Int8Array.from({ length: steps }, (_, i) => i % threads) : randomThreads(steps, attempt + 1, threads);
  const one = compile(rig.graph, rig.scene);
  const poseOne = rigifyPoseCycle(one).apply;
  const r = await createSplitRig(rig.graph, rig.scene, { threads, threadOf });
  const pose = rigifyPoseCycle(r.program).apply;
  for (let k = 0; k < 40; k++) {
    pose(k); poseOne(k); r.evaluate(k); one.evaluate(k);
    outer: for (let o = 0; o < one.owners.length; o++) for (let i = 0; i < 16; i++) if (!Object.is(one.owners[o].final[i], r.program.owners[o].final[i])) { if (bad++ < 5) console.log('attempt', attempt, 'frame', k, one.owners[o].id, i, r.program.owners[o].final[i], one.owners[o].final[i]); break outer; }
  }
  await r.dispose();
}
console.log('bad frames', bad);
