import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trackTo } from '../../../../nodes/constraints/tracking/track-to';
import { TRACK_AXES } from '../../../../nodes/math/aim';
import { allFinite, bound, column, dot, ownerAndTarget, paramCombos, rigid, SPACE_PARAMS, translation, trs, unit } from '../../harness';

const combos = paramCombos(trackTo, SPACE_PARAMS);
const UP = ['UP_X', 'UP_Y', 'UP_Z'];

describe('Track To', () => {
  it('gives finite output for any finite owner and target, every axis pair and Target Z', () => {
    fc.assert(fc.property(ownerAndTarget, fc.integer({ min: 0, max: combos.length - 1 }), ([o, t], i) => {
      expect(allFinite(bound(trackTo, combos[i])(o, t))).toBe(true);
    }), { numRuns: 800 });
  });

  it('points the track axis at the target and the up axis up, for all 12 valid pairs', () => {
    const coord = fc.double({ min: -10, max: 10, noNaN: true });
    const q = fc.tuple(coord, coord, coord, coord).filter((v) => Math.hypot(...v) > 0.1);
    fc.assert(fc.property(rigid, fc.tuple(coord, coord, coord), q, fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 2 }), fc.boolean(), (o, p, tq, a, u, useZ) => {
      fc.pre(a % 3 !== u);
      const target = trs(p, tq, [1, 2, 0.5]);
      const d = unit([p[0] - o[12], p[1] - o[13], p[2] - o[14]]);
      const upVec = useZ ? unit(column(target, 2)) : [0, 0, 1];
      fc.pre(Math.hypot(p[0] - o[12], p[1] - o[13], p[2] - o[14]) > 1e-3 && Math.abs(dot(d, upVec)) < 0.999);
      const m = bound(trackTo, { trackAxis: TRACK_AXES[a], upAxis: UP[u], useTargetZ: useZ })(o, target);
      const sign = a > 2 ? -1 : 1;
      expect(dot(unit(column(m, a % 3)).map((x) => x * sign), d)).toBeGreaterThan(1 - 1e-9);
      const upCol = unit(column(m, u));
      expect(Math.abs(dot(upCol, d))).toBeLessThan(1e-9);
      expect(dot(upCol, upVec)).toBeGreaterThan(0);
      // Right-handed, axis lengths and location kept.
      const det = dot(column(m, 0), [m[5] * m[10] - m[6] * m[9], m[6] * m[8] - m[4] * m[10], m[4] * m[9] - m[5] * m[8]]);
      expect(det).toBeGreaterThan(0);
      for (let k = 0; k < 3; k++) expect(Math.hypot(...column(m, k))).toBeCloseTo(Math.hypot(...column(o, k)), 9);
      expect([m[12], m[13], m[14]]).toEqual([o[12], o[13], o[14]]);
    }), { numRuns: 400 });
  });

  it('only clears rotation when the track and up axes coincide, as Blender does', () => {
    const o = trs([1, 2, 3], [0.3, 0.2, 0.1, 0.9], [2, 3, 4]);
    const m = bound(trackTo, { trackAxis: 'TRACK_Z', upAxis: 'UP_Z' })(o, translation(5, 5, 5));
    expect(Array.from(m).map((x) => +x.toFixed(9))).toEqual([2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 1, 2, 3, 1]);
  });
});
