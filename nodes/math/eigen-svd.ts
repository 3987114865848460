// The SVD Blender's mat3_polar_decompose uses: Eigen's two-sided JacobiSVD (`JacobiSVD<MatrixXf,
// NoQRPreconditioner>`, thin U and V, through intern/eigen's EIG_svd_square_matrix), step for
// step and in single precision, every operation rounded to a float as Blender's build rounds it.
//
// Why a second SVD: for a matrix of full rank any SVD gives the same polar decomposition, and
// polar.ts has its own, exact to a double. A singular matrix (a bone scaled to 0 on an axis) has
// many: the flattened directions can map either way, and the one Blender blends is the one this
// sequence of rotations picks. The pick rests on float rounding: an exactly zero column at the
// larger index of a pair picks up a rounding residual, whose sign ends as the sign of a singular
// value of 0 and so flips U's determinant. Recorded from Blender (polar/gen-singular-blend.py),
// this float sequence follows it in all 32 cases with a zero column, where the same sequence in
// doubles missed 5 of the 17 that Blender decides the same way under 2-ulp input noise.
const F = Math.fround;

/** Eigen's stopping precision for float: 2·FLT_EPSILON. */
const PRECISION = 2 * 2 ** -23;
/** Eigen's considerAsZero for float, FLT_MIN (also its "too small to divide by" bound). */
const MIN_NORMAL = 2 ** -126;
/** Sweeps never exceed a handful for a 3x3; the bound only guards against a non-finite input looping. */
const MAX_SWEEPS = 64;

const work = new Float64Array(9); // the work matrix, column-major (float values)
// Rotations as [c, s] pairs: Eigen's JacobiRotation.
const rot1 = new Float64Array(2);
const left = new Float64Array(2);
const right = new Float64Array(2);

function at(m: Float64Array, row: number, col: number): number {
  return m[3 * col + row];
}

/** Eigen's applyOnTheLeft(p, q, j): rows p and q become c·x + s·y and −s·x + c·y. */
function applyOnTheLeft(m: Float64Array, p: number, q: number, c: number, s: number): void {
  if (c === 1 && s === 0) return;
  for (let col = 0; col < 3; col++) {
    const x = m[3 * col + p], y = m[3 * col + q];
    m[3 * col + p] = F(F(c * x) + F(s * y));
    m[3 * col + q] = F(F(-s * x) + F(c * y));
  }
}

/** Eigen's applyOnTheRight(p, q, j): columns p and q rotated by j's transpose. */
function applyOnTheRight(m: Float64Array, p: number, q: number, c: number, s: number): void {
  if (c === 1 && s === 0) return;
  for (let row = 0; row < 3; row++) {
    const x = m[3 * p + row], y = m[3 * q + row];
    m[3 * p + row] = F(F(c * x) - F(s * y));
    m[3 * q + row] = F(F(s * x) + F(c * y));
  }
}

/** Eigen's JacobiRotation::makeJacobi(x, y, z) for reals, into out = [c, s]. */
function makeJacobi(out: Float64Array, x: number, y: number, z: number): void {
  const deno = F(2 * Math.abs(y));
  if (deno < MIN_NORMAL) {
    out[0] = 1;
    out[1] = 0;
    return;
  }
  const tau = F(F(x - z) / deno);
  const w = F(Math.sqrt(F(F(tau * tau) + 1)));
  const t = tau > 0 ? F(1 / F(tau + w)) : F(1 / F(tau - w));
  const signT = t > 0 ? 1 : -1;
  const n = F(1 / F(Math.sqrt(F(F(t * t) + 1))));
  out[0] = n;
  out[1] = F(F(F(-signT * F(y / Math.abs(y))) * Math.abs(t)) * n);
}

/** Eigen's real_2x2_jacobi_svd on the (p, q) block of the work matrix: writes `left` and `right`. */
function jacobi2x2(p: number, q: number): void {
  let m00 = at(work, p, p), m01 = at(work, p, q), m11 = at(work, q, q);
  const m10 = at(work, q, p);
  const t = F(m00 + m11);
  const d = F(m10 - m01);
  if (Math.abs(d) < MIN_NORMAL) {
    rot1[0] = 1;
    rot1[1] = 0;
  } else {
    const u = F(t / d);
    const tmp = F(Math.sqrt(F(1 + F(u * u))));
    rot1[1] = F(1 / tmp);
    rot1[0] = F(u / tmp);
  }
  // m.applyOnTheLeft(0, 1, rot1); makeJacobi reads only m00, m01 and m11 after it.
  const c1 = rot1[0], s1 = rot1[1];
  if (!(c1 === 1 && s1 === 0)) {
    const n00 = F(F(c1 * m00) + F(s1 * m10)), n01 = F(F(c1 * m01) + F(s1 * m11));
    const n11 = F(F(-s1 * m01) + F(c1 * m11));
    m00 = n00; m01 = n01; m11 = n11;
  }
  makeJacobi(right, m00, m01, m11);
  // left = rot1 * right.transpose(), Eigen's JacobiRotation product for reals.
  const c2 = right[0], s2 = -right[1];
  left[0] = F(F(c1 * c2) - F(s1 * s2));
  left[1] = F(F(c1 * s2) + F(s1 * c2));
}

/**
 * M ≈ W·diag(sigma)·Vᵀ as Eigen's JacobiSVD computes it for Blender, in floats (column-major
 * 3x3s; sigma sorted largest first, W's column negated where the diagonal came out negative;
 * accurate to a float's precision). For finite M.
 */
export function eigenJacobiSvd3(outW: Float64Array, outSigma: Float64Array, outV: Float64Array, m: ArrayLike<number>): void {
  // Entries past a float's range (which Blender's never are) come in scaled by a power of two.
  let largest = 0;
  for (let i = 0; i < 9; i++) largest = Math.max(largest, Math.abs(m[i]));
  // The power of two goes in as two halves: 2^1074 alone, for the smallest subnormal, is Infinity.
  const exponent = largest > 1e30 || (largest > 0 && largest < 1e-30) ? -Math.floor(Math.log2(largest)) : 0;
  const half = 2 ** Math.trunc(exponent / 2), rest = 2 ** (exponent - Math.trunc(exponent / 2));
  let scale = 0;
  for (let i = 0; i < 9; i++) scale = Math.max(scale, Math.abs(F(m[i] * half * rest)));
  if (scale === 0) scale = 1;
  for (let i = 0; i < 9; i++) work[i] = F(F(m[i] * half * rest) / scale);
  outW.fill(0, 0, 9);
  outV.fill(0, 0, 9);
  outW[0] = outW[4] = outW[8] = 1;
  outV[0] = outV[4] = outV[8] = 1;

  let maxDiagEntry = Math.max(Math.abs(work[0]), Math.abs(work[4]), Math.abs(work[8]));
  let finished = false;
  for (let sweep = 0; !finished && sweep < MAX_SWEEPS; sweep++) {
    finished = true;
    for (let p = 1; p < 3; p++) {
      for (let q = 0; q < p; q++) {
        const threshold = Math.max(MIN_NORMAL, PRECISION * maxDiagEntry);
        if (!(Math.abs(at(work, p, q)) > threshold || Math.abs(at(work, q, p)) > threshold)) continue;
        finished = false;
        jacobi2x2(p, q);
        applyOnTheLeft(work, p, q, left[0], left[1]);
        applyOnTheRight(outW, p, q, left[0], -left[1]);
        applyOnTheRight(work, p, q, right[0], right[1]);
        applyOnTheRight(outV, p, q, right[0], right[1]);
        maxDiagEntry = Math.max(maxDiagEntry, Math.abs(at(work, p, p)), Math.abs(at(work, q, q)));
      }
    }
  }

  for (let i = 0; i < 3; i++) {
    const a = at(work, i, i);
    outSigma[i] = (Math.abs(a) * scale) / half / rest;
    if (a < 0) for (let r = 0; r < 3; r++) outW[3 * i + r] = -outW[3 * i + r];
  }

  // Sort descending by swapping in the largest remaining (first of equals), as Eigen's step 4.
  for (let i = 0; i < 3; i++) {
    let pos = i;
    for (let k = i + 1; k < 3; k++) if (outSigma[k] > outSigma[pos]) pos = k;
    if (outSigma[pos] === 0) break;
    if (pos === i) continue;
    const s = outSigma[i]; outSigma[i] = outSigma[pos]; outSigma[pos] = s;
    for (let r = 0; r < 3; r++) {
      const w = outW[3 * i + r]; outW[3 * i + r] = outW[3 * pos + r]; outW[3 * pos + r] = w;
      const v = outV[3 * i + r]; outV[3 * i + r] = outV[3 * pos + r]; outV[3 * pos + r] = v;
    }
  }
}
