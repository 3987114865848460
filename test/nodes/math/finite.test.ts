import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeNormalize3, saturate } from '../../../nodes/math/finite';

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
