// Random rigs (rigs.py `rig_random(seed)`): 12 bones with random inheritance flags, rotation modes
// and poses, 4 empties (two of them parented in a chain), and on most bones and on those two empties
// one or two constraints of Blender's set with every enum and bool setting drawn at random, random
// owner and target spaces, head/tail and influence, each targeting an empty or an earlier bone. `import-blender` then `eval` equals Blender for every owner
// within 1e-4, or within twice how far Blender's own result moves under 2-ULP float32 input noise
// where that is larger (rigs.py `float32_noise`). Seed 10 holds a Child Of on a bone in
// LOCAL space, which Sinew refused before these rigs found it (Blender keeps that result in local
// space: CONSTRAINT_SPACEONCE). The test keeps three seeds for CI's time (six took 98 s of a loaded 12.7-minute run); seeds 0-13 passed when checked by hand on 2026-12-03; in seeds 2, 3 and 9 only by the noise rule, 6-11 of their owners flipping in Blender itself under 2-ULP noise (by up to 1.7).
import { describe, expect, it } from 'vitest';
import { differences, roundTrip, type Difference, type RoundTrip } from './roundtrip';

/** A random rig imported with nothing left out, and each of its 17 owners' error against Blender. */
function importRandomRig(rig: string): { rt: RoundTrip; diffs: Difference[] } {
  const rt = roundTrip(rig);
  expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
  expect(rt.importLog.join('\n')).toContain('not carried: nothing');
  const diffs = differences(rt);
  expect(diffs.length).toBe(17); // the armature, 12 bones, 4 empties
  return { rt, diffs };
}

/** The owners further than `tolerance(owner)` from Blender, named with their error. */
function beyond(diffs: Difference[], tolerance: (owner: string) => number): string[] {
  return diffs.filter((d) => !(d.error <= tolerance(d.owner))).map((d) => `${d.owner}: ${d.error.toExponential(2)}`);
}

describe('Blender round trip: random rigs', () => {
  for (const seed of [0, 10, 13]) {
    it(`random${seed}`, () => {
      const { rt, diffs } = importRandomRig(`random${seed}`);
      expect(beyond(diffs, (owner) => Math.max(1e-4, 2 * (rt.float32Noise[owner] ?? 0)))).toEqual([]);
      expect(beyond(diffs, () => 1e-4).length).toBeLessThanOrEqual(2);
    });
  }
});

// Variants of the same random rigs (rigs.py `rig_random(seed, …)`), each held to 1e-4 for every owner:
// - B-Bones (`bbones=True`, names random_bbone<N>): half the bones get 2-8 segments, random handle
//   types and every curve, roll, ease and scale in and out (rest and pose), each constraint's
//   use_bbone_shape is drawn and bone targets sit at a random head/tail. Seeds 0-26 (but the four
//   with cycles) checked by hand on 2026-12-03: all within 1e-5 (largest 9.0e-6). Seeds 0 and 4
//   read B-Bone shapes through Copy Transforms, Stretch To and Copy Location (four constraints).
// - Every space Blender has (`spaces=True`, names random_space<N>): half the constraints' owner or
//   target space redrawn among CUSTOM (the space of an unconstrained empty or an earlier bone) and
//   LOCAL_OWNER_ORIENT for bone targets. Seeds 0-26 but those whose base rig has a dependency cycle
//   checked by hand on 2026-12-03: all within 1e-5 but seed 25, where the redrawn spaces close one
//   more cycle that Blender reports.
// - Mirrored (`mirrored=True`, names random_mirror<N>): the armature object scaled −1 on X, or for
//   odd seeds non-uniformly with a negative axis, and one empty mirrored. Seeds 0-11 checked by hand
//   on 2026-12-03: all within 1e-5.
describe('Blender round trip: random rigs with B-Bones, in CUSTOM and owner-orientation spaces, mirrored', () => {
  for (const rig of ['random_bbone0', 'random_bbone4', 'random_space0', 'random_space11', 'random_mirror1']) {
    it(rig, () => {
      const { diffs } = importRandomRig(rig);
      expect(beyond(diffs, () => 1e-4)).toEqual([]);
    });
  }
});
