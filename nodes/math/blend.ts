// Influence blending of transforms, Blender's interp_m3_m3m3 / interp_m4_m4m4 (Shoemake & Duff,
// "Matrix Animation and Polar Decomposition"): location lerped, each 3x3 split into U·P, U slerped
// as a quaternion along the shortest arc, P lerped per element, result U·P.
import { polarDecompose } from './polar';
import { mat3NormalizedToQuat, quatSlerp, quatToMat3 } from './quaternion';
import { determinantMat3, isFiniteN } from './matrix';

const uA = new Float64Array(9);
const pA = new Float64Array(9);
const uB = new Float64Array(9);
const pB = new Float64Array(9);
const qA = new Float64Array(4);
const qB = new Float64Array(4);
const q = new Float64Array(4);
const u = new Float64Array(9);
const a3 = new Float64Array(9);
const b3 = new Float64Array(9);
const r3 = new Float64Array(9);

/**
 * Blends two 3x3 transforms by polar decomposition (Blender's `interp_m3_m3m3`); t = 0 gives a,
 * t = 1 gives b. Degenerate and zero-scale matrices are fine (see polar.ts); non-finite input falls
 * back to a per-element lerp, so NaN in gives NaN out and nothing worse.
 */
export function blendMat3(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>, t: number): Float64Array {
  if (!isFiniteN(a, 9) || !isFiniteN(b, 9)) {
    for (let i = 0; i < 9; i++) out[i] = a[i] + (b[i] - a[i]) * t;
    return out;
  }
  polarDecompose(uA, pA, a);
  polarDecompose(uB, pB, b);
  // A quaternion cannot hold an axis flip: take −U and −P instead (still A = U·P), Blender #77154.
  if (determinantMat3(uA) < 0) {
    for (let i = 0; i < 9; i++) { uA[i] = -uA[i]; pA[i] = -pA[i]; }
  }
  if (determinantMat3(uB) < 0) {
    for (let i = 0; i < 9; i++) { uB[i] = -uB[i]; pB[i] = -pB[i]; }
  }
  mat3NormalizedToQuat(qA, uA);
  mat3NormalizedToQuat(qB, uB);
  quatSlerp(q, qA, qB, t);
  quatToMat3(u, q);
  const s = 1 - t;
  // out = U·P with P lerped on the fly (Blender's interp_v3_v3v3 per column: s·a + t·b).
  for (let c = 0; c < 3; c++) {
    const p0 = s * pA[3 * c] + t * pB[3 * c];
    const p1 = s * pA[3 * c + 1] + t * pB[3 * c + 1];
    const p2 = s * pA[3 * c + 2] + t * pB[3 * c + 2];
    out[3 * c] = u[0] * p0 + u[3] * p1 + u[6] * p2;
    out[3 * c + 1] = u[1] * p0 + u[4] * p1 + u[7] * p2;
    out[3 * c + 2] = u[2] * p0 + u[5] * p1 + u[8] * p2;
  }
  return out;
}

/**
 * Blends two 4x4 transforms as Blender blends a constraint by its influence (`interp_m4_m4m4`):
 * translation lerped, 3x3 by {@link blendMat3}; the bottom row of the result is (0, 0, 0, 1).
 */
export function blendMatrices(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>, t: number): Float64Array {
  const s = 1 - t;
  const x = s * a[12] + t * b[12];
  const y = s * a[13] + t * b[13];
  const z = s * a[14] + t * b[14];
  a3[0] = a[0]; a3[1] = a[1]; a3[2] = a[2];
  a3[3] = a[4]; a3[4] = a[5]; a3[5] = a[6];
  a3[6] = a[8]; a3[7] = a[9]; a3[8] = a[10];
  b3[0] = b[0]; b3[1] = b[1]; b3[2] = b[2];
  b3[3] = b[4]; b3[4] = b[5]; b3[5] = b[6];
  b3[6] = b[8]; b3[7] = b[9]; b3[8] = b[10];
  blendMat3(r3, a3, b3, t);
  out[0] = r3[0]; out[1] = r3[1]; out[2] = r3[2]; out[3] = 0;
  out[4] = r3[3]; out[5] = r3[4]; out[6] = r3[5]; out[7] = 0;
  out[8] = r3[6]; out[9] = r3[7]; out[10] = r3[8]; out[11] = 0;
  out[12] = x; out[13] = y; out[14] = z; out[15] = 1;
  return out;
}
