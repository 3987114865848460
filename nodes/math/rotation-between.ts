// The minimal ("swing") rotation taking one direction onto another, as Blender's
// rotation_between_vecs_to_quat / _to_mat3, made exact in double precision near 0° and 180°.
import { axisAngleNormalizedToMat3Ex } from './axis-angle';
import { safeNormalize3 } from './finite';
import { identityMat3 } from './matrix';
import { angleNormalized3, ortho3 } from './vector';

const f = new Float64Array(3);
const t = new Float64Array(3);
const axis = new Float64Array(3);
// The swing's angle, and its sine and cosine. Numbers cross calls here in arrays, not as arguments
// or results: V8 boxes a double passed to or returned from a call it does not inline.
const swing = new Float64Array(1);
const sinCos = new Float64Array(2);

// Writes the unit axis into `axis` and the angle into swing[0] (0 means identity; the axis is then unused).
function swingAxisAngle(from: ArrayLike<number>, to: ArrayLike<number>): void {
  swing[0] = 0;
  let d = from[0] * from[0] + from[1] * from[1] + from[2] * from[2];
  if (!(d > 1e-35)) return;
  let inv = 1 / Math.sqrt(d);
  f[0] = from[0] * inv; f[1] = from[1] * inv; f[2] = from[2] * inv;
  d = to[0] * to[0] + to[1] * to[1] + to[2] * to[2];
  if (!(d > 1e-35)) return;
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
    swing[0] = angleNormalized3(f, t);
    return;
  }
  if (dot > 0) return;
  // Opposite directions: any perpendicular axis will do; Blender picks ortho_v3_v3.
  ortho3(axis, f);
  inv = 1 / Math.sqrt(axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]);
  axis[0] *= inv; axis[1] *= inv; axis[2] *= inv;
  swing[0] = Math.PI;
}

/** Quaternion of the minimal rotation taking direction `from` onto direction `to` (any non-zero lengths; a zero vector gives identity). */
export function rotationBetweenToQuat(out: Float64Array, from: ArrayLike<number>, to: ArrayLike<number>): Float64Array {
  swingAxisAngle(from, to);
  const angle = swing[0];
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
  swingAxisAngle(from, to);
  const angle = swing[0];
  if (angle === 0) {
    out[0] = 1; out[1] = 0; out[2] = 0;
    out[3] = 0; out[4] = 1; out[5] = 0;
    out[6] = 0; out[7] = 0; out[8] = 1;
    return out;
  }
  // sin(π) is not exactly 0 in floating point; use it anyway, the error is 1e-16.
  sinCos[0] = Math.sin(angle); sinCos[1] = Math.cos(angle);
  return axisAngleNormalizedToMat3Ex(out, axis, sinCos);
}

const fs = new Float64Array(3);
const ts = new Float64Array(3);

/**
 * {@link rotationBetweenToMat3} for vectors of any finite size (1e300 and 1e-300 included): both are
 * normalized without overflow first; a zero vector gives the identity.
 */
export function safeRotationBetweenToMat3(out: Float64Array, from: ArrayLike<number>, to: ArrayLike<number>): Float64Array {
  const fOk = safeNormalize3(fs, from);
  const tOk = safeNormalize3(ts, to);
  if (!fOk || !tOk) return identityMat3(out);
  return rotationBetweenToMat3(out, fs, ts);
}
