// Blender's conversion of an owner's rotation values when its rotation mode changes
// (nodes/math/rotation-mode-change.ts, BKE_rotMode_change_values): whatever the two modes, the
// basis built from the new mode's channels is the rotation the old mode's channels held (but for
// Blender's exception for an axis-angle about a diagonal), and between Euler orders the angles are
// left as they are (Blender reads them in the new order).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basisMatrix, type RotationMode } from '../../../nodes/math/basis';
import { changeRotationMode, rotationModeOfValue } from '../../../nodes/math/rotation-mode-change';
import { CHANNEL_COUNT, CHANNELS } from '../../../runtime/rig/scene/data-path';

const MODES: RotationMode[] = ['XYZ', 'XZY', 'YXZ', 'YZX', 'ZXY', 'ZYX', 'QUATERNION', 'AXIS_ANGLE'];
const angle = fc.double({ min: -Math.PI, max: Math.PI, noNaN: true });
const part = fc.double({ min: -1, max: 1, noNaN: true });

/** An owner's channels with every rotation set at random (a quaternion not normalized, an axis not unit). */
const channels = fc.tuple(fc.array(angle, { minLength: 3, maxLength: 3 }), fc.array(part, { minLength: 4, maxLength: 4 }), angle, fc.array(part, { minLength: 3, maxLength: 3 }))
  .filter(([, quat, , axis]) => Math.hypot(...quat) > 0.1 && Math.hypot(...axis) > 0.1)
  .map(([euler, quat, a, axis]) => {
    const c = new Float64Array(CHANNEL_COUNT);
    c.set(euler, CHANNELS.rotation_euler.offset);
    c.set(quat, CHANNELS.rotation_quaternion.offset);
    c.set([a, ...axis], CHANNELS.rotation_axis_angle.offset);
    return c;
  });

function basisOf(c: Float64Array, mode: RotationMode): Float64Array {
  const view = (name: keyof typeof CHANNELS) => c.subarray(CHANNELS[name].offset, CHANNELS[name].offset + CHANNELS[name].size);
  return basisMatrix(new Float64Array(16), { rotation_mode: mode, rotation_euler: view('rotation_euler'), rotation_quaternion: view('rotation_quaternion'), rotation_axis_angle: view('rotation_axis_angle') });
}

describe('changeRotationMode', () => {
  it('keeps the rotation across any change of mode that converts', () => {
    fc.assert(fc.property(channels, fc.constantFrom(...MODES), fc.constantFrom(...MODES), (c, from, to) => {
      const before = basisOf(c, from);
      const euler = Array.from(c.subarray(CHANNELS.rotation_euler.offset, CHANNELS.rotation_euler.offset + 3));
      changeRotationMode(c, CHANNELS.rotation_euler.offset, from, to);
      const eulerToEuler = from !== 'QUATERNION' && from !== 'AXIS_ANGLE' && to !== 'QUATERNION' && to !== 'AXIS_ANGLE';
      if (eulerToEuler) {
        // Blender converts nothing between Euler orders: the same angles, read in the new order.
        expect(Array.from(c.subarray(CHANNELS.rotation_euler.offset, CHANNELS.rotation_euler.offset + 3))).toEqual(euler);
        return;
      }
      if (to === 'AXIS_ANGLE') {
        // Blender's exception: an axis that comes out with three equal parts (a turn about a diagonal)
        // gets Y = 1, which changes the rotation (measured in 3.4.1: a quaternion about (1, 1, 1) made
        // axis-angle gives the axis (0.577, 1, 0.577)).
        const [, x, y, z] = c.subarray(CHANNELS.rotation_axis_angle.offset, CHANNELS.rotation_axis_angle.offset + 4);
        if (y === 1 && Math.abs(x - z) < 2.4e-7) return;
      }
      const after = basisOf(c, to);
      // Within Blender's own Euler decomposition near gimbal lock (mat3_normalized_to_eulO takes a
      // cosine below 16·FLT_EPSILON, 1.9e-6, for zero, so elements may move by about twice that: 2.7e-6
      // was seen); a wrong conversion is off by far more.
      for (let i = 0; i < 16; i++) expect(Math.abs(after[i] - before[i])).toBeLessThan(1e-5);
    }), { numRuns: 2000 });
  });

  it('gives a turn about the diagonal, made axis-angle, the axis Blender gives it: Y set to 1', () => {
    const c = new Float64Array(CHANNEL_COUNT);
    const s = Math.sin(1) / Math.sqrt(3);
    c.set([s, s, s, Math.cos(1)], CHANNELS.rotation_quaternion.offset); // 2 rad about (1, 1, 1)
    changeRotationMode(c, CHANNELS.rotation_euler.offset, 'QUATERNION', 'AXIS_ANGLE');
    const aa = Array.from(c.subarray(CHANNELS.rotation_axis_angle.offset, CHANNELS.rotation_axis_angle.offset + 4));
    // Blender 3.4.1 (Python, setting rotation_mode): (2.0, 0.57735, 1.0, 0.57735).
    expect(aa.map((v) => Math.round(v * 1e5) / 1e5)).toEqual([2, 0.57735, 1, 0.57735]);
  });

  it('reads the mode numbers a rotation_mode curve holds as Blender numbers them, and nothing else', () => {
    expect([0, 1, 2, 3, 4, 5, 6, -1].map(rotationModeOfValue)).toEqual(['QUATERNION', 'XYZ', 'XZY', 'YXZ', 'YZX', 'ZXY', 'ZYX', 'AXIS_ANGLE']);
    expect([7, -2, 0.5, Number.NaN].map(rotationModeOfValue)).toEqual([undefined, undefined, undefined, undefined]);
  });
});
