// The small rotation toolkit of Blender's legacy IK solver (intern/iksolver/intern/IK_Math.h), on
// 3x3 matrices stored ROW-major (m[r * 3 + c]) as Eigen's code reads them, so the port can follow
// it line by line. Everything writes into caller-owned arrays: nothing allocates. Angles and
// other scalars go in and out through array slots, never as double arguments or return values: V8
// boxes a double passed to (or returned from) a call it does not inline, and the solver's large
// functions run out of inlining budget.

/** Blender's IK_EPSILON: below it a length or angle counts as zero. */
export const IK_EPSILON = 1e-20;

export function clamp(x: number, lo: number, hi: number): number {
  return x < lo ? lo : x > hi ? hi : x;
}

export function setIdentity3(out: Float64Array): Float64Array {
  out[0] = 1; out[1] = 0; out[2] = 0; out[3] = 0; out[4] = 1; out[5] = 0; out[6] = 0; out[7] = 0; out[8] = 1;
  return out;
}

/**
 * Copies a 3x3. By hand: TypedArray#set and #fill are calls V8 does not inline, and the solver's
 * iteration makes several a segment (see the README's rule on per-frame code).
 */
export function copy3x3(out: Float64Array, m: ArrayLike<number>): Float64Array {
  out[0] = m[0]; out[1] = m[1]; out[2] = m[2]; out[3] = m[3]; out[4] = m[4]; out[5] = m[5]; out[6] = m[6]; out[7] = m[7]; out[8] = m[8];
  return out;
}

/** out = a · b (row-major; out may alias a or b). */
export function mul3(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  const a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3], a4 = a[4], a5 = a[5], a6 = a[6], a7 = a[7], a8 = a[8];
  const b0 = b[0], b1 = b[1], b2 = b[2], b3 = b[3], b4 = b[4], b5 = b[5], b6 = b[6], b7 = b[7], b8 = b[8];
  out[0] = a0 * b0 + a1 * b3 + a2 * b6; out[1] = a0 * b1 + a1 * b4 + a2 * b7; out[2] = a0 * b2 + a1 * b5 + a2 * b8;
  out[3] = a3 * b0 + a4 * b3 + a5 * b6; out[4] = a3 * b1 + a4 * b4 + a5 * b7; out[5] = a3 * b2 + a4 * b5 + a5 * b8;
  out[6] = a6 * b0 + a7 * b3 + a8 * b6; out[7] = a6 * b1 + a7 * b4 + a8 * b7; out[8] = a6 * b2 + a7 * b5 + a8 * b8;
  return out;
}

/** out = aᵀ · b. */
export function mulTransA3(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  const a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3], a4 = a[4], a5 = a[5], a6 = a[6], a7 = a[7], a8 = a[8];
  const b0 = b[0], b1 = b[1], b2 = b[2], b3 = b[3], b4 = b[4], b5 = b[5], b6 = b[6], b7 = b[7], b8 = b[8];
  out[0] = a0 * b0 + a3 * b3 + a6 * b6; out[1] = a0 * b1 + a3 * b4 + a6 * b7; out[2] = a0 * b2 + a3 * b5 + a6 * b8;
  out[3] = a1 * b0 + a4 * b3 + a7 * b6; out[4] = a1 * b1 + a4 * b4 + a7 * b7; out[5] = a1 * b2 + a4 * b5 + a7 * b8;
  out[6] = a2 * b0 + a5 * b3 + a8 * b6; out[7] = a2 * b1 + a5 * b4 + a8 * b7; out[8] = a2 * b2 + a5 * b5 + a8 * b8;
  return out;
}

/** out = m · v (out may alias v). */
export function mulVec3(out: Float64Array, m: ArrayLike<number>, v: ArrayLike<number>): Float64Array {
  const x = v[0], y = v[1], z = v[2];
  out[0] = m[0] * x + m[1] * y + m[2] * z;
  out[1] = m[3] * x + m[4] * y + m[5] * z;
  out[2] = m[6] * x + m[7] * y + m[8] * z;
  return out;
}

/** General 3x3 inverse (Eigen's `inverse()`); a singular matrix leaves the identity. */
export function invert3(out: Float64Array, m: ArrayLike<number>): Float64Array {
  const a = m[0], b = m[1], c = m[2], d = m[3], e = m[4], f = m[5], g = m[6], h = m[7], i = m[8];
  const A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g;
  const det = a * A + b * B + c * C;
  if (det === 0) return setIdentity3(out);
  const s = 1 / det;
  out[0] = A * s; out[1] = -(b * i - c * h) * s; out[2] = (b * f - c * e) * s;
  out[3] = B * s; out[4] = (a * i - c * g) * s; out[5] = -(a * f - c * d) * s;
  out[6] = C * s; out[7] = -(a * h - b * g) * s; out[8] = (a * e - b * d) * s;
  return out;
}

const sc = new Float64Array(2);

/** RotationMatrix(sin v[i], cos v[i], axis): the rotation by the angle in v[i]. */
export function rotationMatrixOf(out: Float64Array, v: ArrayLike<number>, i: number, axis: number): Float64Array {
  const a = v[i];
  sc[0] = Math.sin(a); sc[1] = Math.cos(a);
  return rotationMatrixSC(out, sc, 0, 1, axis);
}

/** RotationMatrix(v[iSin], v[iCos], axis): from a sine and cosine already at hand. */
export function rotationMatrixSC(out: Float64Array, v: ArrayLike<number>, iSin: number, iCos: number, axis: number): Float64Array {
  const sine = v[iSin], cosine = v[iCos];
  if (axis === 0) { out[0] = 1; out[1] = 0; out[2] = 0; out[3] = 0; out[4] = cosine; out[5] = -sine; out[6] = 0; out[7] = sine; out[8] = cosine; }
  else if (axis === 1) { out[0] = cosine; out[1] = 0; out[2] = sine; out[3] = 0; out[4] = 1; out[5] = 0; out[6] = -sine; out[7] = 0; out[8] = cosine; }
  else { out[0] = cosine; out[1] = -sine; out[2] = 0; out[3] = sine; out[4] = cosine; out[5] = 0; out[6] = 0; out[7] = 0; out[8] = 1; }
  return out;
}

/** out[k] = the Euler angle about `axis` of R (EulerAngleFromMatrix). */
export function eulerAngleInto(out: Float64Array, k: number, R: ArrayLike<number>, axis: number): void {
  const t = Math.sqrt(R[0] * R[0] + R[1] * R[1]);
  if (t > 16 * IK_EPSILON) {
    out[k] = axis === 0 ? -Math.atan2(R[5], R[8]) : axis === 1 ? Math.atan2(-R[2], t) : -Math.atan2(R[1], R[0]);
  } else out[k] = axis === 0 ? -Math.atan2(-R[7], R[4]) : axis === 1 ? Math.atan2(-R[2], t) : 0;
}

/** out[k] = the twist (about Y) of R, from the y and w parts of its quaternion (ComputeTwist). */
export function twistInto(out: Float64Array, k: number, R: ArrayLike<number>): void {
  const qy = R[2] - R[6];
  const qw = R[0] + R[4] + R[8] + 1;
  out[k] = 2 * Math.atan2(qy, qw);
}

const twistM = new Float64Array(9);
/** [twist angle] for removeTwist and sphericalRangeParameters. */
const tau1 = new Float64Array(1);

/** R = R · twist(R)ᵀ. */
export function removeTwist(R: Float64Array): void {
  twistInto(tau1, 0, R);
  rotationMatrixOf(twistM, tau1, 0, 1);
  // R · Tᵀ
  for (let r = 0; r < 3; r++) {
    const x = R[r * 3], y = R[r * 3 + 1], z = R[r * 3 + 2];
    R[r * 3] = x * twistM[0] + y * twistM[1] + z * twistM[2];
    R[r * 3 + 1] = x * twistM[3] + y * twistM[4] + z * twistM[5];
    R[r * 3 + 2] = x * twistM[6] + y * twistM[7] + z * twistM[8];
  }
}

/** (ax, twist, az) of R: the swing as the x and z of its half-angle axis, and the twist. */
export function sphericalRangeParameters(out: Float64Array, R: ArrayLike<number>): Float64Array {
  twistInto(out, 1, R);
  let num = 2 * (1 + R[4]);
  if (Math.abs(num) < IK_EPSILON) { out[0] = 0; out[2] = 1; return out; }
  num = 1 / Math.sqrt(num);
  out[0] = -R[7] * num;
  out[2] = R[1] * num;
  return out;
}

/** The swing matrix of Eigen's Quaterniond(w = −cos, x = ax, y = 0, z = az), (ax, az) = (a[0], a[2]). */
export function computeSwingMatrix(out: Float64Array, a: ArrayLike<number>): Float64Array {
  const ax = a[0], az = a[2];
  const sine2 = ax * ax + az * az;
  const w = -Math.sqrt(sine2 >= 1 ? 0 : 1 - sine2), x = ax, y = 0, z = az;
  // Eigen's toRotationMatrix (it does not normalize).
  const tx = 2 * x, ty = 2 * y, tz = 2 * z;
  const twx = tx * w, twy = ty * w, twz = tz * w;
  const txx = tx * x, txy = ty * x, txz = tz * x;
  const tyy = ty * y, tyz = tz * y, tzz = tz * z;
  out[0] = 1 - (tyy + tzz); out[1] = txy - twz; out[2] = txz + twy;
  out[3] = txy + twz; out[4] = 1 - (txx + tzz); out[5] = tyz - twx;
  out[6] = txz - twy; out[7] = tyz + twx; out[8] = 1 - (txx + tyy);
  return out;
}

/** swing(a[0], a[2]) · twist(a[1]). */
export function swingTwist(out: Float64Array, a: ArrayLike<number>): Float64Array {
  computeSwingMatrix(out, a);
  rotationMatrixOf(twistM, a, 1, 1);
  return mul3(out, out, twistM);
}

export function matrixToAxisAngle(out: Float64Array, R: ArrayLike<number>): Float64Array {
  let x = R[7] - R[5], y = R[2] - R[6], z = R[3] - R[1];
  // Blender's saacos, and fuzzy zero (below IK_EPSILON).
  const f = (R[0] + R[4] + R[8] - 1) / 2;
  const c = f <= -1 ? Math.PI : f >= 1 ? 0 : Math.acos(f);
  const l = Math.sqrt(x * x + y * y + z * z);
  if (!(Math.abs(l) < IK_EPSILON)) { const k = c / l; x *= k; y *= k; z *= k; }
  out[0] = x; out[1] = y; out[2] = z;
  return out;
}

/**
 * Clamps (a[0], a[1]) = (ax, az) into the ellipse of limits amin/amax (x in [0], z in [1]);
 * true when it clamped.
 */
export function ellipseClamp(a: Float64Array, amin: ArrayLike<number>, amax: ArrayLike<number>): boolean {
  const ax = a[0], az = a[1];
  let x: number, z: number, xlim: number, zlim: number;
  if (ax < 0) { x = -ax; xlim = -amin[0]; } else { x = ax; xlim = amax[0]; }
  if (az < 0) { z = -az; zlim = -amin[1]; } else { z = az; zlim = amax[1]; }
  if (Math.abs(xlim) < IK_EPSILON || Math.abs(zlim) < IK_EPSILON) {
    if (x <= xlim && z <= zlim) return false;
    if (x > xlim) x = xlim;
    if (z > zlim) z = zlim;
  } else {
    const invx = 1 / (xlim * xlim), invz = 1 / (zlim * zlim);
    if (x * x * invx + z * z * invz <= 1) return false;
    if (Math.abs(x) < IK_EPSILON) { x = 0; z = zlim; }
    else {
      const rico = z / x;
      const oldX = x;
      x = Math.sqrt(1 / (invx + invz * rico * rico));
      if (oldX < 0) x = -x;
      z = rico * x;
    }
  }
  a[0] = ax < 0 ? -x : x;
  a[1] = az < 0 ? -z : z;
  return true;
}
