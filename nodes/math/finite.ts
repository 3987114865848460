// Helpers that keep a result finite for every finite input, with each degenerate case given a
// defined answer instead of NaN or ±Infinity. Used by the math/value nodes, whose inputs are wired
// by users and can hold anything from 0 to ±1.8e308.
//
// The rules, in one place:
// - a result beyond the double range saturates to ±Number.MAX_VALUE; an indeterminate one (0/0, ∞−∞) is 0;
// - division by zero is 0 (as Blender's `safe_divide`);
// - lengths and normalization scale by the largest component first, so 1e300-sized vectors neither
//   overflow nor lose their direction; a vector shorter than √1e-35 (Blender's normalize threshold)
//   normalizes to the zero vector;
// - a zero quaternion normalizes to the identity;
// - a singular matrix (or one whose inverse would not fit in a double) inverts to the identity.

import { noDirection, NORMALIZE_EPSILON_SQ } from './vector';

const MAX = Number.MAX_VALUE;

/**
 * x itself when finite; ±MAX_VALUE for ±Infinity; 0 for NaN. Kept under 27 bytes of bytecode (the
 * finite test first, the rest in another function) so that V8 always inlines it, however large the
 * caller: a call left un-inlined would box its argument, an allocation on every call.
 */
export function saturate(x: number): number {
  return x - x === 0 ? x : saturateNonFinite(x);
}

function saturateNonFinite(x: number): number {
  return x !== x ? 0 : x > 0 ? MAX : -MAX;
}

/** a / b, 0 when b is 0, saturated (Blender's `safe_divide`). */
export function safeDivide(a: number, b: number): number {
  return b === 0 ? 0 : saturate(a / b);
}

/**
 * base^exponent, saturated. A negative base with a fractional exponent gives 0 (Blender's
 * `safe_powf`); so does 0 to a negative exponent (a division by zero).
 */
export function safePow(base: number, exponent: number): number {
  if (base < 0 && !Number.isInteger(exponent)) return 0;
  if (base === 0 && exponent < 0) return 0;
  return saturate(Math.pow(base, exponent));
}

/**
 * |v| without overflow or underflow, saturated (non-finite components are saturated first), written
 * to out[0]: from an array into an array, since V8 boxes a double passed to or returned from a call
 * it does not inline.
 */
export function safeLength3(out: Float64Array, v: ArrayLike<number>): void {
  const x = saturate(v[0]), y = saturate(v[1]), z = saturate(v[2]);
  const ax = Math.abs(x), ay = Math.abs(y), az = Math.abs(z);
  const m = ax > ay ? (ax > az ? ax : az) : ay > az ? ay : az;
  if (m === 0) { out[0] = 0; return; }
  const sx = x / m, sy = y / m, sz = z / m;
  out[0] = saturate(m * Math.sqrt(sx * sx + sy * sy + sz * sz));
}

/**
 * Writes a/|a| into out (which may alias a) and returns whether a had a direction: a vector whose
 * squared length is at most NORMALIZE_EPSILON_SQ gives the zero vector and false. Non-finite
 * components are saturated first; `length`, when given, receives |a| in length[0] (saturated; 0
 * for the zero vector). The length is written, not returned: a double returned from a function V8
 * does not inline is boxed, an allocation on every call (as are double arguments, hence `a`).
 */
export function safeNormalize3(out: Float64Array, a: ArrayLike<number>, length?: Float64Array): boolean {
  const x = saturate(a[0]), y = saturate(a[1]), z = saturate(a[2]);
  const ax = Math.abs(x), ay = Math.abs(y), az = Math.abs(z);
  const m = ax > ay ? (ax > az ? ax : az) : ay > az ? ay : az;
  if (m === 0) return noDirection(out, length);
  const sx = x / m, sy = y / m, sz = z / m;
  const n = Math.sqrt(sx * sx + sy * sy + sz * sz); // in [1, √3]
  const len = m * n;
  if (len * len <= NORMALIZE_EPSILON_SQ) return noDirection(out, length);
  out[0] = sx / n;
  out[1] = sy / n;
  out[2] = sz / n;
  // Saturated outside the branch: V8 does not inline a call made on a path it saw rarely taken,
  // and a call not inlined boxes its double argument.
  const l = saturate(len);
  if (length !== undefined) length[0] = l;
  return true;
}

/** q/|q| for a quaternion [x, y, z, w] of any size; a zero quaternion gives the identity [0, 0, 0, 1]. */
export function safeNormalizeQuat(out: Float64Array, q: ArrayLike<number>): Float64Array {
  const x = saturate(q[0]), y = saturate(q[1]), z = saturate(q[2]), w = saturate(q[3]);
  let m = Math.abs(x);
  if (Math.abs(y) > m) m = Math.abs(y);
  if (Math.abs(z) > m) m = Math.abs(z);
  if (Math.abs(w) > m) m = Math.abs(w);
  if (m === 0) {
    out[0] = 0; out[1] = 0; out[2] = 0; out[3] = 1;
    return out;
  }
  const sx = x / m, sy = y / m, sz = z / m, sw = w / m;
  const n = Math.sqrt(sx * sx + sy * sy + sz * sz + sw * sw);
  out[0] = sx / n;
  out[1] = sy / n;
  out[2] = sz / n;
  out[3] = sw / n;
  return out;
}

/** Saturates the first n numbers of out in place (see `saturate`). */
export function saturateN(out: Float64Array, n: number): Float64Array {
  for (let i = 0; i < n; i++) out[i] = saturate(out[i]);
  return out;
}

/** a·b for 4x4 column-major matrices (b applied first), every entry saturated; out may alias a or b. */
export function safeMultiplyMat4(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  const a00 = a[0], a01 = a[1], a02 = a[2], a03 = a[3];
  const a10 = a[4], a11 = a[5], a12 = a[6], a13 = a[7];
  const a20 = a[8], a21 = a[9], a22 = a[10], a23 = a[11];
  const a30 = a[12], a31 = a[13], a32 = a[14], a33 = a[15];
  // The plain product first; its sum is finite only when every entry is (an overflowing sum of
  // finite entries just takes the slow way), so one check replaces sixteen saturations.
  let sum = 0;
  for (let c = 0; c < 4; c++) {
    const b0 = b[4 * c], b1 = b[4 * c + 1], b2 = b[4 * c + 2], b3 = b[4 * c + 3];
    const x = a00 * b0 + a10 * b1 + a20 * b2 + a30 * b3;
    const y = a01 * b0 + a11 * b1 + a21 * b2 + a31 * b3;
    const z = a02 * b0 + a12 * b1 + a22 * b2 + a32 * b3;
    const w = a03 * b0 + a13 * b1 + a23 * b2 + a33 * b3;
    out[4 * c] = x; out[4 * c + 1] = y; out[4 * c + 2] = z; out[4 * c + 3] = w;
    sum += x + y + z + w;
  }
  if (sum - sum !== 0) saturateN(out, 16);
  return out;
}

/**
 * a·b exactly as {@link safeMultiplyMat4} gives it, without the product when b is the identity (by
 * value) and a is finite with no −0: each entry of the product is then its one term a·1 plus exact
 * zeros, which is that term itself (only a −0 entry could come out +0), so a is copied. Most bones of
 * a rig have an identity pose basis, and an object's parent inverse is often the identity.
 */
export function safeMultiplyMat4SkippingIdentity(out: Float64Array, a: Float64Array, b: ArrayLike<number>): Float64Array {
  if (!isIdentityMat4(b) || !copiesAsIs(a)) return safeMultiplyMat4(out, a, b);
  if (out !== a) for (let i = 0; i < 16; i++) out[i] = a[i];
  return out;
}

function isIdentityMat4(b: ArrayLike<number>): boolean {
  return b[0] === 1 && b[1] === 0 && b[2] === 0 && b[3] === 0 && b[4] === 0 && b[5] === 1 && b[6] === 0 && b[7] === 0 &&
    b[8] === 0 && b[9] === 0 && b[10] === 1 && b[11] === 0 && b[12] === 0 && b[13] === 0 && b[14] === 0 && b[15] === 1;
}

/**
 * Whether every number is finite and none is −0 (x − x is 0 only for a finite x). `Object.is(x, -0)`
 * compiles to a bit test; the `1 / x < 0` it replaced was a division per zero entry (three or more
 * in every rig matrix: its bottom row), on most bones every frame.
 */
function copiesAsIs(a: Float64Array): boolean {
  for (let i = 0; i < 16; i++) {
    const x = a[i];
    if (x - x !== 0 || Object.is(x, -0)) return false;
  }
  return true;
}

const inv = new Float64Array(16);

function identity4(out: Float64Array): Float64Array {
  out.fill(0, 0, 16);
  out[0] = 1; out[5] = 1; out[10] = 1; out[15] = 1;
  return out;
}

/**
 * Inverse of a 4x4 column-major matrix, or the identity when m is singular or its inverse would not
 * fit in a double; returns whether it was invertible. The matrix is scaled by its largest entry
 * first, so a 1e300-sized or 1e-300-sized (but regular) transform inverts exactly like a unit one.
 * An affine matrix (bottom row 0 0 0 1, every rig transform) inverts its 3x3 part and maps the
 * translation, so a far-away translation does not make the matrix look singular.
 */
export function safeInvertMat4(out: Float64Array, m: ArrayLike<number>): boolean {
  const affine = m[3] === 0 && m[7] === 0 && m[11] === 0 && m[15] === 1;
  let s = 0;
  const n = affine ? 11 : 16;
  for (let i = 0; i < n; i++) {
    if (affine && (i === 3 || i === 7)) continue;
    const a = Math.abs(m[i]);
    if (a > s) s = a;
  }
  if (!(s > 0) || !Number.isFinite(s)) return identity4(out), false;
  const k = 1 / s;
  let ok: boolean;
  if (affine) {
    // B = A/s (3x3); A⁻¹ = B⁻¹/s; translation t' = −A⁻¹·t.
    const b00 = m[0] * k, b01 = m[1] * k, b02 = m[2] * k;
    const b10 = m[4] * k, b11 = m[5] * k, b12 = m[6] * k;
    const b20 = m[8] * k, b21 = m[9] * k, b22 = m[10] * k;
    const c00 = b11 * b22 - b12 * b21, c01 = b02 * b21 - b01 * b22, c02 = b01 * b12 - b02 * b11;
    const det = b00 * c00 + b10 * c01 + b20 * c02;
    if (det === 0) return identity4(out), false;
    const f = k / det;
    inv[0] = c00 * f; inv[1] = c01 * f; inv[2] = c02 * f; inv[3] = 0;
    inv[4] = (b12 * b20 - b10 * b22) * f; inv[5] = (b00 * b22 - b02 * b20) * f; inv[6] = (b02 * b10 - b00 * b12) * f; inv[7] = 0;
    inv[8] = (b10 * b21 - b11 * b20) * f; inv[9] = (b01 * b20 - b00 * b21) * f; inv[10] = (b00 * b11 - b01 * b10) * f; inv[11] = 0;
    const tx = m[12], ty = m[13], tz = m[14];
    inv[12] = -(inv[0] * tx + inv[4] * ty + inv[8] * tz);
    inv[13] = -(inv[1] * tx + inv[5] * ty + inv[9] * tz);
    inv[14] = -(inv[2] * tx + inv[6] * ty + inv[10] * tz);
    inv[15] = 1;
    ok = true;
  } else {
    ok = invertGeneral(inv, m, k);
  }
  if (!ok) return identity4(out), false;
  for (let i = 0; i < 16; i++) if (!Number.isFinite(inv[i])) return identity4(out), false;
  out.set(inv);
  return true;
}

const nudged = new Float64Array(16);
/** 1e-8 as a float, what Blender adds. */
const NUDGE = Math.fround(1e-8);

/**
 * Blender's invert_m4_m4_safe, which it uses for an object's LOCAL and CUSTOM spaces: the inverse,
 * or for a singular matrix (an axis scaled to 0) the inverse of it with 1e-8 added to the 3x3
 * part's diagonal entries as a float adds it ([3][3] is left, as Blender leaves it) (so only entries below about 0.17 change: 0 becomes 1e-8, and the
 * inverse is ~1e8 along the flattened axis, which Blender's constraints then read), or the
 * identity when that is singular too. Returns whether m itself was invertible.
 */
export function invertMat4Nudged(out: Float64Array, m: ArrayLike<number>): boolean {
  if (safeInvertMat4(out, m)) return true;
  for (let i = 0; i < 16; i++) nudged[i] = m[i];
  for (let i = 0; i < 15; i += 5) {
    const f = Math.fround(m[i]);
    nudged[i] += Math.fround(f + NUDGE) - f;
  }
  safeInvertMat4(out, nudged);
  return false;
}

// Cofactor inverse of (m·k), then scaled by k again: (m·k)⁻¹·k = m⁻¹.
function invertGeneral(out: Float64Array, m: ArrayLike<number>, k: number): boolean {
  const a00 = m[0] * k, a01 = m[1] * k, a02 = m[2] * k, a03 = m[3] * k;
  const a10 = m[4] * k, a11 = m[5] * k, a12 = m[6] * k, a13 = m[7] * k;
  const a20 = m[8] * k, a21 = m[9] * k, a22 = m[10] * k, a23 = m[11] * k;
  const a30 = m[12] * k, a31 = m[13] * k, a32 = m[14] * k, a33 = m[15] * k;
  const b00 = a00 * a11 - a01 * a10, b01 = a00 * a12 - a02 * a10, b02 = a00 * a13 - a03 * a10;
  const b03 = a01 * a12 - a02 * a11, b04 = a01 * a13 - a03 * a11, b05 = a02 * a13 - a03 * a12;
  const b06 = a20 * a31 - a21 * a30, b07 = a20 * a32 - a22 * a30, b08 = a20 * a33 - a23 * a30;
  const b09 = a21 * a32 - a22 * a31, b10 = a21 * a33 - a23 * a31, b11 = a22 * a33 - a23 * a32;
  const det = b00 * b11 - b01 * b10 + b02 * b09 + b03 * b08 - b04 * b07 + b05 * b06;
  if (det === 0 || !Number.isFinite(det)) return false;
  const f = k / det;
  out[0] = (a11 * b11 - a12 * b10 + a13 * b09) * f;
  out[1] = (a02 * b10 - a01 * b11 - a03 * b09) * f;
  out[2] = (a31 * b05 - a32 * b04 + a33 * b03) * f;
  out[3] = (a22 * b04 - a21 * b05 - a23 * b03) * f;
  out[4] = (a12 * b08 - a10 * b11 - a13 * b07) * f;
  out[5] = (a00 * b11 - a02 * b08 + a03 * b07) * f;
  out[6] = (a32 * b02 - a30 * b05 - a33 * b01) * f;
  out[7] = (a20 * b05 - a22 * b02 + a23 * b01) * f;
  out[8] = (a10 * b10 - a11 * b08 + a13 * b06) * f;
  out[9] = (a01 * b08 - a00 * b10 - a03 * b06) * f;
  out[10] = (a30 * b04 - a31 * b02 + a33 * b00) * f;
  out[11] = (a21 * b02 - a20 * b04 - a23 * b00) * f;
  out[12] = (a11 * b07 - a10 * b09 - a12 * b06) * f;
  out[13] = (a00 * b09 - a01 * b07 + a02 * b06) * f;
  out[14] = (a31 * b01 - a30 * b03 - a32 * b00) * f;
  out[15] = (a20 * b03 - a21 * b01 + a22 * b00) * f;
  return true;
}

/**
 * The cube root of the 3x3 part's determinant, signed (Blender's cbrtf of mat4_to_volume_scale), into
 * out[i]: finite for a finite m. Where the plain determinant overflows (columns of very different
 * sizes, ~1e300 by ~1e124: Infinity − Infinity gave NaN), it is taken of m divided by its largest
 * entry, and the cube root scaled back (saturated). Otherwise the plain determinant, as
 * `determinantMat4Basis` computes it. In an array: V8 boxes a double returned from a call it does not inline.
 */
export function volumeScaleInto(out: Float64Array, i: number, m: ArrayLike<number>): void {
  const d = m[0] * (m[5] * m[10] - m[6] * m[9]) - m[4] * (m[1] * m[10] - m[2] * m[9]) + m[8] * (m[1] * m[6] - m[2] * m[5]);
  // The largest entry, when the determinant overflowed from finite entries (else 0: the plain route,
  // NaN or Infinity in giving NaN or Infinity out).
  let k = 0, finite = true;
  if (d - d !== 0) for (let c = 0; c < 3; c++) for (let r = 0; r < 3; r++) { const a = Math.abs(m[4 * c + r]); finite = finite && a - a === 0; if (a > k) k = a; }
  if (!finite || !(k > 0)) { out[i] = Math.cbrt(d); return; }
  const a0 = m[0] / k, a1 = m[1] / k, a2 = m[2] / k, a4 = m[4] / k, a5 = m[5] / k, a6 = m[6] / k, a8 = m[8] / k, a9 = m[9] / k, a10 = m[10] / k;
  const scaled = a0 * (a5 * a10 - a6 * a9) - a4 * (a1 * a10 - a2 * a9) + a8 * (a1 * a6 - a2 * a5);
  out[i] = saturate(Math.cbrt(scaled) * k);
}
