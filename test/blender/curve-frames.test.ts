// How a path turns what follows it (rigs.py `rig_curve_frames`): Follow Path with Follow Curve at
// five points of each of a 3D Bezier with tilts and Smooth twist under MINIMUM, the same under
// Z_UP, a 2D Bezier with tilts (2D curves ignore them, and the twist mode), and a cyclic 3D POLY
// with tilts and Smooth twist. `import-blender` then `eval` equals Blender within 1e-4 for every
// follower (0.32 off without the smoothing: Blender's bevel_list_smooth, nodes/math/path.ts).
import { describe, expect, it } from 'vitest';
import { differences, failures, roundTrip } from './roundtrip';

describe('Blender round trip: path frames', () => {
  it('Smooth twist, Z_UP and MINIMUM, tilts, a 2D curve and a cyclic POLY under Follow Curve', () => {
    const rt = roundTrip('curve_frames');
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    expect(rt.importLog.join('\n')).toContain('not carried: nothing');
    const diffs = differences(rt);
    expect(diffs.length).toBe(4 + 4 * 5); // 4 curves, 5 followers each
    expect(failures(diffs, 1e-4)).toEqual([]);
  });
});
