// The `ik_blender_us` rigs (ik-blender.ts: Blender's IK solver on an arm and a spine) with WebAssembly
// kernels and without, alternating in one process, CPU µs per frame of both (five rounds of 3,000
// frames after a warm-up). Run it in two checkouts to compare them:
//   node --import tsx test/bench/ik-blender-ab.ts
import { ikBlenderPrograms } from './ik-blender';
import type { Program } from '../../runtime/eval/program';

const ways = { wasm: ikBlenderPrograms({}), js: ikBlenderPrograms({ wasm: false }) };

function time(p: { arm: Program; spine: Program }, frames: number): number {
  const c = process.cpuUsage();
  for (let i = 0; i < frames; i++) { p.arm.evaluate(1 + (i % 7) * 0.1); p.spine.evaluate(1 + (i % 7) * 0.1); }
  return process.cpuUsage(c).user / frames;
}
for (const p of Object.values(ways)) time(p, 3000);
for (let r = 0; r < 5; r++) console.log(Object.entries(ways).map(([name, p]) => `${name} ${time(p, 3000).toFixed(2)}`).join('  '));
