// Evaluates one bench rig for a while, for profilers and quick checks:
//   node --cpu-prof --cpu-prof-dir=prof --import tsx test/bench/profile.ts humanoid
// prints the CPU time per frame (median of 5 rounds after a warm-up); `large` for the 1,000-bone rig.
import { compile } from '../../runtime/eval/compile';
import { humanoid, largeRig } from './rigs';

const which = process.argv[2] ?? 'humanoid';
const rig = which === 'large' ? largeRig() : humanoid();
const program = compile(rig.graph, rig.scene);
const frames = Number(process.argv[3] ?? (which === 'large' ? 2000 : 20000));
for (let i = 0; i < frames; i++) program.evaluate(i);
const rounds: number[] = [];
for (let r = 0; r < 5; r++) {
  const c0 = process.cpuUsage();
  for (let i = 0; i < frames; i++) program.evaluate(i);
  rounds.push(process.cpuUsage(c0).user / frames);
}
rounds.sort((a, b) => a - b);
console.log(`${which}: ${program.steps.length} steps, CPU ${rounds[2].toFixed(1)} µs/frame (min ${rounds[0].toFixed(1)})`);
