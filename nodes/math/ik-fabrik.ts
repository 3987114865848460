// FABRIK (Aristidou & Lasenby, "Forward And Backward Reaching Inverse Kinematics") for chains of any
// length, plus the step that turns solved joint positions back into bone rotations.
//
// Blender's legacy solver is a damped Jacobian; for chains longer than two bones only its end
// effector is comparable (README fact 2), so FABRIK is Sinew's choice: it reaches what is
// reachable, keeps every bone length exactly, and straightens toward an unreachable target.
// Joints are xyz triples in one flat array, root first, end effector last (bones + 1 joints).
import { axisAngleNormalizedToMat3 } from './axis-angle';
import { rotationBetweenToMat3 } from './rotation-between';
import { len3 } from './vector';

const fallback = new Float64Array(3);
const rot = new Float64Array(9);
const va = new Float64Array(3);
const vb = new Float64Array(3);


// Places joint `to` at distance len from joint `from` along from→to, or along `fallback` when the
// two coincide (a folded or fresh chain has no direction of its own).
function place(j: Float64Array, from: number, to: number, len: number): void {
  const x = j[to] - j[from], y = j[to + 1] - j[from + 1], z = j[to + 2] - j[from + 2];
  const d = len3(x, y, z);
  if (d > 0) {
    const k = len / d;
    j[to] = j[from] + x * k;
    j[to + 1] = j[from + 1] + y * k;
    j[to + 2] = j[from + 2] + z * k;
  } else {
    j[to] = j[from] + fallback[0] * len;
    j[to + 1] = j[from + 1] + fallback[1] * len;
    j[to + 2] = j[from + 2] + fallback[2] * len;
  }
}

// Unit root→target direction, or +Y when the target sits on the root.
function setFallback(rx: number, ry: number, rz: number, target: ArrayLike<number>): number {
  const x = target[0] - rx, y = target[1] - ry, z = target[2] - rz;
  const d = len3(x, y, z);
  if (d > 0) {
    fallback[0] = x / d;
    fallback[1] = y / d;
    fallback[2] = z / d;
  } else {
    fallback[0] = 0;
    fallback[1] = 1;
    fallback[2] = 0;
  }
  return d;
}

/**
 * Solves the chain in place for `target` and returns the final end-effector distance. The root stays
 * where it is; every bone keeps its length (to ~1e-15 relative); iteration stops after `iterations`
 * passes or once the end effector is within `tolerance`. An unreachable target gives a straight
 * chain pointed at it. With `pole` (optional) the chain's bend is first turned toward that point
 * about the root→target line, and a straight chain facing a reachable target bends toward it.
 * Allocation-free.
 */
export function fabrik(
  joints: Float64Array,
  lengths: ArrayLike<number>,
  target: ArrayLike<number>,
  iterations: number,
  tolerance: number,
  pole: ArrayLike<number> | null = null,
): number {
  const n = lengths.length;
  const rx = joints[0], ry = joints[1], rz = joints[2];
  const tipO = 3 * n;
  let total = 0;
  for (let i = 0; i < n; i++) total += lengths[i];
  const D = setFallback(rx, ry, rz, target);
  if (n === 0) return D;

  if (D >= total) {
    // Out of reach (or exactly at full stretch): a straight line toward the target.
    for (let i = 0; i < n; i++) {
      const o = 3 * i;
      joints[o + 3] = joints[o] + fallback[0] * lengths[i];
      joints[o + 4] = joints[o + 1] + fallback[1] * lengths[i];
      joints[o + 5] = joints[o + 2] + fallback[2] * lengths[i];
    }
    return len3(joints[tipO] - target[0], joints[tipO + 1] - target[1], joints[tipO + 2] - target[2]);
  }

  // Make the input consistent with the lengths first (a forward pass from the root).
  for (let i = 0; i < n; i++) place(joints, 3 * i, 3 * i + 3, lengths[i]);
  if (n > 1) orientBend(joints, lengths, n, rx, ry, rz, total, pole);

  const tx = target[0], ty = target[1], tz = target[2];
  let dist = len3(joints[tipO] - tx, joints[tipO + 1] - ty, joints[tipO + 2] - tz);
  for (let it = 0; it < iterations && dist > tolerance; it++) {
    // Backward: pin the end effector on the target, walk to the root. A coincident pair falls back
    // to the target→root direction.
    joints[tipO] = tx;
    joints[tipO + 1] = ty;
    joints[tipO + 2] = tz;
    fallback[0] = -fallback[0]; fallback[1] = -fallback[1]; fallback[2] = -fallback[2];
    for (let i = n - 1; i >= 0; i--) place(joints, 3 * i + 3, 3 * i, lengths[i]);
    fallback[0] = -fallback[0]; fallback[1] = -fallback[1]; fallback[2] = -fallback[2];
    // Forward: pin the root back, walk to the end effector.
    joints[0] = rx;
    joints[1] = ry;
    joints[2] = rz;
    for (let i = 0; i < n; i++) place(joints, 3 * i, 3 * i + 3, lengths[i]);
    dist = len3(joints[tipO] - tx, joints[tipO + 1] - ty, joints[tipO + 2] - tz);
  }
  return dist;
}

// Turns the chain about the root→target axis so its interior joints lean toward the pole, and
// gives a chain lying on that axis a bend to start from (FABRIK cannot leave a line by itself).
function orientBend(
  j: Float64Array,
  lengths: ArrayLike<number>,
  n: number,
  rx: number, ry: number, rz: number,
  total: number,
  pole: ArrayLike<number> | null,
): void {
  const ax = fallback[0], ay = fallback[1], az = fallback[2];
  // Mean offset of the interior joints from the axis.
  let cx = 0, cy = 0, cz = 0;
  for (let i = 1; i < n; i++) {
    cx += j[3 * i] - rx;
    cy += j[3 * i + 1] - ry;
    cz += j[3 * i + 2] - rz;
  }
  let along = cx * ax + cy * ay + cz * az;
  cx -= along * ax; cy -= along * ay; cz -= along * az;
  let px = 0, py = 0, pz = 0;
  if (pole !== null) {
    px = pole[0] - rx; py = pole[1] - ry; pz = pole[2] - rz;
    along = px * ax + py * ay + pz * az;
    px -= along * ax; py -= along * ay; pz -= along * az;
  }
  const cn = len3(cx, cy, cz), pn = len3(px, py, pz);
  const eps = 1e-9 * total;
  if (cn > eps) {
    if (pn > eps) {
      // Turn the bend onto the pole side, about the root→target axis (signed angle, so a pole
      // exactly opposite the bend still turns about that axis and not some other perpendicular).
      const sin = (cy * pz - cz * py) * ax + (cz * px - cx * pz) * ay + (cx * py - cy * px) * az;
      const cos = cx * px + cy * py + cz * pz;
      va[0] = ax; va[1] = ay; va[2] = az;
      axisAngleNormalizedToMat3(rot, va, Math.atan2(sin, cos));
      for (let i = 1; i <= n; i++) {
        const o = 3 * i;
        const x = j[o] - rx, y = j[o + 1] - ry, z = j[o + 2] - rz;
        j[o] = rx + rot[0] * x + rot[3] * y + rot[6] * z;
        j[o + 1] = ry + rot[1] * x + rot[4] * y + rot[7] * z;
        j[o + 2] = rz + rot[2] * x + rot[5] * y + rot[8] * z;
      }
    }
    return;
  }
  // A chain on the target line: nudge the interior joints sideways (toward the pole, else any
  // perpendicular) so the passes can bend it; the forward pass restores the lengths.
  if (!(pn > eps)) {
    const bx = Math.abs(ax), by = Math.abs(ay), bz = Math.abs(az);
    if (bx <= by && bx <= bz) { px = 0; py = -az; pz = ay; }
    else if (by <= bz) { px = az; py = 0; pz = -ax; }
    else { px = -ay; py = ax; pz = 0; }
  }
  const k = (1e-3 * total) / len3(px, py, pz);
  for (let i = 1; i < n; i++) {
    j[3 * i] += px * k;
    j[3 * i + 1] += py * k;
    j[3 * i + 2] += pz * k;
  }
  // Restore the lengths (the passes would too, but zero iterations must still return a valid chain).
  for (let i = 0; i < n; i++) place(j, 3 * i, 3 * i + 3, lengths[i]);
}

/**
 * Bone rotations from solved joints: for each bone i, the 3x3 minimal rotation taking its direction
 * in `before` (joint i → i+1) onto its direction in `after`, written at out[9i..9i+8], to multiply
 * on the left of the bone's pre-IK matrix (so its roll is carried along). With `accumulate`, each
 * bone's old direction is first turned by its parent's rotation and the result includes it (the
 * Spline IK convention: swing measured from the parent's accumulated motion).
 */
export function jointsToBoneRotations(
  out: Float64Array,
  before: ArrayLike<number>,
  after: ArrayLike<number>,
  boneCount: number,
  accumulate = false,
): Float64Array {
  for (let i = 0; i < boneCount; i++) {
    const o = 3 * i;
    let x = before[o + 3] - before[o], y = before[o + 4] - before[o + 1], z = before[o + 5] - before[o + 2];
    const r = 9 * i;
    if (accumulate && i > 0) {
      const p = r - 9;
      const px = out[p] * x + out[p + 3] * y + out[p + 6] * z;
      const py = out[p + 1] * x + out[p + 4] * y + out[p + 7] * z;
      const pz = out[p + 2] * x + out[p + 5] * y + out[p + 8] * z;
      x = px; y = py; z = pz;
    }
    va[0] = x; va[1] = y; va[2] = z;
    vb[0] = after[o + 3] - after[o];
    vb[1] = after[o + 4] - after[o + 1];
    vb[2] = after[o + 5] - after[o + 2];
    rotationBetweenToMat3(rot, va, vb);
    if (accumulate && i > 0) {
      // out_i = swing · out_{i−1}
      const p = r - 9;
      for (let c = 0; c < 3; c++) {
        const a = out[p + 3 * c], b = out[p + 3 * c + 1], d = out[p + 3 * c + 2];
        out[r + 3 * c] = rot[0] * a + rot[3] * b + rot[6] * d;
        out[r + 3 * c + 1] = rot[1] * a + rot[4] * b + rot[7] * d;
        out[r + 3 * c + 2] = rot[2] * a + rot[5] * b + rot[8] * d;
      }
    } else {
      for (let k = 0; k < 9; k++) out[r + k] = rot[k];
    }
  }
  return out;
}

/**
 * Applies per-bone rotations (9 per bone, from {@link jointsToBoneRotations}) to the bones' pre-IK
 * 4x4 matrices (16 per bone): out_i = [R_i · pre_i(3x3) | after joint i]. Allocation-free.
 */
export function applyBoneRotations(
  out: Float64Array,
  pre: ArrayLike<number>,
  rotations: ArrayLike<number>,
  after: ArrayLike<number>,
  boneCount: number,
): Float64Array {
  for (let i = 0; i < boneCount; i++) {
    const m = 16 * i, r = 9 * i;
    for (let c = 0; c < 3; c++) {
      const x = pre[m + 4 * c], y = pre[m + 4 * c + 1], z = pre[m + 4 * c + 2];
      out[m + 4 * c] = rotations[r] * x + rotations[r + 3] * y + rotations[r + 6] * z;
      out[m + 4 * c + 1] = rotations[r + 1] * x + rotations[r + 4] * y + rotations[r + 7] * z;
      out[m + 4 * c + 2] = rotations[r + 2] * x + rotations[r + 5] * y + rotations[r + 8] * z;
      out[m + 4 * c + 3] = pre[m + 4 * c + 3];
    }
    out[m + 12] = after[3 * i];
    out[m + 13] = after[3 * i + 1];
    out[m + 14] = after[3 * i + 2];
    out[m + 15] = pre[m + 15];
  }
  return out;
}
