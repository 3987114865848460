// Random rigs for Blender's legacy IK (rigs.py `rig_random_ik(seed)`): three chains of 2-5 bones
// with random inheritance, rolls, poses and non-uniform scales; on each chain's tip an IK with every
// setting drawn at random (target an empty or a control bone, pole, chain length, use_tail, stretch,
// iterations, weight, rotation, influence, Location and Rotation both off), some chains joining in one
// tree at the root; on the chain bones random IK locks, limits, stiffness and IK Stretch.
// `import-blender` then `eval` equals Blender (the file as Blender opens it) for every owner within 1e-4.
//
// Seeds 0-79 passed when checked by hand on 2026-12-03 (a few only within twice Blender's own float32
// noise, rigs.py float32_noise), after these rigs found four defects: an IK
// with neither Location nor Rotation passed its owner through (Blender still runs the solver, whose
// segments keep only their free axes, so locked axes lose their rotation: seed 23); a use_tail-off owner that does not inherit rotation or scale was carried rigidly
// (seeds 22, 23); a bone locked on all three axes kept its pose (Blender resets it to rest: seed 17);
// a pole chain's influence blended sheared basis changes by their axis-angle, not Blender's
// blend_m3_m3m3 (an earlier draw of these rigs; the golden cases hold it). The test keeps three seeds
// for CI's time.
import { describe, expect, it } from 'vitest';
import { differences, failures, roundTrip } from './roundtrip';

// Names: random_ik<N>, and random_ik_mirror<N> for the same rig with its armature mirrored (scale −1
// on X; seeds 0-13 but 1 and 5 checked by hand on 2026-12-03, all within 1e-4 or Blender's noise).
const SEEDS: [rig: string, owners: number][] = [['random_ik17', 20], ['random_ik22', 21], ['random_ik23', 20], ['random_ik_mirror0', 19]];

describe('Blender round trip: random IK rigs', () => {
  for (const [rig, owners] of SEEDS) {
    it(rig, () => {
      const rt = roundTrip(rig);
      expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
      expect(rt.importLog.join('\n')).toContain('not carried: nothing');
      const diffs = differences(rt);
      expect(diffs.length).toBe(owners); // the armature, its bones, 5 empties
      expect(diffs.filter((d) => rt.ikAffected.has(d.owner)).length).toBeGreaterThan(5);
      expect(failures(diffs, 1e-4)).toEqual([]);
    });
  }
});
