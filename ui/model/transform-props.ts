// A basis matrix written back as Blender's location / rotation (in the object's own rotation mode) /
// scale, so a target dragged in the viewport is saved the way Blender would store it.
import { mat3NormalizedToEuler } from '../../nodes/math/euler';
import { mat3NormalizedToQuat, quatToAxisAngle } from '../../nodes/math/quaternion';
import type { TransformProps } from '../../runtime/rig/scene/types';

const loc = new Float64Array(3);
const rot = new Float64Array(9);
const size = new Float64Array(3);
const q = new Float64Array(4);
const e = new Float64Array(3);
const aa = new Float64Array(4);

const tidy = (v: ArrayLike<number>) => Array.from(v, (x) => Math.round(x * 1e6) / 1e6 + 0);

/** The transform props for `basis`, keeping the rotation mode `current` has. */
export function transformPropsFromMatrix(basis: ArrayLike<number>, current: TransformProps): TransformProps {
  splitBasis(basis);
  const out: TransformProps = { location: tidy(loc), scale: tidy(size) };
  const mode = current.rotation_mode ?? 'XYZ';
  mat3NormalizedToQuat(q, rot);
  if (mode === 'QUATERNION') out.rotation_quaternion = tidy(q);
  else if (mode === 'AXIS_ANGLE') out.rotation_axis_angle = tidy(quatToAxisAngle(aa, q));
  else out.rotation_euler = tidy(mat3NormalizedToEuler(e, rot, mode));
  return out;
}

/** Location, normalized axes (3x3, column-major) and axis lengths; a mirrored basis gets negative sizes. */
function splitBasis(m: ArrayLike<number>): void {
  for (let c = 0; c < 3; c++) {
    const x = m[4 * c], y = m[4 * c + 1], z = m[4 * c + 2];
    const len = Math.hypot(x, y, z);
    const inv = len > 1e-12 ? 1 / len : 0;
    rot[3 * c] = x * inv; rot[3 * c + 1] = y * inv; rot[3 * c + 2] = z * inv;
    size[c] = len;
  }
  const det =
    rot[0] * (rot[4] * rot[8] - rot[7] * rot[5]) - rot[3] * (rot[1] * rot[8] - rot[7] * rot[2]) + rot[6] * (rot[1] * rot[5] - rot[4] * rot[2]);
  if (det < 0) {
    for (let i = 0; i < 9; i++) rot[i] = -rot[i];
    for (let i = 0; i < 3; i++) size[i] = -size[i];
  }
  loc[0] = m[12]; loc[1] = m[13]; loc[2] = m[14];
}
