// Blender's pole pre-rotation for IK chains (ConstrainPoleVector; conformance README, measured
// fact 2, item 1): the whole chain turns about its root before any solver runs, so the bend plane
// follows the pole.
import { safeNormalize3 } from './finite';
import type { ChainWork } from './ik-chain';
import { identityMat3 } from './matrix';
import { rotationBetweenToMat3 } from './rotation-between';
import { cross3, sub3 } from './vector';

const x = new Float64Array(3);
const z = new Float64Array(3);
const d = new Float64Array(3);
const dp = new Float64Array(3);
const up = new Float64Array(3);
const q0 = new Float64Array(3);

/**
 * The rotation (about the root head R, 3x3) that turns the chain so its tip direction points at the
 * goal G and the root's X axis, turned by the pole angle about Y towards Z, lies in the plane of R,
 * G and the pole P. R is the chain's root head and T0 its pre-IK tip (`wk.joints`, first and last),
 * the pole angle `wk.poleAngle`; `rootPose` is the root bone's pre-IK pose matrix (4x4).
 * Degenerate frames (tip on the root, pole on the goal line, X axis along the chain) fall back to
 * the minimal rotation of the tip direction onto the goal direction (the identity when either is
 * zero). Returns whether the pole frame was used.
 */
export function polePreRotation(out: Float64Array, rootPose: ArrayLike<number>, wk: ChainWork, G: ArrayLike<number>, P: ArrayLike<number>): boolean {
  const R = wk.joints[0], T0 = wk.joints[wk.n], poleAngle = wk.poleAngle;
  safeNormalize3(x, rootPose); // its X axis: the first three numbers
  z[0] = rootPose[8]; z[1] = rootPose[9]; z[2] = rootPose[10];
  safeNormalize3(z, z);
  const c = Math.cos(poleAngle), s = Math.sin(poleAngle);
  up[0] = x[0] * c + z[0] * s; up[1] = x[1] * c + z[1] * s; up[2] = x[2] * c + z[2] * s;
  const dOk = safeNormalize3(d, sub3(d, T0, R));
  const gOk = safeNormalize3(dp, sub3(dp, G, R));
  if (!dOk || !gOk) {
    identityMat3(out);
    return false;
  }
  const m0 = cross3(x, d, up); // x, z are free again
  const pp = sub3(z, P, R);
  cross3(q0, dp, pp);
  if (!safeNormalize3(m0, m0) || !safeNormalize3(q0, q0)) {
    rotationBetweenToMat3(out, d, dp);
    return false;
  }
  const m1 = cross3(up, m0, d);
  const q1 = cross3(z, q0, dp);
  // Rows (m0, m1, −d) and (q0, q1, −d′); R_pre = Qᵀ·M = q0⊗m0 + q1⊗m1 + d′⊗d.
  for (let col = 0; col < 3; col++) {
    for (let row = 0; row < 3; row++) {
      out[3 * col + row] = q0[row] * m0[col] + q1[row] * m1[col] + dp[row] * d[col];
    }
  }
  return true;
}
