import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { axisAngleToMat3, axisAngleValueToMat3 } from '../../../nodes/math/axis-angle';
import { eulerToMat3 } from '../../../nodes/math/euler';
import {
  mat3NormalizedToQuat,
  mat3ToQuat,
  mat4ToQuat,
  axisAngleToQuat,
  invertQuat,
  multiplyQuat,
  normalizeQuat,
  rotateVec3ByQuat,
  rotationBetweenQuats,
  setQuatAxisAngle,
  slerpQuat,
  quatToAxisAngle,
  quatToMat3,
  quatToMat4,
} from '../../../nodes/math/quaternion';
import { rotationBetweenToMat3, rotationBetweenToQuat } from '../../../nodes/math/rotation-between';
import {
  anyMat3,
  basis3,
  euler,
  expectClose,
  expectFinite,
  loadFixtures,
  mul3,
  nonZeroVec3,
  orthonormalError,
  unitQuat,
  vec3,
} from './helpers';

const q4 = () => new Float64Array(4);
const m9 = () => new Float64Array(9);

function angleBetween(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const d = (a[0] * b[0] + a[1] * b[1] + a[2] * b[2]) / (Math.hypot(a[0], a[1], a[2]) * Math.hypot(b[0], b[1], b[2]));
  return Math.acos(Math.max(-1, Math.min(1, d)));
}

describe('quaternion ↔ matrix', () => {
  it('mat3ToQuat(quatToMat3(q)) = ±q with w ≥ 0', () => {
    fc.assert(
      fc.property(unitQuat, (q) => {
        const back = mat3NormalizedToQuat(q4(), quatToMat3(m9(), q));
        expect(back[3]).toBeGreaterThanOrEqual(0);
        const s = Math.sign(back[0] * q[0] + back[1] * q[1] + back[2] * q[2] + back[3] * q[3]) || 1;
        expectClose(back.map((x) => s * x), q, 1e-14);
      }),
      { numRuns: 500 },
    );
  });

  it('quatToMat3 gives an orthonormal proper rotation that rotates like rotateVec3ByQuat', () => {
    fc.assert(
      fc.property(unitQuat, vec3, (q, v) => {
        const m = quatToMat3(m9(), q);
        expect(orthonormalError(m)).toBeLessThan(1e-14);
        const mv = [0, 1, 2].map((r) => m[r] * v[0] + m[3 + r] * v[1] + m[6 + r] * v[2]);
        expectClose(rotateVec3ByQuat(new Float64Array(3), q, v), mv, 1e-13);
      }),
    );
  });

  it('mat3ToQuat ignores column scale and reads a negative matrix as its negation', () => {
    fc.assert(
      fc.property(euler, fc.double({ min: 0.01, max: 100, noNaN: true }), (e, s) => {
        const r = eulerToMat3(m9(), e, 'XYZ');
        const ref = mat3NormalizedToQuat(q4(), r);
        const scaled = r.map((x, i) => x * (i < 3 ? s : i < 6 ? 1 / s : 3));
        expectClose(mat3ToQuat(q4(), scaled), ref, 1e-13);
        expectClose(mat3ToQuat(q4(), scaled.map((x) => -x)), ref, 1e-13);
        const m4 = new Float64Array([...scaled.slice(0, 3), 0, ...scaled.slice(3, 6), 0, ...scaled.slice(6), 0, 5, 6, 7, 1]);
        expectClose(mat4ToQuat(q4(), m4), ref, 1e-13);
      }),
    );
  });

  it('is defined (finite, unit) for any 3x3 including zero and singular ones', () => {
    fc.assert(
      fc.property(anyMat3, (m) => {
        const q = mat3ToQuat(q4(), m);
        expectFinite(q);
        expect(Math.abs(Math.hypot(...q) - 1)).toBeLessThan(1e-14);
      }),
    );
    expectClose(mat3ToQuat(q4(), new Float64Array(9)), [0, 0, 0, 1], 0);
    expectClose(mat3ToQuat(q4(), [NaN, 0, 0, 0, 1, 0, 0, 0, 1]), [0, 0, 0, 1], 0);
  });

  it('quatToMat4 has identity translation', () => {
    const m = quatToMat4(new Float64Array(16), [0, Math.SQRT1_2, 0, Math.SQRT1_2]);
    expectClose(basis3(m), quatToMat3(m9(), [0, Math.SQRT1_2, 0, Math.SQRT1_2]), 0);
    expect(Array.from(m.slice(12))).toEqual([0, 0, 0, 1]);
  });
});

describe('quaternion algebra', () => {
  it('multiply composes like matrices (b first, then a)', () => {
    fc.assert(
      fc.property(unitQuat, unitQuat, (a, b) => {
        const ab = multiplyQuat(q4(), a, b);
        expectClose(quatToMat3(m9(), ab), mul3(quatToMat3(m9(), a), quatToMat3(m9(), b)), 1e-14);
      }),
    );
  });

  it('invert gives q·q⁻¹ = 1 for any non-zero quaternion, and rotation between quats is a⁻¹·b', () => {
    fc.assert(
      fc.property(unitQuat, fc.double({ min: 0.1, max: 10, noNaN: true }), unitQuat, (q, s, b) => {
        const scaled = q.map((x) => x * s);
        expectClose(multiplyQuat(q4(), scaled, invertQuat(q4(), scaled)), [0, 0, 0, 1], 1e-14);
        expectClose(multiplyQuat(q4(), q, rotationBetweenQuats(q4(), q, b)), b, 1e-14);
      }),
    );
    expectClose(invertQuat(q4(), [0, 0, 0, 0]), [0, 0, 0, 0], 0);
  });

  it('normalize returns the length; zero becomes 180° about X like Blender', () => {
    const out = q4();
    expect(normalizeQuat(out, [0, 0, 0, 2])).toBe(2);
    expectClose(out, [0, 0, 0, 1], 0);
    expect(normalizeQuat(out, [0, 0, 0, 0])).toBe(0);
    expectClose(out, [1, 0, 0, 0], 0);
  });
});

describe('axis-angle', () => {
  it('axisAngleToQuat matches axisAngleValueToMat3 and round-trips through quatToAxisAngle', () => {
    fc.assert(
      fc.property(fc.double({ min: -3, max: 3, noNaN: true }), nonZeroVec3, (a, axis) => {
        const aa = [a, axis[0], axis[1], axis[2]];
        const q = axisAngleToQuat(q4(), aa);
        expectClose(quatToMat3(m9(), q), axisAngleValueToMat3(m9(), aa), 1e-14);
        expectClose(setQuatAxisAngle(q4(), axis, a), q, 0);
        const back = quatToAxisAngle(q4(), q);
        expectClose(axisAngleValueToMat3(m9(), back), axisAngleValueToMat3(m9(), aa), 1e-9);
      }),
    );
  });

  it('a zero axis is the identity', () => {
    expectClose(axisAngleToQuat(q4(), [1.3, 0, 0, 0]), [0, 0, 0, 1], 0);
    expectClose(axisAngleToMat3(m9(), [0, 0, 0], 2), [1, 0, 0, 0, 1, 0, 0, 0, 1], 0);
    expectClose(quatToAxisAngle(q4(), [0, 0, 0, 1]), [0, 0, 1, 0], 0);
  });
});

describe('slerp (interp_qt_qtqt)', () => {
  it('returns the ends at t = 0 and 1 and goes the short way', () => {
    fc.assert(
      fc.property(unitQuat, unitQuat, fc.double({ min: 0, max: 1, noNaN: true }), (a, b, t) => {
        expectClose(quatToMat3(m9(), slerpQuat(q4(), a, b, 0)), quatToMat3(m9(), a), 1e-13);
        expectClose(quatToMat3(m9(), slerpQuat(q4(), a, b, 1)), quatToMat3(m9(), b), 1e-13);
        const r = slerpQuat(q4(), a, b, t);
        expectFinite(r);
        // The rotation angle from a grows linearly along the shortest arc (outside the lerp fallback).
        const dot = Math.abs(a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]);
        fc.pre(dot < 1 - 1e-4);
        const rn = r.map((x) => x / Math.hypot(...r));
        const full = 2 * Math.acos(Math.min(1, dot));
        const part = 2 * Math.acos(Math.min(1, Math.abs(a[0] * rn[0] + a[1] * rn[1] + a[2] * rn[2] + a[3] * rn[3])));
        expect(Math.abs(part - t * full)).toBeLessThan(1e-7);
        expect(full).toBeLessThanOrEqual(Math.PI + 1e-12);
      }),
    );
  });
});

describe('rotation between two directions', () => {
  it('takes from onto to by the smallest angle, about an axis perpendicular to both', () => {
    fc.assert(
      fc.property(nonZeroVec3, nonZeroVec3, (f, t) => {
        const q = rotationBetweenToQuat(q4(), f, t);
        const m = rotationBetweenToMat3(m9(), f, t);
        expect(orthonormalError(m)).toBeLessThan(1e-14);
        expectClose(quatToMat3(m9(), q), m, 1e-14);
        const rf = rotateVec3ByQuat(new Float64Array(3), q, f);
        const lf = Math.hypot(...f), lt = Math.hypot(...t);
        expectClose(rf.map((x) => x / lf), t.map((x) => x / lt), 1e-14);
        expect(Math.abs(2 * Math.acos(Math.min(1, Math.abs(q[3]))) - angleBetween(f, t))).toBeLessThan(1e-7);
      }),
    );
  });

  it('stays exact for nearly opposite and nearly equal directions', () => {
    fc.assert(
      fc.property(nonZeroVec3, vec3, fc.constantFrom(1e-6, 1e-9, 1e-12, 0), fc.boolean(), (f, noise, eps, flip) => {
        const t = f.map((x, i) => (flip ? -x : x) + eps * noise[i]);
        const q = rotationBetweenToQuat(q4(), f, t);
        const rf = rotateVec3ByQuat(new Float64Array(3), q, f);
        const lf = Math.hypot(...f), lt = Math.hypot(...t);
        expectClose(rf.map((x) => x / lf), t.map((x) => x / lt), 1e-13);
        const m = rotationBetweenToMat3(m9(), f, t);
        expect(orthonormalError(m)).toBeLessThan(1e-14);
      }),
    );
  });

  it('is the identity when either vector is zero', () => {
    expectClose(rotationBetweenToQuat(q4(), [0, 0, 0], [1, 2, 3]), [0, 0, 0, 1], 0);
    expectClose(rotationBetweenToMat3(m9(), [1, 2, 3], [0, 0, 0]), [1, 0, 0, 0, 1, 0, 0, 0, 1], 0);
  });
});

describe('Blender fixtures', () => {
  it('QUATERNION and AXIS_ANGLE objects rebuild their world rotation', () => {
    let checked = 0;
    for (const c of loadFixtures()) {
      for (const ob of c.objects) {
        if (ob.parent !== null || (ob.rotation_mode !== 'QUATERNION' && ob.rotation_mode !== 'AXIS_ANGLE')) continue;
        const m = basis3(c.expected_unconstrained.objects[ob.name]);
        for (let col = 0; col < 3; col++) for (let r = 0; r < 3; r++) m[3 * col + r] /= ob.scale[col];
        let rot: Float64Array;
        if (ob.rotation_mode === 'QUATERNION') {
          // Blender normalizes rotation_quaternion before use.
          const q = q4();
          normalizeQuat(q, ob.rotation_quaternion);
          rot = quatToMat3(m9(), q);
        } else {
          rot = axisAngleValueToMat3(m9(), ob.rotation_axis_angle);
          expectClose(quatToMat3(m9(), axisAngleToQuat(q4(), ob.rotation_axis_angle)), rot, 1e-14);
        }
        expectClose(rot, m, 2e-6, `${c.name}/${ob.name}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});
