// The minimal ("swing") rotation taking one direction onto another, as Blender's
// rotation_between_vecs_to_quat / _to_mat3, made exact in double precision near 0° and 180°.
import { axisAngleNormalizedToMat3Ex } from './axis-angle';
import { safeNormalize3 } from './finite';
import { mat3Identity } from './matrix';
import { angleNormalized3, len3, ortho3 } from './vector';

const f = new Float64Array(3);
const t = new Float64Array(3);
const axis = new Float64Array(3);

// Writes the unit axis into `axis` and returns the angle (0 means identity; the axis is then unused).
function swingAxisAngle(from: ArrayLike<number>, to: ArrayLike<number>): number {
  let d = from[0] * from[0] + from[1] * from[1] + from[2] * from[2];
  if (!(d > 1e-35)) return 0;
  let inv = 1 / Math.sqrt(d);
  f[0] = from[0] * inv; f[1] = from[1] * inv; f[2] = from[2] * inv;
  d = to[0] * to[0] + to[1] * to[1] + to[2] * to[2];
  if (!(d > 1e-35)) return 0;
  inv = 1 / Math.sqrt(d);
  t[0] = to[0] * inv; t[1] = to[1] * inv; t[2] = to[2] * inv;
  const dot = f[0] * t[0] + f[1] * t[1] + f[2] * t[2];
  // f × t computed as f × (t ∓ f): the same vector, but free of the cancellation that makes the
  // axis of a near-0° or near-180° swing inaccurate (and not perpendicular to f).
  const s = dot >= 0 ? -1 : 1;
  const wx = t[0] + s * f[0], wy = t[1] + s * f[1], wz = t[2] + s * f[2];
  const ax = f[1] * wz - f[2] * wy;
  const ay = f[2] * wx - f[0] * wz;
  const az = f[0] * wy - f[1] * wx;
  const len2 = ax * ax + ay * ay + az * az;
  if (len2 > 1e-35) {
    inv = 1 / Math.sqrt(len2);
    axis[0] = ax * inv; axis[1] = ay * inv; axis[2] = az * inv;
    return angleNormalized3(f, t);
  }
  if (dot > 0) return 0;
  // Opposite directions: any perpendicular axis will do; Blender picks ortho_v3_v3.
  ortho3(axis, f);
  inv = 1 / len3(axis[0], axis[1], axis[2]);
  axis[0] *= inv; axis[1] *= inv; axis[2] *= inv;
  return Math.PI;
}

/** Quaternion of the minimal rotation taking direction `from` onto direction `to` (any non-zero lengths; a zero vector gives identity). */
export function rotationBetweenToQuat(out: Float64Array, from: ArrayLike<number>, to: ArrayLike<number>): Float64Array {
  const angle = swingAxisAngle(from, to);
  if (angle === 0) {
    out[0] = 0; out[1] = 0; out[2] = 0; out[3] = 1;
    return out;
  }
  const s = Math.sin(angle * 0.5);
  out[0] = axis[0] * s;
  out[1] = axis[1] * s;
  out[2] = axis[2] * s;
  out[3] = Math.cos(angle * 0.5);
  return out;
}

/** 3x3 of the minimal rotation taking direction `from` onto direction `to` (any non-zero lengths; a zero vector gives identity). */
export function rotationBetweenToMat3(out: Float64Array, from: ArrayLike<number>, to: ArrayLike<number>): Float64Array {
  const angle = swingAxisAngle(from, to);
  if (angle === 0) {
    out[0] = 1; out[1] = 0; out[2] = 0;
    out[3] = 0; out[4] = 1; out[5] = 0;
    out[6] = 0; out[7] = 0; out[8] = 1;
    return out;
  }
  // sin(π) is not exactly 0 in floating point; use it anyway, the error is 1e-16.
  return axisAngleNormalizedToMat3Ex(out, axis, Math.sin(angle), Math.cos(angle));
}

const fs = new Float64Array(3);
const ts = new Float64Array(3);

/**
 * {@link rotationBetweenToMat3} for vectors of any finite size (1e300 and 1e-300 included): both are
 * normalized without overflow first; a zero vector gives the identity.
 */
export function safeRotationBetweenToMat3(out: Float64Array, from: ArrayLike<number>, to: ArrayLike<number>): Float64Array {
  const fl = safeNormalize3(fs, from[0], from[1], from[2]);
  const tl = safeNormalize3(ts, to[0], to[1], to[2]);
  if (fl === 0 || tl === 0) return mat3Identity(out);
  return rotationBetweenToMat3(out, fs, ts);
}
