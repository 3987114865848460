// The goals of Blender's legacy IK solver (IK_QTask.cpp): a position goal for a chain tip (its
// step towards the goal clamped to half the mean segment reach, so far goals pull steadily) and an
// orientation goal (use_rotation). Each writes its rows of the Jacobian from the tip up to the root.
import type { Jacobian } from './jacobian';
import { TASK_GOAL, TASK_ID, TASK_KIND, TASK_S, TASK_TIP } from './kernel-layout';
import type { Segment } from './segment';

export const enum TaskKind { Position, Orientation }

const axis = new Float64Array(3);
const pa = new Float64Array(3);

export class Task {
  readonly kind: TaskKind;
  /** The tip segment (the translation segment of a stretching bone). */
  readonly tip: number;
  /** First row in the Jacobian. */
  id = 0;
  readonly size = 3;
  /**
   * [m_weight, clamp length]. m_weight is the square root of the goal's weight, as
   * IK_QTask::SetWeight stores it (Weight() gives back its square): the Jacobian rows and betas are
   * scaled by it, so the least-squares solve weighs each goal by its weight.
   */
  s: Float64Array = new Float64Array(2);
  /** Position goal (3) or orientation goal (row-major 3x3). */
  goal: Float64Array = new Float64Array(9);

  constructor(kind: TaskKind, tip: number) {
    this.kind = kind;
    this.tip = tip;
  }

  /**
   * Moves `s` and `goal` into the kernel's `block`, the task's record at `at` (kernel-layout.ts),
   * with its kind, tip and first row (set by now, and never changed after).
   */
  placeIn(block: Float64Array, at: number): void {
    block[at + TASK_KIND] = this.kind; block[at + TASK_TIP] = this.tip; block[at + TASK_ID] = this.id;
    const s = block.subarray(at + TASK_S, at + TASK_S + 2), goal = block.subarray(at + TASK_GOAL, at + TASK_GOAL + 9);
    s.set(this.s); goal.set(this.goal);
    this.s = s; this.goal = goal;
  }

  /** The position goal's clamp length: the reach of the tip's segments, over 2 · their count. */
  computeClampLength(segs: readonly Segment[]): void {
    let len = 0, num = 0;
    for (let i = this.tip; i >= 0; i = segs[i].parent) { len += segs[i].s[0]; num++; }
    this.s[1] = len / (2 * num);
  }

  scale(kb: Float64Array): void {
    if (this.kind !== TaskKind.Position) return;
    const k = kb[0];
    this.goal[0] *= k; this.goal[1] *= k; this.goal[2] *= k;
    this.s[1] *= k;
  }

  computeJacobian(jac: Jacobian, segs: readonly Segment[]): void {
    const w = this.s[0], tip = segs[this.tip];
    if (this.kind === TaskKind.Position) {
      const pos = tip.globalEnd;
      let dx = this.goal[0] - pos[0], dy = this.goal[1] - pos[1], dz = this.goal[2] - pos[2];
      const length = Math.sqrt(dx * dx + dy * dy + dz * dz);
      const cl = this.s[1];
      if (length > cl) { const k = cl / length; dx *= k; dy *= k; dz *= k; }
      const B = jac.beta, id = this.id;
      B[id] = w * dx; B[id + 1] = w * dy; B[id + 2] = w * dz;
      for (let i = this.tip; i >= 0; i = segs[i].parent) {
        const seg = segs[i];
        const px = seg.globalStart[0] - pos[0], py = seg.globalStart[1] - pos[1], pz = seg.globalStart[2] - pos[2];
        for (let d = 0; d < seg.ndof; d++) {
          seg.axisOf(axis, d);
          axis[0] *= w; axis[1] *= w; axis[2] *= w;
          if (seg.translational) jac.setDerivatives(this.id, seg.dofId + d, axis, 1e2);
          else {
            pa[0] = py * axis[2] - pz * axis[1];
            pa[1] = pz * axis[0] - px * axis[2];
            pa[2] = px * axis[1] - py * axis[0];
            jac.setDerivatives(this.id, seg.dofId + d, pa, 1e0);
          }
        }
      }
      return;
    }
    // d_rotm = (goal · rotᵀ)ᵀ = rot · goalᵀ; its skew part is the rotation still to go.
    const R = tip.globalR, G = this.goal;
    // d(r, c) = Σₖ R(r, k) · G(c, k), written out (a helper returning a double would box it).
    const d21 = R[6] * G[3] + R[7] * G[4] + R[8] * G[5], d12 = R[3] * G[6] + R[4] * G[7] + R[5] * G[8];
    const d02 = R[0] * G[6] + R[1] * G[7] + R[2] * G[8], d20 = R[6] * G[0] + R[7] * G[1] + R[8] * G[2];
    const d10 = R[3] * G[0] + R[4] * G[1] + R[5] * G[2], d01 = R[0] * G[3] + R[1] * G[4] + R[2] * G[5];
    const bx = -0.5 * (d21 - d12), by = -0.5 * (d02 - d20), bz = -0.5 * (d10 - d01);
    const B = jac.beta, id = this.id;
    B[id] = w * bx; B[id + 1] = w * by; B[id + 2] = w * bz;
    for (let i = this.tip; i >= 0; i = segs[i].parent) {
      const seg = segs[i];
      for (let k = 0; k < seg.ndof; k++) {
        if (seg.translational) { axis[0] = axis[1] = axis[2] = 0; jac.setDerivatives(this.id, seg.dofId + k, axis, 1e2); }
        else {
          seg.axisOf(axis, k);
          axis[0] *= w; axis[1] *= w; axis[2] *= w;
          jac.setDerivatives(this.id, seg.dofId + k, axis, 1e0);
        }
      }
    }
  }
}

