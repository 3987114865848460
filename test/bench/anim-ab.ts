// The action stage alone (F-curve sampling and the basis of every animated owner) of two checkouts,
// in one process, interleaved round by round: the animated crowd humanoid's 61 bones and 183 Bezier
// curves with CYCLES (test/bench/crowd-rig.ts), at fractional frames 0.37 apart, as a crowd plays
// them. Reports CPU µs per frame (median of the rounds, fastest round) for each checkout.
// Usage: node --import tsx test/bench/anim-ab.ts DIR_A DIR_B [rounds=24]
import type * as Animation from '../../runtime/rig/animation';
import type * as Rig from '../../runtime/rig/rig';
import type * as CrowdRig from './crowd-rig';

const [dirA, dirB, roundsArg = '24'] = process.argv.slice(2);
if (!dirA || !dirB) throw new Error('usage: anim-ab.ts DIR_A DIR_B [rounds]');
const rounds = Number(roundsArg);
const FRAMES = 2000;

interface Side { run: (k0: number) => void; cpu: number[] }

async function side(dir: string): Promise<Side> {
  const { buildRig } = (await import(`${dir}/runtime/rig/rig.ts`)) as typeof Rig;
  const { buildAnimation, animateOwner } = (await import(`${dir}/runtime/rig/animation.ts`)) as typeof Animation;
  const { animatedHumanoid } = (await import(`${dir}/test/bench/crowd-rig.ts`)) as typeof CrowdRig;
  const { scene } = animatedHumanoid();
  const rig = buildRig(scene, (n) => new Float64Array(n));
  const owners = buildAnimation(scene, rig.owners, rig.byId, []);
  const frame = new Float64Array(1);
  return {
    run: (k0) => {
      for (let k = 0; k < FRAMES; k++) {
        frame[0] = 1 + (k0 + k) * 0.37;
        for (const a of owners) animateOwner(a, frame);
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
console.log(`action stage, CPU µs per frame: A ${f2(median(a.cpu))} (fastest ${f2(Math.min(...a.cpu))}) · B ${f2(median(b.cpu))} (fastest ${f2(Math.min(...b.cpu))}) · B/A ${(median(b.cpu) / median(a.cpu)).toFixed(3)}`);
