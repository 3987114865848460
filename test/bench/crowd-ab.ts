// Two checkouts' crowds measured in one process, frame by frame in turn, for a loaded machine: each
// checkout's crowd (its own workers, its own runtime/crowd and rig) evaluates the same animated
// humanoids at the same frames, alternating, so both see the same load. Reports per frame the
// median wall time and the CPU time per character (the process's, workers included: only one
// crowd works at a time). Not a replacement for `--task crowd`, whose count is the record.
// Usage: node --import tsx test/bench/crowd-ab.ts DIR_A DIR_B [characters=128] [frames=60] [workers]
import { availableParallelism } from 'node:os';
import type * as CrowdModule from '../../runtime/crowd/crowd';
import type * as CrowdRig from './crowd-rig';

const [dirA, dirB, charsArg = '128', framesArg = '60', workersArg] = process.argv.slice(2);
if (!dirA || !dirB) throw new Error('usage: crowd-ab.ts DIR_A DIR_B [characters] [frames] [workers]');
const characters = Number(charsArg);
const frames = Number(framesArg);
const workers = workersArg ? Number(workersArg) : availableParallelism();

interface Side { crowd: CrowdModule.Crowd; wall: number[]; cpu: number[] }

async function side(dir: string): Promise<Side> {
  const { createCrowd } = (await import(`${dir}/runtime/crowd/crowd.ts`)) as typeof CrowdModule;
  const { animatedHumanoid } = (await import(`${dir}/test/bench/crowd-rig.ts`)) as typeof CrowdRig;
  const rig = animatedHumanoid();
  return { crowd: await createCrowd(rig.graph, rig.scene, { characters, workers }), wall: [], cpu: [] };
}

const a = await side(dirA);
const b = await side(dirB);
let k = 0;
/** One frame of a crowd: each character 0.37 frames after the one before, as test/bench/crowd.ts. */
async function frame(s: Side, record: boolean): Promise<void> {
  const f = s.crowd.frames;
  for (let c = 0; c < characters; c++) f[c] = 1 + k + c * 0.37;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await s.crowd.evaluate();
  const t = performance.now() - t0;
  const c = process.cpuUsage(c0);
  if (record) { s.wall.push(t); s.cpu.push((c.user + c.system) / characters); }
}
try {
  // Warm up both until their workers' code is optimized (as crowd.ts: 30 frames and 1.5 s at least).
  const w0 = performance.now();
  for (let i = 0; i < 30 || performance.now() - w0 < 3000; i++, k++) { await frame(a, false); await frame(b, false); }
  for (let i = 0; i < frames; i++, k++) {
    if (i % 2) { await frame(a, true); await frame(b, true); } else { await frame(b, true); await frame(a, true); }
  }
} finally {
  await a.crowd.dispose();
  await b.crowd.dispose();
}
const median = (v: number[]) => [...v].sort((x, y) => x - y)[v.length >> 1];
const f1 = (x: number) => x.toFixed(1);
console.log(`${characters} characters on ${workers} workers, ${frames} frames each: A ${f1(median(a.wall))} ms a frame, ${f1(median(a.cpu))} µs CPU a character · B ${f1(median(b.wall))} ms, ${f1(median(b.cpu))} µs · B/A CPU ${(median(b.cpu) / median(a.cpu)).toFixed(3)}`);
