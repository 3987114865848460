// Evaluates one bench rig for a while, for profilers and quick checks:
//   node --cpu-prof --cpu-prof-dir=prof --import tsx test/bench/profile.ts humanoid
// prints the CPU time per frame (median of 5 rounds after a warm-up); `large` for the 1,000-bone rig,
// `rigify` for Rigify's human rig with a recorded pose of its controls written before each frame
// (as `npm run bench` times it); `crowd` for the crowd's character (the humanoid with every bone
// keyed, at frames 0.37 apart as the crowd's characters are). Run it from inside the repository: a script outside the package is
// loaded as CommonJS by tsx, whose export getters then cost ~8% of a frame.
import { compile } from '../../runtime/eval/compile';
import { rigifyHuman, rigifyPoseCycle } from './rigify';
import { animatedHumanoid } from './crowd-rig';
import { humanoid, largeRig } from './rigs';

const which = process.argv[2] ?? 'humanoid';
const rig = which === 'large' ? largeRig() : which === 'rigify' ? rigifyHuman() : which === 'crowd' ? animatedHumanoid() : humanoid();
const program = compile(rig.graph, rig.scene);
const pose = which === 'rigify' ? rigifyPoseCycle(program).apply : undefined;
const frames = Number(process.argv[3] ?? (which === 'humanoid' || which === 'crowd' ? 20000 : 2000));
let f = 0;
// The crowd's characters sit 0.37 frames apart on a 24-frame swing (test/bench/crowd.ts).
const frame = which === 'crowd' ? () => { program.evaluate(1 + ((f++ * 0.37) % 24)); } : () => { pose?.(f); program.evaluate(f++); };
for (let i = 0; i < frames; i++) frame();
const rounds: number[] = [];
for (let r = 0; r < 5; r++) {
  const c0 = process.cpuUsage();
  for (let i = 0; i < frames; i++) frame();
  rounds.push(process.cpuUsage(c0).user / frames);
}
rounds.sort((a, b) => a - b);
console.log(`${which}: ${program.steps.length} steps, CPU ${rounds[2].toFixed(1)} µs/frame (min ${rounds[0].toFixed(1)})`);
