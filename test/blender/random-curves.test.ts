// Random paths (rigs.py `rig_random_curves(seed)`, names random_curves<N>): three curves, each a
// Bezier (every handle type drawn), a POLY or a NURBS spline (order, end points, Bezier knots, point
// weights drawn), 2D or 3D, cyclic or open, any twist mode, smoothing, resolution, tilts and radii,
// Path Animation settings drawn; read by a Spline IK chain and two Follow Paths with every setting
// drawn, a Clamp To and two objects on paths (track and up axes drawn); curves and readers keyed.
// Every owner within 1e-4 of Blender at three frames. Seeds 3 and 7 found the 2D paths' radius and
// turning direction (curve-frames.test.ts, `flat_paths`); seed 43 a Follow Path past the end of an
// open flat Bezier path (no radius computed there but the last key's, which Blender copies: 0.53
// off before); the sweep is in docs/blender-exporter.md.
import { describe, it } from 'vitest';
import { expectAsBlender, roundTrip } from './roundtrip';

describe('Blender round trip: random paths', () => {
  for (const seed of [0, 3, 7, 43]) {
    it(`random_curves${seed}`, () => {
      // 3 frames × (three curves, the chain's armature, five readers; its four bones).
      expectAsBlender(roundTrip(`random_curves${seed}`), 3 * 13);
    });
  }
});
