// 3-vectors the way Blender's BLI_math_vector treats them: normalizing a (near-)zero vector gives
// zero instead of NaN, angles between unit vectors stay accurate near 0 and π.
// All functions write into `out` (which may alias an input) and allocate nothing.

/** Blender's normalize threshold on the squared length (`normalize_v3_v3_length`). */
export const NORMALIZE_EPSILON_SQ = 1e-35;

/** Sets out to (x, y, z). */
export function set3(out: Float64Array, x: number, y: number, z: number): Float64Array {
  out[0] = x;
  out[1] = y;
  out[2] = z;
  return out;
}

/** Copies the first three numbers of a into out. */
export function copy3(out: Float64Array, a: ArrayLike<number>): Float64Array {
  out[0] = a[0];
  out[1] = a[1];
  out[2] = a[2];
  return out;
}

/** a − b. */
export function sub3(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  out[0] = a[0] - b[0];
  out[1] = a[1] - b[1];
  out[2] = a[2] - b[2];
  return out;
}

/** √(x² + y² + z²): Math.hypot without its cost (rig-sized values never overflow the squares). */
export function lengthXyz(x: number, y: number, z: number): number {
  return Math.sqrt(x * x + y * y + z * z);
}

/** a · b. */
export function dot3(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/** |a|. */
export function length3(a: ArrayLike<number>): number {
  return Math.sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
}

/** |a − b|. */
export function distance3(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const x = a[0] - b[0];
  const y = a[1] - b[1];
  const z = a[2] - b[2];
  return Math.sqrt(x * x + y * y + z * z);
}

/** a minus its part along the unit vector u, a − u·(a·u) (out may alias a or u). */
export function reject3(out: Float64Array, a: ArrayLike<number>, u: ArrayLike<number>): Float64Array {
  const d = a[0] * u[0] + a[1] * u[1] + a[2] * u[2];
  out[0] = a[0] - u[0] * d;
  out[1] = a[1] - u[1] * d;
  out[2] = a[2] - u[2] * d;
  return out;
}

/** a × b (out may alias a or b). */
export function cross3(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  const ax = a[0], ay = a[1], az = a[2];
  const bx = b[0], by = b[1], bz = b[2];
  out[0] = ay * bz - az * by;
  out[1] = az * bx - ax * bz;
  out[2] = ax * by - ay * bx;
  return out;
}

const NORMALIZE_EPSILON = Math.sqrt(NORMALIZE_EPSILON_SQ);

/**
 * Writes a/|a| into out, like Blender's `normalize_v3_v3` (a length at or below √1e-35 gives
 * (0,0,0)), but without overflow: components up to ±1.7e308 normalize correctly. A non-finite
 * input gives (0,0,0). Returns whether a had a direction; `length`, when given, receives |a| in
 * length[0] (0 for the zero vector; Infinity when |a| exceeds the double range). The length is
 * written, not returned: V8 boxes a double returned from a call it does not inline.
 * (finite.ts's `safeNormalize3` saturates instead.)
 */
export function normalize3(out: Float64Array, a: ArrayLike<number>, length?: Float64Array): boolean {
  const x = a[0], y = a[1], z = a[2];
  const m = Math.max(Math.abs(x), Math.abs(y), Math.abs(z));
  if (!(m > 0) || m === Infinity) return noDirection(out, length);
  const sx = x / m, sy = y / m, sz = z / m;
  const s = Math.sqrt(sx * sx + sy * sy + sz * sz); // in [1, √3]
  const len = m * s;
  if (len <= NORMALIZE_EPSILON) return noDirection(out, length);
  out[0] = sx / s; out[1] = sy / s; out[2] = sz / s;
  if (length !== undefined) length[0] = len;
  return true;
}

/**
 * Normalizes v in place as Blender's normalize_v3 does: a vector whose squared length is 1e-35 or
 * less becomes zero. Where a port must give Blender's zero vectors (and what follows from them).
 */
export function normalizeLikeBlender3(v: Float64Array): Float64Array {
  const d = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
  if (d > 1e-35) {
    const k = 1 / Math.sqrt(d);
    v[0] *= k; v[1] *= k; v[2] *= k;
  } else {
    v[0] = 0; v[1] = 0; v[2] = 0;
  }
  return v;
}

/** A normalization's answer for a vector with no direction: the zero vector, length 0, false. */
export function noDirection(out: Float64Array, length: Float64Array | undefined): false {
  out[0] = 0; out[1] = 0; out[2] = 0;
  if (length !== undefined) length[0] = 0;
  return false;
}

/** asin clamped to [−1, 1] (Blender's `saasin`). */
export function safeAsin(x: number): number {
  return x <= -1 ? -Math.PI / 2 : x >= 1 ? Math.PI / 2 : Math.asin(x);
}

/** acos clamped to [−1, 1] (Blender's `saacos`). */
export function safeAcos(x: number): number {
  return x <= -1 ? Math.PI : x >= 1 ? 0 : Math.acos(x);
}

const angleOut = new Float64Array(1);

/** Angle between two unit vectors, accurate near 0 and π (Blender's `angle_normalized_v3v3`). */
export function angleNormalized3(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return angleNormalized3To(angleOut, a, b)[0];
}

/** {@link angleNormalized3} into out[0]: per-frame code uses this one, since V8 boxes a double returned from a call it does not inline. */
export function angleNormalized3To(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  // acos(dot) loses half the digits near 0 and π; half the chord length does not.
  // One call of safeAsin for both cases: V8 does not inline a call on a path it rarely saw taken,
  // and a call not inlined boxes its double argument and result. (a − (−b) is exactly a + b.)
  const ax = a[0], ay = a[1], az = a[2];
  const bx = b[0], by = b[1], bz = b[2];
  const acute = ax * bx + ay * by + az * bz >= 0;
  const s = acute ? 1 : -1;
  const x = ax - s * bx, y = ay - s * by, z = az - s * bz;
  const angle = 2 * safeAsin(Math.sqrt(x * x + y * y + z * z) / 2);
  out[0] = acute ? angle : Math.PI - angle;
  return out;
}

/** A vector perpendicular to v, not normalized (Blender's `ortho_v3_v3`). */
export function ortho3(out: Float64Array, v: ArrayLike<number>): Float64Array {
  const x = v[0], y = v[1], z = v[2];
  const ax = Math.abs(x), ay = Math.abs(y), az = Math.abs(z);
  // Blender's axis_dominant_v3_single: ties go to the later axis.
  const axis = ax > ay ? (ax > az ? 0 : 2) : ay > az ? 1 : 2;
  if (axis === 0) {
    out[0] = -y - z;
    out[1] = x;
    out[2] = x;
  } else if (axis === 1) {
    out[0] = y;
    out[1] = -x - z;
    out[2] = y;
  } else {
    out[0] = z;
    out[1] = z;
    out[2] = -x - y;
  }
  return out;
}

/** Linear interpolation a + (b − a)·t. */
export function lerp3(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>, t: number): Float64Array {
  const s = 1 - t;
  out[0] = s * a[0] + t * b[0];
  out[1] = s * a[1] + t * b[1];
  out[2] = s * a[2] + t * b[2];
  return out;
}
