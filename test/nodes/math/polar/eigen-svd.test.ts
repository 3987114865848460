import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eigenJacobiSvd3 } from '../../../../nodes/math/eigen-svd';
import { anyMat3, maxDiff, mul3, orthonormalError, transpose3 } from '../helpers';

// Eigen's JacobiSVD in floats: a real SVD to a float's precision, whatever the matrix. Which SVD
// it is (Blender's) is checked against Blender's recordings in singular-blend.test.ts.
describe('eigenJacobiSvd3', () => {
  it('M = W·S·Vᵀ with W and V orthonormal and S sorted, non-negative, to a float precision', () => {
    fc.assert(
      fc.property(anyMat3, fc.constantFrom(1, 1e-20, 1e20, 1e-300, 1e300), (m0, k) => {
        const m = m0.map((x) => x * k);
        const [w, s, v] = [new Float64Array(9), new Float64Array(3), new Float64Array(9)];
        eigenJacobiSvd3(w, s, v, m);
        let largest = 0;
        for (const x of m) largest = Math.max(largest, Math.abs(x));
        expect(orthonormalError(w)).toBeLessThan(1e-5);
        expect(orthonormalError(v)).toBeLessThan(1e-5);
        expect(s[0]).toBeGreaterThanOrEqual(s[1]);
        expect(s[1]).toBeGreaterThanOrEqual(s[2]);
        expect(s[2]).toBeGreaterThanOrEqual(0);
        const rebuilt = mul3(w, mul3([s[0], 0, 0, 0, s[1], 0, 0, 0, s[2]], transpose3(v)));
        // Relative to the largest entry, but never below a few subnormal steps: a matrix of
        // subnormals (1e-322) has no relative precision left, and 1e-5 of it underflows to 0.
        expect(maxDiff(rebuilt, m)).toBeLessThanOrEqual(Math.max(1e-5 * largest, 64 * Number.MIN_VALUE));
      }),
      // The subnormal matrix a CI run found (seed -1631429116), kept as an example.
      { numRuns: 500, examples: [[Float64Array.from([-5.4e-323, -8e-323, 3.5e-323, -1.1e-322, -1.6e-322, 7e-323, 5.4e-323, 8e-323, -3.5e-323]), 1]] },
    );
  });
});
