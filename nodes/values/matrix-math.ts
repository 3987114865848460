// nodes/values/matrix-math.ts — 4x4 transforms: compose, decompose, multiply, invert, blend.
import { defineNode, float, param, quaternion, transform, vector } from '../define';
import { blendMatricesBy } from '../math/blend';
import { safeInvertMat4, safeMultiplyMat4, safeNormalize3, safeNormalizeQuat, saturate } from '../math/finite';
import { mat3NormalizedToQuat, quatToMat3 } from '../math/quaternion';

/** The operations of `math/matrix`, in menu order. */
export const MATRIX_OPERATIONS = ['compose', 'decompose', 'multiply', 'invert', 'blend'] as const;
export type MatrixOperation = (typeof MATRIX_OPERATIONS)[number];

const q = new Float64Array(4);
const rot = new Float64Array(9);
const sa = new Float64Array(16);
const sb = new Float64Array(16);
const col = new Float64Array(3);
// Lengths are written here by safeNormalize3, not returned (a returned double may be boxed).
const len = new Float64Array(1);

/** T(location)·R(rotation normalized; zero = none)·S(scale), every entry finite. */
export function composeTransform(out: Float64Array, location: ArrayLike<number>, rotation: ArrayLike<number>, scale: ArrayLike<number>): Float64Array {
  quatToMat3(rot, safeNormalizeQuat(q, rotation));
  for (let c = 0; c < 3; c++) {
    const s = scale[c];
    out[4 * c] = saturate(rot[3 * c] * s);
    out[4 * c + 1] = saturate(rot[3 * c + 1] * s);
    out[4 * c + 2] = saturate(rot[3 * c + 2] * s);
    out[4 * c + 3] = 0;
  }
  out[12] = location[0]; out[13] = location[1]; out[14] = location[2]; out[15] = 1;
  return out;
}

/**
 * Location, unit quaternion and signed scale of a 4x4, as Blender's `mat4_decompose`: scale is the
 * axis lengths; a mirroring matrix gets all three scales negated (and its rotation turned 180° so
 * the three parts still rebuild it); an axis shorter than 3e-18 has scale 0. The perspective row is
 * ignored. Overflow-safe for any finite matrix.
 */
export function decomposeTransform(location: Float64Array, rotation: Float64Array, scale: Float64Array, m: ArrayLike<number>): void {
  for (let c = 0; c < 3; c++) {
    col[0] = m[4 * c]; col[1] = m[4 * c + 1]; col[2] = m[4 * c + 2];
    safeNormalize3(col, col, len);
    rot[3 * c] = col[0]; rot[3 * c + 1] = col[1]; rot[3 * c + 2] = col[2];
    scale[c] = len[0];
  }
  const det = rot[0] * (rot[4] * rot[8] - rot[5] * rot[7]) - rot[3] * (rot[1] * rot[8] - rot[2] * rot[7]) + rot[6] * (rot[1] * rot[5] - rot[2] * rot[4]);
  if (det < 0) {
    for (let i = 0; i < 9; i++) rot[i] = -rot[i];
    scale[0] = -scale[0]; scale[1] = -scale[1]; scale[2] = -scale[2];
  }
  mat3NormalizedToQuat(rotation, rot);
  location[0] = m[12]; location[1] = m[13]; location[2] = m[14];
}

/**
 * Blender's `interp_m4_m4m4` (the influence blend) made overflow-safe: both 3x3 parts are scaled by
 * one power of two (exact) into a comfortable range, blended, and scaled back; results saturate.
 * The factor is factor[0] (in an array: V8 boxes a double passed to a call it does not inline).
 */
export function blendTransforms(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>, factor: ArrayLike<number>): Float64Array {
  const t = factor[0];
  let m = 0;
  for (let c = 0; c < 3; c++) {
    for (let r = 0; r < 3; r++) {
      const x = Math.abs(a[4 * c + r]), y = Math.abs(b[4 * c + r]);
      if (x > m) m = x;
      if (y > m) m = y;
    }
  }
  let e = m > 0 ? Math.round(Math.log2(m)) : 0;
  e = e > 1000 ? 1000 : e < -1000 ? -1000 : e;
  const k = 2 ** -e;
  for (let i = 0; i < 16; i++) { sa[i] = a[i] * k; sb[i] = b[i] * k; }
  blendMatricesBy(out, sa, sb, factor);
  const s = 1 - t;
  for (let c = 0; c < 3; c++) {
    out[4 * c] = saturate(out[4 * c] / k);
    out[4 * c + 1] = saturate(out[4 * c + 1] / k);
    out[4 * c + 2] = saturate(out[4 * c + 2] / k);
  }
  // Translation straight from the inputs (the scaled copy may have lost tiny ones to underflow).
  out[12] = saturate(s * a[12] + t * b[12]);
  out[13] = saturate(s * a[13] + t * b[13]);
  out[14] = saturate(s * a[14] + t * b[14]);
  return out;
}

export const matrixMath = defineNode({
  type: 'math/matrix',
  label: 'Matrix Math',
  category: 'Math',
  doc: 'Builds, splits, multiplies, inverts or blends 4x4 transforms; always also gives the location, rotation and scale of the result.',
  inputs: {
    location: vector({ default: [0, 0, 0], doc: 'compose: translation.' }),
    rotation: quaternion({ default: [0, 0, 0, 1], doc: 'compose: rotation [x, y, z, w], normalized first (a zero quaternion is no rotation).' }),
    scale: vector({ default: [1, 1, 1], doc: 'compose: scale along the rotated X, Y, Z axes.' }),
    a: transform({ doc: 'The matrix to decompose or invert; the left one of multiply; blend at factor 0. Unconnected: identity.' }),
    b: transform({ doc: 'The right one of multiply (applied first); blend at factor 1. Unconnected: identity.' }),
    factor: float({ default: 0.5, min: 0, max: 1, doc: 'blend: 0 gives a, 1 gives b.' }),
  },
  outputs: {
    transform: transform({ doc: 'The resulting matrix (decompose: a unchanged).' }),
    location: vector({ doc: 'Translation of the result.' }),
    rotation: quaternion({ doc: 'Rotation of the result, a unit quaternion (identity when the matrix has no rotation to give).' }),
    scale: vector({ doc: 'Scale of the result, all three negated when it mirrors.' }),
  },
  params: {
    operation: param.choice(
      MATRIX_OPERATIONS,
      'compose',
      'compose: location·rotation·scale into a matrix; decompose: a into location, rotation, scale; ' +
        'multiply: a·b (b applied first, as parent·child); invert: a⁻¹ (the identity when a is singular); ' +
        "blend: a to b by factor as Blender blends a constraint's influence (location lerped, rotation slerped by polar decomposition, stretch lerped).",
    ),
  },
  kernel: (io, p) => {
    const i = io.in, o = io.out, out = o.transform;
    switch (p.operation) {
      case 'compose': composeTransform(out, i.location, i.rotation, i.scale); break;
      case 'decompose': out.set(i.a); break;
      case 'multiply': safeMultiplyMat4(out, i.a, i.b); break;
      case 'invert': safeInvertMat4(out, i.a); break;
      case 'blend': blendTransforms(out, i.a, i.b, i.factor); break;
      default: out.set(i.a);
    }
    decomposeTransform(o.location, o.rotation, o.scale, out);
  },
});
