import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hypot3, hypot3Into } from '../../../nodes/math/hypot';

const SPECIAL = [0, -0, 1e-320, -5e-324, 1e-160, 1, -3, 1e154, 1e300, -1.7976931348623157e308, Infinity, -Infinity, NaN];

function into(x: number, y: number, z: number): number {
  const out = new Float64Array(2);
  hypot3Into(out, 1, [7, x, y, z], 1);
  return out[1];
}

describe('hypot3 and hypot3Into', () => {
  it('give the bits of Math.hypot, finite or not', () => {
    fc.assert(
      fc.property(fc.double(), fc.double(), fc.double(), (x, y, z) => {
        expect(Object.is(hypot3(x, y, z), Math.hypot(x, y, z))).toBe(true);
        expect(Object.is(into(x, y, z), Math.hypot(x, y, z))).toBe(true);
      }),
      { numRuns: 3000 },
    );
    for (const x of SPECIAL) for (const y of SPECIAL) for (const z of SPECIAL) {
      expect(Object.is(hypot3(x, y, z), Math.hypot(x, y, z))).toBe(true);
      expect(Object.is(into(x, y, z), Math.hypot(x, y, z))).toBe(true);
    }
  });

  it('hypot3Into may write over its input', () => {
    const v = new Float64Array([3, 4, 12]);
    hypot3Into(v, 0, v);
    expect(v[0]).toBe(13);
  });
});
