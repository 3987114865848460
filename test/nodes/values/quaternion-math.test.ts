import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EULER_ORDERS, eulerToMat3 } from '../../../nodes/math/euler';
import { quatToMat3 } from '../../../nodes/math/quaternion';
import { quaternionMath } from '../../../nodes/values/quaternion-math';
import { run } from '../harness';

type Q = [number, number, number, number];
const q = (operation: string, inputs: Record<string, number[] | number>, params: Record<string, string> = {}): Q =>
  Array.from(run(quaternionMath, inputs, { operation, ...params }).out.quaternion) as Q;
const angle = fc.double({ min: -10, max: 10, noNaN: true });
const euler = fc.tuple(angle, angle, angle);
const quat = fc.tuple(angle, angle, angle, angle).filter((v) => Math.hypot(...v) > 1e-3);

/** Same rotation: q ≡ −q. */
function expectSameRotation(a: number[], b: number[], digits = 12) {
  const dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
  const s = dot < 0 ? -1 : 1;
  for (let i = 0; i < 4; i++) expect(a[i]).toBeCloseTo(s * b[i], digits);
}
const mat3 = (v: number[]) => quatToMat3(new Float64Array(9), v);
const axisQuat = (axis: number[], a: number) => q('from-axis-angle', { axis, angle: a });

describe('math/quaternion', () => {
  it('from-euler gives the Euler rotation matrix in every order', () => {
    fc.assert(fc.property(euler, fc.constantFrom(...EULER_ORDERS), (e, order) => {
      const r = mat3(q('from-euler', { euler: e }, { order }));
      const m = eulerToMat3(new Float64Array(9), e, order);
      for (let i = 0; i < 9; i++) expect(r[i]).toBeCloseTo(m[i], 12);
    }));
  });

  it('XYZ applies X first: it is Z·Y·X built from axis-angles and multiply', () => {
    fc.assert(fc.property(euler, ([x, y, z]) => {
      const zy = q('multiply', { a: axisQuat([0, 0, 1], z), b: axisQuat([0, 1, 0], y) });
      const zyx = q('multiply', { a: zy, b: axisQuat([1, 0, 0], x) });
      expectSameRotation(q('from-euler', { euler: [x, y, z] }, { order: 'XYZ' }), zyx);
      const xy = q('multiply', { a: axisQuat([1, 0, 0], x), b: axisQuat([0, 1, 0], y) });
      expectSameRotation(q('from-euler', { euler: [x, y, z] }, { order: 'ZYX' }), q('multiply', { a: xy, b: axisQuat([0, 0, 1], z) }));
    }));
  });

  it('from-axis-angle turns counter-clockwise about any-length axes; an axis shorter than 3e-18 is no rotation', () => {
    const r = mat3(axisQuat([0, 0, 5], Math.PI / 2)); // X axis → Y axis
    [0, 1, 0].forEach((v, i) => { expect(r[i]).toBeCloseTo(v, 15); });
    expectSameRotation(axisQuat([0, 0, 1e-10], 1), axisQuat([0, 0, 1], 1));
    expectSameRotation(axisQuat([0, 0, 1e300], 1), axisQuat([0, 0, 1], 1));
    expect(axisQuat([0, 0, 1e-300], 1)).toEqual([0, 0, 0, 1]); // below Blender's normalize threshold
    expect(axisQuat([0, 0, 0], 1)).toEqual([0, 0, 0, 1]);
  });

  it('multiply by the inverse is the identity', () => {
    fc.assert(fc.property(quat, (a) => {
      expectSameRotation(q('multiply', { a, b: q('invert', { a }) }), [0, 0, 0, 1]);
      expectSameRotation(q('multiply', { a: q('invert', { a }), b: a }), [0, 0, 0, 1]);
    }));
  });

  it('normalizes inputs; a zero quaternion is the identity', () => {
    expect(q('invert', { a: [0, 0, 0, 0] })).toEqual([-0, -0, -0, 1]);
    expectSameRotation(q('multiply', { a: [0, 0, 0, 0], b: [0, 0, 2, 0] }), [0, 0, 1, 0]);
    expectSameRotation(q('multiply', { a: [0, 0, 0, 1e300], b: [0, 1e-300, 0, 0] }), [0, 1, 0, 0]);
  });

  it('slerp hits its endpoints and halves the angle between them', () => {
    fc.assert(fc.property(quat, quat, (a, b) => {
      const na = a.map((x) => x / Math.hypot(...a));
      const nb = b.map((x) => x / Math.hypot(...b));
      expectSameRotation(q('slerp', { a, b, factor: 0 }), na);
      expectSameRotation(q('slerp', { a, b, factor: 1 }), nb);
      const mid = q('slerp', { a, b, factor: 0.5 });
      const ang = (u: number[], v: number[]) => 2 * Math.acos(Math.min(1, Math.abs(u[0] * v[0] + u[1] * v[1] + u[2] * v[2] + u[3] * v[3])));
      expect(ang(na, mid)).toBeCloseTo(ang(na, nb) / 2, 6);
      expect(ang(mid, nb)).toBeCloseTo(ang(na, nb) / 2, 6);
    }));
    const half = q('slerp', { a: [0, 0, 0, 1], b: axisQuat([0, 0, 1], 2) }, {});
    expectSameRotation(half, axisQuat([0, 0, 1], 1));
  });
});
