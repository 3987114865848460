// The iteration of Blender's legacy IK solver (IK_QJacobianSolver.cpp): everything scaled to unit
// reach, the pole pre-rotation of the root, then per iteration a Jacobian from every goal, its SDLS
// inverse, and limit handling that locks the most violated DoF and inverts again until no limit
// is hit. Stops after `iterations`, or once the update is below 1e-3 after ten iterations. Where it
// can, the iterations run on the WebAssembly kernel (nodes/math/wasm/assembly/ik-solver.ts), to the
// same bits: the segments' and tasks' numbers then live in its block (placeIn), read and written by
// both.
import { ikKernel, type IkKernel } from '../wasm/ik-kernel';
import { Jacobian } from './jacobian';
import { SEG_STRIDE, solveBlockSize, SOLVE_ITERATIONS, SOLVE_ROOT_R, SOLVE_SEGMENTS, SOLVE_SOLVED, TASK_STRIDE } from './kernel-layout';
import { IK_EPSILON, setIdentity3 } from './math';
import type { Segment } from './segment';
import { TaskKind, type Task } from './tasks';

const delta = new Float64Array(3);
const minDelta = new Float64Array(3);
const clampFlags = new Uint8Array(3);
const zero3 = new Float64Array(3);
const dir = new Float64Array(3);
const up = new Float64Array(3);
const pdir = new Float64Array(3);
const pup = new Float64Array(3);
const mat = new Float64Array(9);
const polemat = new Float64Array(9);

export class IkSolver {
  /** Segments in Blender's order: depth first from the root, children last added first. */
  readonly segs: Segment[];
  readonly tasks: Task[];
  /** The Jacobian (its arrays on the kernel, once the solver is). */
  jac: Jacobian;
  /** Root rotation (row-major 3x3) set by the pole constraint (in the kernel's block, once on it). */
  rootR: Float64Array = new Float64Array(9);
  /** Pole: [goal x3, pole goal x3]; `poleTip` is the tip segment, −1 for no pole. */
  readonly pole = new Float64Array(6);
  poleTip = -1;
  /** Iterations the last solve ran (for tests and the bench). */
  iterationsUsed = 0;
  /** [pole angle (radians, float32 as Blender stores it)]. */
  readonly poleAngle = new Float64Array(1);
  /** Children of each segment, for the transform update (parents first is all it needs). */
  private readonly order: Int32Array;

  /** The iterations on the WebAssembly kernel, once it is had. */
  private kernel: IkKernel | undefined;
  /** Whether to take the kernel when it can be had (see takeKernel). */
  private readonly wantsKernel: boolean;

  /** `kernel`: whether the solve may run on its WebAssembly kernel (the same bits). */
  constructor(segs: Segment[], tasks: Task[], kernel = true) {
    this.segs = segs;
    this.tasks = tasks;
    let dof = 0;
    for (const s of segs) { s.dofId = dof; dof += s.ndof; }
    let size = 0;
    for (const t of tasks) { t.id = size; size += t.size; }
    const D = Math.max(dof, 1), T = Math.max(size, 3);
    this.order = Int32Array.from(segs.map((_, i) => i));
    this.wantsKernel = kernel;
    this.jac = this.kernelJacobian(D, T) ?? new Jacobian(D, T, false);
  }

  /**
   * Moves the solve onto the kernel when its module can be had: the Jacobian made anew in its memory
   * and the segments and tasks placed in its block (placeIn). Where the module is compiled in the
   * background (a browser's main thread), a solver made before it is ready takes it at its first
   * solve after; until then it solves in JavaScript, to the same bits.
   */
  private takeKernel(): void {
    if (this.kernel !== undefined) return;
    const jac = this.kernelJacobian(this.jac.dof, this.jac.taskSize);
    if (jac !== undefined) this.jac = jac;
  }

  /** The kernel taken, where it can be: the Jacobian of `T` rows and `D` DoFs in its memory, the segments and tasks in its block. */
  private kernelJacobian(D: number, T: number): Jacobian | undefined {
    if (!this.wantsKernel) return undefined;
    const kernel = ikKernel(T, D, Jacobian.doubles(T, D), solveBlockSize(this.segs.length, this.tasks.length));
    if (kernel === undefined) return undefined;
    this.kernel = kernel;
    const block = kernel.block;
    // The root's start, (0, 0, 0), is the block's as it is made (the kernel reads it from there).
    block.subarray(SOLVE_ROOT_R, SOLVE_ROOT_R + 9).set(this.rootR);
    this.rootR = block.subarray(SOLVE_ROOT_R, SOLVE_ROOT_R + 9);
    this.segs.forEach((seg, k) => { seg.placeIn(block, SOLVE_SEGMENTS + k * SEG_STRIDE); });
    this.tasks.forEach((task, k) => { task.placeIn(block, SOLVE_SEGMENTS + this.segs.length * SEG_STRIDE + k * TASK_STRIDE); });
    return new Jacobian(D, T, kernel.jacobian);
  }

  private updateTransforms(): void {
    const segs = this.segs;
    for (let k = 0; k < this.order.length; k++) {
      const s = segs[this.order[k]];
      if (s.parent < 0) s.updateTransform(this.rootR, zero3);
      else { const p = segs[s.parent]; s.updateTransform(p.globalR, p.globalEnd); }
    }
  }

  /** The factor for `scale`, in an array: V8 boxes a double passed to a call it does not inline. */
  private readonly scaleBox = new Float64Array(1);

  private scale(): void {
    const k = this.scaleBox;
    for (let i = 0; i < this.tasks.length; i++) this.tasks[i].scale(k);
    for (let i = 0; i < this.segs.length; i++) this.segs[i].scale(k);
    for (let i = 0; i < 6; i++) this.pole[i] *= k[0];
  }

  /** Runs the solve; the tasks' m_weight must be set (`s[0]`, the square root of the weight), goals in root space. Returns whether it converged. */
  solve(maxIterations: number): boolean {
    if (this.kernel === undefined) this.takeKernel();
    const segs = this.segs, tasks = this.tasks, jac = this.jac;
    setIdentity3(this.rootR);
    let anyDof = 0;
    for (let i = 0; i < segs.length; i++) anyDof += segs[i].ndof;
    if (anyDof === 0) return false;
    // Setup: weights rescaled to sum to 1, DoF weights from the segments' stiffness.
    // (IK_QJacobianSolver::Setup: Weight() is m_weight², SetWeight stores the square root.)
    let primaryWeight = 0;
    for (let i = 0; i < tasks.length; i++) primaryWeight += tasks[i].s[0] * tasks[i].s[0];
    if (tasks.length === 0 || Math.abs(primaryWeight) < IK_EPSILON) return false;
    const rescale = 1 / primaryWeight;
    for (let i = 0; i < tasks.length; i++) tasks[i].s[0] = Math.sqrt(tasks[i].s[0] * tasks[i].s[0] * rescale);
    jac.reset();
    for (let k = 0; k < segs.length; k++) {
      const s = segs[k];
      for (let i = 0; i < s.ndof; i++) { jac.weight[s.dofId + i] = s.weight[i]; jac.weightSqrt[s.dofId + i] = Math.sqrt(s.weight[i]); }
    }

    // ComputeScale is a float in Blender, and so is its inverse.
    let length = 0;
    for (let i = 0; i < segs.length; i++) length += segs[i].s[0];
    const scale = Math.fround(length === 0 ? 1 : 1 / length);
    this.scaleBox[0] = scale;
    this.scale();
    this.constrainPoleVector();
    this.updateTransforms();

    const solved = this.kernel ? this.iterateOnKernel(this.kernel, maxIterations) : this.iterate(maxIterations);
    if (this.poleTip >= 0) segs[0].prependBasis(this.rootR);
    this.scaleBox[0] = Math.fround(1 / scale);
    this.scale();
    return solved;
  }

  /** The iterations; whether they converged. */
  private iterate(maxIterations: number): boolean {
    const segs = this.segs, tasks = this.tasks, jac = this.jac;
    this.iterationsUsed = 0;
    for (let it = 0; it < maxIterations; it++) {
      this.iterationsUsed = it + 1;
      this.updateTransforms();
      for (let i = 0; i < tasks.length; i++) tasks[i].computeJacobian(jac, segs);
      const norm = this.normBox;
      norm[0] = 0;
      do { jac.invert(); } while (this.updateAngles(norm));
      for (let i = 0; i < segs.length; i++) segs[i].unlock();
      jac.angleUpdateNormInto(norm);
      if (norm[0] < 1e-3 && it > 10) return true;
    }
    return false;
  }

  /** The same iterations on the kernel, over the segments and tasks placed in its block. */
  private iterateOnKernel(kernel: IkKernel, maxIterations: number): boolean {
    const block = kernel.block;
    kernel.iterate(this.segs.length, this.tasks.length, maxIterations);
    this.iterationsUsed = block[SOLVE_ITERATIONS];
    return block[SOLVE_SOLVED] === 1;
  }

  private readonly normBox = new Float64Array(1);

  private updateAngles(norm: Float64Array): boolean {
    const segs = this.segs, jac = this.jac;
    let minSeg = -1, minAbs = 1e10, minDof = 0, locked = false;
    for (let si = 0; si < segs.length; si++) {
      const s = segs[si];
      if (!s.updateAngle(jac, delta, clampFlags)) continue;
      for (let i = 0; i < s.ndof; i++) {
        if (clampFlags[i] && !s.locked[i]) {
          const a = Math.abs(delta[i]);
          if (a < 1e-20) { s.lock(i, jac, delta); locked = true; }
          else if (a < minAbs) { minAbs = a; minDelta[0] = delta[0]; minDelta[1] = delta[1]; minDelta[2] = delta[2]; minSeg = si; minDof = i; }
        }
      }
    }
    if (minSeg >= 0) {
      segs[minSeg].lock(minDof, jac, minDelta);
      locked = true;
      if (minAbs > norm[0]) norm[0] = minAbs;
    }
    if (!locked) for (let i = 0; i < segs.length; i++) { segs[i].unlock(); segs[i].updateAngleApply(); }
    return locked;
  }

  /** Turns the root so the chain's bend plane holds the pole (before solving, as Blender 3.4). */
  private constrainPoleVector(): void {
    if (this.poleTip < 0) return;
    let positions = 0;
    for (let i = 0; i < this.tasks.length; i++) if (this.tasks[i].kind === TaskKind.Position) positions++;
    if (positions >= 2) { this.poleTip = -1; return; }
    this.updateTransforms();
    const root = this.segs[0], tip = this.segs[this.poleTip];
    const rp = root.globalStart, RB = root.globalR, a = this.poleAngle[0];
    dir[0] = tip.globalEnd[0] - rp[0]; dir[1] = tip.globalEnd[1] - rp[1]; dir[2] = tip.globalEnd[2] - rp[2];
    normalizeInPlace(dir);
    const ca = Math.cos(a), sa = Math.sin(a);
    up[0] = RB[0] * ca + RB[2] * sa; up[1] = RB[3] * ca + RB[5] * sa; up[2] = RB[6] * ca + RB[8] * sa;
    pdir[0] = this.pole[0] - rp[0]; pdir[1] = this.pole[1] - rp[1]; pdir[2] = this.pole[2] - rp[2];
    normalizeInPlace(pdir);
    pup[0] = this.pole[3] - rp[0]; pup[1] = this.pole[4] - rp[1]; pup[2] = this.pole[5] - rp[2];
    normalizeInPlace(pup);
    lookAt(mat, dir, up);
    lookAt(polemat, pdir, pup);
    // rootR = polematᵀ · mat (then · the identity root).
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) {
      this.rootR[r * 3 + c] = polemat[r] * mat[c] + polemat[3 + r] * mat[3 + c] + polemat[6 + r] * mat[6 + c];
    }
  }
}

/** Blender's normalize: a vector too short to have a direction becomes zero. */
function normalizeInPlace(v: Float64Array): void {
  const x = v[0], y = v[1], z = v[2];
  const len = Math.sqrt(x * x + y * y + z * z);
  if (Math.abs(len) < 1e-20) { v[0] = v[1] = v[2] = 0; return; }
  v[0] = x / len; v[1] = y / len; v[2] = z / len;
}

/** Rows: normalize(dir × up), row0 × dir, −dir. */
function lookAt(out: Float64Array, d: Float64Array, u: Float64Array): void {
  out[0] = d[1] * u[2] - d[2] * u[1]; out[1] = d[2] * u[0] - d[0] * u[2]; out[2] = d[0] * u[1] - d[1] * u[0];
  normalizeInPlace(out);
  const x = out[0], y = out[1], z = out[2];
  out[3] = y * d[2] - z * d[1]; out[4] = z * d[0] - x * d[2]; out[5] = x * d[1] - y * d[0];
  out[6] = -d[0]; out[7] = -d[1]; out[8] = -d[2];
}
