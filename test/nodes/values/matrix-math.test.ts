import fc from 'fast-check';
import { mat4 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { EULER_ORDERS, eulerToMat4 } from '../../../nodes/math/euler';
import { matrixMath } from '../../../nodes/values/matrix-math';
import { quaternionMath } from '../../../nodes/values/quaternion-math';
import { IDENTITY, run } from '../harness';

const M = (operation: string, inputs: Record<string, number[] | number>) => {
  const o = run(matrixMath, inputs, { operation }).out;
  return { m: Array.from(o.transform), loc: Array.from(o.location), rot: Array.from(o.rotation), scale: Array.from(o.scale) };
};
const fromEuler = (euler: number[], order: string) => Array.from(run(quaternionMath, { euler }, { operation: 'from-euler', order }).out.quaternion);
const n = fc.double({ min: -100, max: 100, noNaN: true });
const angle = fc.double({ min: -7, max: 7, noNaN: true });
const sizeArb = fc.double({ min: 0.05, max: 20, noNaN: true });
const v3 = fc.tuple(n, n, n);
const quat = fc.tuple(angle, angle, angle, angle).filter((v) => Math.hypot(...v) > 1e-2).map((v) => v.map((x) => x / Math.hypot(...v)));
const scale = fc.tuple(sizeArb, sizeArb, sizeArb);
const signedScale = fc.tuple(sizeArb, sizeArb, sizeArb, fc.constantFrom(1, -1), fc.constantFrom(1, -1)).map(([a, b, c, s, t]) => [a * s, b * t, c]);
const transform = fc.tuple(v3, quat, scale).map(([l, r, s]) => M('compose', { location: l, rotation: r, scale: s }).m);

function expectClose(a: number[], b: ArrayLike<number>, tol = 1e-9) {
  const scale = 1 + Math.max(...Array.from(b, Math.abs));
  for (let i = 0; i < a.length; i++) if (!(Math.abs(a[i] - b[i]) <= tol * scale)) throw new Error(`[${i}] ${a[i]} vs ${b[i]}\n${a}\n${Array.from(b)}`);
}
const sameRotation = (a: number[], b: number[]) => {
  const s = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3] < 0 ? -1 : 1;
  expectClose(a, b.map((x) => s * x), 1e-9);
};

describe('math/matrix', () => {
  it('compose of a from-euler quaternion equals the Euler matrix (every order)', () => {
    fc.assert(fc.property(fc.tuple(angle, angle, angle), fc.constantFrom(...EULER_ORDERS), v3, scale, (e, order, loc, s) => {
      const { m } = M('compose', { location: loc, rotation: fromEuler(e, order), scale: s });
      const expected = mat4.multiply(new Float64Array(16), eulerToMat4(new Float64Array(16), e, order), mat4.fromScaling(new Float64Array(16), s)) as Float64Array;
      expected[12] = loc[0]; expected[13] = loc[1]; expected[14] = loc[2];
      expectClose(m, expected, 1e-12);
    }));
  });

  it('decompose∘compose is the identity (positive scale) and compose∘decompose rebuilds any matrix', () => {
    fc.assert(fc.property(v3, quat, scale, (loc, rot, s) => {
      const c = M('compose', { location: loc, rotation: rot, scale: s });
      const d = M('decompose', { a: c.m });
      expect(d.m).toEqual(c.m);
      expectClose(d.loc, loc, 0);
      expectClose(d.scale, s, 1e-12);
      sameRotation(d.rot, rot);
    }));
    fc.assert(fc.property(v3, quat, signedScale, (loc, rot, s) => {
      const m = M('compose', { location: loc, rotation: rot, scale: s }).m;
      const d = M('decompose', { a: m });
      expectClose(M('compose', { location: d.loc, rotation: d.rot, scale: d.scale }).m, m, 1e-12);
      // A mirror has all three scales negative, as Blender's mat4_decompose.
      if (s[0] * s[1] * s[2] < 0) expect(d.scale.every((x) => x < 0)).toBe(true);
    }));
  });

  it('decomposes huge, tiny and flattened matrices sensibly', () => {
    const big = M('decompose', { a: [2e300, 0, 0, 0, 0, 0, 3e300, 0, 0, -4e300, 0, 0, 1e300, 0, 0, 1] });
    expectClose(big.scale.map((x) => x / 1e300), [2, 3, 4], 1e-14);
    sameRotation(big.rot, [Math.SQRT1_2, 0, 0, Math.SQRT1_2]);
    const small = M('decompose', { a: [0, 2e-15, 0, 0, -2e-15, 0, 0, 0, 0, 0, 2e-15, 0, 0, 0, 0, 1] });
    expectClose(small.scale.map((x) => x / 1e-15), [2, 2, 2], 1e-14);
    sameRotation(small.rot, [0, 0, Math.SQRT1_2, Math.SQRT1_2]);
    // Axes shorter than 3e-18 are zero, as Blender's normalize_v3: scale 0, no rotation.
    const tiny = M('decompose', { a: [2e-300, 0, 0, 0, 0, 2e-300, 0, 0, 0, 0, 2e-300, 0, 0, 0, 0, 1] });
    expect(tiny.scale).toEqual([0, 0, 0]);
    expect(tiny.rot).toEqual([0, 0, 0, 1]);
    const flat = M('decompose', { a: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] });
    expect(flat.scale).toEqual([1, 0, 1]);
    expect(M('decompose', { a: new Array(16).fill(0) }).rot).toEqual([0, 0, 0, 1]);
  });

  it('multiply is a·b with b applied first', () => {
    fc.assert(fc.property(transform, transform, (a, b) => {
      expectClose(M('multiply', { a, b }).m, mat4.multiply(new Float64Array(16), a, b), 1e-12);
    }));
    const t = M('compose', { location: [1, 0, 0] }).m;
    const r = M('compose', { rotation: [0, 0, Math.SQRT1_2, Math.SQRT1_2] }).m;
    expectClose(M('multiply', { a: r, b: t }).loc, [0, 1, 0], 1e-15); // translate, then rotate
  });

  it('invert: m·m⁻¹ = I; singular gives the identity; huge and tiny scales invert exactly', () => {
    fc.assert(fc.property(v3, quat, signedScale, (loc, rot, s) => {
      const m = M('compose', { location: loc, rotation: rot, scale: s }).m;
      const inv = M('invert', { a: m }).m;
      expectClose(mat4.multiply(new Float64Array(16), m, inv) as unknown as number[], IDENTITY, 1e-12);
    }));
    fc.assert(fc.property(fc.array(fc.integer({ min: -1000, max: 1000 }).map((x) => x / 100), { minLength: 16, maxLength: 16 }), (m) => {
      const det = mat4.determinant(m);
      fc.pre(Math.abs(det) > 1e-2);
      const inv = M('invert', { a: m }).m;
      expectClose(mat4.multiply(new Float64Array(16), m, inv) as unknown as number[], IDENTITY, 1e-8);
    }));
    expect(M('invert', { a: new Array(16).fill(0) }).m).toEqual(IDENTITY);
    expect(M('invert', { a: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 5, 5, 5, 1] }).m).toEqual(IDENTITY);
    expect(M('invert', { a: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 6, 7, 1] }).m).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -5, -6, -7, 1]);
    expectClose(M('invert', { a: [1e300, 0, 0, 0, 0, 1e300, 0, 0, 0, 0, 1e300, 0, 0, 0, 0, 1] }).m.map((x, i) => (i % 5 === 0 && i < 15 ? x * 1e300 : x)), IDENTITY, 1e-14);
    expectClose(M('invert', { a: [1e-300, 0, 0, 0, 0, 1e-300, 0, 0, 0, 0, 1e-300, 0, 0, 0, 0, 1] }).m.map((x, i) => (i % 5 === 0 && i < 15 ? x * 1e-300 : x)), IDENTITY, 1e-14);
    expect(M('invert', { a: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1e300, 0, 0, 1] }).m).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -1e300, -0, -0, 1]);
  });

  it('blend hits its endpoints, lerps location and slerps rotation', () => {
    fc.assert(fc.property(transform, transform, (a, b) => {
      expectClose(M('blend', { a, b, factor: 0 }).m, a, 1e-9);
      expectClose(M('blend', { a, b, factor: 1 }).m, b, 1e-9);
    }));
    const a = M('compose', { location: [0, 0, 0], scale: [1, 1, 1] }).m;
    const b = M('compose', { location: [2, 4, 6], rotation: [0, 0, 1, 0], scale: [3, 3, 3] }).m; // 180° about Z
    const h = M('blend', { a, b, factor: 0.5 });
    expectClose(h.loc, [1, 2, 3], 1e-15);
    expectClose(h.scale, [2, 2, 2], 1e-12);
    sameRotation(h.rot, [0, 0, Math.SQRT1_2, Math.SQRT1_2]);
  });

  it('blend is unchanged by scaling both inputs (huge and tiny transforms blend like unit ones)', () => {
    fc.assert(fc.property(transform, transform, fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(1e300, 1e-300), (a, b, t, k) => {
      // Near-opposite rotations make the slerp direction hinge on the last bits; skip those.
      const qa = M('decompose', { a }).rot, qb = M('decompose', { a: b }).rot;
      fc.pre(Math.abs(qa[0] * qb[0] + qa[1] * qb[1] + qa[2] * qb[2] + qa[3] * qb[3]) > 0.1);
      const ref = M('blend', { a, b, factor: t }).m;
      const scaled = (m: number[]) => m.map((x, i) => (i < 12 && i % 4 !== 3 ? x * k : x));
      const big = M('blend', { a: scaled(a), b: scaled(b), factor: t }).m;
      expectClose(big.slice(0, 12).map((x) => x / k), ref.slice(0, 12), 1e-9);
    }));
  });
});
