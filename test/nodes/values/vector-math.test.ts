import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { vectorMath } from '../../../nodes/values/vector-math';
import { run } from '../harness';

type V = [number, number, number];
const op = (operation: string, inputs: Record<string, V | number>) => {
  const { out } = run(vectorMath, inputs, { operation });
  return { v: Array.from(out.vector), x: out.value[0] };
};
const MAX = Number.MAX_VALUE;
const n = fc.double({ min: -1e3, max: 1e3, noNaN: true });
const vec = fc.tuple(n, n, n);

describe('math/vector', () => {
  it('adds, subtracts, scales, crosses and dots', () => {
    expect(op('add', { a: [1, 2, 3], b: [4, 5, 6] })).toEqual({ v: [5, 7, 9], x: 0 });
    expect(op('subtract', { a: [1, 2, 3], b: [4, 5, 6] })).toEqual({ v: [-3, -3, -3], x: 0 });
    expect(op('scale', { a: [1, 2, 3], scale: 2 })).toEqual({ v: [2, 4, 6], x: 0 });
    expect(op('cross', { a: [1, 0, 0], b: [0, 1, 0] })).toEqual({ v: [0, 0, 1], x: 0 });
    expect(op('dot', { a: [1, 2, 3], b: [4, 5, 6] })).toEqual({ v: [0, 0, 0], x: 32 });
  });

  it('cross is perpendicular to both', () => {
    fc.assert(fc.property(vec, vec, (a, b) => {
      const { v } = op('cross', { a, b });
      const scale = Math.hypot(...a) * Math.hypot(...b) * Math.hypot(...v) + 1;
      expect(Math.abs(v[0] * a[0] + v[1] * a[1] + v[2] * a[2])).toBeLessThan(1e-12 * scale);
      expect(Math.abs(v[0] * b[0] + v[1] * b[1] + v[2] * b[2])).toBeLessThan(1e-12 * scale);
    }));
  });

  it('length, distance', () => {
    expect(op('length', { a: [3, 4, 0] }).x).toBe(5);
    expect(op('distance', { a: [1, 1, 1], b: [4, 5, 1] }).x).toBe(5);
    expect(op('length', { a: [3e300, 4e300, 0] }).x).toBeCloseTo(5e300, -288);
    expect(op('length', { a: [3e-300, 4e-300, 0] }).x).toBeCloseTo(5e-300, 310);
    expect(op('distance', { a: [MAX, 0, 0], b: [-MAX, 0, 0] }).x).toBe(MAX);
    expect(op('distance', { a: [1e308, 0, 0], b: [-1e308, 0, 0] }).x).toBe(MAX);
    expect(op('distance', { a: [8e307, 0, 0], b: [-8e307, 0, 0] }).x).toBe(1.6e308);
  });

  it('normalizes to unit length, the zero vector to zero', () => {
    fc.assert(fc.property(vec, fc.constantFrom(1, 1e300, 1e-10, 1e-15), (a, s) => {
      fc.pre(Math.hypot(...a) * s > 1e-17); // above Blender's normalize threshold
      const scaled: V = [a[0] * s, a[1] * s, a[2] * s];
      const { v, x } = op('normalize', { a: scaled });
      expect(Math.hypot(...v)).toBeCloseTo(1, 14);
      expect(x / (Math.hypot(...a) * s)).toBeCloseTo(1, 12);
    }));
    expect(op('normalize', { a: [0, 0, 0] })).toEqual({ v: [0, 0, 0], x: 0 });
    expect(op('normalize', { a: [1e-20, 0, 0] })).toEqual({ v: [0, 0, 0], x: 0 });
    expect(op('normalize', { a: [MAX, MAX, -MAX] }).v.map((c) => c * Math.sqrt(3))).toEqual([
      expect.closeTo(1, 14), expect.closeTo(1, 14), expect.closeTo(-1, 14),
    ]);
  });

  it('mix hits its endpoints exactly and lerps between', () => {
    fc.assert(fc.property(vec, vec, (a, b) => {
      expect(op('mix', { a, b, factor: 0 }).v.map((x) => x + 0)).toEqual(a.map((x) => x + 0));
      expect(op('mix', { a, b, factor: 1 }).v.map((x) => x + 0)).toEqual(b.map((x) => x + 0));
    }));
    expect(op('mix', { a: [0, 0, 0], b: [2, 4, 6], factor: 0.25 }).v).toEqual([0.5, 1, 1.5]);
  });
});
