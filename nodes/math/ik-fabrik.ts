// FABRIK (Aristidou & Lasenby, "Forward And Backward Reaching Inverse Kinematics") for chains of any
// length, then each bone the minimal rotation of its segment onto the solved one, root first.
//
// Blender's legacy solver is a damped Jacobian; for chains longer than two bones only its end
// effector is comparable (conformance README, fact 2), so FABRIK is Sinew's choice: it reaches what
// is reachable, keeps every bone length exactly, and straightens toward an unreachable target.
import { safeNormalize3 } from './finite';
import { type ChainWork, rebuildJoints } from './ik-chain';
import { multiplyMat3, multiplyMat3Vec3 } from './matrix';
import { safeRotationBetweenToMat3 } from './rotation-between';
import { cross3, ortho3, reject3, sub3 } from './vector';

const va = new Float64Array(3);
const vb = new Float64Array(3);
const P = new Float64Array(3);
const g = new Float64Array(3);
const w = new Float64Array(3);
const m3 = new Float64Array(9);
// Lengths are written here by safeNormalize3, not returned (a returned double may be boxed).
const len = new Float64Array(1);

/**
 * FABRIK from the pre-rotated joints (`pre`, 3x3 about the root) until the chain end is within
 * `wk.tolerance` of the goal G or `wk.iterations` passes were made; a goal out of reach gives the
 * straight chain pointing at it. Then each bone takes the minimal rotation of its segment onto the
 * solved one, root first. Fills `wk.rot`, `wk.rebuilt`, `wk.iterationsUsed` and `wk.endError` (the
 * distance from the rebuilt chain end to G).
 *
 * A chain folded onto the goal line cannot leave that line by FABRIK alone: when the error stops
 * shrinking the interior joints are bowed sideways, each time in a new plane (the side is FABRIK's
 * own, not the pole's). The last two segments are then solved in closed form from joint n − 2.
 */
export function solveFabrik(wk: ChainWork, G: ArrayLike<number>, pre: ArrayLike<number>): void {
  const { n, joints, solved: K, seg, dir0, rot } = wk;
  const R = joints[0];
  let total = 0;
  for (let i = 0; i <= n; i++) {
    multiplyMat3Vec3(K[i], pre, sub3(va, joints[i], R));
    K[i][0] += R[0]; K[i][1] += R[1]; K[i][2] += R[2];
  }
  for (let i = 0; i < n; i++) {
    total += seg[i];
    if (!safeNormalize3(dir0[i], sub3(dir0[i], K[i + 1], K[i]))) { dir0[i][0] = 0; dir0[i][1] = 1; dir0[i][2] = 0; }
  }
  safeNormalize3(g, sub3(g, G, R), len);
  const D = len[0];
  let used = 0;
  if (D >= total) {
    if (D === 0) g.set(dir0[n - 1]);
    for (let i = 0; i < n; i++) {
      const a = K[i], b = K[i + 1], l = seg[i];
      b[0] = a[0] + g[0] * l; b[1] = a[1] + g[1] * l; b[2] = a[2] + g[2] * l;
    }
  } else {
    const tol = wk.tolerance > 0 ? wk.tolerance : 0;
    const iterations = wk.iterations;
    const end = K[n];
    let prevErr = Infinity, kicks = 0, sinceKick = 0;
    while (used < iterations) {
      const ex = end[0] - G[0], ey = end[1] - G[1], ez = end[2] - G[2];
      const err = Math.sqrt(ex * ex + ey * ey + ez * ez);
      if (err <= tol) break;
      // FABRIK cannot leave a line: a chain folded onto the goal line stalls short of a goal it
      // could reach by bending. When the error stops shrinking, bow the interior joints sideways
      // (each time in another plane about the goal line) and carry on.
      if (sinceKick >= 8 && err > prevErr * 0.999 && kicks < 16) {
        kick(K, n, seg, kicks++);
        sinceKick = 0;
      }
      prevErr = err;
      sinceKick++;
      used++;
      // Backward: the end on the goal, each joint pulled towards its child at its distance.
      end[0] = G[0]; end[1] = G[1]; end[2] = G[2];
      for (let i = n - 1; i >= 0; i--) {
        const a = K[i], b = K[i + 1], l = seg[i];
        if (!safeNormalize3(va, sub3(va, a, b))) { va[0] = -dir0[i][0]; va[1] = -dir0[i][1]; va[2] = -dir0[i][2]; }
        a[0] = b[0] + va[0] * l; a[1] = b[1] + va[1] * l; a[2] = b[2] + va[2] * l;
      }
      // Forward: the root back on its head, each joint pulled towards its parent.
      K[0][0] = R[0]; K[0][1] = R[1]; K[0][2] = R[2];
      for (let i = 0; i < n; i++) {
        const a = K[i], b = K[i + 1], l = seg[i];
        if (!safeNormalize3(va, sub3(va, b, a))) va.set(dir0[i]);
        b[0] = a[0] + va[0] * l; b[1] = a[1] + va[1] * l; b[2] = a[2] + va[2] * l;
      }
    }
    // FABRIK converges slowly near the edges of the reachable region (a folded or nearly straight
    // chain). Finish with the last two segments in closed form: when the goal is within their
    // reach from joint n − 2, the chain end lands on it up to rounding.
    if (n >= 2) finishLastTwo(K, n, seg, G);
    // FABRIK can also crawl when the whole chain must turn (a folded chain whose goal lies behind
    // its root: 2,000 passes left 3e-4). Then finish as a two-bone problem over rigid parts: the
    // joints up to j turned about the root, the rest turned about joint j, for the best-placed j.
    const fx = end[0] - G[0], fy = end[1] - G[1], fz = end[2] - G[2];
    if (n >= 2 && Math.sqrt(fx * fx + fy * fy + fz * fz) > tol) finishRigidTwo(K, n, G);
  }
  wk.iterationsUsed = used;
  // Joint positions → minimal rotations, accumulated from the root.
  P[0] = R[0]; P[1] = R[1]; P[2] = R[2];
  let prev: ArrayLike<number> = pre;
  for (let i = 0; i < n; i++) {
    multiplyMat3Vec3(va, prev, sub3(va, joints[i + 1], joints[i]));
    safeRotationBetweenToMat3(m3, va, sub3(vb, K[i + 1], P));
    multiplyMat3(rot[i], m3, prev);
    multiplyMat3Vec3(va, rot[i], sub3(va, joints[i + 1], joints[i]));
    P[0] += va[0]; P[1] += va[1]; P[2] += va[2];
    prev = rot[i];
  }
  rebuildJoints(wk);
  const end = wk.rebuilt[n];
  const ex = end[0] - G[0], ey = end[1] - G[1], ez = end[2] - G[2];
  wk.endError = Math.sqrt(ex * ex + ey * ey + ez * ez);
}

const u = new Float64Array(3), Bn = new Float64Array(3), m3b = new Float64Array(9);

/**
 * Lands the chain end on G exactly when G is within reach of the chain split at some joint j into
 * two rigid parts (root…j, j…end, each keeping its current shape, so every bone length is kept):
 * the closed-form two-bone solution in the plane the chain bends in now. Picks the j for which G is
 * deepest inside the reachable shell; leaves K when there is none or no bend plane.
 */
function finishRigidTwo(K: Float64Array[], n: number, G: ArrayLike<number>): void {
  const R = K[0];
  safeNormalize3(g, sub3(g, G, R), len);
  const D = len[0];
  if (!(D > 0)) return;
  let best = -1, margin = 0, d1 = 0, d2 = 0;
  const E = K[n];
  for (let j = 1; j < n; j++) {
    // The two parts' lengths, |K[j] − R| and |E − K[j]| (computed here: a helper returning a
    // double would box it when not inlined).
    const J = K[j];
    const ax = J[0] - R[0], ay = J[1] - R[1], az = J[2] - R[2];
    const bx = E[0] - J[0], by = E[1] - J[1], bz = E[2] - J[2];
    const l1 = Math.sqrt(ax * ax + ay * ay + az * az), l2 = Math.sqrt(bx * bx + by * by + bz * bz);
    const m = Math.min(D - Math.abs(l1 - l2), l1 + l2 - D);
    if (l1 > 0 && l2 > 0 && m > margin) { margin = m; best = j; d1 = l1; d2 = l2; }
  }
  if (best < 0) return;
  const J = K[best];
  sub3(w, J, R);
  reject3(w, w, g);
  if (!safeNormalize3(w, w)) return;
  let ca = (d1 * d1 + D * D - d2 * d2) / (2 * d1 * D);
  ca = ca > 1 ? 1 : ca < -1 ? -1 : ca;
  const sa = Math.sqrt(1 - ca * ca);
  for (let i = 0; i < 3; i++) Bn[i] = R[i] + d1 * (ca * g[i] + sa * w[i]);
  // Suffix: turned about J onto (G − Bn), then moved to Bn. Prefix: turned about the root.
  safeRotationBetweenToMat3(m3b, sub3(u, K[n], J), sub3(vb, G, Bn));
  for (let i = n; i > best; i--) {
    multiplyMat3Vec3(u, m3b, sub3(u, K[i], J));
    K[i][0] = Bn[0] + u[0]; K[i][1] = Bn[1] + u[1]; K[i][2] = Bn[2] + u[2];
  }
  safeRotationBetweenToMat3(m3b, sub3(u, J, R), sub3(vb, Bn, R));
  for (let i = best; i > 0; i--) {
    multiplyMat3Vec3(u, m3b, sub3(u, K[i], R));
    K[i][0] = R[0] + u[0]; K[i][1] = R[1] + u[1]; K[i][2] = R[2] + u[2];
  }
  K[n][0] = G[0]; K[n][1] = G[1]; K[n][2] = G[2];
}

/** Bows the interior joints away from the root-to-goal line `g`, in a plane that turns with `k`. */
function kick(K: Float64Array[], n: number, seg: Float64Array, k: number): void {
  ortho3(va, g);
  safeNormalize3(va, va);
  cross3(vb, g, va);
  const t = k * 2.399963229728653; // golden angle: every kick in a new plane
  const c = Math.cos(t), s = Math.sin(t);
  for (let i = 1; i < n; i++) {
    const a = 0.2 * Math.min(seg[i - 1], seg[i]) * Math.sin((Math.PI * i) / n);
    const p = K[i];
    p[0] += (va[0] * c + vb[0] * s) * a; p[1] += (va[1] * c + vb[1] * s) * a; p[2] += (va[2] * c + vb[2] * s) * a;
  }
}

/** Moves joints n − 1 and n so the end is on G, keeping joint n − 2 and the bend plane, when G is within reach. */
function finishLastTwo(K: Float64Array[], n: number, seg: Float64Array, G: ArrayLike<number>): void {
  const A = K[n - 2], B = K[n - 1], C = K[n];
  const l1 = seg[n - 2], l2 = seg[n - 1];
  safeNormalize3(g, sub3(g, G, A), len);
  const D = len[0];
  if (!(D > 0) || l1 <= 0 || D > l1 + l2 || D < Math.abs(l1 - l2)) return;
  sub3(w, B, A);
  reject3(w, w, g);
  if (!safeNormalize3(w, w)) return;
  let ca = (l1 * l1 + D * D - l2 * l2) / (2 * l1 * D);
  ca = ca > 1 ? 1 : ca < -1 ? -1 : ca;
  const sa = Math.sqrt(1 - ca * ca);
  B[0] = A[0] + l1 * (ca * g[0] + sa * w[0]);
  B[1] = A[1] + l1 * (ca * g[1] + sa * w[1]);
  B[2] = A[2] + l1 * (ca * g[2] + sa * w[2]);
  C[0] = G[0]; C[1] = G[1]; C[2] = G[2];
}
