// How a path turns what follows it (rigs.py `rig_curve_frames`): Follow Path with Follow Curve at
// five points of each of a 3D Bezier with tilts and Smooth twist under MINIMUM, the same under
// Z_UP, a 2D Bezier with tilts (2D curves ignore them, and the twist mode), and a cyclic 3D POLY
// with tilts and Smooth twist. `import-blender` then `eval` equals Blender within 1e-4 for every
// follower (0.32 off without the smoothing: Blender's bevel_list_smooth, nodes/math/path.ts).
// And the TANGENT twist (rigs.py `rig_curve_tangent`): frames from each point's curvature direction
// on Beziers with an inflection, a coil, a cyclic one, one with a VECTOR segment, and a POLY (no
// curvature: Blender's degenerate frame); written as MINIMUM before, every follower was 1.3-2.0 off.
// And a path of two points, each turned by its own tilt (rigs.py `two_point_path`), and 2D paths
// (rigs.py `flat_paths`).
import { describe, expect, it } from 'vitest';
import { differences, expectAsBlender, failures, roundTrip } from './roundtrip';

describe('Blender round trip: path frames', () => {
  it('Smooth twist, Z_UP and MINIMUM, tilts, a 2D curve and a cyclic POLY under Follow Curve', () => {
    const rt = roundTrip('curve_frames');
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    expect(rt.importLog.join('\n')).toContain('not carried: nothing');
    const diffs = differences(rt);
    expect(diffs.length).toBe(4 + 4 * 5); // 4 curves, 5 followers each
    expect(failures(diffs, 1e-4)).toEqual([]);
  });

  it('the TANGENT twist: Beziers (an inflection, a coil, cyclic, a VECTOR segment), a POLY, a path child', () => {
    const rt = roundTrip('curve_tangent');
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    expect(rt.importLog.join('\n')).toContain('not carried: nothing');
    const diffs = differences(rt);
    expect(diffs.length).toBe(5 + 5 * 8 + 1); // 5 curves, 8 followers each, the rider
    expect(failures(diffs, 1e-4)).toEqual([]);
  });

  // rigs.py `flat_paths`: found by the random curves (random_curves3, 5, 7). A 2D Bezier's or
  // NURBS's path has no radius without Curve Radius (CU_DO_RADIUS: Follow Path's Curve Radius then
  // scales by 0; 1.46 off with the points' radii), and a cyclic 2D spline whose points wind counter-clockwise
  // runs the other way round (BKE_curve_bevelList_make's turning direction; 1.97-2.59 off).
  it('2D paths: cyclic ones wound either way, no radius without Curve Radius', () => {
    expectAsBlender(roundTrip('flat_paths'), 10 + 10 * 3); // 10 curves, 3 followers each
  });

  // rigs.py `two_point_path`: found by the random hooked curves (random_hooks3); Sinew gave both
  // points of a two-point path the second one's tilt, as Blenders before 3.x did: 2.6e-2-4.4e-2 off.
  it('a path of two tilted points: each point turned by its own tilt', () => {
    const rt = roundTrip('two_point_path');
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    const diffs = differences(rt);
    expect(diffs.length).toBe(5); // the curve and 4 followers
    expect(failures(diffs, 1e-4)).toEqual([]);
  });
});
