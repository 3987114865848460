// Reading a B-Bone's shape (its joint matrices, nodes/math/bbone.ts) where Blender 3.4 reads it:
// which two joints a place along the bone falls between (BKE_pchan_bbone_deform_segment_index), and a
// constraint's bone target on the curve (constraint_target_to_mat4 with CONSTRAINT_BBONE_SHAPE and
// its _FULL variant). Nothing is allocated per call.
import { blendMatricesBy } from './blend';

/**
 * The joint before place[0] (0 at the head, 1 at the tail, clamped) on a B-Bone of `segments`, and
 * the blend towards the next joint, into out[0] and out[1]. At the tail itself: the last piece,
 * blend 1 (Blender 3.4 names the joint past it with blend 0; the result is the same joint). The place
 * comes in an array: a double passed to a call V8 does not inline is boxed.
 */
export function bboneSegmentAt(out: Float64Array, place: ArrayLike<number>, segments: number): Float64Array {
  const pos = place[0];
  const p = pos > 0 ? (pos < 1 ? pos : 1) : 0;
  const at = p * segments;
  let index = Math.floor(at);
  if (index > segments - 1) index = segments - 1;
  let blend = at - index;
  if (blend > 1) blend = 1;
  out[0] = index;
  out[1] = blend > 0 ? blend : 0;
  return out;
}

const between = new Float64Array(16);
const jointA = new Float64Array(16);
const jointB = new Float64Array(16);
const factor = new Float64Array(1);

/**
 * A bone target read on its curve: `m` (the bone's world matrix, pose matrix under its armature's)
 * becomes the curve's matrix between joints `at[0]` and `at[0] + 1` by `at[1]` (polar blend, as
 * Blender's interp_m4_m4m4) when `full`, else the bone's matrix moved to the curve's point there.
 */
export function readBBoneTarget(m: Float64Array, joints: Float64Array, at: Float64Array, full: boolean): void {
  const o = 16 * at[0];
  if (full) {
    factor[0] = at[1];
    // Copied, not viewed: a subarray is an allocation per call.
    for (let k = 0; k < 16; k++) { jointA[k] = joints[o + k]; jointB[k] = joints[o + 16 + k]; }
    blendMatricesBy(between, jointA, jointB, factor);
    multiplyInPlace(m, between);
    return;
  }
  const t = at[1], s = 1 - t;
  const x = s * joints[o + 12] + t * joints[o + 28];
  const y = s * joints[o + 13] + t * joints[o + 29];
  const z = s * joints[o + 14] + t * joints[o + 30];
  const px = m[0] * x + m[4] * y + m[8] * z + m[12];
  const py = m[1] * x + m[5] * y + m[9] * z + m[13];
  const pz = m[2] * x + m[6] * y + m[10] * z + m[14];
  m[12] = px; m[13] = py; m[14] = pz;
}

/** m = m · b for 4x4 column-major matrices, b not aliasing m. */
function multiplyInPlace(m: Float64Array, b: Float64Array): void {
  for (let r = 0; r < 4; r++) {
    const a0 = m[r], a1 = m[4 + r], a2 = m[8 + r], a3 = m[12 + r];
    for (let c = 0; c < 4; c++) m[4 * c + r] = a0 * b[4 * c] + a1 * b[4 * c + 1] + a2 * b[4 * c + 2] + a3 * b[4 * c + 3];
  }
}
