// 3x3 matrices the way Blender's math_matrix.c combines them (mul_m3_m3m3, determinant_m3_array,
// copy_m3_m4). Column-major: element (row r, column c) of a 3x3 is at 3c + r, of a 4x4 at 4c + r.
// Every function writes into `out` (which may alias an input) and allocates nothing.

/** a·b: b is applied first, then a (Blender's `mul_m3_m3m3`). */
export function mat3Multiply(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  const a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3], a4 = a[4], a5 = a[5], a6 = a[6], a7 = a[7], a8 = a[8];
  for (let c = 0; c < 3; c++) {
    const b0 = b[3 * c], b1 = b[3 * c + 1], b2 = b[3 * c + 2];
    out[3 * c] = a0 * b0 + a3 * b1 + a6 * b2;
    out[3 * c + 1] = a1 * b0 + a4 * b1 + a7 * b2;
    out[3 * c + 2] = a2 * b0 + a5 * b1 + a8 * b2;
  }
  return out;
}

/** Determinant of a 3x3 (Blender's `determinant_m3_array`). */
export function mat3Determinant(m: ArrayLike<number>): number {
  return (
    m[0] * (m[4] * m[8] - m[7] * m[5]) -
    m[3] * (m[1] * m[8] - m[7] * m[2]) +
    m[6] * (m[1] * m[5] - m[4] * m[2])
  );
}

/** The 3x3 part of a 4x4 (Blender's `copy_m3_m4`). */
export function mat3FromMat4(out: Float64Array, m: ArrayLike<number>): Float64Array {
  out[0] = m[0]; out[1] = m[1]; out[2] = m[2];
  out[3] = m[4]; out[4] = m[5]; out[5] = m[6];
  out[6] = m[8]; out[7] = m[9]; out[8] = m[10];
  return out;
}
