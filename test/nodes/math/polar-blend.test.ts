import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blendMat3, blendMat3ByPolar, blendMatrices, nearlyEqualMat3 } from '../../../nodes/math/blend';
import { composeMat4 } from '../../../nodes/math/matrix';
import { polarDecompose } from '../../../nodes/math/polar';
import { slerpQuat, quatToMat3 } from '../../../nodes/math/quaternion';
import {
  anyMat3,
  det3,
  expectClose,
  expectFinite,
  maxDiff,
  mul3,
  orthonormalError,
  transpose3,
  unitQuat,
  vec3,
} from './helpers';

const m9 = () => new Float64Array(9);

function norm(m: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < 9; i++) s = Math.max(s, Math.abs(m[i]));
  return s;
}

/** Affine 4x4 from a 3x3 and a translation. */
function affine(b: ArrayLike<number>, t: ArrayLike<number>): Float64Array {
  return new Float64Array([b[0], b[1], b[2], 0, b[3], b[4], b[5], 0, b[6], b[7], b[8], 0, t[0], t[1], t[2], 1]);
}

const scaledMat3 = fc
  .tuple(anyMat3, fc.constantFrom(1, 1, 1, 1e-150, 1e150, 1e-300))
  .map(([m, s]) => m.map((x) => x * s));

describe('polarDecompose', () => {
  it('M = U·P with U orthonormal and P symmetric positive semi-definite, for any 3x3', () => {
    fc.assert(
      fc.property(scaledMat3, vec3, (m, x) => {
        const [u, p] = [m9(), m9()];
        polarDecompose(u, p, m);
        expectFinite(u, 'U');
        expectFinite(p, 'P');
        const s = norm(m);
        expect(orthonormalError(u)).toBeLessThan(1e-13);
        expect(maxDiff(mul3(u, p), m)).toBeLessThanOrEqual(1e-13 * s + 1e-300);
        expectClose(p, transpose3(p), 0);
        const px = [0, 1, 2].map((r) => p[r] * x[0] + p[3 + r] * x[1] + p[6 + r] * x[2]);
        expect(px[0] * x[0] + px[1] * x[1] + px[2] * x[2]).toBeGreaterThanOrEqual(-1e-12 * s * (x[0] ** 2 + x[1] ** 2 + x[2] ** 2));
      }),
      { numRuns: 1000 },
    );
  });

  it("det U follows det M; a zero matrix gets U = I (a singular one's U is Blender's choice: singular-blend.test.ts)", () => {
    fc.assert(
      fc.property(anyMat3, (m) => {
        const [u, p] = [m9(), m9()];
        polarDecompose(u, p, m);
        const d = det3(m);
        const s = norm(m);
        if (Math.abs(d) > 1e-6 * s * s * s) expect(Math.sign(det3(u))).toBe(Math.sign(d));
      }),
    );
    const [u, p] = [m9(), m9()];
    polarDecompose(u, p, m9());
    expectClose(u, [1, 0, 0, 0, 1, 0, 0, 0, 1], 0);
    expectClose(p, m9(), 0);
  });

  it('recovers R and S from M = R·S (S symmetric positive definite)', () => {
    fc.assert(
      fc.property(unitQuat, unitQuat, fc.tuple(fc.double({ min: 0.1, max: 4, noNaN: true }), fc.double({ min: 0.1, max: 4, noNaN: true }), fc.double({ min: 0.1, max: 4, noNaN: true })), (qr, qs, d) => {
        const r = quatToMat3(m9(), qr);
        const q = quatToMat3(m9(), qs);
        const sym = mul3(q, mul3([d[0], 0, 0, 0, d[1], 0, 0, 0, d[2]], transpose3(q)));
        const [u, p] = [m9(), m9()];
        polarDecompose(u, p, mul3(r, sym));
        expectClose(u, r, 1e-12);
        expectClose(p, sym, 1e-12);
      }),
    );
  });
});

describe('blendMatrices (interp_m4_m4m4)', () => {
  it('returns the inputs at t = 0 and t = 1, and any matrix blended with itself', () => {
    fc.assert(
      fc.property(scaledMat3, vec3, anyMat3, vec3, fc.double({ min: 0, max: 1, noNaN: true }), (a3, ta, b3, tb, t) => {
        const a = affine(a3, ta);
        const b = affine(b3, tb);
        const out = new Float64Array(16);
        const s = Math.max(norm(a3), norm(b3), 1e-300);
        expect(maxDiff(blendMatrices(out, a, b, 0), a)).toBeLessThanOrEqual(1e-13 * Math.max(s, 1));
        expect(maxDiff(blendMatrices(out, a, b, 1), b)).toBeLessThanOrEqual(1e-13 * Math.max(s, 1));
        expect(maxDiff(blendMatrices(out, a, a, t), a)).toBeLessThanOrEqual(1e-13 * Math.max(norm(a3), 1));
        blendMatrices(out, a, b, t);
        expectFinite(out);
        expect(Array.from(out.slice(3, 4)).concat(out[7], out[11], out[15])).toEqual([0, 0, 0, 1]);
      }),
      { numRuns: 500 },
    );
  });

  it('is slerp for rotations and lerp for the translation', () => {
    fc.assert(
      fc.property(unitQuat, unitQuat, vec3, vec3, fc.double({ min: 0, max: 1, noNaN: true }), (qa, qb, la, lb, t) => {
        // Exactly 180° apart the shortest arc is ambiguous; either way is right.
        fc.pre(Math.abs(qa[0] * qb[0] + qa[1] * qb[1] + qa[2] * qb[2] + qa[3] * qb[3]) > 1e-6);
        fc.pre(Math.abs(qa[3]) > 1e-9 && Math.abs(qb[3]) > 1e-9);
        const a = composeMat4(new Float64Array(16), la, qa, [1, 1, 1]);
        const b = composeMat4(new Float64Array(16), lb, qb, [1, 1, 1]);
        const out = blendMatrices(new Float64Array(16), a, b, t);
        const q = slerpQuat(new Float64Array(4), qa[3] >= 0 ? qa : qa.map((x) => -x), qb[3] >= 0 ? qb : qb.map((x) => -x), t);
        const expected = composeMat4(new Float64Array(16), la.map((x, i) => x + (lb[i] - x) * t), q, [1, 1, 1]);
        expectClose(out, expected, 1e-9);
      }),
    );
  });

  it('lerps the scale in the rotated frame and handles flipped (negative) matrices like Blender', () => {
    const a = composeMat4(new Float64Array(16), [0, 0, 0], [0, 0, 0, 1], [1, 2, 3]);
    const b = composeMat4(new Float64Array(16), [0, 0, 0], [0, 0, 0, 1], [3, 2, 1]);
    expectClose(blendMatrices(new Float64Array(16), a, b, 0.25), composeMat4(new Float64Array(16), [0, 0, 0], [0, 0, 0, 1], [1.5, 2, 2.5]), 1e-14);
    // det < 0 on both sides: U and P are negated (Blender #77154), so the blend stays a reflection.
    const fa = composeMat4(new Float64Array(16), [0, 0, 0], [0, 0, 0, 1], [-1, 1, 1]);
    const fb = composeMat4(new Float64Array(16), [0, 0, 0], [0, 0, Math.SQRT1_2, Math.SQRT1_2], [-1, 1, 1]);
    const mid = blendMatrices(new Float64Array(16), fa, fb, 0.5);
    expectFinite(mid);
    expect(det3([mid[0], mid[1], mid[2], mid[4], mid[5], mid[6], mid[8], mid[9], mid[10]])).toBeCloseTo(-1, 12);
  });

  it('never makes NaN from zero-scale or degenerate matrices; non-finite input falls back to lerp', () => {
    fc.assert(
      fc.property(anyMat3, anyMat3, fc.double({ min: -0.5, max: 1.5, noNaN: true }), (a, b, t) => {
        const out = blendMat3(m9(), a, b, t);
        expectFinite(out);
      }),
    );
    const out = blendMat3(m9(), [NaN, 0, 0, 0, 1, 0, 0, 0, 1], [1, 0, 0, 0, 1, 0, 0, 0, 1], 0.5);
    expect(Number.isNaN(out[0])).toBe(true);
    expectClose(out.slice(1), [0, 0, 0, 1, 0, 0, 0, 1], 0);
  });

  it('nearly equal 3x3s blend element by element: a itself when equal, else within 2e-14 of the polar route (its own rounding)', () => {
    let taken = 0;
    fc.assert(
      fc.property(
        anyMat3,
        fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 9, maxLength: 9 }),
        fc.constantFrom(1e-12, 1e-13, 1e-16, 0),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (a, e, size, t) => {
          const m = norm(a);
          const b = a.map((x, i) => x + e[i] * size * m);
          if (!nearlyEqualMat3(a, b)) return;
          const fast = blendMat3(m9(), a, b, t);
          if (maxDiff(a, b) === 0) expectClose(fast, a, 0);
          // Subnormal entries: the polar route's own scaling rounds them coarsely; no comparison there.
          if (m < 1e-200) return;
          taken++;
          // The polar route's rounding on these (measured over 20,000 draws: at most 9.9e-15 · max|a|,
          // on equal singular inputs) is what separates them; a first-order error would be ~1e-12.
          expect(maxDiff(fast, blendMat3ByPolar(m9(), a, b, [t]))).toBeLessThanOrEqual(2e-14 * m);
        },
      ),
      { numRuns: 2000 },
    );
    expect(taken).toBeGreaterThan(200); // 459–650 of the 2,000 draws seen
  });

  it('nearly equal means within 1e-12 of the larger entry, and not near singular', () => {
    const r = [0, 1, 0, -1, 0, 0, 0, 0, 1];
    expect(nearlyEqualMat3(r, r.map((x, i) => (i === 4 ? 1e-12 : x)))).toBe(true);
    expect(nearlyEqualMat3(r, r.map((x, i) => (i === 4 ? 1.1e-12 : x)))).toBe(false);
    const flat = [1, 0, 0, 0, 1e-4, 0, 0, 0, 1];
    expect(nearlyEqualMat3(flat, flat.map((x, i) => (i === 0 ? 1 + 1e-13 : x)))).toBe(false);
    expect(nearlyEqualMat3(flat, flat)).toBe(true);
  });

  it('the conditioning test holds at any scale: a rank-1 matrix of tiny or huge entries is not nearly equal', () => {
    // CI seed -62558923: entries near 3e-137 made det and max³ both underflow to 0, and 0 >= 0.
    const rank1 = [1, 0, 0, 0, 0, 0, 0.8, 0, 0];
    for (const k of [1e-137, 1e-60, 1, 1e60, 1e137]) {
      const a = rank1.map((x) => x * k);
      expect(nearlyEqualMat3(a, a.map((x, i) => (i === 0 ? x * (1 + 1e-14) : x)))).toBe(false);
      const r = [0, k, 0, -k, 0, 0, 0, 0, k];
      expect(nearlyEqualMat3(r, r.map((x, i) => (i === 4 ? 1e-13 * k : x)))).toBe(true);
    }
  });
});
