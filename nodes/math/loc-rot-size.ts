// A 4x4 split into location, rotation and size, and built back, exactly as Blender's math_matrix.c
// does it (mat4_to_size, mat4_to_loc_rot_size, loc_rot_size_to_mat4, loc_eulO_size_to_mat4,
// mat4_to_volume_scale, is_negative_m4). 4x4 column-major (translation at 12, 13, 14); the rotation
// part is a 3x3 at 3c + r. Nothing here allocates.
import { eulerToMat3, type EulerOrder } from './euler';
import { mat3Determinant } from './mat3';

/** Length of each of the three axis columns (Blender's `mat4_to_size`); always ≥ 0. */
export function mat4ToSize(out: Float64Array, m: ArrayLike<number>): Float64Array {
  out[0] = Math.sqrt(m[0] * m[0] + m[1] * m[1] + m[2] * m[2]);
  out[1] = Math.sqrt(m[4] * m[4] + m[5] * m[5] + m[6] * m[6]);
  out[2] = Math.sqrt(m[8] * m[8] + m[9] * m[9] + m[10] * m[10]);
  return out;
}

/** Determinant of the 3x3 part: the volume scale, negative when the matrix mirrors (Blender's `mat4_to_volume_scale`). */
export function mat4VolumeScale(m: ArrayLike<number>): number {
  return (
    m[0] * (m[5] * m[10] - m[9] * m[6]) -
    m[4] * (m[1] * m[10] - m[9] * m[2]) +
    m[8] * (m[1] * m[6] - m[5] * m[2])
  );
}

/** Whether the 3x3 part mirrors space (Blender's `is_negative_m4`). */
export function isNegativeMat4(m: ArrayLike<number>): boolean {
  return mat4VolumeScale(m) < 0;
}

/**
 * Location, normalized axes and axis lengths of a 4x4 (Blender's `mat4_to_loc_rot_size`). A
 * (near-)zero axis gives a zero column and size 0; a mirroring matrix gives negated axes and sizes,
 * so that rot·size still rebuilds it. `loc`, `rot` (3x3) and `size` are written; `m` is not changed.
 */
export function mat4ToLocRotSize(loc: Float64Array, rot: Float64Array, size: Float64Array, m: ArrayLike<number>): void {
  for (let c = 0; c < 3; c++) {
    const x = m[4 * c], y = m[4 * c + 1], z = m[4 * c + 2];
    const d = x * x + y * y + z * z;
    // Blender's normalize_v3_v3: below 1e-35 the axis becomes zero and its length 0.
    if (d > 1e-35) {
      const len = Math.sqrt(d);
      const inv = 1 / len;
      rot[3 * c] = x * inv; rot[3 * c + 1] = y * inv; rot[3 * c + 2] = z * inv;
      size[c] = len;
    } else {
      rot[3 * c] = 0; rot[3 * c + 1] = 0; rot[3 * c + 2] = 0;
      size[c] = 0;
    }
  }
  if (mat3Determinant(rot) < 0) {
    for (let i = 0; i < 9; i++) rot[i] = -rot[i];
    size[0] = -size[0]; size[1] = -size[1]; size[2] = -size[2];
  }
  loc[0] = m[12]; loc[1] = m[13]; loc[2] = m[14];
}

/** T(loc)·rot·S(size) (Blender's `loc_rot_size_to_mat4`); `out` may be the matrix the parts came from. */
export function locRotSizeToMat4(out: Float64Array, loc: ArrayLike<number>, rot: ArrayLike<number>, size: ArrayLike<number>): Float64Array {
  for (let c = 0; c < 3; c++) {
    const s = size[c];
    out[4 * c] = rot[3 * c] * s;
    out[4 * c + 1] = rot[3 * c + 1] * s;
    out[4 * c + 2] = rot[3 * c + 2] * s;
    out[4 * c + 3] = 0;
  }
  out[12] = loc[0]; out[13] = loc[1]; out[14] = loc[2]; out[15] = 1;
  return out;
}

const eulerRot = new Float64Array(9);

/** T(loc)·R(eul, order)·S(size) (Blender's `loc_eulO_size_to_mat4`). */
export function locEulerSizeToMat4(
  out: Float64Array,
  loc: ArrayLike<number>,
  eul: ArrayLike<number>,
  size: ArrayLike<number>,
  order: EulerOrder,
): Float64Array {
  return locRotSizeToMat4(out, loc, eulerToMat3(eulerRot, eul, order), size);
}
