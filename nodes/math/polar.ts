// Polar decomposition of a 3x3: M = U·P with U orthogonal (the rotation-like part, possibly a
// reflection) and P symmetric positive semi-definite (the stretch, expressed in U's frame).
// Blender's mat3_polar_decompose gets it from an SVD M = W·S·Vᵀ as U = W·Vᵀ, P = V·S·Vᵀ (Eigen's
// JacobiSVD); for a matrix of full rank, whose polar decomposition is unique, the SVD here is a
// one-sided Jacobi sweep, exact to a few ulps and allocation-free.
//
// Degenerate input is defined rather than left to chance: a zero matrix gives U = I, P = 0; a
// singular M, whose U is not unique (the directions M flattens can map either way), gets the U
// that sends them where Blender's Eigen SVD sends them (eigen-svd.ts), the rest still exact to a
// double. The choice shows in the influence blend: a U with det −1 is negated there, which turns
// the blend another way (0.87 apart on a random driver rig before).
import { eigenJacobiSvd3 } from './eigen-svd';

const a = new Float64Array(9); // columns of M·V, orthogonalized in place
const v = new Float64Array(9); // right singular vectors (columns)
const w = new Float64Array(9); // left singular vectors (columns)
const sigma = new Float64Array(3);

// Two columns count as orthogonal once |aᵢ·aⱼ| ≤ this × |aᵢ||aⱼ|.
const JACOBI_EPS = 1e-15;
const MAX_SWEEPS = 30;
// A singular value this small relative to the largest is treated as zero: M is singular.
const RANK_EPS = 1e-14;

// The Jacobi rotation's cosine and sine. Numbers pass between this file's functions in arrays,
// and lengths are computed where they are used (not by lengthXyz): V8 boxes a double passed to or
// returned from a call it does not inline.
const cs = new Float64Array(2);

function rotateColumns(m: Float64Array, p: number, q: number): void {
  const c = cs[0], s = cs[1];
  for (let r = 0; r < 3; r++) {
    const x = m[3 * p + r], y = m[3 * q + r];
    m[3 * p + r] = c * x - s * y;
    m[3 * q + r] = s * x + c * y;
  }
}

// One Jacobi rotation making columns p and q of `a` orthogonal; returns false when they already are.
function orthogonalizePair(p: number, q: number): boolean {
  let alpha = 0, beta = 0, gamma = 0;
  for (let r = 0; r < 3; r++) {
    const x = a[3 * p + r], y = a[3 * q + r];
    alpha += x * x;
    beta += y * y;
    gamma += x * y;
  }
  if (gamma === 0 || Math.abs(gamma) <= JACOBI_EPS * Math.sqrt(alpha * beta)) return false;
  const zeta = (beta - alpha) / (2 * gamma);
  // The smaller root of t² + 2ζt − 1 = 0 (for huge ζ, √(1+ζ²) ≈ |ζ| avoids overflow).
  const t = (zeta >= 0 ? 1 : -1) / (Math.abs(zeta) + (Math.abs(zeta) < 1e150 ? Math.sqrt(1 + zeta * zeta) : Math.abs(zeta)));
  const c = 1 / Math.sqrt(1 + t * t);
  cs[0] = c;
  cs[1] = c * t;
  rotateColumns(a, p, q);
  rotateColumns(v, p, q);
  return true;
}

function setIdentity3(m: Float64Array): void {
  m[0] = 1; m[1] = 0; m[2] = 0;
  m[3] = 0; m[4] = 1; m[5] = 0;
  m[6] = 0; m[7] = 0; m[8] = 1;
}

/**
 * Polar decomposition M = U·P of a 3x3 (Blender's `mat3_polar_decompose`): U orthogonal, P symmetric
 * positive semi-definite; det U < 0 when M is a reflection (callers that need a rotation negate
 * both U and P, as Blender's `interp_m3_m3m3` does). Never NaN for finite input.
 */
export function polarDecompose(outU: Float64Array, outP: Float64Array, m: ArrayLike<number>): void {
  let scale = 0;
  for (let i = 0; i < 9; i++) {
    const x = Math.abs(m[i]);
    if (x > scale) scale = x;
  }
  if (!(scale > 0) || !Number.isFinite(scale)) {
    // Zero matrix: U = I, P = 0. Non-finite input: U = I and P = M, so the NaN stays visible.
    setIdentity3(outU);
    for (let i = 0; i < 9; i++) outP[i] = scale === 0 ? 0 : m[i];
    return;
  }
  // Work on M/scale so neither huge nor tiny entries overflow or underflow in the squares
  // (subnormal input is lifted by 2^600 first, since 1/scale would overflow).
  const lift = scale < 1e-290 ? 2 ** 600 : 1;
  const inv = 1 / (scale * lift);
  for (let i = 0; i < 9; i++) a[i] = m[i] * lift * inv;
  setIdentity3(v);
  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    const r01 = orthogonalizePair(0, 1);
    const r02 = orthogonalizePair(0, 2);
    const r12 = orthogonalizePair(1, 2);
    if (!r01 && !r02 && !r12) break;
  }
  for (let c = 0; c < 3; c++) {
    const x = a[3 * c], y = a[3 * c + 1], z = a[3 * c + 2];
    sigma[c] = Math.sqrt(x * x + y * y + z * z);
  }

  // Order the columns by singular value, largest first, to build W by Gram-Schmidt.
  let i0 = 0, i1 = 1, i2 = 2;
  if (sigma[i1] > sigma[i0]) { const t = i0; i0 = i1; i1 = t; }
  if (sigma[i2] > sigma[i1]) { const t = i1; i1 = i2; i2 = t; }
  if (sigma[i1] > sigma[i0]) { const t = i0; i0 = i1; i1 = t; }
  const tiny = RANK_EPS * sigma[i0];
  const rank = sigma[i2] > tiny ? 3 : sigma[i1] > tiny ? 2 : 1;
  // Singular: where U sends the directions M flattens is Blender's choice (eigen-svd.ts).
  if (rank < 3) eigenUInto(eigenU, m);

  // First left vector: the dominant column (sigma[i0] > 0 because M ≠ 0).
  const o0 = 3 * i0, o1 = 3 * i1, o2 = 3 * i2;
  w[o0] = a[o0] / sigma[i0];
  w[o0 + 1] = a[o0 + 1] / sigma[i0];
  w[o0 + 2] = a[o0 + 2] / sigma[i0];

  // Second: the next column, or where Eigen's U sends its right vector when M flattens that too,
  // made exactly orthogonal to the first.
  if (rank > 1) copyColumn(w, o1, a, o1);
  else imageOfRightVector(w, o1);
  let x = w[o1], y = w[o1 + 1], z = w[o1 + 2];
  const d = x * w[o0] + y * w[o0 + 1] + z * w[o0 + 2];
  x -= d * w[o0];
  y -= d * w[o0 + 1];
  z -= d * w[o0 + 2];
  const len = Math.sqrt(x * x + y * y + z * z);
  w[o1] = x / len;
  w[o1 + 1] = y / len;
  w[o1 + 2] = z / len;

  // Third: w0 × w1, on the side of the third column (or of Eigen's image of it when flattened).
  x = w[o0 + 1] * w[o1 + 2] - w[o0 + 2] * w[o1 + 1];
  y = w[o0 + 2] * w[o1] - w[o0] * w[o1 + 2];
  z = w[o0] * w[o1 + 1] - w[o0 + 1] * w[o1];
  if (rank > 2) copyColumn(w, o2, a, o2);
  else imageOfRightVector(w, o2);
  const sign = x * w[o2] + y * w[o2 + 1] + z * w[o2 + 2] < 0 ? -1 : 1;
  w[o2] = sign * x;
  w[o2 + 1] = sign * y;
  w[o2 + 2] = sign * z;
  // Singular values consistent with the final W (the projections of the columns on it).
  sigma[i1] = Math.max(0, w[o1] * a[o1] + w[o1 + 1] * a[o1 + 1] + w[o1 + 2] * a[o1 + 2]);
  sigma[i2] = Math.max(0, w[o2] * a[o2] + w[o2 + 1] * a[o2 + 1] + w[o2 + 2] * a[o2 + 2]);

  // U = W·Vᵀ, P = V·S·Vᵀ (symmetric by construction: only the upper triangle is summed).
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      outU[3 * c + r] = w[r] * v[c] + w[3 + r] * v[3 + c] + w[6 + r] * v[6 + c];
    }
  }
  const s0 = sigma[0] * scale, s1 = sigma[1] * scale, s2 = sigma[2] * scale;
  for (let r = 0; r < 3; r++) {
    for (let c = r; c < 3; c++) {
      const p = v[r] * s0 * v[c] + v[3 + r] * s1 * v[3 + c] + v[6 + r] * s2 * v[6 + c];
      outP[3 * c + r] = p;
      outP[3 * r + c] = p;
    }
  }
}

const eigenW = new Float64Array(9);
const eigenV = new Float64Array(9);
const eigenSigma = new Float64Array(3);
const eigenU = new Float64Array(9);

/** Eigen's polar factor U = W·Vᵀ of m, as Blender's mat3_polar_decompose forms it (to a float's precision). */
function eigenUInto(out: Float64Array, m: ArrayLike<number>): void {
  eigenJacobiSvd3(eigenW, eigenSigma, eigenV, m);
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      out[3 * c + r] = eigenW[r] * eigenV[c] + eigenW[3 + r] * eigenV[3 + c] + eigenW[6 + r] * eigenV[6 + c];
    }
  }
}

/** Column `col` of out = Eigen's U times the right singular vector in column `col` of v. */
function imageOfRightVector(out: Float64Array, col: number): void {
  const x = v[col], y = v[col + 1], z = v[col + 2];
  for (let r = 0; r < 3; r++) out[col + r] = eigenU[r] * x + eigenU[3 + r] * y + eigenU[6 + r] * z;
}

function copyColumn(out: Float64Array, to: number, from: Float64Array, at: number): void {
  out[to] = from[at];
  out[to + 1] = from[at + 1];
  out[to + 2] = from[at + 2];
}
