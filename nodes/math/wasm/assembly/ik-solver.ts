// AssemblyScript (compiled by `npm run build:wasm` to ../ik-solver-bytes.ts): Blender's legacy IK
// solver on WebAssembly. `invert` is Jacobian.invert of nodes/math/ik-blender/jacobian.ts; `iterate`
// is the iteration loop of IkSolver.solve (nodes/math/ik-blender/solver.ts), the segments and tasks
// packed into one block of doubles (kernel-layout.ts). Both are ported operation by operation in the
// same order, so they give the JavaScript's bits.
import {
  SEG_GLOBAL_END, SEG_GLOBAL_R, SEG_PARENT, SEG_STRIDE, SOLVE_ITERATIONS, SOLVE_ROOT_R, SOLVE_SCRATCH, SOLVE_SEGMENTS, SOLVE_SOLVED,
  SOLVE_ZERO3, TASK_STRIDE,
} from '../../ik-blender/kernel-layout';
import { angleUpdateNorm, invert } from './ik/jacobian';
import { ad, ld, st } from './ik/math';
import { SEGMENT_SCRATCH_SIZE, isLocked, lock, ndofOf, unlock, updateAngle, updateAngleApply, updateTransform, useSolve } from './ik/segment';
import { computeJacobian } from './ik/task';

export { invert };

// Scratch after the segments' (SOLVE_SCRATCH): delta, minDelta, the clamp flags, a task's axis.
const DELTA = SEGMENT_SCRATCH_SIZE, MIN_DELTA = DELTA + 3, CLAMP = MIN_DELTA + 3, AXIS = CLAMP + 3;
/** Where updateAngles leaves the smallest clamped change it locked (−1: none), for the norm. */
const MIN_DELTA_NORM = AXIS + 3;

/**
 * IkSolver.solve's iterations, for the Jacobian at byte address `jac` (`T` task rows, `D` DoFs) and
 * the solve's block at `block` (`segCount` segments, `taskCount` tasks), at most `maxIterations`.
 * Writes the iterations run and whether it converged into the block.
 */
export function iterate(jac: usize, T: i32, D: i32, block: usize, segCount: i32, taskCount: i32, maxIterations: i32): void {
  const scratch = ad(block, SOLVE_SCRATCH);
  useSolve(jac, T, D, scratch);
  const segs = ad(block, SOLVE_SEGMENTS), tasks = ad(segs, segCount * SEG_STRIDE);
  const axis = ad(scratch, AXIS);
  let solved = false, used = 0;
  for (let it = 0; it < maxIterations; it++) {
    used = it + 1;
    updateTransforms(block, segs, segCount);
    for (let i = 0; i < taskCount; i++) computeJacobian(ad(tasks, i * TASK_STRIDE), segs, jac, T, D, axis);
    let norm = 0.0;
    for (;;) {
      invert(jac, T, D);
      const locked = updateAngles(segs, segCount, scratch);
      if (ld(scratch, MIN_DELTA_NORM) > norm) norm = ld(scratch, MIN_DELTA_NORM);
      if (!locked) break;
    }
    for (let i = 0; i < segCount; i++) unlock(ad(segs, i * SEG_STRIDE));
    norm = angleUpdateNorm(jac, T, D, norm);
    if (norm < 1e-3 && it > 10) { solved = true; break; }
  }
  st(block, SOLVE_ITERATIONS, used);
  st(block, SOLVE_SOLVED, solved ? 1 : 0);
}

function updateTransforms(block: usize, segs: usize, segCount: i32): void {
  for (let k = 0; k < segCount; k++) {
    const g = ad(segs, k * SEG_STRIDE);
    const parent = <i32>ld(g, SEG_PARENT);
    if (parent < 0) updateTransform(g, ad(block, SOLVE_ROOT_R), ad(block, SOLVE_ZERO3));
    else { const p = ad(segs, parent * SEG_STRIDE); updateTransform(g, ad(p, SEG_GLOBAL_R), ad(p, SEG_GLOBAL_END)); }
  }
}

/** IkSolver.updateAngles: true when a limit locked a DoF (the Jacobian then inverted again). */
function updateAngles(segs: usize, segCount: i32, scratch: usize): bool {
  const delta = ad(scratch, DELTA), minDelta = ad(scratch, MIN_DELTA), clampFlags = ad(scratch, CLAMP);
  let minSeg = -1, minAbs = 1e10, minDof = 0, locked = false;
  st(scratch, MIN_DELTA_NORM, -1);
  for (let si = 0; si < segCount; si++) {
    const g = ad(segs, si * SEG_STRIDE);
    if (!updateAngle(g, delta, clampFlags)) continue;
    const ndof = ndofOf(g);
    for (let i = 0; i < ndof; i++) {
      if (ld(clampFlags, i) != 0 && !isLocked(g, i)) {
        const a = Math.abs(ld(delta, i));
        if (a < 1e-20) { lock(g, i, delta); locked = true; }
        else if (a < minAbs) { minAbs = a; st(minDelta, 0, ld(delta, 0)); st(minDelta, 1, ld(delta, 1)); st(minDelta, 2, ld(delta, 2)); minSeg = si; minDof = i; }
      }
    }
  }
  if (minSeg >= 0) {
    lock(ad(segs, minSeg * SEG_STRIDE), minDof, minDelta);
    locked = true;
    st(scratch, MIN_DELTA_NORM, minAbs);
  }
  if (!locked) for (let i = 0; i < segCount; i++) { const g = ad(segs, i * SEG_STRIDE); unlock(g); updateAngleApply(g); }
  return locked;
}
