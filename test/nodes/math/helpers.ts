// Shared arbitraries, comparisons and fixture access for the math tests.
import fc from 'fast-check';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { FIXTURES_DIR } from '../../shared-path';
import type { ParsedJson } from '../../parsed-json';

/** A finite coordinate of rig-like magnitude (with exact zeros now and then). */
export const coord: fc.Arbitrary<number> = fc.oneof(
  { weight: 8, arbitrary: fc.double({ min: -10, max: 10, noNaN: true }) },
  { weight: 1, arbitrary: fc.constantFrom(0, 1, -1, 1e-9, -1e-12) },
);

/** A 3-vector. */
export const vec3: fc.Arbitrary<Float64Array> = fc.tuple(coord, coord, coord).map((v) => Float64Array.from(v));

/** A 3-vector of length ≥ 0.1. */
export const nonZeroVec3: fc.Arbitrary<Float64Array> = vec3.filter((v) => Math.hypot(v[0], v[1], v[2]) >= 0.1);

/** An angle in radians, including values past ±π. */
export const angle: fc.Arbitrary<number> = fc.double({ min: -7, max: 7, noNaN: true });

/** Euler angles [x, y, z]. */
export const euler: fc.Arbitrary<Float64Array> = fc.tuple(angle, angle, angle).map((v) => Float64Array.from(v));

/** A unit quaternion [x, y, z, w] drawn uniformly enough (normalized 4-vector away from zero). */
export const unitQuat: fc.Arbitrary<Float64Array> = fc
  .tuple(
    fc.double({ min: -1, max: 1, noNaN: true }),
    fc.double({ min: -1, max: 1, noNaN: true }),
    fc.double({ min: -1, max: 1, noNaN: true }),
    fc.double({ min: -1, max: 1, noNaN: true }),
  )
  .filter((q) => Math.hypot(...q) > 0.1)
  .map((q) => {
    const l = Math.hypot(...q);
    return Float64Array.from(q.map((x) => x / l));
  });

/** A scale component: positive, negative, tiny or zero. */
export const scaleComponent: fc.Arbitrary<number> = fc.oneof(
  { weight: 6, arbitrary: fc.double({ min: 0.05, max: 5, noNaN: true }) },
  { weight: 2, arbitrary: fc.double({ min: -5, max: -0.05, noNaN: true }) },
  { weight: 1, arbitrary: fc.constantFrom(0, 1e-9, -1e-12) },
);

/** Any 3x3 with entries of rig-like size, sometimes singular or zero. */
export const anyMat3: fc.Arbitrary<Float64Array> = fc.oneof(
  { weight: 6, arbitrary: fc.array(coord, { minLength: 9, maxLength: 9 }).map((m) => Float64Array.from(m)) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(vec3, vec3, fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true }))
      // Rank ≤ 2: the third column is a combination of the first two.
      .map(([c0, c1, s, t]) => Float64Array.from([...c0, ...c1, ...c0.map((x, i) => s * x + t * c1[i])])),
  },
  { weight: 1, arbitrary: vec3.map((c) => Float64Array.from([...c, ...c.map((x) => 2 * x), ...c.map((x) => -x)])) },
  { weight: 1, arbitrary: fc.constant(new Float64Array(9)) },
);

/** Max |a_i − b_i| over the first n entries. */
export function maxDiff(a: ArrayLike<number>, b: ArrayLike<number>, n = Math.min(a.length, b.length)): number {
  let m = 0;
  for (let i = 0; i < n; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
}

/** Asserts every entry of a and b agrees within tol. */
export function expectClose(a: ArrayLike<number>, b: ArrayLike<number>, tol: number, what = ''): void {
  const d = maxDiff(a, b);
  if (!(d <= tol)) {
    expect.fail(`${what} differs by ${d} > ${tol}\n  got      ${Array.from(a).join(', ')}\n  expected ${Array.from(b).join(', ')}`);
  }
}

/** Asserts all entries are finite numbers. */
export function expectFinite(a: ArrayLike<number>, what = ''): void {
  for (let i = 0; i < a.length; i++) {
    if (!Number.isFinite(a[i])) expect.fail(`${what}[${i}] is ${a[i]}: ${Array.from(a).join(', ')}`);
  }
}

/** 3x3 product a·b (column-major), for checks. */
export function mul3(a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  const o = new Float64Array(9);
  for (let c = 0; c < 3; c++)
    for (let r = 0; r < 3; r++) o[3 * c + r] = a[r] * b[3 * c] + a[3 + r] * b[3 * c + 1] + a[6 + r] * b[3 * c + 2];
  return o;
}

/** Transpose of a 3x3. */
export function transpose3(a: ArrayLike<number>): Float64Array {
  return Float64Array.from([a[0], a[3], a[6], a[1], a[4], a[7], a[2], a[5], a[8]]);
}

/** Determinant of a 3x3. */
export function det3(m: ArrayLike<number>): number {
  return m[0] * (m[4] * m[8] - m[5] * m[7]) - m[3] * (m[1] * m[8] - m[2] * m[7]) + m[6] * (m[1] * m[5] - m[2] * m[4]);
}

/** Max deviation of mᵀm from the identity. */
export function orthonormalError(m: ArrayLike<number>): number {
  return maxDiff(mul3(transpose3(m), m), [1, 0, 0, 0, 1, 0, 0, 0, 1]);
}

/** 3x3 part of a 4x4. */
export function basis3(m: ArrayLike<number>): Float64Array {
  return Float64Array.from([m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10]]);
}

export { FIXTURES_DIR };

/** Every fixture case (parsed JSON), or only those whose file name starts with prefix. */
export function loadFixtures(prefix = ''): ParsedJson[] {
  return readdirSync(FIXTURES_DIR)
    .filter((f) => f.endsWith('.json') && f.startsWith(prefix) && f !== 'manifest.json' && f !== 'experiments.json')
    .sort()
    .map((f) => JSON.parse(readFileSync(join(FIXTURES_DIR, f), 'utf8')));
}
