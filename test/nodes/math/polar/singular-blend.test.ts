import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blendMat3 } from '../../../../nodes/math/blend';

// Blender 3.4.1's interp_m3_m3m3 of singular 3x3s (gen-singular-blend.py): a bone scaled to 0 on
// an axis ("bone") or under a parent that is ("child"), blended with another matrix by t.
interface Case {
  kind: 'bone' | 'child';
  a: number[];
  b: number[];
  t: number;
  result: number[];
  noise: number;
}
const recorded = JSON.parse(readFileSync(new URL('./blender-singular-blend.json', import.meta.url), 'utf8')) as { cases: Case[] };

/** Blender's own results are float32; its blend of these moves ~1e-6 under 2-ulp input noise where the choice is not noise. */
const TOLERANCE = 1e-5;

function maxDiff(x: ArrayLike<number>, y: ArrayLike<number>): number {
  let d = 0;
  for (let i = 0; i < 9; i++) d = Math.max(d, Math.abs(x[i] - y[i]));
  return d;
}

describe("the influence blend of singular matrices follows Blender's choice for the flattened axis", () => {
  // A bone scaled to 0 makes an exactly zero column. Where Blender decides such a blend the same
  // way under 2 float32 ulps of input noise, Sinew must follow it whatever its own rounding.
  const decided = recorded.cases.filter((c) => c.kind === 'bone' && c.noise < TOLERANCE);
  // Where it does not, Blender's choice rests on its float rounding inside Eigen's SVD, and Sinew
  // follows it from the same float inputs (eigen-svd.ts repeats that rounding).
  const roundingDecided = recorded.cases.filter((c) => c.kind === 'bone' && !(c.noise < TOLERANCE));

  it('the recording holds both', () => {
    expect(decided.length).toBeGreaterThanOrEqual(12);
    expect(roundingDecided.length).toBeGreaterThanOrEqual(12);
  });

  it.each(decided.map((c, i) => [i, c] as const))('decided by structure: case %i', (_, c) => {
    const out = blendMat3(new Float64Array(9), c.a, c.b, c.t);
    expect(maxDiff(out, c.result)).toBeLessThanOrEqual(TOLERANCE);
  });

  it.each(roundingDecided.map((c, i) => [i, c] as const))('decided by float rounding, same inputs: case %i', (_, c) => {
    const out = blendMat3(new Float64Array(9), c.a, c.b, c.t);
    expect(maxDiff(out, c.result)).toBeLessThanOrEqual(TOLERANCE);
  });

  // "child" cases (a zero-scaled parent: rank 2 with no zero column) are recorded but not
  // compared: there even the float inputs' own rounding decides, 0.3 to 2 apart under noise.
});
