// IK solvers over a chain of joints in armature space, each giving every bone the rotation it turns
// by (applied on the left of its pre-IK pose matrix, about its head) and the joints rebuilt from
// those rotations, so bone lengths hold exactly whatever the solver's own precision.
//
// - Pole pre-rotation: Blender's ConstrainPoleVector (README, measured fact 2, item 1).
// - One bone: aim the tip at the target.
// - Two bones: the closed-form triangle of measured fact 2 (items 2–3).
// - Longer chains: FABRIK (Aristidou & Lasenby 2011) on the joint positions, then the minimal
//   rotation of each segment from root to tip.
// Joints: the head of every chain bone, then the tail of the last one. Bones that are not
// connected are rigid segments from one head to the next, as in Blender's solver.
// Everything is allocated by `createChainWork` at compile time; solving allocates nothing.
import { safeNormalize3 } from '../../math/finite';
import { rotationBetweenToMat3 } from '../../math/rotation-between';
import { ortho3 } from '../../math/vector';

export interface ChainWork {
  /** Number of bones. */
  n: number;
  /** Pre-IK joints (n + 1 views of 3 numbers). */
  joints: Float64Array[];
  /** Working positions of the iterative solver (n + 1). */
  solved: Float64Array[];
  /** Joints rebuilt from the solved rotations (n + 1). */
  rebuilt: Float64Array[];
  /** Rest distance of each segment, joint i to joint i + 1. */
  seg: Float64Array;
  /** Unit direction of each pre-rotated segment, the fallback when a direction vanishes. */
  dir0: Float64Array[];
  /** Rotation (3x3, column-major) each bone turns by, about its own head (n views of 9). */
  rot: Float64Array[];
  /** Iterations the last FABRIK solve took (0 for the closed forms). */
  iterationsUsed: number;
}

export function createChainWork(n: number): ChainWork {
  const vecs = (k: number) => Array.from({ length: k }, () => new Float64Array(3));
  return {
    n,
    joints: vecs(n + 1),
    solved: vecs(n + 1),
    rebuilt: vecs(n + 1),
    seg: new Float64Array(n),
    dir0: vecs(n),
    rot: Array.from({ length: n }, () => new Float64Array(9)),
    iterationsUsed: 0,
  };
}

const IDENTITY3 = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
const va = new Float64Array(3);
const vb = new Float64Array(3);
const vc = new Float64Array(3);
const vd = new Float64Array(3);
const ve = new Float64Array(3);
const vf = new Float64Array(3);
const g = new Float64Array(3);
const w = new Float64Array(3);
const m3a = new Float64Array(9);
const m3b = new Float64Array(9);

// ---- small 3-vector / 3x3 helpers (column-major 3x3: row r, column c at 3c + r) ----

function sub(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  out[0] = a[0] - b[0]; out[1] = a[1] - b[1]; out[2] = a[2] - b[2];
  return out;
}

function cross(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  const x = a[1] * b[2] - a[2] * b[1];
  const y = a[2] * b[0] - a[0] * b[2];
  const z = a[0] * b[1] - a[1] * b[0];
  out[0] = x; out[1] = y; out[2] = z;
  return out;
}

function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/** Normalizes v in place without overflow; returns its length (0 leaves the zero vector). */
function unit(v: Float64Array): number {
  return safeNormalize3(v, v[0], v[1], v[2]);
}

/** out = m·v for a 3x3 m. */
export function mulMat3Vec(out: Float64Array, m: ArrayLike<number>, v: ArrayLike<number>): Float64Array {
  const x = v[0], y = v[1], z = v[2];
  out[0] = m[0] * x + m[3] * y + m[6] * z;
  out[1] = m[1] * x + m[4] * y + m[7] * z;
  out[2] = m[2] * x + m[5] * y + m[8] * z;
  return out;
}

/** out = a·b for 3x3 matrices (b first); out may alias either. */
export function mulMat3(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  const a00 = a[0], a10 = a[1], a20 = a[2], a01 = a[3], a11 = a[4], a21 = a[5], a02 = a[6], a12 = a[7], a22 = a[8];
  for (let c = 0; c < 3; c++) {
    const b0 = b[3 * c], b1 = b[3 * c + 1], b2 = b[3 * c + 2];
    out[3 * c] = a00 * b0 + a01 * b1 + a02 * b2;
    out[3 * c + 1] = a10 * b0 + a11 * b1 + a12 * b2;
    out[3 * c + 2] = a20 * b0 + a21 * b1 + a22 * b2;
  }
  return out;
}

/**
 * The minimal rotation taking direction `from` onto direction `to`; a zero vector gives identity.
 * Both are normalized first, so vectors of any size (1e300 included) work.
 */
export function swing(out: Float64Array, from: ArrayLike<number>, to: ArrayLike<number>): Float64Array {
  const fl = safeNormalize3(ve, from[0], from[1], from[2]);
  const tl = safeNormalize3(vf, to[0], to[1], to[2]);
  if (fl === 0 || tl === 0) {
    out.set(IDENTITY3);
    return out;
  }
  return rotationBetweenToMat3(out, ve, vf);
}

// ---- pole ----

/**
 * Blender's ConstrainPoleVector: the rotation (about the root head R) that turns the chain so its
 * tip direction points at the goal G and the root's X axis, turned by `poleAngle` about Y towards
 * Z, lies in the plane of R, G and the pole P. `rootPose` is the root bone's pre-IK pose matrix.
 * Degenerate frames (tip on the root, pole on the goal line, X axis along the chain) fall back to
 * the minimal rotation of the tip direction onto the goal direction.
 */
export function polePreRotation(
  out: Float64Array,
  rootPose: ArrayLike<number>,
  poleAngle: number,
  R: ArrayLike<number>,
  T0: ArrayLike<number>,
  G: ArrayLike<number>,
  P: ArrayLike<number>,
): Float64Array {
  const x = va, z = vb, d = vc, dp = vd;
  safeNormalize3(x, rootPose[0], rootPose[1], rootPose[2]);
  safeNormalize3(z, rootPose[8], rootPose[9], rootPose[10]);
  const c = Math.cos(poleAngle), s = Math.sin(poleAngle);
  const up = w;
  up[0] = x[0] * c + z[0] * s; up[1] = x[1] * c + z[1] * s; up[2] = x[2] * c + z[2] * s;
  const dl = unit(sub(d, T0, R));
  const gl = unit(sub(dp, G, R));
  if (dl === 0 || gl === 0) {
    out.set(IDENTITY3);
    return out;
  }
  const m0 = cross(x, d, up); // x, z are free again
  const pp = sub(z, P, R);
  const q0 = cross(g, dp, pp);
  if (unit(m0) === 0 || unit(q0) === 0) return rotationBetweenToMat3(out, d, dp);
  const m1 = cross(up, m0, d);
  const q1 = cross(z, q0, dp);
  // Rows (m0, m1, −d) and (q0, q1, −d′); R_pre = Qᵀ·M = q0⊗m0 + q1⊗m1 + d′⊗d.
  for (let col = 0; col < 3; col++) {
    for (let row = 0; row < 3; row++) {
      out[3 * col + row] = q0[row] * m0[col] + q1[row] * m1[col] + dp[row] * d[col];
    }
  }
  return out;
}

// ---- solvers ----

/** Rebuilds joints from rotations: joint 0 stays, joint i + 1 = joint i + rot_i·(pre-IK segment i). */
function rebuild(wk: ChainWork): void {
  const { joints, rebuilt, rot } = wk;
  rebuilt[0].set(joints[0]);
  for (let i = 0; i < wk.n; i++) {
    mulMat3Vec(va, rot[i], sub(va, joints[i + 1], joints[i]));
    const r = rebuilt[i + 1], p = rebuilt[i];
    r[0] = p[0] + va[0]; r[1] = p[1] + va[1]; r[2] = p[2] + va[2];
  }
}

/** One bone: its tip swung onto the goal, after the pre-rotation. */
export function solveAim(wk: ChainWork, G: ArrayLike<number>, pre: ArrayLike<number>): void {
  const { joints, rot } = wk;
  mulMat3Vec(va, pre, sub(va, joints[1], joints[0]));
  swing(m3a, va, sub(vb, G, joints[0]));
  mulMat3(rot[0], m3a, pre);
  rebuild(wk);
  wk.iterationsUsed = 0;
}

/**
 * Two bones in closed form (measured fact 2): the elbow on the circle the triangle allows, in the
 * plane of the goal and the pre-rotated elbow; straight at the goal when it is out of reach.
 */
export function solveTwoBone(wk: ChainWork, G: ArrayLike<number>, pre: ArrayLike<number>): void {
  const { joints, rot } = wk;
  const R = joints[0], E0 = joints[1], T0 = joints[2];
  const ref = mulMat3Vec(vc, pre, sub(vc, E0, R)); // E1 − R
  const L1 = wk.seg[0], L2 = wk.seg[1];
  let D = safeNormalize3(g, G[0] - R[0], G[1] - R[1], G[2] - R[2]);
  if (D === 0) {
    // Goal on the root: any direction is as good; keep the pre-rotated tip's.
    mulMat3Vec(g, pre, sub(g, T0, R));
    if (unit(g) === 0) { g.set(ref); if (unit(g) === 0) { g[0] = 0; g[1] = 1; g[2] = 0; } }
    D = 0;
  }
  const along = dot(ref, g);
  w[0] = ref[0] - g[0] * along; w[1] = ref[1] - g[1] * along; w[2] = ref[2] - g[2] * along;
  if (!(safeNormalize3(w, w[0], w[1], w[2]) > 1e-9 * (L1 > 1 ? L1 : 1))) {
    // Elbow on the goal line: any plane through it; the same choice as the measured model.
    if (Math.abs(g[0]) < 0.9) { w[0] = 0; w[1] = g[2]; w[2] = -g[1]; } else { w[0] = -g[2]; w[1] = 0; w[2] = g[0]; }
    unit(w);
  } else {
    // w came from a difference that may have cancelled: project once more so it is exactly ⟂ g
    // (else a nearly straight chain misses the goal by |rounding| / |w|).
    const again = dot(w, g);
    w[0] -= g[0] * again; w[1] -= g[1] * again; w[2] -= g[2] * again;
    unit(w);
  }
  const E = vd;
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
  swing(m3a, ref, sub(va, E, R));
  mulMat3(rot[0], m3a, pre);
  // Lower bone: then the minimal rotation of its turned tip direction onto the goal.
  mulMat3Vec(vb, rot[0], sub(vb, T0, E0)); // T2 − E
  swing(m3b, vb, sub(va, G, E));
  mulMat3(rot[1], m3b, rot[0]);
  rebuild(wk);
  wk.iterationsUsed = 0;
}

/**
 * FABRIK from the pre-rotated joints until the chain end is within `tolerance` of the goal or
 * `iterations` passes were made; a goal out of reach gives the straight chain pointing at it.
 * Then each bone takes the minimal rotation of its segment onto the solved one, root first.
 */
export function solveFabrik(wk: ChainWork, G: ArrayLike<number>, pre: ArrayLike<number>, iterations: number, tolerance: number): void {
  const { n, joints, solved: K, seg, dir0, rot } = wk;
  const R = joints[0];
  let total = 0;
  for (let i = 0; i <= n; i++) {
    mulMat3Vec(K[i], pre, sub(va, joints[i], R));
    K[i][0] += R[0]; K[i][1] += R[1]; K[i][2] += R[2];
  }
  for (let i = 0; i < n; i++) {
    total += seg[i];
    if (unit(sub(dir0[i], K[i + 1], K[i])) === 0) { dir0[i][0] = 0; dir0[i][1] = 1; dir0[i][2] = 0; }
  }
  const D = safeNormalize3(g, G[0] - R[0], G[1] - R[1], G[2] - R[2]);
  let used = 0;
  if (D >= total) {
    if (D === 0) g.set(dir0[n - 1]);
    for (let i = 0; i < n; i++) {
      const a = K[i], b = K[i + 1], l = seg[i];
      b[0] = a[0] + g[0] * l; b[1] = a[1] + g[1] * l; b[2] = a[2] + g[2] * l;
    }
  } else {
    const tol = tolerance > 0 ? tolerance : 0;
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
        if (unit(sub(va, a, b)) === 0) { va[0] = -dir0[i][0]; va[1] = -dir0[i][1]; va[2] = -dir0[i][2]; }
        a[0] = b[0] + va[0] * l; a[1] = b[1] + va[1] * l; a[2] = b[2] + va[2] * l;
      }
      // Forward: the root back on its head, each joint pulled towards its parent.
      K[0][0] = R[0]; K[0][1] = R[1]; K[0][2] = R[2];
      for (let i = 0; i < n; i++) {
        const a = K[i], b = K[i + 1], l = seg[i];
        if (unit(sub(va, b, a)) === 0) va.set(dir0[i]);
        b[0] = a[0] + va[0] * l; b[1] = a[1] + va[1] * l; b[2] = a[2] + va[2] * l;
      }
    }
    // FABRIK converges slowly near the edges of the reachable region (a folded or nearly straight
    // chain). Finish with the last two segments in closed form: when the goal is within their
    // reach from joint n − 2, the chain end lands on it up to rounding.
    if (n >= 2) finishLastTwo(K, n, seg, G);
  }
  wk.iterationsUsed = used;
  // Joint positions → minimal rotations, accumulated from the root.
  const P = vc;
  P[0] = R[0]; P[1] = R[1]; P[2] = R[2];
  let prev: ArrayLike<number> = pre;
  for (let i = 0; i < n; i++) {
    mulMat3Vec(va, prev, sub(va, joints[i + 1], joints[i]));
    swing(m3a, va, sub(vb, K[i + 1], P));
    mulMat3(rot[i], m3a, prev);
    mulMat3Vec(va, rot[i], sub(va, joints[i + 1], joints[i]));
    P[0] += va[0]; P[1] += va[1]; P[2] += va[2];
    prev = rot[i];
  }
  rebuild(wk);
}

/** Bows the interior joints away from the root-to-goal line `g`, in a plane that turns with `k`. */
function kick(K: Float64Array[], n: number, seg: Float64Array, k: number): void {
  ortho3(va, g);
  unit(va);
  cross(vb, g, va);
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
  const D = safeNormalize3(g, G[0] - A[0], G[1] - A[1], G[2] - A[2]);
  if (!(D > 0) || l1 <= 0 || D > l1 + l2 || D < Math.abs(l1 - l2)) return;
  sub(w, B, A);
  const along = dot(w, g);
  w[0] -= g[0] * along; w[1] -= g[1] * along; w[2] -= g[2] * along;
  if (unit(w) === 0) return;
  let ca = (l1 * l1 + D * D - l2 * l2) / (2 * l1 * D);
  ca = ca > 1 ? 1 : ca < -1 ? -1 : ca;
  const sa = Math.sqrt(1 - ca * ca);
  B[0] = A[0] + l1 * (ca * g[0] + sa * w[0]);
  B[1] = A[1] + l1 * (ca * g[1] + sa * w[1]);
  B[2] = A[2] + l1 * (ca * g[2] + sa * w[2]);
  C[0] = G[0]; C[1] = G[1]; C[2] = G[2];
}

/** Fills `seg` from `joints`. */
export function measureSegments(wk: ChainWork): number {
  let total = 0;
  for (let i = 0; i < wk.n; i++) {
    const a = wk.joints[i], b = wk.joints[i + 1];
    const l = Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
    wk.seg[i] = l;
    total += l;
  }
  return total;
}

export { IDENTITY3 };
