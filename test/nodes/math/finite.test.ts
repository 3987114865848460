import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invertMat4Nudged, safeInvertMat4, safeMultiplyMat4, safeMultiplyMat4SkippingIdentity, safeNormalize3, saturate, volumeScaleInto } from '../../../nodes/math/finite';
import { determinantMat4Basis } from '../../../nodes/math/matrix';

const MAX = Number.MAX_VALUE;

describe('saturate', () => {
  it('keeps finite numbers (−0 included), saturates infinities, maps NaN to 0', () => {
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => { expect(Object.is(saturate(x), x)).toBe(true); }));
    expect(Object.is(saturate(-0), -0)).toBe(true);
    expect(saturate(Infinity)).toBe(MAX);
    expect(saturate(-Infinity)).toBe(-MAX);
    expect(Object.is(saturate(NaN), 0)).toBe(true);
  });
});

describe('safeNormalize3', () => {
  it('writes the unit vector and the length, in place too', () => {
    const v = new Float64Array([3e300, 4e300, 0]);
    const len = new Float64Array(1);
    expect(safeNormalize3(v, v, len)).toBe(true);
    expect(Array.from(v)).toEqual([0.6, 0.8, 0]);
    expect(len[0]).toBe(5e300);
    expect(safeNormalize3(v, [Infinity, 0, 0], len)).toBe(true);
    expect(Array.from(v)).toEqual([1, 0, 0]);
    expect(len[0]).toBe(MAX);
  });

  it('gives the zero vector, length 0 and false at or below the threshold', () => {
    const v = new Float64Array([1, 1, 1]);
    const len = new Float64Array([7]);
    expect(safeNormalize3(v, [1e-18, 0, 0], len)).toBe(false);
    expect(Array.from(v)).toEqual([0, 0, 0]);
    expect(len[0]).toBe(0);
    expect(safeNormalize3(v, [NaN, 0, 0])).toBe(false);
  });
});

describe('safeMultiplyMat4SkippingIdentity', () => {
  const any = fc.oneof(fc.double(), fc.constantFrom(0, -0, 1, -1, NaN, Infinity, -Infinity, MAX, -MAX, 5e-324));
  const identity = fc.array(fc.constantFrom(0, -0), { minLength: 16, maxLength: 16 }).map((z) => z.map((x, i) => (i % 5 === 0 ? 1 : x)));
  const bits = (m: Float64Array) => [...new BigUint64Array(Float64Array.from(m).buffer)];
  it('gives safeMultiplyMat4\'s bits, −0, NaN and ±Infinity included, whether b is the identity or not, in place too', () => {
    fc.assert(fc.property(fc.array(any, { minLength: 16, maxLength: 16 }), fc.oneof(identity, fc.array(any, { minLength: 16, maxLength: 16 })), fc.boolean(), (a, b, inPlace) => {
      const expected = safeMultiplyMat4(new Float64Array(16), Float64Array.from(a), b);
      const x = Float64Array.from(a);
      const got = inPlace ? safeMultiplyMat4SkippingIdentity(x, x, b) : safeMultiplyMat4SkippingIdentity(new Float64Array(16), x, b);
      expect(bits(got)).toEqual(bits(expected));
    }), { numRuns: 2000 });
  });
});

describe('invertMat4Nudged (Blender invert_m4_m4_safe)', () => {
  const unit = fc.double({ min: -1, max: 1, noNaN: true });
  const scale = fc.double({ min: 0.3, max: 3, noNaN: true });
  /** R·diag(s) with translation t: a rig transform. */
  const transform = fc.tuple(fc.tuple(unit, unit, unit, unit), fc.tuple(scale, scale, scale), fc.tuple(unit, unit, unit)).map(([q, s, t]) => {
    const n = Math.hypot(...q) || 1;
    const [w, x, y, z] = q.map((c) => c / n);
    const r = [1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y), 2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x), 2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)];
    return { r, s: [...s], t: [...t] };
  });
  const compose = (r: number[], s: number[], t: number[]) => Float64Array.from([r[0] * s[0], r[1] * s[0], r[2] * s[0], 0, r[3] * s[1], r[4] * s[1], r[5] * s[1], 0, r[6] * s[2], r[7] * s[2], r[8] * s[2], 0, t[0], t[1], t[2], 1]);

  it('is the inverse of an invertible matrix, returning true', () => {
    fc.assert(fc.property(transform, ({ r, s, t }) => {
      const m = compose(r, s, t);
      const [a, b] = [new Float64Array(16), new Float64Array(16)];
      expect(invertMat4Nudged(a, m)).toBe(true);
      safeInvertMat4(b, m);
      expect(Array.from(a)).toEqual(Array.from(b));
    }));
  });

  it('inverts a matrix scaled to 0 on an axis as Blender does: that axis 1e-8 (a float 1e-8) in its diagonal, the rest of the diagonal as a float adds 1e-8', () => {
    fc.assert(fc.property(transform, fc.integer({ min: 0, max: 2 }), ({ r, s, t }, axis) => {
      s[axis] = 0;
      const m = compose(r, s, t);
      const out = new Float64Array(16);
      expect(invertMat4Nudged(out, m)).toBe(false);
      // What Blender inverts: each diagonal entry moved by what adding 1e-8 in floats moves it.
      const nudged = Float64Array.from(m);
      for (const i of [0, 5, 10]) nudged[i] += Math.fround(Math.fround(m[i]) + Math.fround(1e-8)) - Math.fround(m[i]);
      expect(nudged[5 * axis]).toBe(Math.fround(1e-8)); // the flattened axis: 0 + 1e-8f
      // out is its inverse: nudged · out = I within what a backward-stable inverse promises,
      // 16 ε · |nudged| · |out| (about 1e-6 for the one 1e-8 pivot; far more when the rotation puts
      // tiny entries on the rest of the diagonal too, each then nudged to 1e-8: a CI run drew one
      // whose inverse reached 8e17, its residual 1.03e-6).
      let largest = 0;
      for (let i = 0; i < 12; i++) largest = Math.max(largest, Math.abs(out[i]));
      let size = 0;
      for (let i = 0; i < 16; i++) size = Math.max(size, Math.abs(nudged[i]));
      const bound = 16 * Number.EPSILON * size * largest;
      const product = safeMultiplyMat4(new Float64Array(16), nudged, out);
      for (let c = 0; c < 4; c++) for (let row = 0; row < 4; row++) expect(Math.abs(product[4 * c + row] - (c === row ? 1 : 0))).toBeLessThan(bound);
      // And it reaches ~1e8 along the flattened axis, which is what Blender's constraints then read.
      expect(largest).toBeGreaterThan(1e6);
    }));
  });
});

describe('volumeScaleInto (a driver\'s SCALE_AVG)', () => {
  const entry = fc.oneof(fc.double({ min: -1e3, max: 1e3, noNaN: true }), fc.constantFrom(0, -0, 1e300, -1e300, 1e124, 1e-23, MAX));
  const matrix = fc.array(entry, { minLength: 16, maxLength: 16 });
  const out = new Float64Array(1);

  it('is the plain cube root of the determinant wherever that is finite, and finite for any finite matrix', () => {
    fc.assert(fc.property(matrix, (m) => {
      volumeScaleInto(out, 0, m);
      expect(Number.isFinite(out[0])).toBe(true);
      const plain = determinantMat4Basis(m);
      if (Number.isFinite(plain)) expect(Object.is(out[0], Math.cbrt(plain))).toBe(true);
    }), { numRuns: 2000 });
  });

  it('gives the cube root of an overflowing determinant, scaled back (the no-NaN test\'s case, CI of 6 December 2026)', () => {
    // A driver read this bone's world matrix: columns ~1e124, ~1e300 and ~1e-23, nearly parallel.
    const m = [-2.1704054333621413e+124, 5.3974472297220255e+124, -5.112946177471697e+124, 0, 2.8023243224167795e+299, -6.968927288106066e+299, 6.601593053580476e+299, 0, 1.7998918290749236e-23, -4.476039829844453e-23, 4.2401064362778226e-23, 0, 4.228415131453568e+151, -1.0515384446870161e+152, 1e+300, 1];
    expect(Number.isFinite(determinantMat4Basis(m))).toBe(false);
    volumeScaleInto(out, 0, m);
    expect(Number.isFinite(out[0])).toBe(true);
    // A diagonal one, whose determinant (1e300 · 1e300 · 8) is known: its cube root 2e200.
    volumeScaleInto(out, 0, [1e300, 0, 0, 0, 0, 1e300, 0, 0, 0, 0, 8, 0, 0, 0, 0, 1]);
    expect(out[0] / 2e200).toBeCloseTo(1, 12);
    volumeScaleInto(out, 0, [-1e300, 0, 0, 0, 0, 1e300, 0, 0, 0, 0, 8, 0, 0, 0, 0, 1]);
    expect(out[0] / -2e200).toBeCloseTo(1, 12);
  });

  it('keeps NaN in as NaN out (the frame\'s checks see it)', () => {
    volumeScaleInto(out, 0, [NaN, 0, 0, 0, 0, 1e300, 0, 0, 0, 0, 1e300, 0, 0, 0, 0, 1]);
    expect(out[0]).toBeNaN();
  });
});
