import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lockedTrack } from '../../../../nodes/constraints/tracking/locked-track';
import { TRACK_AXES } from '../../../../nodes/math/aim';
import { allFinite, bound, column, dot, ownerAndTarget, paramCombos, rigid, SPACE_PARAMS, translation, unit } from '../../harness';

const combos = paramCombos(lockedTrack, SPACE_PARAMS);
const LOCK = ['LOCK_X', 'LOCK_Y', 'LOCK_Z'];

describe('Locked Track', () => {
  it('gives finite output for any finite owner and target, every axis pair', () => {
    fc.assert(fc.property(ownerAndTarget, fc.integer({ min: 0, max: combos.length - 1 }), ([o, t], i) => {
      expect(allFinite(bound(lockedTrack, combos[i])(o, t))).toBe(true);
    }), { numRuns: 800 });
  });

  it('keeps the lock axis and turns the track axis towards the target about it', () => {
    const coord = fc.double({ min: -10, max: 10, noNaN: true });
    fc.assert(fc.property(rigid, fc.tuple(coord, coord, coord), fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 2 }), (o, p, a, l) => {
      fc.pre(a % 3 !== l);
      const lockDir = unit(column(o, l));
      const d = [p[0] - o[12], p[1] - o[13], p[2] - o[14]];
      const along = dot(d, lockDir);
      const perp = unit(d.map((x, i) => x - lockDir[i] * along));
      fc.pre(Math.hypot(...d.map((x, i) => x - lockDir[i] * along)) > 1e-3);
      const m = bound(lockedTrack, { trackAxis: TRACK_AXES[a], lockAxis: LOCK[l] })(o, translation(p[0], p[1], p[2]));
      expect(dot(unit(column(m, l)), lockDir)).toBeGreaterThan(1 - 1e-9);
      const sign = a > 2 ? -1 : 1;
      expect(dot(unit(column(m, a % 3)).map((x) => x * sign), perp)).toBeGreaterThan(1 - 1e-9);
      for (let k = 0; k < 3; k++) expect(Math.hypot(...column(m, k))).toBeCloseTo(Math.hypot(...column(o, k)), 9);
      expect([m[12], m[13], m[14]]).toEqual([o[12], o[13], o[14]]);
    }), { numRuns: 400 });
  });

  it('leaves the owner unchanged when track and lock are the same axis', () => {
    const o = translation(1, 2, 3);
    o[0] = 2;
    expect(Array.from(bound(lockedTrack, { trackAxis: 'TRACK_NEGATIVE_X', lockAxis: 'LOCK_X' })(o, translation(4, 4, 4)))).toEqual(Array.from(o));
  });
});
