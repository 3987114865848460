// Combining two 4x4 transforms channel by channel instead of by plain multiplication, as Blender's
// math_matrix.c does for Copy Transforms and the Action constraint: mul_m4_m4m4_aligned_scale
// (the "Aligned" inherit-scale rule, no shear) and mul_m4_m4m4_split_channels (location added,
// rotation multiplied, scale multiplied). Column-major 4x4. Nothing here allocates.
import { composeMat4FromMat3, multiplyMat3, mat4ToLocRotScale } from './matrix';

const locA = new Float64Array(3), rotA = new Float64Array(9), sizeA = new Float64Array(3);
const locB = new Float64Array(3), rotB = new Float64Array(9), sizeB = new Float64Array(3);
const locR = new Float64Array(3), rotR = new Float64Array(9), sizeR = new Float64Array(3);

/**
 * a·b with the scale handled as Blender's Aligned inherit-scale mode: the location is that of a·b,
 * the rotations multiply and the sizes multiply per axis, so no shear appears (Blender's
 * `mul_m4_m4m4_aligned_scale`). `out` may alias a or b.
 */
export function multiplyMat4AlignedScale(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  mat4ToLocRotScale(locA, rotA, sizeA, a);
  mat4ToLocRotScale(locB, rotB, sizeB, b);
  const x = locB[0], y = locB[1], z = locB[2];
  locR[0] = a[0] * x + a[4] * y + a[8] * z + a[12];
  locR[1] = a[1] * x + a[5] * y + a[9] * z + a[13];
  locR[2] = a[2] * x + a[6] * y + a[10] * z + a[14];
  multiplyMat3(rotR, rotA, rotB);
  sizeR[0] = sizeA[0] * sizeB[0]; sizeR[1] = sizeA[1] * sizeB[1]; sizeR[2] = sizeA[2] * sizeB[2];
  return composeMat4FromMat3(out, locR, rotR, sizeR);
}

/**
 * Locations added, rotations multiplied (b first), sizes multiplied per axis (Blender's
 * `mul_m4_m4m4_split_channels`). `out` may alias a or b.
 */
export function multiplyMat4SplitChannels(out: Float64Array, a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  mat4ToLocRotScale(locA, rotA, sizeA, a);
  mat4ToLocRotScale(locB, rotB, sizeB, b);
  locR[0] = locA[0] + locB[0]; locR[1] = locA[1] + locB[1]; locR[2] = locA[2] + locB[2];
  multiplyMat3(rotR, rotA, rotB);
  sizeR[0] = sizeA[0] * sizeB[0]; sizeR[1] = sizeA[1] * sizeB[1]; sizeR[2] = sizeA[2] * sizeB[2];
  return composeMat4FromMat3(out, locR, rotR, sizeR);
}
