// Evaluates one bench rig for a while, for profilers and quick checks:
//   node --cpu-prof --cpu-prof-dir=prof --import tsx test/bench/profile.ts humanoid
// prints the CPU time per frame (median of 5 rounds after a warm-up); `large` for the 1,000-bone rig,
// `rigify` for Rigify's human rig with a recorded pose of its controls written before each frame
// (as `npm run bench` times it); `crowd` for the crowd's character (the humanoid with every bone
// keyed, at frames 0.37 apart as the crowd's characters are). Run it from inside the repository: a script outside the package is
// loaded as CommonJS by tsx, whose export getters then cost ~8% of a frame.
import { rigLoop } from './rig-loop';

const which = process.argv[2] ?? 'humanoid';
const { program, frame, frames: byDefault } = rigLoop(which);
const frames = Number(process.argv[3] ?? byDefault);
for (let i = 0; i < frames; i++) frame();
const rounds: number[] = [];
for (let r = 0; r < 5; r++) {
  const c0 = process.cpuUsage();
  for (let i = 0; i < frames; i++) frame();
  rounds.push(process.cpuUsage(c0).user / frames);
}
rounds.sort((a, b) => a - b);
console.log(`${which}: ${program.steps.length} steps, CPU ${rounds[2].toFixed(1)} µs/frame (min ${rounds[0].toFixed(1)})`);
