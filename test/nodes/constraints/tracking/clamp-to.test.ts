import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampTo } from '../../../../nodes/constraints/tracking/clamp-to';
import { allFinite, anyMatrix, bound, curveHandle, IDENTITY, paramCombos, SPACE_PARAMS, translation, trs, wellConditioned } from '../../harness';

const combos = paramCombos(clampTo, SPACE_PARAMS);

const coord = fc.double({ min: -10, max: 10, noNaN: true });
const point = fc.tuple(coord, coord, coord).map((p) => [...p]);
const polyline = fc.oneof(
  fc.array(point, { minLength: 2, maxLength: 8 }),
  point.map((p) => [p]), // one point
  fc.tuple(point, fc.integer({ min: 2, max: 5 })).map(([p, n]) => Array.from({ length: n }, () => [...p])), // zero length
);
const q = fc.tuple(coord, coord, coord, coord).filter((v) => Math.hypot(...v) > 0.1);
const curveMatrix = fc.oneof(
  fc.tuple(point, q, fc.tuple(fc.double({ min: 0.2, max: 3, noNaN: true }), fc.double({ min: 0.2, max: 3, noNaN: true }), fc.double({ min: 0.2, max: 3, noNaN: true }))).map(([t, r, s]) => trs(t, r, s)),
  fc.constantFrom(new Float64Array(IDENTITY), trs([1e300, 0, 0], [0, 0, 0, 1], [1, 1, 1]), trs([0, 0, 0], [0, 0, 0, 1], [0, 0, 0])),
);

/** Distance from p to the polyline (closed when cyclic). */
function distanceToPolyline(p: number[], pts: number[][], m: Float64Array, cyclic: boolean): number {
  const w = pts.map((v) => [0, 1, 2].map((k) => m[k] * v[0] + m[4 + k] * v[1] + m[8 + k] * v[2] + m[12 + k]));
  if (w.length === 1) return Math.hypot(p[0] - w[0][0], p[1] - w[0][1], p[2] - w[0][2]);
  let best = Infinity;
  const n = cyclic ? w.length : w.length - 1;
  for (let i = 0; i < n; i++) {
    const a = w[i], b = w[(i + 1) % w.length];
    const ab = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    const l2 = ab[0] ** 2 + ab[1] ** 2 + ab[2] ** 2;
    const f = l2 > 0 ? Math.min(1, Math.max(0, ((p[0] - a[0]) * ab[0] + (p[1] - a[1]) * ab[1] + (p[2] - a[2]) * ab[2]) / l2)) : 0;
    best = Math.min(best, Math.hypot(p[0] - a[0] - f * ab[0], p[1] - a[1] - f * ab[1], p[2] - a[2] - f * ab[2]));
  }
  return best;
}

/** Whether two successive points (the closing pair too when cyclic) differ, but by at most 1e-5 on every axis. */
function hasNearDuplicate(pts: number[][], cyclic: boolean): boolean {
  const n = cyclic ? pts.length : pts.length - 1;
  for (let i = 0; i < n; i++) {
    const a = pts[i], b = pts[(i + 1) % pts.length];
    const d = Math.max(...[0, 1, 2].map((k) => Math.abs(a[k] - b[k])));
    if (d > 0 && d <= 1e-5) return true;
  }
  return false;
}

describe('Clamp To', () => {
  it('gives finite output for any finite owner and curve, including one-point and zero-length curves', () => {
    fc.assert(fc.property(anyMatrix, polyline, fc.boolean(), curveMatrix, fc.integer({ min: 0, max: combos.length - 1 }), (o, pts, cyclic, cm, i) => {
      const k = bound(clampTo, combos[i], { target: curveHandle(pts, cyclic) });
      expect(allFinite(k(o, cm))).toBe(true);
    }), { numRuns: 800 });
  });

  it('puts the owner on the curve and changes only its location', () => {
    const cm = fc.tuple(point, q, fc.tuple(fc.double({ min: 0.2, max: 3, noNaN: true }), fc.double({ min: 0.2, max: 3, noNaN: true }), fc.double({ min: 0.2, max: 3, noNaN: true }))).map(([t, r, s]) => trs(t, r, s));
    fc.assert(fc.property(wellConditioned, fc.array(point, { minLength: 1, maxLength: 8 }), fc.boolean(), cm, fc.integer({ min: 0, max: combos.length - 1 }), (o, pts, cyclic, c, i) => {
      // Blender drops a point within 1e-6 of its successor, which moves the path off this polyline
      // by up to that much (CI seed -636814538 drew one 3.3e-7 away); such curves are left out here.
      fc.pre(!hasNearDuplicate(pts, cyclic));
      const m = bound(clampTo, combos[i], { target: curveHandle(pts, cyclic) })(o, c);
      expect(distanceToPolyline([m[12], m[13], m[14]], pts, c, cyclic)).toBeLessThan(1e-9 * (1 + Math.hypot(c[12], c[13], c[14])) * 100);
      for (let k = 0; k < 12; k++) expect(m[k]).toBe(o[k]);
    }), { numRuns: 400 });
  });

  it('maps the owner across the bounding box to the arc-length fraction, clamped or wrapped', () => {
    // An L: 4 along X, then 2 along Y; the box is 4 × 2, so AUTO picks X.
    const pts = [[0, 0, 0], [4, 0, 0], [4, 2, 0]];
    const at = (x: number, cyclic: boolean) => Array.from(bound(clampTo, { useCyclic: cyclic }, { target: curveHandle(pts, false) })(translation(x, 9, 9), IDENTITY)).slice(12, 15);
    expect(at(2, false)).toEqual([3, 0, 0]); // half the box: half of the length 6
    expect(at(-5, false)).toEqual([0, 0, 0]);
    expect(at(10, false)).toEqual([4, 2, 0]);
    const wrapped = at(6, true); // 6 wraps to 2
    [3, 0, 0].forEach((v, k) => { expect(wrapped[k]).toBeCloseTo(v, 12); });
  });

  it('does nothing without curve geometry', () => {
    const o = translation(1, 2, 3);
    expect(Array.from(bound(clampTo)(o, IDENTITY))).toEqual(Array.from(o));
  });
});
