// Influence blending of transforms, Blender's interp_m3_m3m3 / interp_m4_m4m4 (Shoemake & Duff,
// "Matrix Animation and Polar Decomposition"): location lerped, each 3x3 split into U·P, U slerped
// as a quaternion along the shortest arc, P lerped per element, result U·P.
import { polarDecompose } from './polar';
import { mat3NormalizedToQuat, slerpQuatBy, quatToMat3 } from './quaternion';
import { isFiniteN, isNegativeMat3 } from './matrix';
import { saturate } from './finite';

const uA = new Float64Array(9);
const pA = new Float64Array(9);
const uB = new Float64Array(9);
const pB = new Float64Array(9);
const qA = new Float64Array(4);
const qB = new Float64Array(4);
const q = new Float64Array(4);
const u = new Float64Array(9);
const a3 = new Float64Array(9);
const b3 = new Float64Array(9);
const r3 = new Float64Array(9);

const tScratch = new Float64Array(1);

/**
 * Blends two 3x3 transforms by polar decomposition (Blender's `interp_m3_m3m3`); t = 0 gives a,
 * t = 1 gives b. Degenerate and zero-scale matrices are fine (see polar.ts); non-finite input falls
 * back to a per-element lerp, so NaN in gives NaN out and nothing worse.
 */
export function blendMat3(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>, t: number): Float64Array {
  tScratch[0] = t;
  return blendMat3By(out, a, b, tScratch);
}

/**
 * {@link blendMat3} by the factor t[0]. Per-frame code passes its factor so, in an array: V8
 * boxes a double passed to a call it does not inline, an allocation per call.
 */
export function blendMat3By(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>, factor: ArrayLike<number>): Float64Array {
  if (!isFiniteN(a, 9) || !isFiniteN(b, 9) || nearlyEqualMat3(a, b)) return lerpMat3(out, a, b, factor);
  return blendMat3ByPolar(out, a, b, factor);
}

/** Element by element: a + (b − a)·t. */
function lerpMat3(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>, factor: ArrayLike<number>): Float64Array {
  const t = factor[0];
  for (let i = 0; i < 9; i++) out[i] = a[i] + (b[i] - a[i]) * t;
  return out;
}

/** Differences up to this, relative to the largest entry, make two 3x3s nearly equal ({@link nearlyEqualMat3}). */
const NEARLY_EQUAL = 1e-12;
/** Below this |det| relative to the largest entry cubed, a 3x3 is too near singular for the lerp's error bound. */
const WELL_CONDITIONED = 1e-3;

/**
 * Whether the polar route's blend of a and b equals their straight lerp to well below a double's
 * rounding. For B = A + E the route's U·P is A + t·E plus terms of order |E|²·max|A|/σmin(A)²;
 * with |E| ≤ 1e-12 · max|A| and |det A| ≥ 1e-3 · max|A|³ (so σmin(A) ≥ 1e-4 · max|A|: the two
 * larger singular values are at most 3 · max|A|) those are below 1e-16 · max|A|. It saves the two
 * polar decompositions and the slerp, most of a blend, for constraints that change only the
 * location (Copy Location, Limit Location and Distance at an influence below 1: 48 on Rigify's
 * human rig), whose 3x3 comes back equal, or within ~1e-16 after a LOCAL round trip.
 */
export function nearlyEqualMat3(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  let m = 0, d = 0;
  for (let i = 0; i < 9; i++) {
    const x = Math.abs(a[i]), e = Math.abs(b[i] - a[i]);
    if (x > m) m = x;
    if (e > d) d = e;
  }
  if (d > NEARLY_EQUAL * m) return false;
  if (d === 0) return true;
  // The determinant of a / m (entries at most 1): det(a) and m³ themselves under- or overflow
  // when m is far from 1 (m = 3e-137 made both 0 and a rank-1 matrix pass as well conditioned).
  if (m < 1e-300 || m > 1e300) return false;
  const k = 1 / m;
  const a0 = a[0] * k, a1 = a[1] * k, a2 = a[2] * k, a3 = a[3] * k, a4 = a[4] * k;
  const a5 = a[5] * k, a6 = a[6] * k, a7 = a[7] * k, a8 = a[8] * k;
  const det = a0 * (a4 * a8 - a5 * a7) - a3 * (a1 * a8 - a2 * a7) + a6 * (a1 * a5 - a2 * a4);
  return Math.abs(det) >= WELL_CONDITIONED;
}

/** {@link blendMat3By} by the polar route alone, whatever the matrices (for finite a and b). */
export function blendMat3ByPolar(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>, factor: ArrayLike<number>): Float64Array {
  const t = factor[0];
  // Polar decomposition is homogeneous (k·A = U·(k·P)): a matrix with entries past 1e100 (or all
  // below 1e-100) is decomposed scaled by a power of two (exact), its P scaled back after, so the
  // iteration's products neither overflow (Inf − Inf = NaN) nor underflow.
  decomposeScaled(uA, pA, a, 0);
  decomposeScaled(uB, pB, b, 1);
  const ka = scales[0], kb = scales[1];
  // A quaternion cannot hold an axis flip: take −U and −P instead (still A = U·P), Blender #77154.
  if (isNegativeMat3(uA)) {
    for (let i = 0; i < 9; i++) { uA[i] = -uA[i]; pA[i] = -pA[i]; }
  }
  if (isNegativeMat3(uB)) {
    for (let i = 0; i < 9; i++) { uB[i] = -uB[i]; pB[i] = -pB[i]; }
  }
  mat3NormalizedToQuat(qA, uA);
  mat3NormalizedToQuat(qB, uB);
  slerpQuatBy(q, qA, qB, factor);
  quatToMat3(u, q);
  const s = 1 - t;
  // out = U·P with P lerped on the fly (Blender's interp_v3_v3v3 per column: s·a + t·b).
  for (let c = 0; c < 3; c++) {
    let p0 = s * pA[3 * c] + t * pB[3 * c];
    let p1 = s * pA[3 * c + 1] + t * pB[3 * c + 1];
    let p2 = s * pA[3 * c + 2] + t * pB[3 * c + 2];
    if (ka !== 1 || kb !== 1) {
      p0 = saturate(s * pA[3 * c] * ka + t * pB[3 * c] * kb);
      p1 = saturate(s * pA[3 * c + 1] * ka + t * pB[3 * c + 1] * kb);
      p2 = saturate(s * pA[3 * c + 2] * ka + t * pB[3 * c + 2] * kb);
      out[3 * c] = saturate(u[0] * p0 + u[3] * p1 + u[6] * p2);
      out[3 * c + 1] = saturate(u[1] * p0 + u[4] * p1 + u[7] * p2);
      out[3 * c + 2] = saturate(u[2] * p0 + u[5] * p1 + u[8] * p2);
      continue;
    }
    out[3 * c] = u[0] * p0 + u[3] * p1 + u[6] * p2;
    out[3 * c + 1] = u[1] * p0 + u[4] * p1 + u[7] * p2;
    out[3 * c + 2] = u[2] * p0 + u[5] * p1 + u[8] * p2;
  }
  return out;
}

const sc = new Float64Array(9);
// The scales decomposeScaled found: kept in a typed array, since a double returned from a function
// V8 does not inline is boxed (allocated).
const scales = new Float64Array(2);

/** polarDecompose of m, scaled first by a power of two when its entries are extreme; writes that scale (1 when not) to scales[slot]. */
function decomposeScaled(outU: Float64Array, outP: Float64Array, m: ArrayLike<number>, slot: number): void {
  let k = 0;
  for (let i = 0; i < 9; i++) { const x = Math.abs(m[i]); if (x > k) k = x; }
  if (!(k > 1e100 || (k > 0 && k < 1e-100))) {
    polarDecompose(outU, outP, m);
    scales[slot] = 1;
    return;
  }
  const p = 2 ** Math.floor(Math.log2(k));
  for (let i = 0; i < 9; i++) sc[i] = m[i] / p;
  polarDecompose(outU, outP, sc);
  scales[slot] = p;
}

/**
 * Blends two 4x4 transforms as Blender blends a constraint by its influence (`interp_m4_m4m4`):
 * translation lerped, 3x3 by {@link blendMat3}; the bottom row of the result is (0, 0, 0, 1).
 */
export function blendMatrices(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>, t: number): Float64Array {
  tScratch[0] = t;
  return blendMatricesBy(out, a, b, tScratch);
}

/**
 * {@link blendMatrices} by the factor t[0] (a constraint's influence: `influenceInto` writes it).
 * Per-frame code passes its factor so, in an array: V8 boxes a double passed to a call it does not
 * inline, an allocation per call.
 */
export function blendMatricesBy(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>, factor: ArrayLike<number>): Float64Array {
  const t = factor[0];
  const s = 1 - t;
  const x = saturate(s * a[12] + t * b[12]);
  const y = saturate(s * a[13] + t * b[13]);
  const z = saturate(s * a[14] + t * b[14]);
  a3[0] = a[0]; a3[1] = a[1]; a3[2] = a[2];
  a3[3] = a[4]; a3[4] = a[5]; a3[5] = a[6];
  a3[6] = a[8]; a3[7] = a[9]; a3[8] = a[10];
  b3[0] = b[0]; b3[1] = b[1]; b3[2] = b[2];
  b3[3] = b[4]; b3[4] = b[5]; b3[5] = b[6];
  b3[6] = b[8]; b3[7] = b[9]; b3[8] = b[10];
  blendMat3By(r3, a3, b3, factor);
  out[0] = r3[0]; out[1] = r3[1]; out[2] = r3[2]; out[3] = 0;
  out[4] = r3[3]; out[5] = r3[4]; out[6] = r3[5]; out[7] = 0;
  out[8] = r3[6]; out[9] = r3[7]; out[10] = r3[8]; out[11] = 0;
  out[12] = x; out[13] = y; out[14] = z; out[15] = 1;
  return out;
}
