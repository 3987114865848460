// F-curve sampling alone, two checkouts in one process, interleaved round by round: the animated
// crowd humanoid's curves (test/bench/crowd-rig.ts: 183 Bezier curves with CYCLES, keyed at the same
// frames) at fractional frames 0.37 apart. `shared` packs them with one list of timings where the
// checkout takes one (nodes/math/fcurve/timing.ts), `alone` gives each its own; `curves=N` keeps the
// first N. Reports CPU µs per frame for all of them (median of the rounds, fastest round).
// Usage: node --import tsx test/bench/fcurve-ab.ts DIR_A DIR_B [shared|alone] [curves=183] [rounds=24]
import type { FCurveSource } from '../../nodes/math/fcurve/fcurve';
import type * as CrowdRig from './crowd-rig';

const [dirA, dirB, mode = 'shared', curvesArg = '183', roundsArg = '24'] = process.argv.slice(2);
if (!dirA || !dirB || (mode !== 'shared' && mode !== 'alone')) throw new Error('usage: fcurve-ab.ts DIR_A DIR_B [shared|alone] [curves] [rounds]');
const rounds = Number(roundsArg);
const FRAMES = 4000;

/** What this bench needs of a checkout's fcurve.ts: a curve packed (with a list of timings, where taken) and evaluated. */
interface FCurveModule {
  packFCurve(source: FCurveSource, timings?: unknown[]): unknown;
  evaluateFCurve(curve: unknown, time: Float64Array, out: Float64Array, at: number): void;
}

interface Side { run: (k0: number) => void; cpu: number[] }

async function side(dir: string): Promise<Side> {
  const m = (await import(`${dir}/nodes/math/fcurve/fcurve.ts`)) as FCurveModule;
  const { animatedHumanoid } = (await import(`${dir}/test/bench/crowd-rig.ts`)) as typeof CrowdRig;
  const sources = (animatedHumanoid().scene.actions ?? []).flatMap((a) => a.fcurves).slice(0, Number(curvesArg));
  const timings: unknown[] = [];
  const curves = sources.map((f) => m.packFCurve(f, mode === 'shared' ? timings : undefined));
  const time = new Float64Array(1), out = new Float64Array(curves.length);
  return {
    run: (k0) => {
      for (let k = 0; k < FRAMES; k++) {
        time[0] = 1 + (k0 + k) * 0.37;
        for (let i = 0; i < curves.length; i++) m.evaluateFCurve(curves[i], time, out, i);
      }
    },
    cpu: [],
  };
}

const a = await side(dirA);
const b = await side(dirB);
for (let r = 0; r < 10; r++) { a.run(r * FRAMES); b.run(r * FRAMES); }
const time = (s: Side, r: number) => {
  const c0 = process.cpuUsage();
  s.run(r * FRAMES);
  const c = process.cpuUsage(c0);
  s.cpu.push((c.user + c.system) / FRAMES);
};
for (let r = 0; r < rounds; r++) {
  if (r % 2) { time(a, r); time(b, r); } else { time(b, r); time(a, r); }
}
const median = (v: number[]) => [...v].sort((x, y) => x - y)[v.length >> 1];
const f2 = (x: number) => x.toFixed(2);
console.log(`${curvesArg} curves, ${mode}, CPU µs per frame: A ${f2(median(a.cpu))} (fastest ${f2(Math.min(...a.cpu))}) · B ${f2(median(b.cpu))} (fastest ${f2(Math.min(...b.cpu))}) · B/A ${(median(b.cpu) / median(a.cpu)).toFixed(3)}`);
