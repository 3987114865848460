// An owner's rotation mode keyed in its action (an animator switching a control to quaternions and
// back). Blender's animation system writes the mode through RNA, whose setter converts the owner's
// rotation values from the mode it had to the new one (BKE_rotMode_change_values) before setting it,
// and only when the value differs from the one the owner holds (BKE_animsys_write_to_rna_path). So a
// mode curve evaluated after the rotation curves replaces what they wrote with the converted old
// rotation, one evaluated before them is overwritten by them, and the owner keeps the mode (and the
// converted values of channels no curve writes) from one frame to the next.
// Here in nodes/math so that the runtime's animation (runtime/rig/animation.ts) and the Action
// constraint's scratch copy (nodes/constraints/relationship/action-pose.ts) convert alike.
import type { RotationMode } from './basis';
import { EULER_ORDERS, mat3NormalizedToEuler, type EulerOrder } from './euler';
import { FLT_EPSILON } from './float32';
import { axisAngleToQuat, eulerToQuat, normalizeQuatTo, quatToAxisAngle, quatToMat3 } from './quaternion';

/** The mode of Blender's `rotmode` value (the number a rotation_mode F-curve holds); undefined for no mode. */
export function rotationModeOfValue(value: number): RotationMode | undefined {
  if (value === 0) return 'QUATERNION';
  if (value === -1) return 'AXIS_ANGLE';
  return Number.isInteger(value) && value >= 1 && value <= 6 ? EULER_ORDERS[value - 1] : undefined;
}

/** Blender's `rotmode` number of a mode (what a rotation_mode curve holds for it). */
export function rotationModeValue(mode: RotationMode): number {
  return mode === 'QUATERNION' ? 0 : mode === 'AXIS_ANGLE' ? -1 : EULER_ORDERS.indexOf(mode) + 1;
}

/** The Euler order Blender's constraints and drivers take for a mode: XYZ for quaternion and axis-angle. */
export function eulerOrderOfMode(mode: RotationMode): EulerOrder {
  return mode === 'QUATERNION' || mode === 'AXIS_ANGLE' ? 'XYZ' : mode;
}

const q = new Float64Array(4);
const m = new Float64Array(9);
const eul = new Float64Array(3);
const aa = new Float64Array(4);

/**
 * BKE_rotMode_change_values on an owner's rotations, which start at `at` in `channels`: the Euler
 * angles (3), the quaternion ([x, y, z, w]) and the axis-angle ([angle, x, y, z]) in a row, as the
 * runtime's channel array (runtime/rig/scene/data-path.ts) and the Action constraint's copy keep
 * them. The rotation held in mode `from` written into the channels of mode `to`. Between Euler orders
 * nothing changes (the angles are read in the new order); to a quaternion from Euler or axis-angle,
 * to Euler or axis-angle from a quaternion (normalized in place first, as Blender's normalize_qt),
 * and an axis-angle whose axis comes out with three equal parts gets Y = 1. Allocates nothing.
 */
export function changeRotationMode(channels: Float64Array, at: number, from: RotationMode, to: RotationMode): void {
  const EULER = at, QUAT = at + 3, AXIS_ANGLE = at + 7;
  if (from === to || (from !== 'QUATERNION' && from !== 'AXIS_ANGLE' && to !== 'QUATERNION' && to !== 'AXIS_ANGLE')) return;
  // The rotation `from` holds, as a quaternion in q.
  if (from === 'QUATERNION') {
    for (let i = 0; i < 4; i++) q[i] = channels[QUAT + i];
    normalizeQuatTo(q, q);
    channels.set(q, QUAT);
  } else if (from === 'AXIS_ANGLE') {
    for (let i = 0; i < 4; i++) aa[i] = channels[AXIS_ANGLE + i];
    axisAngleToQuat(q, aa);
  } else {
    for (let i = 0; i < 3; i++) eul[i] = channels[EULER + i];
    eulerToQuat(q, eul, from);
  }
  if (to === 'QUATERNION') channels.set(q, QUAT);
  else if (to === 'AXIS_ANGLE') {
    quatToAxisAngle(aa, q);
    // Blender's exception for an axis with no direction: the roll about Y.
    if (Math.abs(aa[1] - aa[2]) < FLT_EPSILON && Math.abs(aa[2] - aa[3]) < FLT_EPSILON) aa[2] = 1;
    channels.set(aa, AXIS_ANGLE);
  } else channels.set(mat3NormalizedToEuler(eul, quatToMat3(m, q), to), EULER);
}
