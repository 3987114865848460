import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { floatMath, mapRange } from '../../../nodes/values/float-math';
import { run } from '../harness';

const op = (operation: string, inputs: Record<string, number>, extra: Record<string, boolean> = {}) =>
  run(floatMath, inputs, { operation, ...extra }).out.value[0];
const MAX = Number.MAX_VALUE;
const small = fc.double({ min: -1e6, max: 1e6, noNaN: true });

describe('math/float', () => {
  it('does arithmetic', () => {
    expect(op('add', { a: 2, b: 3 })).toBe(5);
    expect(op('subtract', { a: 2, b: 3 })).toBe(-1);
    expect(op('multiply', { a: 2, b: 3 })).toBe(6);
    expect(op('divide', { a: 3, b: 2 })).toBe(1.5);
    expect(op('min', { a: 2, b: 3 })).toBe(2);
    expect(op('max', { a: 2, b: 3 })).toBe(3);
    expect(op('abs', { a: -2 })).toBe(2);
    expect(op('sin', { a: Math.PI / 2 })).toBe(1);
    expect(op('cos', { a: 0 })).toBe(1);
    expect(op('power', { a: 2, b: 10 })).toBe(1024);
    expect(op('power', { a: -2, b: 3 })).toBe(-8);
    expect(op('power', { a: 4, b: 0.5 })).toBe(2);
  });

  it('floor: a whole number n with n ≤ a < n + 1, for any finite a', () => {
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (a) => {
      const n = op('floor', { a });
      expect(Number.isInteger(n)).toBe(true);
      expect(n).toBeLessThanOrEqual(a);
      // Past 2^52 every double is whole, so floor is the number itself.
      if (Math.abs(a) >= 2 ** 52) expect(n).toBe(a);
      else expect(n + 1).toBeGreaterThan(a);
    }));
    expect(op('floor', { a: -0.5 })).toBe(-1);
  });

  it('defaults: a = 0, b = 1 (multiply, divide and power pass a through)', () => {
    expect(run(floatMath, {}, { operation: 'add' }).out.value[0]).toBe(1);
    expect(op('multiply', { a: 7 })).toBe(7);
    expect(op('divide', { a: 7 })).toBe(7);
    expect(op('power', { a: 7 })).toBe(7);
  });

  it('defines its degenerate cases', () => {
    expect(op('divide', { a: 1, b: 0 })).toBe(0);
    expect(op('divide', { a: 0, b: 0 })).toBe(0);
    expect(op('divide', { a: 1, b: 1e-320 })).toBe(MAX);
    expect(op('power', { a: -8, b: 1 / 3 })).toBe(0);
    expect(op('power', { a: 0, b: -1 })).toBe(0);
    expect(op('power', { a: 0, b: 0 })).toBe(1);
    expect(op('power', { a: 1e300, b: 2 })).toBe(MAX);
    expect(op('power', { a: -1e300, b: 3 })).toBe(-MAX);
    expect(op('multiply', { a: 1e300, b: -1e300 })).toBe(-MAX);
    expect(op('add', { a: MAX, b: MAX })).toBe(MAX);
  });

  it('clamps, swapping min and max when min > max', () => {
    expect(op('clamp', { a: 5, min: 0, max: 1 })).toBe(1);
    expect(op('clamp', { a: -5, min: 0, max: 1 })).toBe(0);
    expect(op('clamp', { a: 0.25, min: 0, max: 1 })).toBe(0.25);
    expect(op('clamp', { a: 5, min: 1, max: 0 })).toBe(1);
    expect(op('clamp', { a: -5, min: 1, max: 0 })).toBe(0);
    fc.assert(fc.property(small, small, small, (a, lo, hi) => {
      const r = op('clamp', { a, min: lo, max: hi });
      expect(r).toBeGreaterThanOrEqual(Math.min(lo, hi));
      expect(r).toBeLessThanOrEqual(Math.max(lo, hi));
      if (a >= Math.min(lo, hi) && a <= Math.max(lo, hi)) expect(r).toBe(a);
    }));
  });

  it('map range sends the from-range endpoints exactly onto the to-range endpoints', () => {
    const any = fc.double({ noNaN: true, noDefaultInfinity: true });
    fc.assert(fc.property(any, any, any, any, fc.boolean(), (f0, f1, t0, t1, clamp) => {
      fc.pre(f0 !== f1);
      expect(mapRange(f0, f0, f1, t0, t1, clamp) === t0).toBe(true);
      expect(mapRange(f1, f0, f1, t0, t1, clamp) === t1).toBe(true);
    }), { numRuns: 500 });
  });

  it('map range is linear in between and beyond, and clamps on request', () => {
    const m = (a: number, clamp = false) => op('map-range', { a, fromMin: 10, fromMax: 20, toMin: 100, toMax: 0 }, { clamp });
    expect(m(15)).toBe(50);
    expect(m(30)).toBeCloseTo(-100, 12);
    expect(m(30, true)).toBe(0);
    expect(m(0, true)).toBe(100);
    expect(m(12.5, true)).toBe(75);
    fc.assert(fc.property(small, small, small, small, small, (v, f0, f1, t0, t1) => {
      fc.pre(Math.abs(f1 - f0) > 1e-3);
      const r = mapRange(v, f0, f1, t0, t1, false);
      const expected = t0 + ((v - f0) / (f1 - f0)) * (t1 - t0);
      expect(Math.abs(r - expected)).toBeLessThanOrEqual(1e-9 * (1 + Math.abs(expected) + Math.abs(t0) + Math.abs(t1)));
      const c = mapRange(v, f0, f1, t0, t1, true);
      expect(c).toBeGreaterThanOrEqual(Math.min(t0, t1));
      expect(c).toBeLessThanOrEqual(Math.max(t0, t1));
    }));
  });

  it('map range of an empty from-range gives toMin; a huge one does not overflow', () => {
    expect(op('map-range', { a: 3, fromMin: 2, fromMax: 2, toMin: 7, toMax: 9 })).toBe(7);
    expect(op('map-range', { a: 0, fromMin: -MAX, fromMax: MAX, toMin: 0, toMax: 1 })).toBe(0.5);
    expect(op('map-range', { a: MAX, fromMin: -MAX, fromMax: MAX, toMin: -MAX, toMax: MAX })).toBe(MAX);
  });
});
