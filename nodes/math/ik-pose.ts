// From an IK solve (ik-chain's `ChainWork`) back to the bones' pose matrices: fully, or partly the
// way Blender applies IK influence to a pole-driven chain (conformance README, fact 2, item 4).
import { invertMat4, multiplyMat3, multiplyMat4, rotateMat4Basis } from './matrix';
import { mat3ToQuat, normalizeQuatTo, slerpQuatBy, quatToMat3 } from './quaternion';
import { hypot3Into } from './hypot';

/** The pose with its 3x3 part turned by `rot` (on the left) and its head moved to `head`. */
export function rotatePose(out: Float64Array, rot: ArrayLike<number>, pose: ArrayLike<number>, head: ArrayLike<number>): void {
  rotateMat4Basis(out, rot, pose);
  out[12] = head[0]; out[13] = head[1]; out[14] = head[2]; out[15] = 1;
}

const m4 = new Float64Array(16);
const loc3 = new Float64Array(9);
const rel3 = new Float64Array(9);
const tmp3 = new Float64Array(9);
const unit3 = new Float64Array(9);
const q = new Float64Array(4);
const qf = new Float64Array(4);
const QID = new Float64Array([0, 0, 0, 1]);

/**
 * IK influence f = influence[0] < 1 on a pole-driven chain, as Blender blends it: each bone's local
 * IK rotation (its solved rotation `rot[i]` relative to its parent's, in its own frame) is slerped
 * from identity by f and the chain rebuilt parent first from the pre-IK poses `pre`. Writes `post`.
 * (f comes in an array: V8 boxes a double passed to a call it does not inline.)
 */
export function blendPoses(post: Float64Array[], pre: Float64Array[], rot: Float64Array[], n: number, influence: ArrayLike<number>): void {
  for (let i = 0; i < n; i++) {
    // rel = (rotation of the parent)ᵀ · (rotation of this bone): its turn relative to the parent.
    if (i === 0) rel3.set(rot[0]);
    else mulTransposed(rel3, rot[i - 1], rot[i]);
    unitBasis(unit3, pre[i]);
    mulTransposed(loc3, unit3, multiplyMat3(tmp3, rel3, unit3)); // local = Ûᵀ·rel·Û
    mat3ToQuat(q, loc3);
    slerpQuatBy(qf, QID, q, influence);
    normalizeQuatTo(qf, qf);
    quatToMat3(loc3, qf);
    if (i === 0) {
      mulMat4Mat3(post[0], pre[0], loc3);
    } else {
      // post_i = post_{i−1} · pre_{i−1}⁻¹ · pre_i · S_i
      if (!invertMat4(m4, pre[i - 1])) m4.set(pre[i - 1]);
      multiplyMat4(m4, m4, pre[i]);
      multiplyMat4(m4, post[i - 1], m4);
      mulMat4Mat3(post[i], m4, loc3);
    }
  }
}

const len = new Float64Array(1);

/** The 3x3 part of a 4x4 with unit columns (zero columns stay zero). */
function unitBasis(out: Float64Array, m: ArrayLike<number>): Float64Array {
  for (let c = 0; c < 3; c++) {
    const x = m[4 * c], y = m[4 * c + 1], z = m[4 * c + 2];
    hypot3Into(len, 0, m, 4 * c);
    const l = len[0];
    const k = l > 0 && Number.isFinite(l) ? 1 / l : 0;
    out[3 * c] = x * k; out[3 * c + 1] = y * k; out[3 * c + 2] = z * k;
  }
  return out;
}

/** out = aᵀ·b for 3x3 matrices. */
function mulTransposed(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  for (let c = 0; c < 3; c++) {
    for (let r = 0; r < 3; r++) {
      out[3 * c + r] = a[3 * r] * b[3 * c] + a[3 * r + 1] * b[3 * c + 1] + a[3 * r + 2] * b[3 * c + 2];
    }
  }
  return out;
}

/** out = m·[s] for a 4x4 m and a 3x3 rotation s (no translation). */
function mulMat4Mat3(out: Float64Array, m: ArrayLike<number>, s: ArrayLike<number>): void {
  for (let c = 0; c < 3; c++) {
    const s0 = s[3 * c], s1 = s[3 * c + 1], s2 = s[3 * c + 2];
    for (let r = 0; r < 3; r++) out[4 * c + r] = m[r] * s0 + m[4 + r] * s1 + m[8 + r] * s2;
    out[4 * c + 3] = 0;
  }
  out[12] = m[12]; out[13] = m[13]; out[14] = m[14]; out[15] = 1;
}
