// An object's basis with its delta transform (Blender's BKE_object_to_mat4): the deltas compose as
// T(loc + dloc) · Rdelta · R · S(scale ⊙ dscale) in every rotation mode, and identity deltas give
// basisMatrix's matrix number for number (an object without deltas never takes this path, but one
// whose animated deltas pass through identity must not jump).
import fc from 'fast-check';
import { mat4 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { basisMatrix, type BasisInput, type RotationMode } from '../../../nodes/math/basis';
import { createDeltaChannels, hasDeltas, objectBasisMatrix, type DeltaInput } from '../../../nodes/math/object-basis';
import { euler, expectClose, unitQuat, vec3 } from './helpers';

const MODES: RotationMode[] = ['XYZ', 'XZY', 'YXZ', 'YZX', 'ZXY', 'ZYX', 'QUATERNION', 'AXIS_ANGLE'];
const mode = fc.constantFrom(...MODES);
const scale = fc.tuple(fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true }));
/** A quaternion as a scene may hold it: not unit length. */
const anyQuat = fc.tuple(unitQuat, fc.double({ min: 0.2, max: 5, noNaN: true })).map(([q, k]) => q.map((x) => x * k));
const axisAngle = fc.tuple(fc.double({ min: -7, max: 7, noNaN: true }), unitQuat).map(([a, q]) => [a, q[0], q[1], q[2]]);

const transform = fc.record({
  rotation_mode: mode, location: vec3, rotation_euler: euler, rotation_quaternion: anyQuat, rotation_axis_angle: axisAngle, scale,
});
const deltas = fc.record({ delta_location: vec3, delta_rotation_euler: euler, delta_rotation_quaternion: anyQuat, delta_scale: scale });

/** The same composition built independently: the delta rotation alone and the scaled rotation alone, multiplied. */
function composed(t: BasisInput & { scale: ArrayLike<number>; location: ArrayLike<number> }, d: Required<DeltaInput>): Float64Array {
  const m = t.rotation_mode ?? 'XYZ';
  const deltaRotation = m === 'AXIS_ANGLE' ? mat4.create() : basisMatrix(new Float64Array(16), { rotation_mode: m, rotation_euler: d.delta_rotation_euler, rotation_quaternion: d.delta_rotation_quaternion });
  const scaled = basisMatrix(new Float64Array(16), { ...t, location: [0, 0, 0], scale: [0, 1, 2].map((i) => t.scale[i] * d.delta_scale[i]) });
  const out = mat4.multiply(new Float64Array(16), deltaRotation, scaled) as Float64Array;
  for (let i = 0; i < 3; i++) out[12 + i] = t.location[i] + d.delta_location[i];
  return out;
}

describe('objectBasisMatrix (Blender 3.4 BKE_object_to_mat4)', () => {
  it('turns by the delta rotation after the rotation (premultiplied), in the object\'s rotation mode; scales by the product; moves by the sum', () => {
    fc.assert(fc.property(transform, deltas, (t, d) => {
      const got = objectBasisMatrix(new Float64Array(16), t, createDeltaChannels(d));
      expectClose(got, composed(t, d), 1e-9);
    }));
  });

  it('identity deltas give basisMatrix number for number, in every mode (a −0 location becomes 0: loc + dloc)', () => {
    fc.assert(fc.property(transform, (t) => {
      const got = objectBasisMatrix(new Float64Array(16), t, createDeltaChannels({}));
      expect(Array.from(got)).toEqual(Array.from(basisMatrix(new Float64Array(16), t), (x) => x + 0));
    }));
  });

  it('reads only the delta of its mode: a delta Euler rotation does nothing to a QUATERNION or AXIS_ANGLE object, a delta quaternion nothing to an Euler one', () => {
    fc.assert(fc.property(transform, deltas, (t, d) => {
      const off = t.rotation_mode === 'QUATERNION'
        ? { ...d, delta_rotation_euler: [0, 0, 0] }
        : { ...d, delta_rotation_quaternion: [0, 0, 0, 1], ...(t.rotation_mode === 'AXIS_ANGLE' && { delta_rotation_euler: [0, 0, 0] }) };
      const a = objectBasisMatrix(new Float64Array(16), t, createDeltaChannels(d));
      const b = objectBasisMatrix(new Float64Array(16), t, createDeltaChannels(off));
      expect(Array.from(a)).toEqual(Array.from(b));
    }));
  });

  it('normalizes the delta quaternion; a zero one turns 180° about X, as Blender 3.4 measured (normalize_qt)', () => {
    const t = { rotation_mode: 'QUATERNION' as const };
    const m = objectBasisMatrix(new Float64Array(16), t, createDeltaChannels({ delta_rotation_quaternion: [0, 0, 0, 0] }));
    expect(Array.from(m)).toEqual([1, 0, 0, 0, 0, -1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1]);
    fc.assert(fc.property(unitQuat, fc.double({ min: 0.1, max: 10, noNaN: true }), (dq, k) => {
      const unit = objectBasisMatrix(new Float64Array(16), t, createDeltaChannels({ delta_rotation_quaternion: dq }));
      const long = objectBasisMatrix(new Float64Array(16), t, createDeltaChannels({ delta_rotation_quaternion: dq.map((x) => x * k) }));
      expectClose(long, unit, 1e-12);
    }));
  });
});

describe('basisMatrix, quaternion mode', () => {
  it('a zero rotation_quaternion turns 180° about X and a tiny one is normalized, as Blender 3.4.1 shows (normalize_qt)', () => {
    // Blender 3.4.1, an empty with rotation_quaternion (0, 0, 0, 0), then (0, 1e-13, 0, 0) (w first):
    // matrix_world rows [1 0 0] [0 −1 0] [0 0 −1] both times (the second −0.99999976 in float32).
    const flip = [1, 0, 0, 0, 0, -1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1];
    expectClose(basisMatrix(new Float64Array(16), { rotation_mode: 'QUATERNION', rotation_quaternion: [0, 0, 0, 0] }), flip, 0);
    expectClose(basisMatrix(new Float64Array(16), { rotation_mode: 'QUATERNION', rotation_quaternion: [1e-13, 0, 0, 0] }), flip, 1e-15);
    fc.assert(fc.property(unitQuat, fc.constantFrom(1e-30, 1e-13, 0.5, 7), (q, k) => {
      const unit = basisMatrix(new Float64Array(16), { rotation_mode: 'QUATERNION', rotation_quaternion: q });
      expectClose(basisMatrix(new Float64Array(16), { rotation_mode: 'QUATERNION', rotation_quaternion: q.map((x) => x * k) }), unit, 1e-12);
    }));
  });
});

describe('hasDeltas', () => {
  it('is false exactly when the deltas of the mode are absent or identity', () => {
    fc.assert(fc.property(transform, deltas, fc.boolean(), (t, d, keep) => {
      const identity = { delta_location: [0, -0, 0], delta_rotation_euler: [0, 0, 0], delta_rotation_quaternion: [0, 0, 0, 1], delta_scale: [1, 1, 1] };
      expect(hasDeltas({ ...t, ...(keep ? identity : {}) })).toBe(false);
      const changed = { ...t, ...identity, delta_location: d.delta_location };
      expect(hasDeltas(changed)).toBe(d.delta_location.some((x) => x !== 0));
      // A delta rotation of another mode does not count.
      const other = t.rotation_mode === 'QUATERNION' ? { delta_rotation_euler: [1, 2, 3] } : { delta_rotation_quaternion: [0.5, 0.5, 0.5, 0.5] };
      expect(hasDeltas({ ...t, ...other })).toBe(false);
    }));
    expect(hasDeltas({ rotation_mode: 'AXIS_ANGLE', delta_rotation_euler: [1, 0, 0] })).toBe(false);
    expect(hasDeltas({ rotation_mode: 'ZXY', delta_rotation_euler: [0, 0, 1e-300] })).toBe(true);
    expect(hasDeltas({ delta_scale: [1, 1, 0.5] })).toBe(true);
  });
});
