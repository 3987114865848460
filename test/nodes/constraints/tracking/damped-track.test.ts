import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dampedTrack } from '../../../../nodes/constraints/tracking/damped-track';
import { TRACK_AXES } from '../../../../nodes/math/aim';
import { allFinite, bound, column, dot, ownerAndTarget, rigid, translation, unit } from '../../harness';

const axisIndex = fc.integer({ min: 0, max: 5 });

describe('Damped Track', () => {
  it('gives finite output for any finite owner and target', () => {
    fc.assert(fc.property(ownerAndTarget, axisIndex, ([o, t], a) => {
      expect(allFinite(bound(dampedTrack, { trackAxis: TRACK_AXES[a] })(o, t))).toBe(true);
    }), { numRuns: 600 });
  });

  it('points the track axis at the target, keeping location and axis lengths', () => {
    const tgt = fc.tuple(fc.double({ min: -10, max: 10, noNaN: true }), fc.double({ min: -10, max: 10, noNaN: true }), fc.double({ min: -10, max: 10, noNaN: true }));
    fc.assert(fc.property(rigid, tgt, axisIndex, (o, p, a) => {
      const d = [p[0] - o[12], p[1] - o[13], p[2] - o[14]];
      fc.pre(Math.hypot(...d) > 1e-3);
      const m = bound(dampedTrack, { trackAxis: TRACK_AXES[a] })(o, translation(p[0], p[1], p[2]));
      const sign = a > 2 ? -1 : 1;
      const axis = unit(column(m, a % 3)).map((x) => x * sign);
      expect(dot(axis, unit(d))).toBeGreaterThan(1 - 1e-9);
      expect([m[12], m[13], m[14]]).toEqual([o[12], o[13], o[14]]);
      for (let k = 0; k < 3; k++) expect(Math.hypot(...column(m, k))).toBeCloseTo(Math.hypot(...column(o, k)), 9);
    }), { numRuns: 400 });
  });

  it('turns by π when the target is exactly behind the track axis', () => {
    const m = bound(dampedTrack, { trackAxis: 'TRACK_Y' })(translation(0, 0, 0), translation(0, -2, 0));
    expect(m[5]).toBeCloseTo(-1, 12);
    // About Y × (the next axis, Z) = X, as Blender does: X stays, Z flips.
    expect(m[0]).toBeCloseTo(1, 12);
    expect(m[10]).toBeCloseTo(-1, 12);
  });
});
