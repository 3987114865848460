// AssemblyScript (part of ../ik-solver.ts): Blender's legacy IK Jacobian, the methods of
// nodes/math/ik-blender/jacobian.ts that the solver's iteration calls (invert: its one-sided Jacobi
// SVD, then the SDLS update; setDerivatives, lock, angleUpdateNormInto), ported operation by
// operation in the same order, so the same bits (IEEE products, sums, quotients and square roots; no
// fused multiply-add).
//
// The Jacobian's arrays lie one after another from byte offset `base`, in the order jacobian.ts lays
// them out (each `count` doubles): J (T·D), beta (T), dTheta (D), dNormWeight (D), weight (D),
// weightSqrt (D), norm (D), dThetaTmp (D), U (T·k), V (D·k), w (k), A (max(T, D)·k), R (k·k), with
// k = min(T, D).
import { ld, st } from './math';

/** Where beta, dTheta, dNormWeight, weight, weightSqrt and norm start. */
@inline export function betaAt(base: usize, T: i32, D: i32): usize { return base + (<usize>(T * D) << 3); }
@inline export function dThetaAt(base: usize, T: i32, D: i32): usize { return betaAt(base, T, D) + (<usize>T << 3); }
@inline function dNormWeightAt(base: usize, T: i32, D: i32): usize { return dThetaAt(base, T, D) + (<usize>D << 3); }
@inline function weightSqrtAt(base: usize, T: i32, D: i32): usize { return dNormWeightAt(base, T, D) + (<usize>(2 * D) << 3); }
@inline function normAt(base: usize, T: i32, D: i32): usize { return weightSqrtAt(base, T, D) + (<usize>D << 3); }

/** Jacobian.setDerivatives, the vector (x, y, z). */
export function setDerivatives(base: usize, T: i32, D: i32, id: i32, dofId: i32, x: f64, y: f64, z: f64, normWeight: f64): void {
  const ws = ld(weightSqrtAt(base, T, D), dofId);
  st(base, id * D + dofId, x * ws);
  st(base, (id + 1) * D + dofId, y * ws);
  st(base, (id + 2) * D + dofId, z * ws);
  st(dNormWeightAt(base, T, D), dofId, normWeight);
}

/** Jacobian.lock: a DoF locked at its clamped change `delta`. */
export function lock(base: usize, T: i32, D: i32, dofId: i32, delta: f64): void {
  const beta = betaAt(base, T, D);
  for (let i = 0; i < T; i++) {
    st(beta, i, ld(beta, i) - ld(base, i * D + dofId) * delta);
    st(base, i * D + dofId, 0);
  }
  st(normAt(base, T, D), dofId, 0);
  st(dThetaAt(base, T, D), dofId, 0);
}

/** Jacobian.angleUpdateNormInto: max(norm, the largest weighted angle update). */
export function angleUpdateNorm(base: usize, T: i32, D: i32, norm: f64): f64 {
  const dTheta = dThetaAt(base, T, D), dNormWeight = dNormWeightAt(base, T, D);
  for (let i = 0; i < D; i++) {
    const a = Math.abs(ld(dTheta, i) * ld(dNormWeight, i));
    if (a > norm) norm = a;
  }
  return norm;
}

/** Jacobian.invert for a Jacobian of `T` task rows and `D` degrees of freedom at byte offset `base`. */
export function invert(base: usize, T: i32, D: i32): void {
  const k = T < D ? T : D;
  const m = T > D ? T : D;
  const J = base;
  const beta = J + (<usize>(T * D) << 3);
  const dTheta = beta + (<usize>T << 3);
  const dNormWeight = dTheta + (<usize>D << 3);
  const weight = dNormWeight + (<usize>D << 3);
  const weightSqrt = weight + (<usize>D << 3);
  const norm = weightSqrt + (<usize>D << 3);
  const tmp = norm + (<usize>D << 3);
  const U = tmp + (<usize>D << 3);
  const V = U + (<usize>(T * k) << 3);
  const w = V + (<usize>(D * k) << 3);
  const A = w + (<usize>k << 3);
  const R = A + (<usize>(m * k) << 3);
  svd(J, U, V, w, A, R, T, D, k, m);
  invertSDLS(J, beta, dTheta, weight, weightSqrt, norm, tmp, U, V, w, T, D, k);
}

/** Jacobian.svd: thin SVD of J into U, w, V by one-sided Jacobi (on Jᵀ when J is wide). */
function svd(J: usize, U: usize, V: usize, w: usize, A: usize, R: usize, T: i32, D: i32, n: i32, m: i32): void {
  const transpose = T < D;
  if (!transpose) {
    for (let r = 0; r < T; r++) for (let c = 0; c < D; c++) st(A, c * m + r, ld(J, r * D + c));
  } else {
    for (let i = 0; i < T * D; i++) st(A, i, ld(J, i));
  }
  for (let i = 0; i < n * n; i++) st(R, i, 0);
  for (let i = 0; i < n; i++) st(R, i * n + i, 1);
  for (let sweep = 0; sweep < 60; sweep++) {
    let rotated = false;
    for (let p = 0; p < n - 1; p++) {
      const P = p * m;
      for (let q = p + 1; q < n; q++) {
        const Q = q * m;
        let alpha = 0.0, beta = 0.0, gamma = 0.0;
        for (let r = 0; r < m; r++) {
          const ap = ld(A, P + r), aq = ld(A, Q + r);
          alpha += ap * ap; beta += aq * aq; gamma += ap * aq;
        }
        if (gamma == 0 || Math.abs(gamma) <= 1e-15 * Math.sqrt(alpha * beta)) continue;
        rotated = true;
        const zeta = (beta - alpha) / (2 * gamma);
        const t = (zeta >= 0 ? 1.0 : -1.0) / (Math.abs(zeta) + Math.sqrt(1 + zeta * zeta));
        const c = 1 / Math.sqrt(1 + t * t), s = c * t;
        for (let r = 0; r < m; r++) {
          const ap = ld(A, P + r), aq = ld(A, Q + r);
          st(A, P + r, c * ap - s * aq);
          st(A, Q + r, s * ap + c * aq);
        }
        for (let r = 0; r < n; r++) {
          const vp = ld(R, r * n + p), vq = ld(R, r * n + q);
          st(R, r * n + p, c * vp - s * vq);
          st(R, r * n + q, s * vp + c * vq);
        }
      }
    }
    if (!rotated) break;
  }
  for (let i = 0; i < n; i++) {
    const C = i * m;
    let s2 = 0.0;
    for (let r = 0; r < m; r++) s2 += ld(A, C + r) * ld(A, C + r);
    const sv = Math.sqrt(s2);
    st(w, i, sv);
    const inv = sv > 0 ? 1 / sv : 0.0;
    if (!transpose) {
      for (let r = 0; r < T; r++) st(U, r * n + i, ld(A, C + r) * inv);
      for (let r = 0; r < D; r++) st(V, r * n + i, ld(R, r * n + i));
    } else {
      for (let r = 0; r < D; r++) st(V, r * n + i, ld(A, C + r) * inv);
      for (let r = 0; r < T; r++) st(U, r * n + i, ld(R, r * n + i));
    }
  }
}

/** Jacobian.invertSDLS: the selectively damped least-squares update into dTheta. */
function invertSDLS(J: usize, beta: usize, dTheta: usize, weight: usize, weightSqrt: usize, norm: usize, tmp: usize, U: usize, V: usize, w: usize, T: i32, D: i32, n: i32): void {
  const maxAngleChange = Math.PI / 4;
  const epsilon = 1e-10;
  for (let i = 0; i < D; i++) st(dTheta, i, 0);
  for (let i = 0; i < D; i++) {
    st(norm, i, 0);
    for (let j = 0; j < T; j += 3) {
      const a = ld(J, j * D + i), b = ld(J, (j + 1) * D + i), c = ld(J, (j + 2) * D + i);
      st(norm, i, ld(norm, i) + Math.sqrt(a * a + b * b + c * c));
    }
  }
  for (let i = 0; i < n; i++) {
    if (ld(w, i) <= epsilon) continue;
    const wInv = 1 / ld(w, i);
    let alpha = 0.0, N = 0.0;
    for (let j = 0; j < T; j += 3) {
      const u0 = ld(U, j * n + i), u1 = ld(U, (j + 1) * n + i), u2 = ld(U, (j + 2) * n + i);
      alpha += u0 * ld(beta, j) + u1 * ld(beta, j + 1) + u2 * ld(beta, j + 2);
      N += Math.sqrt(u0 * u0 + u1 * u1 + u2 * u2);
    }
    alpha *= wInv;
    let M = 0.0, maxD = 0.0;
    for (let j = 0; j < D; j++) {
      const v = ld(V, j * n + i);
      M += Math.abs(v) * ld(norm, j);
      st(tmp, j, v * alpha);
      const a = Math.abs(ld(tmp, j)) * ld(weightSqrt, j);
      if (a > maxD) maxD = a;
    }
    M *= wInv;
    let gamma = maxAngleChange;
    if (N < M) gamma *= N / M;
    const damp = gamma < maxD ? gamma / maxD : 1.0;
    for (let j = 0; j < D; j++) {
      let dofdamp = damp / ld(weight, j);
      if (dofdamp > 1) dofdamp = 1;
      st(dTheta, j, ld(dTheta, j) + 0.8 * dofdamp * ld(tmp, j));
    }
  }
  let maxAngle = 0.0;
  for (let j = 0; j < D; j++) {
    st(dTheta, j, ld(dTheta, j) * ld(weight, j));
    const a = Math.abs(ld(dTheta, j));
    if (a > maxAngle) maxAngle = a;
  }
  if (maxAngle > maxAngleChange) {
    const damp = maxAngleChange / (maxAngleChange + maxAngle);
    for (let j = 0; j < D; j++) st(dTheta, j, ld(dTheta, j) * damp);
  }
}
