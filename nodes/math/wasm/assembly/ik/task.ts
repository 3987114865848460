// AssemblyScript: Task.computeJacobian of nodes/math/ik-blender/tasks.ts, ported operation by
// operation in the same order (the same bits). A task is a record of doubles at a byte address, laid
// out as nodes/math/ik-blender/kernel-layout.ts says; `segs` is the first segment's.
import { SEG_GLOBAL_END, SEG_GLOBAL_R, SEG_GLOBAL_START, SEG_PARENT, SEG_STRIDE, TASK_GOAL, TASK_ID, TASK_KIND, TASK_S, TASK_TIP } from '../../../ik-blender/kernel-layout';
import { betaAt, setDerivatives } from './jacobian';
import { ad, ld, st } from './math';
import { axisOf, dofIdOf, ndofOf, translational } from './segment';

const POSITION = 0;

@inline function segment(segs: usize, i: i32): usize { return ad(segs, i * SEG_STRIDE); }
@inline function parentOf(g: usize): i32 { return <i32>ld(g, SEG_PARENT); }

/** Task.computeJacobian: the task's betas and its rows of J, from the tip up; `axis` is 3 doubles of scratch. */
export function computeJacobian(task: usize, segs: usize, J: usize, T: i32, D: i32, axis: usize): void {
  const w = ld(task, TASK_S), tipIndex = <i32>ld(task, TASK_TIP), id = <i32>ld(task, TASK_ID);
  const tip = segment(segs, tipIndex);
  const B = betaAt(J, T, D);
  if (<i32>ld(task, TASK_KIND) == POSITION) {
    const pos = ad(tip, SEG_GLOBAL_END);
    const p0 = ld(pos, 0), p1 = ld(pos, 1), p2 = ld(pos, 2);
    let dx = ld(task, TASK_GOAL) - p0, dy = ld(task, TASK_GOAL + 1) - p1, dz = ld(task, TASK_GOAL + 2) - p2;
    const length = Math.sqrt(dx * dx + dy * dy + dz * dz);
    const cl = ld(task, TASK_S + 1);
    if (length > cl) { const k = cl / length; dx *= k; dy *= k; dz *= k; }
    st(B, id, w * dx); st(B, id + 1, w * dy); st(B, id + 2, w * dz);
    for (let i = tipIndex; i >= 0; i = parentOf(segment(segs, i))) {
      const seg = segment(segs, i);
      const px = ld(seg, SEG_GLOBAL_START) - p0, py = ld(seg, SEG_GLOBAL_START + 1) - p1, pz = ld(seg, SEG_GLOBAL_START + 2) - p2;
      const ndof = ndofOf(seg), dofId = dofIdOf(seg), moves = translational(seg);
      for (let d = 0; d < ndof; d++) {
        axisOf(axis, seg, d);
        const ax = ld(axis, 0) * w, ay = ld(axis, 1) * w, az = ld(axis, 2) * w;
        if (moves) setDerivatives(J, T, D, id, dofId + d, ax, ay, az, 1e2);
        else setDerivatives(J, T, D, id, dofId + d, py * az - pz * ay, pz * ax - px * az, px * ay - py * ax, 1e0);
      }
    }
    return;
  }
  // d_rotm = (goal · rotᵀ)ᵀ = rot · goalᵀ; its skew part is the rotation still to go.
  const R = ad(tip, SEG_GLOBAL_R), G = ad(task, TASK_GOAL);
  const d21 = ld(R, 6) * ld(G, 3) + ld(R, 7) * ld(G, 4) + ld(R, 8) * ld(G, 5), d12 = ld(R, 3) * ld(G, 6) + ld(R, 4) * ld(G, 7) + ld(R, 5) * ld(G, 8);
  const d02 = ld(R, 0) * ld(G, 6) + ld(R, 1) * ld(G, 7) + ld(R, 2) * ld(G, 8), d20 = ld(R, 6) * ld(G, 0) + ld(R, 7) * ld(G, 1) + ld(R, 8) * ld(G, 2);
  const d10 = ld(R, 3) * ld(G, 0) + ld(R, 4) * ld(G, 1) + ld(R, 5) * ld(G, 2), d01 = ld(R, 0) * ld(G, 3) + ld(R, 1) * ld(G, 4) + ld(R, 2) * ld(G, 5);
  const bx = -0.5 * (d21 - d12), by = -0.5 * (d02 - d20), bz = -0.5 * (d10 - d01);
  st(B, id, w * bx); st(B, id + 1, w * by); st(B, id + 2, w * bz);
  for (let i = tipIndex; i >= 0; i = parentOf(segment(segs, i))) {
    const seg = segment(segs, i);
    const ndof = ndofOf(seg), dofId = dofIdOf(seg);
    for (let k = 0; k < ndof; k++) {
      if (translational(seg)) setDerivatives(J, T, D, id, dofId + k, 0, 0, 0, 1e2);
      else {
        axisOf(axis, seg, k);
        setDerivatives(J, T, D, id, dofId + k, ld(axis, 0) * w, ld(axis, 1) * w, ld(axis, 2) * w, 1e0);
      }
    }
  }
}
