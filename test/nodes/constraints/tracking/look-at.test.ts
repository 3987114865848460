import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lookAt } from '../../../../nodes/constraints/tracking/look-at';
import { trackTo } from '../../../../nodes/constraints/tracking/track-to';
import { TRACK_AXES } from '../../../../nodes/math/aim';
import { allFinite, bound, column, dot, ownerAndTarget, paramCombos, rigid, SPACE_PARAMS, translation, unit } from '../../harness';

const AXES = ['X', 'Y', 'Z', '-X', '-Y', '-Z'];
const combos = paramCombos(lookAt, SPACE_PARAMS);
const coord = fc.double({ min: -10, max: 10, noNaN: true });
const point = fc.tuple(coord, coord, coord);

describe('Look At', () => {
  it('gives finite output for any finite owner, target and World Up', () => {
    const up = fc.oneof(point, fc.constantFrom([0, 0, 0], [0, 0, 1e300], [1e-300, 0, 0]));
    fc.assert(fc.property(ownerAndTarget, fc.integer({ min: 0, max: combos.length - 1 }), up, ([o, t], i, u) => {
      expect(allFinite(bound(lookAt, { ...combos[i], worldUp: [...u] })(o, t))).toBe(true);
    }), { numRuns: 800 });
  });

  it('keeps the aim axis on the target and turns the up axis towards World Up', () => {
    fc.assert(fc.property(rigid, point, point, fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 }), (o, p, u, a, b) => {
      fc.pre(a % 3 !== b % 3);
      const d = [p[0] - o[12], p[1] - o[13], p[2] - o[14]];
      fc.pre(Math.hypot(...d) > 1e-3);
      const m = bound(lookAt, { aimAxis: AXES[a], upAxis: AXES[b], worldUp: u })(o, translation(p[0], p[1], p[2]));
      const aim = unit(column(m, a % 3)).map((x) => (a > 2 ? -x : x));
      expect(dot(aim, unit(d))).toBeGreaterThan(1 - 1e-9);
      const up = unit(column(m, b % 3)).map((x) => (b > 2 ? -x : x));
      expect(Math.abs(dot(up, aim))).toBeLessThan(1e-9);
      if (Math.hypot(...u) > 1e-3 && Math.abs(dot(unit(u), unit(d))) < 0.999) expect(dot(up, u)).toBeGreaterThan(0);
      for (let k = 0; k < 3; k++) expect(Math.hypot(...column(m, k))).toBeCloseTo(Math.hypot(...column(o, k)), 9);
    }), { numRuns: 500 });
  });

  it('equals Track To for a positive up axis and World Up +Z', () => {
    fc.assert(fc.property(rigid, point, fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 2 }), (o, p, a, u) => {
      fc.pre(a % 3 !== u);
      const d = unit([p[0] - o[12], p[1] - o[13], p[2] - o[14]]);
      fc.pre(Math.hypot(p[0] - o[12], p[1] - o[13], p[2] - o[14]) > 1e-3 && Math.abs(d[2]) < 0.999);
      const t = translation(p[0], p[1], p[2]);
      const look = Array.from(bound(lookAt, { aimAxis: AXES[a], upAxis: AXES[u], worldUp: [0, 0, 1] })(o, t));
      const track = Array.from(bound(trackTo, { trackAxis: TRACK_AXES[a], upAxis: ['UP_X', 'UP_Y', 'UP_Z'][u] })(o, t));
      look.forEach((x, i) => { expect(x).toBeCloseTo(track[i], 9); });
    }), { numRuns: 400 });
  });

  it('keeps the owner\'s up axis when aiming straight along World Up', () => {
    const m = bound(lookAt, { aimAxis: 'X', upAxis: 'Y', worldUp: [0, 0, 1] })(translation(0, 0, 0), translation(0, 0, 5));
    expect(column(m, 0).map((x) => +x.toFixed(12))).toEqual([0, 0, 1]);
    expect(column(m, 1).map((x) => +x.toFixed(12))).toEqual([0, 1, 0]); // was +Y, stays +Y
  });
});
