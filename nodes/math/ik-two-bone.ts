// Analytic two-bone IK, the model measured against Blender 3.4's legacy solver (conformance README,
// measured fact 2; Blender converges iteratively to within ~1e-4 of it):
//
// 1. Pole pre-rotation as Blender's ConstrainPoleVector: up = x·cos(poleAngle) + z·sin(poleAngle)
//    from the root bone's X and Z axes; frames M (rows m0 = ‖d×up‖, m1 = m0×d, m2 = −d) and
//    Q (rows q0 = ‖d′×p′‖, q1 = q0×d′, q2 = −d′) with d = ‖T0−R‖, d′ = ‖G−R‖, p′ = ‖P−R‖;
//    R_pre = Qᵀ·M turns the whole chain about the root.
// 2. Triangle: the elbow E = R + L1(cos α·g + sin α·w), g = ‖G−R‖, w the unit part of R_pre(E0−R)
//    perpendicular to g, cos α = (L1² + D² − L2²)/(2·L1·D) clamped to [−1, 1] (straight when out of reach).
// 3. Rotations applied on the left: upper = swing(R_pre(E0−R) → E−R)·R_pre, lower = swing(upper(T0−E0) → G−E)·upper.
//
// Without a pole the pre-rotation is the minimal swing of the chain (root→tip onto root→target),
// then the chain bends in its own plane ("swing then bend"). Blender's result without a pole depends
// on its iteration path; only the end effector is comparable (README), and this reaches the target.
//
// Degenerate input always gives a finite, documented result:
// * a pole frame that cannot be built (pole on the root→target line, up parallel to the chain, zero
//   vectors) falls back to the no-pole swing;
// * a chain with no bend (straight, or elbow on the root→target line) bends toward the pole if any,
//   else toward the root bone's rotated Z axis, else any perpendicular;
// * target on the root: the chain folds (elbow along the chain's rotated direction, tip back toward
//   the root); zero-length bones simply stay put (their rotation is the identity where undefined).
import { invertMat4, mat4Multiply, preRotateMat4 } from './matrix';
import { mat3NormalizedToQuat, mat4ToQuat, quatSlerp, quatToMat4 } from './quaternion';
import { rotationBetweenToMat3 } from './rotation-between';
import { len3 } from './vector';

/** Result of {@link solveTwoBoneIK}; allocate once with {@link createTwoBoneIKResult}. */
export interface TwoBoneIKResult {
  /** 3x3 rotation to multiply on the left of the upper bone's pre-IK matrix, about the root. */
  readonly upper: Float64Array;
  /** 3x3 rotation to multiply on the left of the lower bone's pre-IK matrix (its head moves to `elbow`). */
  readonly lower: Float64Array;
  /** `upper` as a quaternion [x, y, z, w]. */
  readonly upperQuat: Float64Array;
  /** `lower` as a quaternion [x, y, z, w]. */
  readonly lowerQuat: Float64Array;
  /** Root position (unchanged by the solve). */
  readonly root: Float64Array;
  /** Elbow (head of the lower bone) before the solve. */
  readonly elbowBefore: Float64Array;
  /** Elbow after the solve. */
  readonly elbow: Float64Array;
  /** End effector (tail of the lower bone) after the solve. */
  readonly tip: Float64Array;
  /** True when the target lies within the chain's reach (|L1 − L2| ≤ D ≤ L1 + L2). */
  reached: boolean;
  /** True when the pole frame was used (false: no pole, or a degenerate pole). */
  usedPole: boolean;
}

/** Allocates a result record for {@link solveTwoBoneIK} (compile time, not per frame). */
export function createTwoBoneIKResult(): TwoBoneIKResult {
  return {
    upper: new Float64Array(9),
    lower: new Float64Array(9),
    upperQuat: new Float64Array(4),
    lowerQuat: new Float64Array(4),
    root: new Float64Array(3),
    elbowBefore: new Float64Array(3),
    elbow: new Float64Array(3),
    tip: new Float64Array(3),
    reached: false,
    usedPole: false,
  };
}

const pre = new Float64Array(9);
const swing = new Float64Array(9);
const v1 = new Float64Array(3);
const v2 = new Float64Array(3);
// Relative to the chain size, below this a vector counts as zero.
const REL_EPS = 1e-12;

function mul3(out: Float64Array, a: Float64Array, b: Float64Array): void {
  const a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3], a4 = a[4], a5 = a[5], a6 = a[6], a7 = a[7], a8 = a[8];
  for (let c = 0; c < 9; c += 3) {
    const x = b[c], y = b[c + 1], z = b[c + 2];
    out[c] = a0 * x + a3 * y + a6 * z;
    out[c + 1] = a1 * x + a4 * y + a7 * z;
    out[c + 2] = a2 * x + a5 * y + a8 * z;
  }
}

/**
 * Solves a two-bone chain for `target` (all points in one space, e.g. armature space): root = head
 * of the upper bone, elbow = head of the lower bone, tip = its tail. With `pole` (null for none),
 * `poleAngle` and the root bone's X/Z axes (any length) the bend plane follows Blender's pole rule.
 * Allocation-free; writes and returns `out`.
 */
export function solveTwoBoneIK(
  out: TwoBoneIKResult,
  root: ArrayLike<number>,
  elbow: ArrayLike<number>,
  tip: ArrayLike<number>,
  target: ArrayLike<number>,
  pole: ArrayLike<number> | null,
  poleAngle: number,
  rootX: ArrayLike<number>,
  rootZ: ArrayLike<number>,
): TwoBoneIKResult {
  const rx = root[0], ry = root[1], rz = root[2];
  const ux = elbow[0] - rx, uy = elbow[1] - ry, uz = elbow[2] - rz; // upper bone
  const lx = tip[0] - elbow[0], ly = tip[1] - elbow[1], lz = tip[2] - elbow[2]; // lower bone
  const L1 = len3(ux, uy, uz);
  const L2 = len3(lx, ly, lz);
  const dx = tip[0] - rx, dy = tip[1] - ry, dz = tip[2] - rz; // root → tip
  const gx0 = target[0] - rx, gy0 = target[1] - ry, gz0 = target[2] - rz; // root → target
  const D = len3(gx0, gy0, gz0);
  const scale = Math.max(L1 + L2, D, 1e-300);
  const tiny = REL_EPS * scale;
  out.root[0] = rx; out.root[1] = ry; out.root[2] = rz;
  out.elbowBefore[0] = elbow[0]; out.elbowBefore[1] = elbow[1]; out.elbowBefore[2] = elbow[2];

  // 1. Pre-rotation.
  out.usedPole = pole !== null && polePreRotation(pre, dx, dy, dz, gx0, gy0, gz0, pole, root, poleAngle, rootX, rootZ, tiny);
  if (!out.usedPole) {
    v1[0] = dx; v1[1] = dy; v1[2] = dz;
    v2[0] = gx0; v2[1] = gy0; v2[2] = gz0;
    if (len3(dx, dy, dz) > tiny && D > tiny) rotationBetweenToMat3(pre, v1, v2);
    else identity3(pre);
  }

  // 2. Triangle in the plane of g and the pre-rotated upper bone.
  const pux = pre[0] * ux + pre[3] * uy + pre[6] * uz;
  const puy = pre[1] * ux + pre[4] * uy + pre[7] * uz;
  const puz = pre[2] * ux + pre[5] * uy + pre[8] * uz;
  let gx: number, gy: number, gz: number;
  if (D > tiny) {
    gx = gx0 / D; gy = gy0 / D; gz = gz0 / D;
  } else {
    // Target on the root: fold along the chain's (pre-rotated) direction.
    const px = pre[0] * dx + pre[3] * dy + pre[6] * dz;
    const py = pre[1] * dx + pre[4] * dy + pre[7] * dz;
    const pz = pre[2] * dx + pre[5] * dy + pre[8] * dz;
    let n = len3(px, py, pz);
    if (n > tiny) { gx = px / n; gy = py / n; gz = pz / n; }
    else {
      n = len3(pux, puy, puz);
      if (n > tiny) { gx = pux / n; gy = puy / n; gz = puz / n; }
      else { gx = 0; gy = 1; gz = 0; }
    }
  }
  let along = pux * gx + puy * gy + puz * gz;
  let wx = pux - along * gx, wy = puy - along * gy, wz = puz - along * gz;
  let wn = len3(wx, wy, wz);
  if (!(wn > tiny)) {
    // No bend plane in the chain itself: toward the pole, else the root's (rotated) Z, else any.
    wn = 0;
    if (pole !== null) {
      wx = pole[0] - rx; wy = pole[1] - ry; wz = pole[2] - rz;
      along = wx * gx + wy * gy + wz * gz;
      wx -= along * gx; wy -= along * gy; wz -= along * gz;
      wn = len3(wx, wy, wz);
    }
    if (!(wn > tiny)) {
      const zx = rootZ[0], zy = rootZ[1], zz = rootZ[2];
      wx = pre[0] * zx + pre[3] * zy + pre[6] * zz;
      wy = pre[1] * zx + pre[4] * zy + pre[7] * zz;
      wz = pre[2] * zx + pre[5] * zy + pre[8] * zz;
      along = wx * gx + wy * gy + wz * gz;
      wx -= along * gx; wy -= along * gy; wz -= along * gz;
      wn = len3(wx, wy, wz);
      if (!(wn > REL_EPS * len3(zx, zy, zz)) || !(wn > 0)) {
        // Perpendicular built from g's smallest component.
        const ax = Math.abs(gx), ay = Math.abs(gy), az = Math.abs(gz);
        if (ax <= ay && ax <= az) { wx = 0; wy = -gz; wz = gy; }
        else if (ay <= az) { wx = gz; wy = 0; wz = -gx; }
        else { wx = -gy; wy = gx; wz = 0; }
        wn = len3(wx, wy, wz);
      }
    }
  }
  wx /= wn; wy /= wn; wz /= wn;
  let c: number;
  const den = 2 * L1 * D;
  if (den > tiny * tiny) c = (L1 * L1 + D * D - L2 * L2) / den;
  else c = L1 >= L2 ? 1 : -1; // target on the root: fold
  if (c > 1) c = 1;
  else if (c < -1) c = -1;
  const s = Math.sqrt(1 - c * c);
  const ex = rx + L1 * (c * gx + s * wx);
  const ey = ry + L1 * (c * gy + s * wy);
  const ez = rz + L1 * (c * gz + s * wz);
  out.elbow[0] = ex; out.elbow[1] = ey; out.elbow[2] = ez;
  out.reached = D <= L1 + L2 && D >= Math.abs(L1 - L2);

  // 3. Upper: swing the pre-rotated bone onto E − R, after the pre-rotation.
  v1[0] = pux; v1[1] = puy; v1[2] = puz;
  v2[0] = ex - rx; v2[1] = ey - ry; v2[2] = ez - rz;
  rotationBetweenToMat3(swing, v1, v2);
  mul3(out.upper, swing, pre);
  // Lower: its direction after the upper rotation, swung onto G − E.
  const U = out.upper;
  v1[0] = U[0] * lx + U[3] * ly + U[6] * lz;
  v1[1] = U[1] * lx + U[4] * ly + U[7] * lz;
  v1[2] = U[2] * lx + U[5] * ly + U[8] * lz;
  v2[0] = target[0] - ex; v2[1] = target[1] - ey; v2[2] = target[2] - ez;
  rotationBetweenToMat3(swing, v1, v2);
  mul3(out.lower, swing, U);
  const W = out.lower;
  out.tip[0] = ex + W[0] * lx + W[3] * ly + W[6] * lz;
  out.tip[1] = ey + W[1] * lx + W[4] * ly + W[7] * lz;
  out.tip[2] = ez + W[2] * lx + W[5] * ly + W[8] * lz;
  mat3NormalizedToQuat(out.upperQuat, out.upper);
  mat3NormalizedToQuat(out.lowerQuat, out.lower);
  return out;
}

function identity3(m: Float64Array): void {
  m[0] = 1; m[1] = 0; m[2] = 0;
  m[3] = 0; m[4] = 1; m[5] = 0;
  m[6] = 0; m[7] = 0; m[8] = 1;
}

// Blender's ConstrainPoleVector frames; false when either frame is degenerate.
function polePreRotation(
  out: Float64Array,
  dx: number, dy: number, dz: number,
  gx: number, gy: number, gz: number,
  pole: ArrayLike<number>,
  root: ArrayLike<number>,
  poleAngle: number,
  rootX: ArrayLike<number>,
  rootZ: ArrayLike<number>,
  tiny: number,
): boolean {
  const dn = len3(dx, dy, dz), gn = len3(gx, gy, gz);
  const px = pole[0] - root[0], py = pole[1] - root[1], pz = pole[2] - root[2];
  const pn = len3(px, py, pz);
  const xn = len3(rootX[0], rootX[1], rootX[2]), zn = len3(rootZ[0], rootZ[1], rootZ[2]);
  if (!(dn > tiny && gn > tiny && pn > tiny && xn > 0 && zn > 0)) return false;
  dx /= dn; dy /= dn; dz /= dn;
  gx /= gn; gy /= gn; gz /= gn;
  const ca = Math.cos(poleAngle) / xn, sa = Math.sin(poleAngle) / zn;
  const upx = rootX[0] * ca + rootZ[0] * sa;
  const upy = rootX[1] * ca + rootZ[1] * sa;
  const upz = rootX[2] * ca + rootZ[2] * sa;
  // m0 = ‖d × up‖, m1 = m0 × d, m2 = −d
  let m0x = dy * upz - dz * upy, m0y = dz * upx - dx * upz, m0z = dx * upy - dy * upx;
  let n = len3(m0x, m0y, m0z);
  if (!(n > 1e-9)) return false;
  m0x /= n; m0y /= n; m0z /= n;
  const m1x = m0y * dz - m0z * dy, m1y = m0z * dx - m0x * dz, m1z = m0x * dy - m0y * dx;
  // q0 = ‖d′ × p′‖, q1 = q0 × d′, q2 = −d′
  let q0x = gy * pz - gz * py, q0y = gz * px - gx * pz, q0z = gx * py - gy * px;
  n = len3(q0x, q0y, q0z) / pn;
  if (!(n > 1e-9)) return false;
  n *= pn;
  q0x /= n; q0y /= n; q0z /= n;
  const q1x = q0y * gz - q0z * gy, q1y = q0z * gx - q0x * gz, q1z = q0x * gy - q0y * gx;
  // R_pre = Qᵀ·M = Σ_k q_k m_kᵀ; column-major element (r, c) at 3c + r.
  out[0] = q0x * m0x + q1x * m1x + gx * dx;
  out[1] = q0y * m0x + q1y * m1x + gy * dx;
  out[2] = q0z * m0x + q1z * m1x + gz * dx;
  out[3] = q0x * m0y + q1x * m1y + gx * dy;
  out[4] = q0y * m0y + q1y * m1y + gy * dy;
  out[5] = q0z * m0y + q1z * m1y + gz * dy;
  out[6] = q0x * m0z + q1x * m1z + gx * dz;
  out[7] = q0y * m0z + q1y * m1z + gy * dz;
  out[8] = q0z * m0z + q1z * m1z + gz * dz;
  return true;
}

/**
 * Applies a solve to the two bones' pre-IK 4x4 matrices (same space as the solve): the upper bone
 * turns about the root, the lower bone turns and its head moves to the new elbow.
 */
export function applyTwoBoneIK(
  outUpper: Float64Array,
  outLower: Float64Array,
  upperBefore: ArrayLike<number>,
  lowerBefore: ArrayLike<number>,
  result: TwoBoneIKResult,
): void {
  preRotateMat4(outUpper, upperBefore, result.upper, result.root, result.root);
  preRotateMat4(outLower, lowerBefore, result.lower, result.elbowBefore, result.elbow);
}

const inv4 = new Float64Array(16);
const local4 = new Float64Array(16);
const partial4 = new Float64Array(16);
const offset4 = new Float64Array(16);
const parented4 = new Float64Array(16);
const qLocal = new Float64Array(4);
const qIdentity = new Float64Array([0, 0, 0, 1]);

// out = slerp(identity, pre⁻¹·ik, f): the bone's own IK motion taken partway (translation lerped).
function partialLocal(out: Float64Array, pre: ArrayLike<number>, ik: ArrayLike<number>, f: number): void {
  invertMat4(inv4, pre);
  mat4Multiply(local4, inv4, ik);
  mat4ToQuat(qLocal, local4);
  quatSlerp(qLocal, qIdentity, qLocal, f);
  quatToMat4(out, qLocal);
  out[12] = local4[12] * f;
  out[13] = local4[13] * f;
  out[14] = local4[14] * f;
}

/**
 * IK influence f < 1 as Blender blends a pole-driven chain (README fact 2, step 4): each bone's
 * local IK rotation (pre⁻¹·ik, the lower bone's measured after its parent's full IK) is slerped
 * from identity by f and the chain is rebuilt parent first. Inputs are the bones' pre-IK and full-IK
 * matrices (e.g. from {@link applyTwoBoneIK}); outputs may not alias inputs.
 */
export function blendTwoBoneIK(
  outUpper: Float64Array,
  outLower: Float64Array,
  upperBefore: ArrayLike<number>,
  lowerBefore: ArrayLike<number>,
  upperIK: ArrayLike<number>,
  lowerIK: ArrayLike<number>,
  influence: number,
): void {
  // The lower bone's offset from its parent, which IK does not change.
  invertMat4(inv4, upperBefore);
  mat4Multiply(offset4, inv4, lowerBefore);
  partialLocal(partial4, upperBefore, upperIK, influence);
  mat4Multiply(outUpper, upperBefore, partial4);
  mat4Multiply(parented4, upperIK, offset4);
  partialLocal(partial4, parented4, lowerIK, influence);
  mat4Multiply(parented4, outUpper, offset4);
  mat4Multiply(outLower, parented4, partial4);
}
