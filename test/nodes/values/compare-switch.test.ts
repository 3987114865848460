import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compare } from '../../../nodes/values/compare';
import { switchFloat } from '../../../nodes/values/switch-float';
import { switchTransform } from '../../../nodes/values/switch-transform';
import { switchVector } from '../../../nodes/values/switch-vector';
import { IDENTITY, run } from '../harness';

const cmp = (operation: string, a: number, b: number, epsilon?: number) =>
  run(compare, epsilon === undefined ? { a, b } : { a, b, epsilon }, { operation }).out.result[0];
const n = fc.double({ noNaN: true, noDefaultInfinity: true });

describe('math/compare', () => {
  it('orders like the operators', () => {
    fc.assert(fc.property(n, n, (a, b) => {
      expect(cmp('less', a, b)).toBe(+(a < b));
      expect(cmp('less-equal', a, b)).toBe(+(a <= b));
      expect(cmp('greater', a, b)).toBe(+(a > b));
      expect(cmp('greater-equal', a, b)).toBe(+(a >= b));
    }));
  });

  it('equal is within epsilon (default 0.001, sign ignored); not-equal is its negation', () => {
    expect(cmp('equal', 1, 1.0005)).toBe(1);
    expect(cmp('equal', 1, 1.002)).toBe(0);
    expect(cmp('equal', 1, 1.5, 0.5)).toBe(1);
    expect(cmp('equal', 1, 1.5, -0.5)).toBe(1);
    expect(cmp('equal', 1, 1, 0)).toBe(1);
    expect(cmp('equal', Number.MAX_VALUE, -Number.MAX_VALUE, 1e308)).toBe(0);
    fc.assert(fc.property(n, n, n, (a, b, e) => {
      expect(cmp('not-equal', a, b, e)).toBe(1 - cmp('equal', a, b, e));
    }));
  });
});

describe('math/switch-*', () => {
  it('picks true when switch is on, false when off', () => {
    expect(run(switchFloat, { switch: 1, false: 2, true: 3 }).out.output[0]).toBe(3);
    expect(run(switchFloat, { switch: 0, false: 2, true: 3 }).out.output[0]).toBe(2);
    expect(run(switchFloat).out.output[0]).toBe(0);
    expect(Array.from(run(switchVector, { switch: 1, false: [1, 2, 3], true: [4, 5, 6] }).out.output)).toEqual([4, 5, 6]);
    expect(Array.from(run(switchVector, { switch: 0, false: [1, 2, 3], true: [4, 5, 6] }).out.output)).toEqual([1, 2, 3]);
    const m = IDENTITY.map((x, i) => (i === 12 ? 7 : x));
    expect(Array.from(run(switchTransform, { switch: 1, true: m }).out.output)).toEqual(m);
    expect(Array.from(run(switchTransform, { switch: 0, true: m }).out.output)).toEqual(IDENTITY);
  });
});
