// Axis-angle rotations as 3x3 matrices (Blender's axis_angle_* in math_rotation.c).
// Blender's axis-angle value is [angle, x, y, z]; matrices are column-major (row r, column c at 3c + r).

/**
 * 3x3 rotation about a unit axis by the angle whose sine and cosine are sinCos[0] and sinCos[1]
 * (Blender's `axis_angle_normalized_to_mat3_ex`). They come in an array: double arguments of a
 * call V8 does not inline are boxed, an allocation per call.
 */
export function axisAngleNormalizedToMat3Ex(out: Float64Array, axis: ArrayLike<number>, sinCos: ArrayLike<number>): Float64Array {
  const x = axis[0], y = axis[1], z = axis[2];
  const sin = sinCos[0], cos = sinCos[1];
  const ico = 1 - cos;
  const nx = x * sin, ny = y * sin, nz = z * sin;
  const n00 = x * x * ico, n01 = x * y * ico, n11 = y * y * ico;
  const n02 = x * z * ico, n12 = y * z * ico, n22 = z * z * ico;
  out[0] = n00 + cos;
  out[1] = n01 + nz;
  out[2] = n02 - ny;
  out[3] = n01 - nz;
  out[4] = n11 + cos;
  out[5] = n12 + nx;
  out[6] = n02 + ny;
  out[7] = n12 - nx;
  out[8] = n22 + cos;
  return out;
}

const sc = new Float64Array(2);

/** 3x3 rotation of angle radians about a unit axis (Blender's `axis_angle_normalized_to_mat3`). */
export function axisAngleNormalizedToMat3(out: Float64Array, axis: ArrayLike<number>, angle: number): Float64Array {
  sc[0] = Math.sin(angle); sc[1] = Math.cos(angle);
  return axisAngleNormalizedToMat3Ex(out, axis, sc);
}

const value = new Float64Array(4);

/** 3x3 rotation of angle radians about any axis; a zero axis gives identity (Blender's `axis_angle_to_mat3`). */
export function axisAngleToMat3(out: Float64Array, axis: ArrayLike<number>, angle: number): Float64Array {
  value[0] = angle; value[1] = axis[0]; value[2] = axis[1]; value[3] = axis[2];
  return axisAngleValueToMat3(out, value);
}

const unitAxis = new Float64Array(3);

/**
 * 3x3 rotation of a Blender axis-angle value [angle, x, y, z] (`rotation_axis_angle`, Blender's
 * `axis_angle_to_mat3` of it); a zero axis gives identity. Per-frame code passes its angle so, in
 * the array: V8 boxes a double passed to a call it does not inline.
 */
export function axisAngleValueToMat3(out: Float64Array, axisAngle: ArrayLike<number>): Float64Array {
  const x = axisAngle[1], y = axisAngle[2], z = axisAngle[3];
  const d = x * x + y * y + z * z;
  if (!(d > 1e-35)) {
    out[0] = 1; out[1] = 0; out[2] = 0;
    out[3] = 0; out[4] = 1; out[5] = 0;
    out[6] = 0; out[7] = 0; out[8] = 1;
    return out;
  }
  const inv = 1 / Math.sqrt(d);
  unitAxis[0] = x * inv;
  unitAxis[1] = y * inv;
  unitAxis[2] = z * inv;
  const angle = axisAngle[0];
  sc[0] = Math.sin(angle); sc[1] = Math.cos(angle);
  return axisAngleNormalizedToMat3Ex(out, unitAxis, sc);
}
