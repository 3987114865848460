// Random hooked curves (rigs.py `rig_random_hooks(seed)`, names random_hooks<N>): two curves, each a
// Bezier (every handle type drawn, cyclic or open, MINIMUM, Z_UP or TANGENT twist, smoothing, tilts
// and radii) or a POLY spline, randomly placed, with one to four hooks on random control points
// to bones of a control armature or to empties (random strength, falloff, radius, center, uniform
// space); read by a four-bone Spline IK chain with every setting drawn, Follow Path, Clamp To and an
// object on the path; controls and empties keyed. Every owner within 1e-4 of Blender at three frames.
// Seed 3 found that a two-point path turns each point by its own tilt in Blender 3.4 (curve-frames.test.ts).
import { describe, it } from 'vitest';
import { expectAsBlender, roundTrip } from './roundtrip';

describe('Blender round trip: random hooked curves', () => {
  for (const seed of [0, 3, 5]) {
    it(`random_hooks${seed}`, () => {
      // 3 frames × (two armatures, two empties the hooks follow, two curves, three readers; 5 + 4 bones).
      expectAsBlender(roundTrip(`random_hooks${seed}`), 3 * 18);
    });
  }
});
