// The Jacobian of Blender's legacy IK solver and its inversion (IK_QJacobian.cpp): a singular
// value decomposition, then the selectively damped least squares (SDLS) update Blender uses, each
// singular direction damped on its own so no DoF turns by more than 45° per step. The SVD is a
// one-sided Jacobi: the update sums over singular directions, so their order and signs (which an
// SVD leaves free) do not change it. Sized at build time; inverting allocates nothing. Where it can,
// the inversion runs on a WebAssembly kernel (nodes/math/wasm/ik-kernel.ts), to the same bits.
import { ikKernel, type JacobianOnKernel } from '../wasm/ik-kernel';

export class Jacobian {
  readonly dof: number;
  readonly taskSize: number;
  /** J, taskSize × dof, row-major. */
  readonly J: Float64Array;
  readonly beta: Float64Array;
  readonly dTheta: Float64Array;
  readonly dNormWeight: Float64Array;
  readonly weight: Float64Array;
  readonly weightSqrt: Float64Array;
  private readonly norm: Float64Array;
  private readonly dThetaTmp: Float64Array;
  /** k = min(taskSize, dof) singular triplets: U (taskSize × k), V (dof × k), w (k). */
  private readonly k: number;
  private readonly U: Float64Array;
  private readonly V: Float64Array;
  private readonly w: Float64Array;
  /** Work matrix of the one-sided Jacobi (m × n with m ≥ n) and its right rotations (n × n). */
  private readonly A: Float64Array;
  private readonly R: Float64Array;
  private readonly transpose: boolean;

  /** The inversion on the WebAssembly kernel, when the Jacobian's arrays are in its memory. */
  private readonly kernel: (() => void) | undefined;

  /**
   * `kernel` false keeps the arrays in plain memory and inverts in JavaScript (the kernel gives the
   * same bits); true places them on the kernel where it can be had; or the place on the kernel a
   * solver made for them beside its own block (ik-kernel.ts), of `Jacobian.doubles` doubles.
   */
  constructor(dof: number, taskSize: number, kernel: boolean | JacobianOnKernel = true) {
    this.dof = dof;
    this.taskSize = taskSize;
    this.transpose = taskSize < dof;
    const T = taskSize, D = dof, k = Math.min(T, D);
    this.k = k;
    const count = Jacobian.doubles(T, D);
    const onKernel = kernel === true ? ikKernel(T, D, count, 0)?.jacobian : kernel === false ? undefined : kernel;
    this.kernel = onKernel?.invert;
    const block = onKernel?.doubles ?? new Float64Array(count);
    const sizes = Jacobian.sizes(T, D);
    let at = 0;
    const [J, beta, dTheta, dNormWeight, weight, weightSqrt, norm, dThetaTmp, U, V, w, A, R] = sizes.map((n) => block.subarray(at, (at += n)));
    this.J = J; this.beta = beta; this.dTheta = dTheta; this.dNormWeight = dNormWeight;
    this.weight = weight.fill(1); this.weightSqrt = weightSqrt.fill(1);
    this.norm = norm; this.dThetaTmp = dThetaTmp;
    this.U = U; this.V = V; this.w = w; this.A = A; this.R = R;
  }

  /** The arrays' lengths, in the order assembly/ik/jacobian.ts reads them (one block). */
  private static sizes(T: number, D: number): number[] {
    const k = Math.min(T, D), m = Math.max(T, D);
    return [T * D, T, D, D, D, D, D, D, T * k, D * k, k, m * k, k * k];
  }

  /** Doubles the arrays of a Jacobian of `T` task rows and `D` degrees of freedom take. */
  static doubles(T: number, D: number): number {
    return Jacobian.sizes(T, D).reduce((a, b) => a + b, 0);
  }

  /** ArmMatrices: a fresh Jacobian for a new solve. */
  reset(): void {
    this.J.fill(0);
    this.weight.fill(1);
    this.weightSqrt.fill(1);
    this.norm.fill(0);
    this.dTheta.fill(0);
    this.dNormWeight.fill(0);
  }

  setDoFWeight(dof: number, weight: number): void {
    this.weight[dof] = weight;
    this.weightSqrt[dof] = Math.sqrt(weight);
  }

  setBetas(id: number, x: number, y: number, z: number): void {
    this.beta[id] = x; this.beta[id + 1] = y; this.beta[id + 2] = z;
  }

  setDerivatives(id: number, dofId: number, v: ArrayLike<number>, normWeight: number): void {
    const n = this.dof, ws = this.weightSqrt[dofId];
    this.J[id * n + dofId] = v[0] * ws;
    this.J[(id + 1) * n + dofId] = v[1] * ws;
    this.J[(id + 2) * n + dofId] = v[2] * ws;
    this.dNormWeight[dofId] = normWeight;
  }

  /** Locks a DoF at its clamped change `deltas[k]` (an array: V8 boxes a double passed to a call it does not inline). */
  lock(dofId: number, deltas: Float64Array, k: number): void {
    const n = this.dof, delta = deltas[k];
    for (let i = 0; i < this.taskSize; i++) {
      this.beta[i] -= this.J[i * n + dofId] * delta;
      this.J[i * n + dofId] = 0;
    }
    this.norm[dofId] = 0;
    this.dTheta[dofId] = 0;
  }

  /** out[0] = max(out[0], the largest weighted angle update). */
  angleUpdateNormInto(out: Float64Array): void {
    for (let i = 0; i < this.dof; i++) {
      const a = Math.abs(this.dTheta[i] * this.dNormWeight[i]);
      if (a > out[0]) out[0] = a;
    }
  }

  invert(): void {
    if (this.kernel !== undefined) this.kernel();
    else {
      this.svd();
      this.invertSDLS();
    }
  }

  /**
   * Thin SVD of J into U, w, V (one-sided Jacobi on J, or on Jᵀ when J is wide, as Blender). The work
   * matrix is kept column by column (A[c·m + r]): the rotations read and write whole columns, so each
   * pair's loops run over adjacent numbers.
   */
  private svd(): void {
    const T = this.taskSize, D = this.dof, n = this.k, A = this.A, R = this.R, J = this.J;
    const m = this.transpose ? D : T;
    // A = J (T × D) or Jᵀ (D × T), m × n by columns.
    if (!this.transpose) for (let r = 0; r < T; r++) for (let c = 0; c < D; c++) A[c * m + r] = J[r * D + c];
    else for (let i = 0; i < T * D; i++) A[i] = J[i];
    // By hand: TypedArray#fill is a call V8 does not inline, and this runs every iteration.
    for (let i = 0; i < n * n; i++) R[i] = 0;
    for (let i = 0; i < n; i++) R[i * n + i] = 1;
    for (let sweep = 0; sweep < 60; sweep++) {
      let rotated = false;
      for (let p = 0; p < n - 1; p++) {
        const P = p * m;
        for (let q = p + 1; q < n; q++) {
          const Q = q * m;
          let alpha = 0, beta = 0, gamma = 0;
          for (let r = 0; r < m; r++) {
            const ap = A[P + r], aq = A[Q + r];
            alpha += ap * ap; beta += aq * aq; gamma += ap * aq;
          }
          if (gamma === 0 || Math.abs(gamma) <= 1e-15 * Math.sqrt(alpha * beta)) continue;
          rotated = true;
          const zeta = (beta - alpha) / (2 * gamma);
          const t = (zeta >= 0 ? 1 : -1) / (Math.abs(zeta) + Math.sqrt(1 + zeta * zeta));
          const c = 1 / Math.sqrt(1 + t * t), s = c * t;
          for (let r = 0; r < m; r++) {
            const ap = A[P + r], aq = A[Q + r];
            A[P + r] = c * ap - s * aq;
            A[Q + r] = s * ap + c * aq;
          }
          for (let r = 0; r < n; r++) {
            const vp = R[r * n + p], vq = R[r * n + q];
            R[r * n + p] = c * vp - s * vq;
            R[r * n + q] = s * vp + c * vq;
          }
        }
      }
      if (!rotated) break;
    }
    // Singular values: the column norms; left vectors: the normalized columns.
    const U = this.U, V = this.V, w = this.w;
    for (let i = 0; i < n; i++) {
      const C = i * m;
      let s2 = 0;
      for (let r = 0; r < m; r++) s2 += A[C + r] * A[C + r];
      const sv = Math.sqrt(s2);
      w[i] = sv;
      const inv = sv > 0 ? 1 / sv : 0;
      if (!this.transpose) {
        for (let r = 0; r < T; r++) U[r * n + i] = A[C + r] * inv;
        for (let r = 0; r < D; r++) V[r * n + i] = R[r * n + i];
      } else {
        // Jᵀ = A' · Rᵀ with A' = U'·w: J's right vectors are U' (D × n), its left ones R (T × n).
        for (let r = 0; r < D; r++) V[r * n + i] = A[C + r] * inv;
        for (let r = 0; r < T; r++) U[r * n + i] = R[r * n + i];
      }
    }
  }

  private invertSDLS(): void {
    const maxAngleChange = Math.PI / 4;
    const epsilon = 1e-10;
    const T = this.taskSize, D = this.dof, n = this.k, J = this.J, U = this.U, V = this.V;
    const dTheta = this.dTheta, tmp = this.dThetaTmp, norm = this.norm, beta = this.beta;
    for (let i = 0; i < D; i++) dTheta[i] = 0;
    for (let i = 0; i < D; i++) {
      norm[i] = 0;
      for (let j = 0; j < T; j += 3) {
        const a = J[j * D + i], b = J[(j + 1) * D + i], c = J[(j + 2) * D + i];
        norm[i] += Math.sqrt(a * a + b * b + c * c);
      }
    }
    for (let i = 0; i < n; i++) {
      if (this.w[i] <= epsilon) continue;
      const wInv = 1 / this.w[i];
      let alpha = 0, N = 0;
      for (let j = 0; j < T; j += 3) {
        const u0 = U[j * n + i], u1 = U[(j + 1) * n + i], u2 = U[(j + 2) * n + i];
        alpha += u0 * beta[j] + u1 * beta[j + 1] + u2 * beta[j + 2];
        N += Math.sqrt(u0 * u0 + u1 * u1 + u2 * u2);
      }
      alpha *= wInv;
      let M = 0, maxD = 0;
      for (let j = 0; j < D; j++) {
        const v = V[j * n + i];
        M += Math.abs(v) * norm[j];
        tmp[j] = v * alpha;
        const a = Math.abs(tmp[j]) * this.weightSqrt[j];
        if (a > maxD) maxD = a;
      }
      M *= wInv;
      let gamma = maxAngleChange;
      if (N < M) gamma *= N / M;
      const damp = gamma < maxD ? gamma / maxD : 1;
      for (let j = 0; j < D; j++) {
        let dofdamp = damp / this.weight[j];
        if (dofdamp > 1) dofdamp = 1;
        dTheta[j] += 0.8 * dofdamp * tmp[j];
      }
    }
    let maxAngle = 0;
    for (let j = 0; j < D; j++) {
      dTheta[j] *= this.weight[j];
      const a = Math.abs(dTheta[j]);
      if (a > maxAngle) maxAngle = a;
    }
    if (maxAngle > maxAngleChange) {
      const damp = maxAngleChange / (maxAngleChange + maxAngle);
      for (let j = 0; j < D; j++) dTheta[j] *= damp;
    }
  }
}
