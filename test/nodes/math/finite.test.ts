import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeMultiplyMat4, safeMultiplyMat4SkippingIdentity, safeNormalize3, saturate } from '../../../nodes/math/finite';

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
