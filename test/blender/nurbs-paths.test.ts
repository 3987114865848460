// NURBS curves from a .blend (rigs.py `rig_nurbs_paths`): Blender's Path primitive (order 5,
// endpoint, a weighted point) bent in 3D under Spline IK and Follow Path with Follow Curve and its
// offset keyed; a NURBS circle (cyclic) under Follow Path and Clamp To; an order-3 spline without
// endpoints under Spline IK and Follow Path; 3 frames. The exporter writes a NURBS spline as the
// points Blender's path is made of, read back from the evaluated curve, so every owner is within
// 1e-4. The Follow Path's forward axis is keyed (an enum: Blender holds each item's value), and
// plays through driver/enum-choice (it was reported as not played until 2026-12-05).
import { describe, expect, it } from 'vitest';
import { differences, failures, roundTrip } from './roundtrip';

describe('Blender round trip: NURBS paths', () => {
  it('the Path primitive, a NURBS circle and an order-3 spline under Spline IK, Follow Path and Clamp To', () => {
    const rt = roundTrip('nurbs_paths');
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    const log = rt.importLog.join('\n');
    expect(log).toContain('not carried: nothing');
    const diffs = differences(rt);
    expect(diffs.length).toBe(3 * (8 + 8)); // 3 frames × (8 objects + 8 bones)
    expect(failures(diffs, 1e-4)).toEqual([]);
  });
});
