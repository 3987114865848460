// A fully inheriting bone's parent frame in world space: its parent's final matrix (the armature's,
// for a root bone) times its rest offset. Blender works in pose space (parent pose · offset, then the
// armature matrix in front); in world space the armature's matrix and its inverse cancel, so one
// product replaces four. The bone's pre-constraint matrix and every LOCAL space conversion of it
// (as owner or as target) need this frame, several times a frame: it is made once and made again
// only when the matrix it came from has changed — compared number by number (zeros by sign too), so a moved parent,
// an IK solve that rewrote it or an edit is always seen, whatever order steps run in.
import { safeInvertMat4, safeMultiplyMat4 } from '../../nodes/math/finite';
import { sameMat4 } from '../../nodes/math/matrix';
import { setFrameWanted, type PreFlagged } from './pre-flags';

export interface ParentFrame {
  /** The parent matrix the frame was made from (meaningful while `kept`). */
  source: Float64Array;
  /** (parent final, or armature final for a root) · offset. */
  matrix: Float64Array;
  /** Its inverse (zeros when singular), made when first asked for after `matrix` changed. */
  inverse: Float64Array;
  inverseMade: boolean;
  /**
   * Whether anything has asked for the frame (a LOCAL-space conversion of the bone, as owner or
   * target). Until then the pre step makes the bone's matrix without keeping the frame, which most
   * bones of a rig never need: fewer matrices written a frame, the same numbers.
   */
  wanted: boolean;
  /**
   * Whether `matrix` holds the frame made from `source` (false until first made). A frame kept from
   * an earlier evaluation stays valid while its source matches the parent's matrix, as any kept frame.
   */
  kept: boolean;
}

/**
 * What the frame is made from: a bone owner (rig.ts) as this file reads it, declared here so the
 * rig model can hold a frame without the two files importing each other.
 */
export interface FramedBone extends PreFlagged {
  parentFrame: ParentFrame;
  parentBone: { final: Float64Array } | undefined;
  armatureOwner: { final: Float64Array };
  offset: Float64Array;
}

/** A frame not made yet; `alloc` hands out its three matrices. */
export function createParentFrame(alloc: (size: number) => Float64Array): ParentFrame {
  return { source: alloc(16), matrix: alloc(16), inverse: alloc(16), inverseMade: false, wanted: false, kept: false };
}

/** The bone's parent frame in world space, current for its parent's final matrix. */
export function parentFrame(b: FramedBone): Float64Array {
  const f = b.parentFrame;
  markFrameWanted(b);
  if (!f.kept || !sameMat4(parentMatrixOf(b), f.source)) makeParentFrame(b);
  return f.matrix;
}

/**
 * Makes the frame from the parent's matrix as it is now, without first asking whether it changed:
 * the bone's pre-constraint step calls this, since in an animated rig its parent has always moved
 * since the last frame, and the comparison would only add to the product.
 */
export function makeParentFrame(b: FramedBone): Float64Array {
  const f = b.parentFrame;
  const m = parentMatrixOf(b);
  // By hand: a 16-number TypedArray#set costs more than the loop, once per bone per frame.
  const source = f.source;
  for (let i = 0; i < 16; i++) source[i] = m[i];
  safeMultiplyMat4(f.matrix, m, b.offset);
  f.inverseMade = false;
  f.kept = true;
  return f.matrix;
}

/** Records that something reads the bone's frame, so its pre step keeps it: `wanted` and the pre step's flag (pre-flags.ts). */
export function markFrameWanted(b: FramedBone): void {
  if (b.parentFrame.wanted) return;
  b.parentFrame.wanted = true;
  setFrameWanted(b);
}

export function parentMatrixOf(b: FramedBone): Float64Array {
  return b.parentBone ? b.parentBone.final : b.armatureOwner.final;
}


/**
 * The inverse of {@link parentFrame}; the zero matrix when the frame is singular (a parent scaled to
 * 0), as Blender's invert_m4 gives in BKE_bone_parent_transform_invert.
 */
export function parentFrameInverse(b: FramedBone): Float64Array {
  const matrix = parentFrame(b);
  const f = b.parentFrame;
  if (!f.inverseMade) {
    if (!safeInvertMat4(f.inverse, matrix)) f.inverse.fill(0, 0, 16);
    f.inverseMade = true;
  }
  return f.inverse;
}
