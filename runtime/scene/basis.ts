// An object's or pose bone's own transform as a matrix: Blender's T(location) · R · S(scale).
import { mat4, quat } from 'gl-matrix';
import type { TransformProps } from './types';

const q = new Float64Array(4);
const axis = new Float64Array(3);

/** Writes T·R·S for Blender's location, rotation (in its rotation mode) and scale. */
export function basisMatrix(out: Float64Array, t: TransformProps): Float64Array {
  const loc = t.location ?? [0, 0, 0];
  const scale = t.scale ?? [1, 1, 1];
  const mode = t.rotation_mode ?? 'XYZ';
  mat4.identity(out);
  if (mode === 'QUATERNION') {
    const r = t.rotation_quaternion ?? [0, 0, 0, 1];
    quat.set(q, r[0], r[1], r[2], r[3]);
    if (quat.length(q) < 1e-12) quat.identity(q);
    quat.normalize(q, q);
    mat4.fromQuat(out, q);
  } else if (mode === 'AXIS_ANGLE') {
    const [angle, x, y, z] = t.rotation_axis_angle ?? [0, 0, 1, 0];
    axis[0] = x; axis[1] = y; axis[2] = z;
    // Blender treats a zero axis as no rotation.
    if (Math.hypot(x, y, z) > 1e-12) mat4.fromRotation(out, angle, axis);
  } else {
    eulerOrderMatrix(out, t.rotation_euler ?? [0, 0, 0], mode);
  }
  mat4.scale(out, out, [scale[0], scale[1], scale[2]]);
  out[12] = loc[0]; out[13] = loc[1]; out[14] = loc[2];
  return out;
}

/** Euler rotation in Blender's convention: "XYZ" applies X first, so R = Rz·Ry·Rx. */
function eulerOrderMatrix(out: Float64Array, e: number[], order: string): void {
  // Right-multiplying by the last-applied axis first builds R = R_last · … · R_first.
  for (let i = 2; i >= 0; i--) {
    const a = order[i];
    if (a === 'X') mat4.rotateX(out, out, e[0]);
    else if (a === 'Y') mat4.rotateY(out, out, e[1]);
    else mat4.rotateZ(out, out, e[2]);
  }
}
