// Spline IK from a .blend in its settings (rigs.py `rig_spline_ik`): four chains of four bones on
// Bezier curves with tilts and radii (one cyclic, one 2D, resolutions 4-10), even divisions, chain
// offset, every Y and XZ scale mode, original scale, curve radius on and off, bulge with its limits
// and smoothing, influence 0.6, posed and scaled roots, the curves keyed over three frames.
// `import-blender` then `eval` equals Blender within 1e-4 for every owner at every frame. The cyclic
// chain found that Blender's path over a cyclic Bezier starts at its last point (1.9 off before).
import { describe, expect, it } from 'vitest';
import { differences, failures, roundTrip } from './roundtrip';

describe('Blender round trip: Spline IK', () => {
  it('four chains, every scale mode, cyclic and 2D Bezier curves, three frames', () => {
    const rt = roundTrip('spline_ik');
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    expect(rt.importLog.join('\n')).toContain('not carried: nothing');
    const diffs = differences(rt);
    expect(diffs.length).toBe(3 * (5 + 20)); // 3 frames × (4 curves and the armature + 20 bones)
    expect(failures(diffs, 1e-4)).toEqual([]);
  });
});
