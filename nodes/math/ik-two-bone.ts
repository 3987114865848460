// Analytic two-bone IK, the model measured against Blender 3.4's legacy solver (conformance README,
// measured fact 2, items 2–3; Blender converges iteratively to within ~1e-4 of it). The pole, if
// any, is applied first as the pre-rotation (`polePreRotation` in ik-pole.ts); without one the
// pre-rotation is the identity and the chain bends in its own plane.
import { safeNormalize3 } from './finite';
import { type ChainWork, rebuildJoints } from './ik-chain';
import { multiplyMat3, multiplyMat3Vec3 } from './matrix';
import { safeRotationBetweenToMat3 } from './rotation-between';
import { reject3, sub3 } from './vector';

const va = new Float64Array(3);
const vb = new Float64Array(3);
const ref = new Float64Array(3);
const E = new Float64Array(3);
const g = new Float64Array(3);
const w = new Float64Array(3);
const m3a = new Float64Array(9);
const m3b = new Float64Array(9);
// Lengths are written here by safeNormalize3, not returned (a returned double may be boxed).
const len = new Float64Array(1);

/**
 * Two bones in closed form: the elbow on the circle the triangle allows, in the plane of the goal G
 * and the pre-rotated elbow; straight at the goal when it is out of reach. `pre` is the 3x3
 * pre-rotation about the root. Fills `wk.rot` and `wk.rebuilt`; returns whether G is within reach
 * (|L1 − L2| ≤ D ≤ L1 + L2).
 *
 * Degenerate input gives a finite result: a goal on the root keeps the pre-rotated tip's direction;
 * an elbow on the goal line (no bend plane) bends in the plane the measured model chooses, whatever
 * the pole; zero-length bones keep the identity where their rotation is undefined.
 */
export function solveTwoBone(wk: ChainWork, G: ArrayLike<number>, pre: ArrayLike<number>): boolean {
  const { joints, rot } = wk;
  const R = joints[0], E0 = joints[1], T0 = joints[2];
  multiplyMat3Vec3(ref, pre, sub3(ref, E0, R)); // E1 − R
  const L1 = wk.seg[0], L2 = wk.seg[1];
  safeNormalize3(g, sub3(g, G, R), len);
  let D = len[0];
  if (D === 0) {
    // Goal on the root: any direction is as good; keep the pre-rotated tip's.
    multiplyMat3Vec3(g, pre, sub3(g, T0, R));
    if (!safeNormalize3(g, g)) { g.set(ref); if (!safeNormalize3(g, g)) { g[0] = 0; g[1] = 1; g[2] = 0; } }
    D = 0;
  }
  reject3(w, ref, g);
  safeNormalize3(w, w, len);
  if (!(len[0] > 1e-9 * (L1 > 1 ? L1 : 1))) {
    // Elbow on the goal line: any plane through it; the same choice as the measured model.
    if (Math.abs(g[0]) < 0.9) { w[0] = 0; w[1] = g[2]; w[2] = -g[1]; } else { w[0] = -g[2]; w[1] = 0; w[2] = g[0]; }
    safeNormalize3(w, w);
  } else {
    // w came from a difference that may have cancelled: project once more so it is exactly ⟂ g
    // (else a nearly straight chain misses the goal by |rounding| / |w|).
    reject3(w, w, g);
    safeNormalize3(w, w);
  }
  if (D >= L1 + L2) {
    E[0] = R[0] + g[0] * L1; E[1] = R[1] + g[1] * L1; E[2] = R[2] + g[2] * L1;
  } else {
    let ca = L1 > 0 && D > 0 ? (L1 * L1 + D * D - L2 * L2) / (2 * L1 * D) : 1;
    ca = ca > 1 ? 1 : ca < -1 ? -1 : ca;
    const sa = Math.sqrt(1 - ca * ca);
    E[0] = R[0] + L1 * (ca * g[0] + sa * w[0]);
    E[1] = R[1] + L1 * (ca * g[1] + sa * w[1]);
    E[2] = R[2] + L1 * (ca * g[2] + sa * w[2]);
  }
  // Upper bone: the minimal rotation of the pre-rotated elbow onto E, after the pre-rotation.
  safeRotationBetweenToMat3(m3a, ref, sub3(va, E, R));
  multiplyMat3(rot[0], m3a, pre);
  // Lower bone: then the minimal rotation of its turned tip direction onto the goal.
  multiplyMat3Vec3(vb, rot[0], sub3(vb, T0, E0)); // T2 − E
  safeRotationBetweenToMat3(m3b, vb, sub3(va, G, E));
  multiplyMat3(rot[1], m3b, rot[0]);
  rebuildJoints(wk);
  wk.iterationsUsed = 0;
  return D <= L1 + L2 && D >= Math.abs(L1 - L2);
}
