// Quaternions [x, y, z, w] with Blender's conversions (math_rotation.c). Blender stores (w, x, y, z);
// only the layout differs, the products and conventions are the same (Hamilton, q·v·q* rotates v).
// 3x3 matrices are column-major (row r, column c at 3c + r); 4x4 at 4c + r.
import { type EulerOrder } from './euler';
import { lengthXyz } from './vector';

const ORDER_I = { XYZ: 0, XZY: 0, YXZ: 1, YZX: 1, ZXY: 2, ZYX: 2 } as const;
const ORDER_J = { XYZ: 1, XZY: 2, YXZ: 0, YZX: 2, ZXY: 0, ZYX: 1 } as const;
const ORDER_K = { XYZ: 2, XZY: 1, YXZ: 2, YZX: 0, ZXY: 1, ZYX: 0 } as const;
const ORDER_PARITY = { XYZ: false, XZY: true, YXZ: true, YZX: false, ZXY: false, ZYX: true } as const;

/** Sets out to the identity rotation. */
export function identityQuat(out: Float64Array): Float64Array {
  out[0] = 0;
  out[1] = 0;
  out[2] = 0;
  out[3] = 1;
  return out;
}

/** Copies q into out. */
export function copyQuat(out: Float64Array, q: ArrayLike<number>): Float64Array {
  out[0] = q[0];
  out[1] = q[1];
  out[2] = q[2];
  out[3] = q[3];
  return out;
}

/** Hamilton product a·b: b is applied first, then a (Blender's `mul_qt_qtqt`). */
export function multiplyQuat(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  const ax = a[0], ay = a[1], az = a[2], aw = a[3];
  const bx = b[0], by = b[1], bz = b[2], bw = b[3];
  out[0] = aw * bx + ax * bw + ay * bz - az * by;
  out[1] = aw * by + ay * bw + az * bx - ax * bz;
  out[2] = aw * bz + az * bw + ax * by - ay * bx;
  out[3] = aw * bw - ax * bx - ay * by - az * bz;
  return out;
}

/** q⁻¹ = conj(q)/|q|²; a zero quaternion is copied unchanged (Blender's `invert_qt`). */
export function invertQuat(out: Float64Array, q: ArrayLike<number>): Float64Array {
  const x = q[0], y = q[1], z = q[2], w = q[3];
  const f = x * x + y * y + z * z + w * w;
  if (f === 0) return copyQuat(out, q);
  const inv = 1 / f;
  out[0] = -x * inv;
  out[1] = -y * inv;
  out[2] = -z * inv;
  out[3] = w * inv;
  return out;
}

/** Conjugate (the inverse of a unit quaternion). */
export function conjugateQuat(out: Float64Array, q: ArrayLike<number>): Float64Array {
  out[0] = -q[0];
  out[1] = -q[1];
  out[2] = -q[2];
  out[3] = q[3];
  return out;
}

const qlen = new Float64Array(1);

/** q/|q| and returns |q|; a zero quaternion becomes (1, 0, 0, 0) = 180° about X, exactly as Blender's `normalize_qt`. */
export function normalizeQuat(out: Float64Array, q: ArrayLike<number>): number {
  normalizeQuatTo(out, q, qlen);
  return qlen[0];
}

/**
 * {@link normalizeQuat} with |q| written to length[0] when given rather than returned: per-frame code
 * uses this one, since V8 boxes a double returned from a call it does not inline.
 */
export function normalizeQuatTo(out: Float64Array, q: ArrayLike<number>, length?: Float64Array): Float64Array {
  const x = q[0], y = q[1], z = q[2], w = q[3];
  const len = Math.sqrt(x * x + y * y + z * z + w * w);
  if (len !== 0) {
    const inv = 1 / len;
    out[0] = x * inv;
    out[1] = y * inv;
    out[2] = z * inv;
    out[3] = w * inv;
  } else {
    // Blender writes q[1] = 1 (its x); an object with a zero rotation_quaternion really is flipped.
    out[0] = 1;
    out[1] = 0;
    out[2] = 0;
    out[3] = 0;
  }
  if (length !== undefined) length[0] = len;
  return out;
}

/** a · b over all four components. */
export function dotQuat(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
}

const axisAngle = new Float64Array(1);

/** Rotation of angle radians about axis (any length; a zero axis gives identity) (Blender's `axis_angle_to_quat`). */
export function setQuatAxisAngle(out: Float64Array, axis: ArrayLike<number>, angle: number): Float64Array {
  axisAngle[0] = angle;
  return setQuatAxisAngleBy(out, axis, axisAngle);
}

/** {@link setQuatAxisAngle} by the angle angle[0]: per-frame code passes it so, since V8 boxes a double passed to a call it does not inline. */
export function setQuatAxisAngleBy(out: Float64Array, axis: ArrayLike<number>, by: ArrayLike<number>): Float64Array {
  const angle = by[0];
  const x = axis[0], y = axis[1], z = axis[2];
  const d = x * x + y * y + z * z;
  if (!(d > 1e-35)) return identityQuat(out);
  const s = Math.sin(angle * 0.5) / Math.sqrt(d);
  out[0] = x * s;
  out[1] = y * s;
  out[2] = z * s;
  out[3] = Math.cos(angle * 0.5);
  return out;
}

/** Quaternion of a Blender axis-angle [angle, x, y, z] (`rotation_axis_angle`); a zero axis gives identity. */
export function axisAngleToQuat(out: Float64Array, axisAngle: ArrayLike<number>): Float64Array {
  const x = axisAngle[1], y = axisAngle[2], z = axisAngle[3];
  const d = x * x + y * y + z * z;
  if (!(d > 1e-35)) return identityQuat(out);
  const half = axisAngle[0] * 0.5;
  const s = Math.sin(half) / Math.sqrt(d);
  out[0] = x * s;
  out[1] = y * s;
  out[2] = z * s;
  out[3] = Math.cos(half);
  return out;
}

/** Blender axis-angle [angle, x, y, z] of a unit quaternion (Blender's `quat_to_axis_angle`, never NaN). */
export function quatToAxisAngle(out: Float64Array, q: ArrayLike<number>): Float64Array {
  // atan2 instead of Blender's acos(w): the same angle, without losing tiny angles to rounding.
  const ha = Math.atan2(lengthXyz(q[0], q[1], q[2]), q[3]);
  let si = Math.sin(ha);
  // Blender's guard against dividing by a vanishing sine.
  if (Math.abs(si) < 0.0005) si = 1;
  const x = q[0] / si, z = q[2] / si;
  let y = q[1] / si;
  if (x === 0 && y === 0 && z === 0) y = 1;
  out[0] = ha * 2;
  out[1] = x;
  out[2] = y;
  out[3] = z;
  return out;
}

/** Quaternion of an Euler rotation in the given order (Blender's `eulO_to_quat`). */
export function eulerToQuat(out: Float64Array, eul: ArrayLike<number>, order: EulerOrder = 'XYZ'): Float64Array {
  const i = ORDER_I[order], j = ORDER_J[order], k = ORDER_K[order];
  const parity = ORDER_PARITY[order];
  const ti = eul[i] * 0.5;
  const tj = eul[j] * (parity ? -0.5 : 0.5);
  const th = eul[k] * 0.5;
  const ci = Math.cos(ti), cj = Math.cos(tj), ch = Math.cos(th);
  const si = Math.sin(ti), sj = Math.sin(tj), sh = Math.sin(th);
  const cc = ci * ch, cs = ci * sh, sc = si * ch, ss = si * sh;
  out[i] = cj * sc - sj * cs;
  out[j] = cj * ss + sj * cc;
  out[k] = cj * cs - sj * sc;
  out[3] = cj * cc + sj * ss;
  if (parity) out[j] = -out[j];
  return out;
}

/** 3x3 rotation matrix of a unit quaternion (Blender's `quat_to_mat3`; a non-unit q is not normalized, as in Blender). */
export function quatToMat3(out: Float64Array, q: ArrayLike<number>): Float64Array {
  const x = q[0], y = q[1], z = q[2], w = q[3];
  const x2 = x + x, y2 = y + y, z2 = z + z;
  const xx = x * x2, xy = x * y2, xz = x * z2;
  const yy = y * y2, yz = y * z2, zz = z * z2;
  const wx = w * x2, wy = w * y2, wz = w * z2;
  out[0] = 1 - yy - zz;
  out[1] = xy + wz;
  out[2] = xz - wy;
  out[3] = xy - wz;
  out[4] = 1 - xx - zz;
  out[5] = yz + wx;
  out[6] = xz + wy;
  out[7] = yz - wx;
  out[8] = 1 - xx - yy;
  return out;
}

/** 4x4 rotation matrix (no translation) of a unit quaternion (Blender's `quat_to_mat4`). */
export function quatToMat4(out: Float64Array, q: ArrayLike<number>): Float64Array {
  const x = q[0], y = q[1], z = q[2], w = q[3];
  const x2 = x + x, y2 = y + y, z2 = z + z;
  const xx = x * x2, xy = x * y2, xz = x * z2;
  const yy = y * y2, yz = y * z2, zz = z * z2;
  const wx = w * x2, wy = w * y2, wz = w * z2;
  out[0] = 1 - yy - zz; out[1] = xy + wz; out[2] = xz - wy; out[3] = 0;
  out[4] = xy - wz; out[5] = 1 - xx - zz; out[6] = yz + wx; out[7] = 0;
  out[8] = xz + wy; out[9] = yz - wx; out[10] = 1 - xx - yy; out[11] = 0;
  out[12] = 0; out[13] = 0; out[14] = 0; out[15] = 1;
  return out;
}

/** Rotates vector v by quaternion q (out may alias v). */
export function rotateVec3ByQuat(out: Float64Array, q: ArrayLike<number>, v: ArrayLike<number>): Float64Array {
  const qx = q[0], qy = q[1], qz = q[2], qw = q[3];
  const vx = v[0], vy = v[1], vz = v[2];
  // t = 2·(q.xyz × v); v' = v + w·t + q.xyz × t
  const tx = 2 * (qy * vz - qz * vy);
  const ty = 2 * (qz * vx - qx * vz);
  const tz = 2 * (qx * vy - qy * vx);
  out[0] = vx + qw * tx + (qy * tz - qz * ty);
  out[1] = vy + qw * ty + (qz * tx - qx * tz);
  out[2] = vz + qw * tz + (qx * ty - qy * tx);
  return out;
}

// Mike Day's branch choice (Blender's mat3_normalized_to_quat_fast, 3.1+): every branch has a trace
// of at least 1, so no division by a vanishing number even for degenerate input; w ≥ 0 on output.
// The 3x3 being converted, column-major (rot[3·A + B] is Blender's mat[A][B]): the elements pass
// through this scratch rather than as arguments, since a double passed to a function V8 does not
// inline is boxed (allocated).
const rot = new Float64Array(9);

function quatFromRotationScratch(out: Float64Array): Float64Array {
  const m00 = rot[0], m01 = rot[1], m02 = rot[2];
  const m10 = rot[3], m11 = rot[4], m12 = rot[5];
  const m20 = rot[6], m21 = rot[7], m22 = rot[8];
  // mAB is Blender's mat[A][B]: column A, row B.
  let x: number, y: number, z: number, w: number;
  if (m22 < 0) {
    if (m00 > m11) {
      let s = 2 * Math.sqrt(1 + m00 - m11 - m22);
      if (m12 < m21) s = -s;
      x = 0.25 * s;
      s = 1 / s;
      w = (m12 - m21) * s;
      y = (m01 + m10) * s;
      z = (m20 + m02) * s;
    } else {
      let s = 2 * Math.sqrt(1 - m00 + m11 - m22);
      if (m20 < m02) s = -s;
      y = 0.25 * s;
      s = 1 / s;
      w = (m20 - m02) * s;
      x = (m01 + m10) * s;
      z = (m12 + m21) * s;
    }
  } else if (m00 < -m11) {
    let s = 2 * Math.sqrt(1 - m00 - m11 + m22);
    if (m01 < m10) s = -s;
    z = 0.25 * s;
    s = 1 / s;
    w = (m01 - m10) * s;
    x = (m20 + m02) * s;
    y = (m12 + m21) * s;
  } else {
    // A zero matrix lands here and gives the identity (Blender #101848).
    let s = 2 * Math.sqrt(1 + m00 + m11 + m22);
    w = 0.25 * s;
    s = 1 / s;
    x = (m12 - m21) * s;
    y = (m20 - m02) * s;
    z = (m01 - m10) * s;
  }
  out[0] = x;
  out[1] = y;
  out[2] = z;
  out[3] = w;
  return normalizeQuatTo(out, out);
}

// Blender's mat3_normalized_to_quat_with_checks of the matrix in `rot`: a non-finite matrix becomes
// identity, a negative one is negated (a quaternion cannot hold a reflection).
function quatFromScratchChecked(out: Float64Array): Float64Array {
  const m00 = rot[0], m01 = rot[1], m02 = rot[2];
  const m10 = rot[3], m11 = rot[4], m12 = rot[5];
  const m20 = rot[6], m21 = rot[7], m22 = rot[8];
  const det =
    m00 * (m11 * m22 - m12 * m21) - m10 * (m01 * m22 - m02 * m21) + m20 * (m01 * m12 - m02 * m11);
  if (!Number.isFinite(det)) return identityQuat(out);
  if (det < 0) {
    for (let i = 0; i < 9; i++) rot[i] = -rot[i];
  }
  return quatFromRotationScratch(out);
}

/** Quaternion of an orthonormal 3x3; negative matrices are negated first, non-finite ones give identity (Blender's `mat3_normalized_to_quat`). */
export function mat3NormalizedToQuat(out: Float64Array, m: ArrayLike<number>): Float64Array {
  for (let i = 0; i < 9; i++) rot[i] = m[i];
  return quatFromScratchChecked(out);
}

/** Quaternion of the rotation of any 3x3: columns are normalized first (Blender's `mat3_to_quat`). */
export function mat3ToQuat(out: Float64Array, m: ArrayLike<number>): Float64Array {
  unitColumnsToScratch(m, 3);
  return quatFromScratchChecked(out);
}

/** Quaternion of the rotation of a 4x4's 3x3 part, columns normalized first (Blender's `mat4_to_quat`). */
export function mat4ToQuat(out: Float64Array, m: ArrayLike<number>): Float64Array {
  unitColumnsToScratch(m, 4);
  return quatFromScratchChecked(out);
}

/** Quaternion of a 4x4 whose 3x3 part is already orthonormal (Blender's `mat4_normalized_to_quat`). */
export function mat4NormalizedToQuat(out: Float64Array, m: ArrayLike<number>): Float64Array {
  for (let c = 0; c < 3; c++) { rot[3 * c] = m[4 * c]; rot[3 * c + 1] = m[4 * c + 1]; rot[3 * c + 2] = m[4 * c + 2]; }
  return quatFromScratchChecked(out);
}

// The columns of a 3x3 (stride 3) or of a 4x4's 3x3 part (stride 4), each divided by its length
// (0 when shorter than √1e-35), into `rot`: the elements never pass as arguments (see `rot`).
function unitColumnsToScratch(m: ArrayLike<number>, stride: number): void {
  for (let c = 0; c < 3; c++) {
    const x = m[stride * c], y = m[stride * c + 1], z = m[stride * c + 2];
    const d = x * x + y * y + z * z;
    const k = d > 1e-35 ? 1 / Math.sqrt(d) : 0;
    rot[3 * c] = x * k; rot[3 * c + 1] = y * k; rot[3 * c + 2] = z * k;
  }
}

const slerpT = new Float64Array(1);

/**
 * Spherical interpolation along the shortest arc, exactly as Blender's `interp_qt_qtqt`: when the
 * two are within about 1.6° it falls back to a plain (not renormalized) lerp, like Blender.
 */
export function slerpQuat(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>, t: number): Float64Array {
  slerpT[0] = t;
  return slerpQuatBy(out, a, b, slerpT);
}

/**
 * {@link slerpQuat} by the factor t[0]. Per-frame code passes its factor so, in an array: V8
 * boxes a double passed to a call it does not inline, an allocation per call.
 */
export function slerpQuatBy(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>, factor: ArrayLike<number>): Float64Array {
  const t = factor[0];
  let ax = a[0], ay = a[1], az = a[2], aw = a[3];
  let cosom = ax * b[0] + ay * b[1] + az * b[2] + aw * b[3];
  if (cosom < 0) {
    cosom = -cosom;
    ax = -ax;
    ay = -ay;
    az = -az;
    aw = -aw;
  }
  let w0: number, w1: number;
  // Blender's interp_dot_slerp: avoid dividing by sin(ω) ≈ 0.
  if (Math.abs(cosom) < 1 - 1e-4) {
    const omega = Math.acos(cosom);
    const sinom = Math.sin(omega);
    w0 = Math.sin((1 - t) * omega) / sinom;
    w1 = Math.sin(t * omega) / sinom;
  } else {
    w0 = 1 - t;
    w1 = t;
  }
  out[0] = w0 * ax + w1 * b[0];
  out[1] = w0 * ay + w1 * b[1];
  out[2] = w0 * az + w1 * b[2];
  out[3] = w0 * aw + w1 * b[3];
  return out;
}

/** Rotation from unit quaternion a to unit quaternion b, i.e. a⁻¹·b (Blender's `rotation_between_quats_to_quat`). */
export function rotationBetweenQuats(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  const f = a[0] * a[0] + a[1] * a[1] + a[2] * a[2] + a[3] * a[3];
  const inv = f > 0 ? 1 / f : 0;
  const ax = -a[0] * inv, ay = -a[1] * inv, az = -a[2] * inv, aw = a[3] * inv;
  const bx = b[0], by = b[1], bz = b[2], bw = b[3];
  out[0] = aw * bx + ax * bw + ay * bz - az * by;
  out[1] = aw * by + ay * bw + az * bx - ax * bz;
  out[2] = aw * bz + az * bw + ax * by - ay * bx;
  out[3] = aw * bw - ax * bx - ay * by - az * bz;
  return out;
}

/** Angle in radians of a unit quaternion's rotation, 0..2π (Blender's `angle_normalized_qt`). */
export function angleOfQuat(q: ArrayLike<number>): number {
  const w = q[3];
  return 2 * (w >= 1 ? 0 : w <= -1 ? Math.PI : Math.acos(w));
}
