// Dual quaternions with Blender's scale extension (math_rotation.c, after Kavan et al.), as Blender
// 3.4 uses them for the Armature constraint's Preserve Volume: mat4_to_dquat, add_weighted_dq_dq,
// normalize_dq, dquat_to_mat4. Matrices are column-major 4x4; quaternions inside a DualQuat are
// stored as Blender does, (w, x, y, z), because the dual-part formulas are written in that order.
import { copyMat4, invertMat4, multiplyMat4, mat4ToScale, orthogonalizeMat4 } from './matrix';
import { mat4ToQuat, quatToMat4 } from './quaternion';

export interface DualQuat {
  /** Real part (w, x, y, z). */
  quat: Float64Array;
  /** Dual part (w, x, y, z). */
  trans: Float64Array;
  /** Scale/shear matrix in world space, used when scaleWeight ≠ 0. */
  scale: Float64Array;
  scaleWeight: number;
}

export function createDualQuat(): DualQuat {
  return { quat: new Float64Array(4), trans: new Float64Array(4), scale: new Float64Array(16), scaleWeight: 0 };
}

/** Sets every part to zero (Blender starts a weighted sum from a zeroed DualQuat). */
export function zeroDualQuat(dq: DualQuat): DualQuat {
  dq.quat.fill(0);
  dq.trans.fill(0);
  dq.scale.fill(0);
  dq.scaleWeight = 0;
  return dq;
}

const baseRS = new Float64Array(16);
const baseInv = new Float64Array(16);
const baseR = new Float64Array(16);
const baseRInv = new Float64Array(16);
const R = new Float64Array(16);
const S = new Float64Array(16);
const tmp = new Float64Array(16);
const scale = new Float64Array(3);
const qxyzw = new Float64Array(4);

// Blender's is_orthonormal_m3 on the 3x3 part of a 4x4 (column dot products within 1e-5).
function isOrthonormal3(m: ArrayLike<number>): boolean {
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < i; j++) {
      if (Math.abs(m[4 * i] * m[4 * j] + m[4 * i + 1] * m[4 * j + 1] + m[4 * i + 2] * m[4 * j + 2]) > 1e-5) return false;
    }
  }
  for (let i = 0; i < 3; i++) {
    if (Math.abs(m[4 * i] ** 2 + m[4 * i + 1] ** 2 + m[4 * i + 2] ** 2 - 1) > 1e-5) return false;
  }
  return true;
}

// Whether Blender's determinant_m4 (the full 4x4 determinant) is negative. A boolean, not the
// determinant: a double returned from a call V8 does not inline is boxed (a B-Bone's orthonormal
// segment deforms reach this call every frame).
function negativeDeterminant4(m: ArrayLike<number>): boolean {
  const a00 = m[0], a01 = m[1], a02 = m[2], a03 = m[3];
  const a10 = m[4], a11 = m[5], a12 = m[6], a13 = m[7];
  const a20 = m[8], a21 = m[9], a22 = m[10], a23 = m[11];
  const a30 = m[12], a31 = m[13], a32 = m[14], a33 = m[15];
  const b00 = a00 * a11 - a01 * a10, b01 = a00 * a12 - a02 * a10, b02 = a00 * a13 - a03 * a10;
  const b03 = a01 * a12 - a02 * a11, b04 = a01 * a13 - a03 * a11, b05 = a02 * a13 - a03 * a12;
  const b06 = a20 * a31 - a21 * a30, b07 = a20 * a32 - a22 * a30, b08 = a20 * a33 - a23 * a30;
  const b09 = a21 * a32 - a22 * a31, b10 = a21 * a33 - a23 * a31, b11 = a22 * a33 - a23 * a32;
  return b00 * b11 - b01 * b10 + b02 * b09 + b03 * b08 - b04 * b07 + b05 * b06 < 0;
}

/**
 * The dual quaternion of the deform matrix `mat` for a bone whose (orthonormal) rest matrix is
 * `basemat` (Blender's `mat4_to_dquat`). Scale and shear go into `dq.scale` about the rest frame.
 */
export function mat4ToDualQuat(dq: DualQuat, basemat: ArrayLike<number>, mat: ArrayLike<number>): DualQuat {
  multiplyMat4(baseRS, mat, basemat);
  mat4ToScale(scale, baseRS);
  const d0 = scale[0] - 1, d1 = scale[1] - 1, d2 = scale[2] - 1;
  if (!isOrthonormal3(mat) || negativeDeterminant4(mat) || d0 * d0 + d1 * d1 + d2 * d2 > 1e-8) {
    // Split rotation and scale; the extra orthogonalization avoids flips with stretched bones.
    orthogonalizeMat4(tmp, baseRS, 1);
    mat4ToQuat(qxyzw, tmp);
    quatToMat4(baseR, qxyzw);
    baseR[12] = baseRS[12]; baseR[13] = baseRS[13]; baseR[14] = baseRS[14];
    invertMat4(baseInv, basemat);
    multiplyMat4(R, baseR, baseInv);
    invertMat4(baseRInv, baseR);
    multiplyMat4(S, baseRInv, baseRS);
    multiplyMat4(tmp, basemat, S);
    multiplyMat4(dq.scale, tmp, baseInv);
    dq.scaleWeight = 1;
  } else {
    copyMat4(R, mat);
    dq.scaleWeight = 0;
  }
  mat4ToQuat(qxyzw, R);
  const q = dq.quat;
  q[0] = qxyzw[3]; q[1] = qxyzw[0]; q[2] = qxyzw[1]; q[3] = qxyzw[2];
  const t0 = R[12], t1 = R[13], t2 = R[14];
  const t = dq.trans;
  t[0] = -0.5 * (t0 * q[1] + t1 * q[2] + t2 * q[3]);
  t[1] = 0.5 * (t0 * q[0] + t1 * q[3] - t2 * q[2]);
  t[2] = 0.5 * (-t0 * q[3] + t1 * q[0] + t2 * q[1]);
  t[3] = 0.5 * (t0 * q[2] - t1 * q[1] + t2 * q[0]);
  return dq;
}

/**
 * sum += weight·dq, flipping dq's sign to the hemisphere of sum (Blender's `add_weighted_dq_dq`).
 * The weight is read from `weightCell[0]`: a double passed to a call V8 does not inline is boxed,
 * a heap number per call, and per-frame callers (Armature) are too big to always inline this.
 */
export function addWeightedDualQuat(sum: DualQuat, dq: DualQuat, weightCell: Float64Array): DualQuat {
  let weight = weightCell[0];
  const q = dq.quat, s = sum.quat;
  let flipped = false;
  if (q[0] * s[0] + q[1] * s[1] + q[2] * s[2] + q[3] * s[3] < 0) {
    flipped = true;
    weight = -weight;
  }
  for (let i = 0; i < 4; i++) {
    s[i] += weight * q[i];
    sum.trans[i] += weight * dq.trans[i];
  }
  if (dq.scaleWeight) {
    // Scale is never blended with a negative weight.
    if (flipped) weight = -weight;
    for (let i = 0; i < 16; i++) sum.scale[i] += weight * dq.scale[i];
    sum.scaleWeight += weight;
  }
  return sum;
}

/** Divides a weighted sum by its total weight, filling in identity scale for parts added without one (Blender's `normalize_dq`). */
export function normalizeDualQuat(dq: DualQuat, totalCell: Float64Array): DualQuat {
  // In a typed array for the reason given at addWeightedDualQuat.
  const totalWeight = totalCell[0];
  const f = 1 / totalWeight;
  for (let i = 0; i < 4; i++) {
    dq.quat[i] *= f;
    dq.trans[i] *= f;
  }
  if (dq.scaleWeight) {
    const add = totalWeight - dq.scaleWeight;
    if (add) {
      dq.scale[0] += add;
      dq.scale[5] += add;
      dq.scale[10] += add;
      dq.scale[15] += add;
    }
    for (let i = 0; i < 16; i++) dq.scale[i] *= f;
    dq.scaleWeight = 1;
  }
  return dq;
}

/** The matrix of a dual quaternion; the real part need not be unit length (Blender's `dquat_to_mat4`). */
export function dualQuatToMat4(out: Float64Array, dq: DualQuat): Float64Array {
  const q = dq.quat;
  let len = Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  if (len !== 0) len = 1 / len;
  const w = q[0] * len, x = q[1] * len, y = q[2] * len, z = q[3] * len;
  qxyzw[0] = x; qxyzw[1] = y; qxyzw[2] = z; qxyzw[3] = w;
  quatToMat4(out, qxyzw);
  const t = dq.trans;
  out[12] = 2 * (-t[0] * x + t[1] * w - t[2] * z + t[3] * y) * len;
  out[13] = 2 * (-t[0] * y + t[1] * z + t[2] * w - t[3] * x) * len;
  out[14] = 2 * (-t[0] * z - t[1] * y + t[2] * x + t[3] * w) * len;
  if (dq.scaleWeight) multiplyMat4(out, out, dq.scale);
  return out;
}
