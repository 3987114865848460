// 4x4 and 3x3 transform helpers with Blender's semantics (math_matrix.c). Column-major: element
// (row r, column c) is at 4c + r (3c + r for a 3x3); translation at 12, 13, 14. Plain products and
// inverses come from gl-matrix; what Blender defines its own way (decomposition with negative
// scale, orthogonalization, zero-safe normalization) is written here.
import { mat4 } from 'gl-matrix';
import { eulerToMat3, type EulerOrder } from './euler';
import { FLT_EPSILON } from './float32';
import { mat3NormalizedToQuat, quatToMat3 } from './quaternion';

const rot3 = new Float64Array(9);

/** Sets out to the 4x4 identity. */
export function identityMat4(out: Float64Array): Float64Array {
  out.fill(0, 0, 16);
  out[0] = 1;
  out[5] = 1;
  out[10] = 1;
  out[15] = 1;
  return out;
}

/** Sets out to the 3x3 identity. */
export function identityMat3(out: Float64Array): Float64Array {
  out.fill(0, 0, 9);
  out[0] = 1;
  out[4] = 1;
  out[8] = 1;
  return out;
}

/** a·b for 4x4 matrices (b applied first); out may alias a or b. */
export function multiplyMat4(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  return mat4.multiply(out, a as Float64Array, b as Float64Array) as Float64Array;
}

/** a·b for 3x3 matrices (b applied first); out may alias a or b. */
export function multiplyMat3(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  const a00 = a[0], a01 = a[1], a02 = a[2], a10 = a[3], a11 = a[4], a12 = a[5], a20 = a[6], a21 = a[7], a22 = a[8];
  const b00 = b[0], b01 = b[1], b02 = b[2], b10 = b[3], b11 = b[4], b12 = b[5], b20 = b[6], b21 = b[7], b22 = b[8];
  out[0] = a00 * b00 + a10 * b01 + a20 * b02;
  out[1] = a01 * b00 + a11 * b01 + a21 * b02;
  out[2] = a02 * b00 + a12 * b01 + a22 * b02;
  out[3] = a00 * b10 + a10 * b11 + a20 * b12;
  out[4] = a01 * b10 + a11 * b11 + a21 * b12;
  out[5] = a02 * b10 + a12 * b11 + a22 * b12;
  out[6] = a00 * b20 + a10 * b21 + a20 * b22;
  out[7] = a01 * b20 + a11 * b21 + a21 * b22;
  out[8] = a02 * b20 + a12 * b21 + a22 * b22;
  return out;
}

/** m·v for a 3x3 m and a 3-vector v; out may alias v. */
export function multiplyMat3Vec3(out: Float64Array, m: ArrayLike<number>, v: ArrayLike<number>): Float64Array {
  const x = v[0], y = v[1], z = v[2];
  out[0] = m[0] * x + m[3] * y + m[6] * z;
  out[1] = m[1] * x + m[4] * y + m[7] * z;
  out[2] = m[2] * x + m[5] * y + m[8] * z;
  return out;
}

/**
 * Turns the 3x3 part of a 4x4 by a 3x3 rotation on the left: out's columns 0–2 = rot·(m's), with
 * out[3], out[7], out[11] = 0; the translation and out[15] are left as they are. out may alias m.
 */
export function rotateMat4Basis(out: Float64Array, rot: ArrayLike<number>, m: ArrayLike<number>): Float64Array {
  for (let c = 0; c < 3; c++) {
    const o = 4 * c;
    const x = m[o], y = m[o + 1], z = m[o + 2];
    out[o] = rot[0] * x + rot[3] * y + rot[6] * z;
    out[o + 1] = rot[1] * x + rot[4] * y + rot[7] * z;
    out[o + 2] = rot[2] * x + rot[5] * y + rot[8] * z;
    out[o + 3] = 0;
  }
  return out;
}

/** m·(x, y, z, 1) for a 4x4 m: a point moved by the transform (no projective divide). */
export function transformPointByMat4(out: Float64Array, m: ArrayLike<number>, x: number, y: number, z: number): Float64Array {
  out[0] = m[0] * x + m[4] * y + m[8] * z + m[12];
  out[1] = m[1] * x + m[5] * y + m[9] * z + m[13];
  out[2] = m[2] * x + m[6] * y + m[10] * z + m[14];
  return out;
}

/**
 * {@link transformPointByMat4} of the point p[0..2] (out may alias p): from an array, since V8 boxes
 * the double arguments of a call it does not inline.
 */
export function transformPointByMat4Of(out: Float64Array, m: ArrayLike<number>, p: ArrayLike<number>): Float64Array {
  const x = p[0], y = p[1], z = p[2];
  out[0] = m[0] * x + m[4] * y + m[8] * z + m[12];
  out[1] = m[1] * x + m[5] * y + m[9] * z + m[13];
  out[2] = m[2] * x + m[6] * y + m[10] * z + m[14];
  return out;
}

/** Inverse of a 4x4; returns false and writes zeros when m is singular or not finite. */
export function invertMat4(out: Float64Array, m: ArrayLike<number>): boolean {
  // gl-matrix leaves out untouched on a zero determinant; a defined zero result is safer in kernels.
  const r = mat4.invert(out, m as Float64Array);
  if (r === null || !isFinite16(out)) {
    out.fill(0, 0, 16);
    return false;
  }
  return true;
}

/** Transpose of a 3x3 (the inverse of a rotation); out may alias m. */
export function transposeMat3(out: Float64Array, m: ArrayLike<number>): Float64Array {
  const m1 = m[1], m2 = m[2], m5 = m[5];
  out[0] = m[0];
  out[1] = m[3];
  out[2] = m[6];
  out[3] = m1;
  out[4] = m[4];
  out[5] = m[7];
  out[6] = m2;
  out[7] = m5;
  out[8] = m[8];
  return out;
}

/** True when the first 16 numbers are all finite (no NaN, no ±Infinity). */
export function isFinite16(m: ArrayLike<number>): boolean {
  for (let i = 0; i < 16; i++) if (!Number.isFinite(m[i])) return false;
  return true;
}

/** True when the first n numbers are all finite. */
export function isFiniteN(m: ArrayLike<number>, n: number): boolean {
  for (let i = 0; i < n; i++) if (!Number.isFinite(m[i])) return false;
  return true;
}

/**
 * Whether two 4x4s hold the same numbers for any arithmetic: equal, and each zero of the same sign
 * (a product with −0 and with +0 can differ in the sign of a zero, or by ±π in an atan2); a NaN
 * never matches. For caches that keep a result while its input stays the same.
 */
export function sameMat4(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  for (let i = 0; i < 16; i++) {
    const x = a[i], y = b[i];
    if (x !== y || (x === 0 && 1 / x !== 1 / y)) return false;
  }
  return true;
}

/** Copies a 4x4. */
export function copyMat4(out: Float64Array, m: ArrayLike<number>): Float64Array {
  for (let i = 0; i < 16; i++) out[i] = m[i];
  return out;
}

/** The 3x3 part of a 4x4 (Blender's `copy_m3_m4`). */
export function copyMat3FromMat4(out: Float64Array, m: ArrayLike<number>): Float64Array {
  out[0] = m[0]; out[1] = m[1]; out[2] = m[2];
  out[3] = m[4]; out[4] = m[5]; out[5] = m[6];
  out[6] = m[8]; out[7] = m[9]; out[8] = m[10];
  return out;
}

/** A 4x4 with m as its 3x3 part and no translation (Blender's `copy_m4_m3`). */
export function copyMat4FromMat3(out: Float64Array, m: ArrayLike<number>): Float64Array {
  out[0] = m[0]; out[1] = m[1]; out[2] = m[2]; out[3] = 0;
  out[4] = m[3]; out[5] = m[4]; out[6] = m[5]; out[7] = 0;
  out[8] = m[6]; out[9] = m[7]; out[10] = m[8]; out[11] = 0;
  out[12] = 0; out[13] = 0; out[14] = 0; out[15] = 1;
  return out;
}

/** Replaces the 3x3 part of out with m, keeping out's translation and bottom row. */
export function setMat4Basis(out: Float64Array, m: ArrayLike<number>): Float64Array {
  out[0] = m[0]; out[1] = m[1]; out[2] = m[2];
  out[4] = m[3]; out[5] = m[4]; out[6] = m[5];
  out[8] = m[6]; out[9] = m[7]; out[10] = m[8];
  return out;
}

/** Determinant of a 3x3. */
export function determinantMat3(m: ArrayLike<number>): number {
  return (
    m[0] * (m[4] * m[8] - m[5] * m[7]) -
    m[3] * (m[1] * m[8] - m[2] * m[7]) +
    m[6] * (m[1] * m[5] - m[2] * m[4])
  );
}

/** Determinant of the 3x3 part of a 4x4 (Blender's `mat4_to_volume_scale`). */
export function determinantMat4Basis(m: ArrayLike<number>): number {
  return (
    m[0] * (m[5] * m[10] - m[6] * m[9]) -
    m[4] * (m[1] * m[10] - m[2] * m[9]) +
    m[8] * (m[1] * m[6] - m[2] * m[5])
  );
}

// The tests below compute the determinant themselves: a double returned from a call V8 does not
// inline is boxed, and a boolean is not.

/** determinantMat3(m) < 0: the 3x3 flips handedness. */
export function isNegativeMat3(m: ArrayLike<number>): boolean {
  return (
    m[0] * (m[4] * m[8] - m[5] * m[7]) -
    m[3] * (m[1] * m[8] - m[2] * m[7]) +
    m[6] * (m[1] * m[5] - m[2] * m[4])
  ) < 0;
}

/** determinantMat3(m) === 0. */
export function isSingularMat3(m: ArrayLike<number>): boolean {
  return (
    m[0] * (m[4] * m[8] - m[5] * m[7]) -
    m[3] * (m[1] * m[8] - m[2] * m[7]) +
    m[6] * (m[1] * m[5] - m[2] * m[4])
  ) === 0;
}

/** True when the 3x3 part of a 4x4 flips handedness (Blender's `is_negative_m4`): determinantMat4Basis(m) < 0. */
export function isNegativeMat4(m: ArrayLike<number>): boolean {
  return (
    m[0] * (m[5] * m[10] - m[6] * m[9]) -
    m[4] * (m[1] * m[10] - m[2] * m[9]) +
    m[8] * (m[1] * m[6] - m[2] * m[5])
  ) < 0;
}

/** Column lengths of the 3x3 part of a 4x4, always ≥ 0 (Blender's `mat4_to_size`). */
export function mat4ToScale(out: Float64Array, m: ArrayLike<number>): Float64Array {
  return columnLengths(out, m, 4);
}

/** Column lengths of a 3x3 (Blender's `mat3_to_size`). */
export function mat3ToScale(out: Float64Array, m: ArrayLike<number>): Float64Array {
  return columnLengths(out, m, 3);
}

// lengthXyz of each column, written out: a call to lengthXyz that V8 does not inline would box its arguments.
function columnLengths(out: Float64Array, m: ArrayLike<number>, stride: number): Float64Array {
  for (let c = 0; c < 3; c++) {
    const x = m[stride * c], y = m[stride * c + 1], z = m[stride * c + 2];
    out[c] = Math.sqrt(x * x + y * y + z * z);
  }
  return out;
}

// Lengths found by the normalizations below: written here, not returned, since V8 boxes a double
// returned from a call it does not inline.
const lens = new Float64Array(2);

// Normalizes column c (stride 4) of out in place like Blender's normalize_v3; its length goes to lens[0].
function normalizeColumn4(out: Float64Array, o: number): void {
  const x = out[o], y = out[o + 1], z = out[o + 2];
  const d = x * x + y * y + z * z;
  if (d > 1e-35) {
    const len = Math.sqrt(d);
    out[o] = x / len;
    out[o + 1] = y / len;
    out[o + 2] = z / len;
    lens[0] = len;
    return;
  }
  out[o] = 0;
  out[o + 1] = 0;
  out[o + 2] = 0;
  lens[0] = 0;
}

/** Unit-length columns in the 3x3 part (zero columns stay zero), translation kept (Blender's `normalize_m4_m4`). */
export function normalizeMat4(out: Float64Array, m: ArrayLike<number>): Float64Array {
  if (out !== m) copyMat4(out, m);
  for (let c = 0; c < 3; c++) {
    normalizeColumn4(out, 4 * c);
    const len = lens[0];
    if (len !== 0) out[4 * c + 3] /= len;
  }
  return out;
}

/** Unit-length columns of a 3x3 (zero columns stay zero) (Blender's `normalize_m3_m3`). */
export function normalizeMat3(out: Float64Array, m: ArrayLike<number>): Float64Array {
  for (let c = 0; c < 9; c += 3) {
    const x = m[c], y = m[c + 1], z = m[c + 2];
    const d = x * x + y * y + z * z;
    const inv = d > 1e-35 ? 1 / Math.sqrt(d) : 0;
    out[c] = x * inv;
    out[c + 1] = y * inv;
    out[c + 2] = z * inv;
  }
  return out;
}

/**
 * Rescales basis column `axis` of a 4x4 from length have[axis] to want[axis]. A zero axis stays
 * (Blender skips it), and so does one whose factor is not finite (a zero scale raised to a negative
 * power, where Blender writes infinities). The lengths come in arrays: V8 boxes a double passed to
 * a call it does not inline.
 */
export function rescaleMat4Axis(m: Float64Array, axis: number, have: ArrayLike<number>, want: ArrayLike<number>): void {
  if (have[axis] === 0) return;
  const f = want[axis] / have[axis];
  if (!Number.isFinite(f)) return;
  m[4 * axis] *= f; m[4 * axis + 1] *= f; m[4 * axis + 2] *= f;
}

/** Scales the three basis columns of a 4x4 by scale[0..2] (Blender's `rescale_m4`). */
export function rescaleMat4(out: Float64Array, m: ArrayLike<number>, scale: ArrayLike<number>): Float64Array {
  if (out !== m) copyMat4(out, m);
  for (let c = 0; c < 3; c++) {
    const s = scale[c];
    out[4 * c] *= s;
    out[4 * c + 1] *= s;
    out[4 * c + 2] *= s;
  }
  return out;
}

/** T(loc)·R(quat)·S(scale) (Blender's `loc_quat_size_to_mat4`; quat is used as given, not normalized). */
export function composeMat4(
  out: Float64Array,
  loc: ArrayLike<number>,
  quat: ArrayLike<number>,
  scale: ArrayLike<number>,
): Float64Array {
  quatToMat3(rot3, quat);
  return composeMat4FromMat3(out, loc, rot3, scale);
}

/** T(loc)·R·S(scale) from a 3x3 rotation (Blender's `loc_rot_size_to_mat4`). */
export function composeMat4FromMat3(
  out: Float64Array,
  loc: ArrayLike<number>,
  rot: ArrayLike<number>,
  scale: ArrayLike<number>,
): Float64Array {
  const sx = scale[0], sy = scale[1], sz = scale[2];
  out[0] = rot[0] * sx; out[1] = rot[1] * sx; out[2] = rot[2] * sx; out[3] = 0;
  out[4] = rot[3] * sy; out[5] = rot[4] * sy; out[6] = rot[5] * sy; out[7] = 0;
  out[8] = rot[6] * sz; out[9] = rot[7] * sz; out[10] = rot[8] * sz; out[11] = 0;
  out[12] = loc[0]; out[13] = loc[1]; out[14] = loc[2]; out[15] = 1;
  return out;
}

/** T(loc)·R(euler)·S(scale) (Blender's `loc_eulO_size_to_mat4`). */
export function composeMat4FromEuler(
  out: Float64Array,
  loc: ArrayLike<number>,
  eul: ArrayLike<number>,
  order: EulerOrder,
  scale: ArrayLike<number>,
): Float64Array {
  eulerToMat3(rot3, eul, order);
  return composeMat4FromMat3(out, loc, rot3, scale);
}

/**
 * Splits a 4x4 into location, orthonormal rotation (3x3) and signed scale (Blender's
 * `mat4_to_loc_rot_size`): scale = column lengths; when the columns are left-handed, the rotation
 * and all three scales are negated so the rotation stays proper.
 */
export function mat4ToLocRotScale(
  outLoc: Float64Array,
  outRot: Float64Array,
  outScale: Float64Array,
  m: ArrayLike<number>,
): void {
  for (let c = 0; c < 3; c++) {
    const x = m[4 * c], y = m[4 * c + 1], z = m[4 * c + 2];
    const d = x * x + y * y + z * z;
    if (d > 1e-35) {
      const len = Math.sqrt(d);
      outRot[3 * c] = x / len;
      outRot[3 * c + 1] = y / len;
      outRot[3 * c + 2] = z / len;
      outScale[c] = len;
    } else {
      outRot[3 * c] = 0;
      outRot[3 * c + 1] = 0;
      outRot[3 * c + 2] = 0;
      outScale[c] = 0;
    }
  }
  if (isNegativeMat3(outRot)) {
    for (let i = 0; i < 9; i++) outRot[i] = -outRot[i];
    outScale[0] = -outScale[0];
    outScale[1] = -outScale[1];
    outScale[2] = -outScale[2];
  }
  outLoc[0] = m[12];
  outLoc[1] = m[13];
  outLoc[2] = m[14];
}

/** Location, unit quaternion [x,y,z,w] and signed scale of a 4x4, negative determinant folded into the scale (Blender's `mat4_decompose`). */
export function decomposeMat4(
  outLoc: Float64Array,
  outQuat: Float64Array,
  outScale: Float64Array,
  m: ArrayLike<number>,
): void {
  mat4ToLocRotScale(outLoc, rot3, outScale, m);
  mat3NormalizedToQuat(outQuat, rot3);
}

const oa = new Float64Array(3);

// Blender's normalize_v3 / cross_v3_v3v3 on columns of a 4x4 held in out (offsets 0, 4, 8).
function normCol(m: Float64Array, o: number): void {
  normalizeColumn4(m, o);
}
function crossCols(m: Float64Array, r: number, a: number, b: number): void {
  const ax = m[a], ay = m[a + 1], az = m[a + 2];
  const bx = m[b], by = m[b + 1], bz = m[b + 2];
  m[r] = ay * bz - az * by;
  m[r + 1] = az * bx - ax * bz;
  m[r + 2] = ax * by - ay * bx;
}
function crossColVec(m: Float64Array, r: number, a: number, v: Float64Array, vFirst: boolean): void {
  const ax = m[a], ay = m[a + 1], az = m[a + 2];
  const bx = v[0], by = v[1], bz = v[2];
  const s = vFirst ? -1 : 1;
  m[r] = s * (ay * bz - az * by);
  m[r + 1] = s * (az * bx - ax * bz);
  m[r + 2] = s * (ax * by - ay * bx);
}
// Whether columns a and b have a dot product below 1 (a boolean: a returned double may be boxed).
function dotColsBelowOne(m: Float64Array, a: number, b: number): boolean {
  return m[a] * m[b] + m[a + 1] * m[b + 1] + m[a + 2] * m[b + 2] < 1;
}

/**
 * Makes the basis orthogonal around one axis (0 = X, 1 = Y, 2 = Z) keeping that axis' direction
 * and every column's length, translation kept (Blender's `orthogonalize_m4`).
 */
export function orthogonalizeMat4(out: Float64Array, m: ArrayLike<number>, axis: 0 | 1 | 2): Float64Array {
  if (out !== m) copyMat4(out, m);
  mat4ToScale(oa, out);
  const s0 = oa[0], s1 = oa[1], s2 = oa[2];
  const X = 0, Y = 4, Z = 8;
  normCol(out, 4 * axis);
  // The "< 1" tests and the rotated fallback vector are Blender's, kept for identical results.
  if (axis === 0) {
    if (dotColsBelowOne(out, X, Y)) {
      crossCols(out, Z, X, Y); normCol(out, Z); crossCols(out, Y, Z, X);
    } else if (dotColsBelowOne(out, X, Z)) {
      crossCols(out, Y, Z, X); normCol(out, Y); crossCols(out, Z, X, Y);
    } else {
      oa[0] = out[1]; oa[1] = out[2]; oa[2] = out[0];
      crossColVec(out, Z, X, oa, false); normCol(out, Z); crossCols(out, Y, Z, X);
    }
  } else if (axis === 1) {
    if (dotColsBelowOne(out, Y, X)) {
      crossCols(out, Z, X, Y); normCol(out, Z); crossCols(out, X, Y, Z);
    } else if (dotColsBelowOne(out, X, Z)) {
      crossCols(out, X, Y, Z); normCol(out, X); crossCols(out, Z, X, Y);
    } else {
      oa[0] = out[5]; oa[1] = out[6]; oa[2] = out[4];
      crossColVec(out, X, Y, oa, false); normCol(out, X); crossCols(out, Z, X, Y);
    }
  } else {
    if (dotColsBelowOne(out, Z, X)) {
      crossCols(out, Y, Z, X); normCol(out, Y); crossCols(out, X, Y, Z);
    } else if (dotColsBelowOne(out, Z, Y)) {
      crossCols(out, X, Y, Z); normCol(out, X); crossCols(out, Y, Z, X);
    } else {
      oa[0] = out[9]; oa[1] = out[10]; oa[2] = out[8];
      crossColVec(out, X, Z, oa, true); normCol(out, X); crossCols(out, Y, Z, X);
    }
  }
  for (let i = 0; i < 3; i++) {
    out[X + i] *= s0;
    out[Y + i] *= s1;
    out[Z + i] *= s2;
  }
  return out;
}

const n2 = new Float64Array(3);
const n3 = new Float64Array(3);
const tmp = new Float64Array(3);

/**
 * Removes shear around one axis symmetrically, preserving the determinant (Blender's
 * `orthogonalize_m4_stable`, used by Copy Rotation and Copy Transforms' remove_target_shear);
 * with normalize the basis also becomes orthonormal.
 */
export function orthogonalizeMat4Stable(
  out: Float64Array,
  m: ArrayLike<number>,
  axis: 0 | 1 | 2,
  normalize: boolean,
): Float64Array {
  if (out !== m) copyMat4(out, m);
  // Primary column v1 and the two others in Blender's order.
  const v1 = 4 * axis;
  const v2 = axis === 0 ? 4 : 0;
  const v3 = axis === 2 ? 4 : 8;
  const lenSq1 = out[v1] ** 2 + out[v1 + 1] ** 2 + out[v1 + 2] ** 2;
  if (lenSq1 > 0) {
    const f2 = -(out[v2] * out[v1] + out[v2 + 1] * out[v1 + 1] + out[v2 + 2] * out[v1 + 2]) / lenSq1;
    const f3 = -(out[v3] * out[v1] + out[v3 + 1] * out[v1 + 1] + out[v3 + 2] * out[v1 + 2]) / lenSq1;
    for (let i = 0; i < 3; i++) {
      out[v2 + i] += out[v1 + i] * f2;
      out[v3 + i] += out[v1 + i] * f3;
    }
    if (normalize) {
      const inv = 1 / Math.sqrt(lenSq1);
      out[v1] *= inv; out[v1 + 1] *= inv; out[v1 + 2] *= inv;
    }
  }
  normalizeInto(n2, out, v2, 0);
  normalizeInto(n3, out, v3, 1);
  const l2 = lens[0], l3 = lens[1];
  const cosAngle = n2[0] * n3[0] + n2[1] * n3[1] + n2[2] * n3[2];
  const absCos = Math.abs(cosAngle);
  if (absCos > 1e-4 && absCos < 1 - FLT_EPSILON) {
    // Turn v2 by half the missing angle so both secondary axes move by the same amount.
    const angle = Math.acos(cosAngle);
    const target = angle + (Math.PI / 2 - angle) / 2;
    n2[0] -= n3[0] * cosAngle; n2[1] -= n3[1] * cosAngle; n2[2] -= n3[2] * cosAngle;
    const k = Math.sin(target) / Math.sqrt(n2[0] * n2[0] + n2[1] * n2[1] + n2[2] * n2[2]); // lengthXyz(n2)
    const c = Math.cos(target);
    n2[0] = n2[0] * k + n3[0] * c;
    n2[1] = n2[1] * k + n3[1] * c;
    n2[2] = n2[2] * k + n3[2] * c;
    // Make v3 orthogonal to v2 within their plane.
    tmp[0] = n2[1] * n3[2] - n2[2] * n3[1];
    tmp[1] = n2[2] * n3[0] - n2[0] * n3[2];
    tmp[2] = n2[0] * n3[1] - n2[1] * n3[0];
    const x = tmp[1] * n2[2] - tmp[2] * n2[1];
    const y = tmp[2] * n2[0] - tmp[0] * n2[2];
    const z = tmp[0] * n2[1] - tmp[1] * n2[0];
    const d = x * x + y * y + z * z;
    const inv = d > 1e-35 ? 1 / Math.sqrt(d) : 0;
    n3[0] = x * inv; n3[1] = y * inv; n3[2] = z * inv;
    if (!normalize) {
      // Re-apply scale, preserving area and proportion.
      const f = Math.sqrt(Math.sin(angle));
      for (let i = 0; i < 3; i++) {
        out[v2 + i] = n2[i] * l2 * f;
        out[v3 + i] = n3[i] * l3 * f;
      }
    }
  }
  if (normalize) {
    for (let i = 0; i < 3; i++) {
      out[v2 + i] = n2[i];
      out[v3 + i] = n3[i];
    }
  }
  return out;
}

// Normalizes the column of m at o into dst (Blender's normalize_v3_v3); its length goes to lens[li].
function normalizeInto(dst: Float64Array, m: Float64Array, o: number, li: number): void {
  const x = m[o], y = m[o + 1], z = m[o + 2];
  const d = x * x + y * y + z * z;
  if (d > 1e-35) {
    const len = Math.sqrt(d);
    dst[0] = x / len; dst[1] = y / len; dst[2] = z / len;
    lens[li] = len;
    return;
  }
  dst[0] = 0; dst[1] = 0; dst[2] = 0;
  lens[li] = 0;
}
