// The owner of a use_tail-off IK chain hangs below the chain's last bone, which the solve moves.
// Blender solves the chain first and then evaluates the owner from its parent's new pose with the
// owner's own inheritance (Inherit Rotation, Inherit Scale, Local Location). Here the owner's matrix
// so far moves by how its pose under the new parent differs from its pose under the old one:
//   out = arm · P(parent_new) · P(parent_old)⁻¹ · arm⁻¹ · own,
// P the bone's pose from its parent's (Blender's bone parent transform, math/bone-parent.ts). With
// full inheritance that is parent_new · parent_old⁻¹, the rigid carry used before; without it, a
// rigid carry turned a bone that does not inherit rotation with its parent (rigs.py random_ik15: 1.78 off).
import type { OwnerHandle } from '../../define';
import { mat4 } from 'gl-matrix';
import { applyParentTransform, boneOffset, channelMatrix, createParentTransform, liveInheritanceOf, parentTransform, type BoneInheritance } from '../../math/bone-parent';
import { invertMat4, multiplyMat4 } from '../../math/matrix';

/** What the carry needs of the owner, gathered at bind. */
export interface CarriedOwner {
  handle: OwnerHandle;
  inheritance: BoneInheritance;
  /** Its rest relative to its parent's rest (Blender's bone offset). */
  offset: Float64Array;
  parentRest: Float64Array;
}

export function carriedOwnerOf(owner: OwnerHandle, parent: OwnerHandle): CarriedOwner {
  // Read live: a driver may switch it (driver/bone-inheritance).
  const inheritance = liveInheritanceOf(owner);
  const parentRest = parent.bone!.restMatrix;
  const offset = boneOffset(new Float64Array(16), owner.bone!.restMatrix, parentRest);
  return {
    handle: owner,
    inheritance,
    offset,
    parentRest,
  };
}

const pt = createParentTransform();
const basis = new Float64Array(16);
const poseOld = new Float64Array(16);
const poseNew = new Float64Array(16);
const move = new Float64Array(16);

/**
 * Writes the carried owner into `out` from `own` (its matrix so far, world); `parentOld`/`parentNew`
 * are its parent's pose before and after the solve (armature space). False when a pose is singular.
 */
export function carryOwner(out: Float64Array, own: Float64Array, c: CarriedOwner, parentOld: Float64Array, parentNew: Float64Array, arm: Float64Array, armInv: Float64Array): boolean {
  const i = c.inheritance;
  // Full inheritance: the carry is the parent's rigid move.
  if (i.localLocation && i.inheritRotation && i.inheritScale === 'FULL') {
    if (!invertMat4(move, parentOld)) return false;
    multiplyMat4(move, parentNew, move);
  } else {
    const h = c.handle;
    if (h.basis) channelMatrix(basis, h.basis, h.bone!.connected);
    else mat4.identity(basis);
    applyParentTransform(poseOld, parentTransform(pt, c.inheritance, c.offset, c.parentRest, parentOld), basis);
    applyParentTransform(poseNew, parentTransform(pt, c.inheritance, c.offset, c.parentRest, parentNew), basis);
    if (!invertMat4(move, poseOld)) return false;
    multiplyMat4(move, poseNew, move);
  }
  multiplyMat4(move, move, armInv);
  multiplyMat4(move, arm, move);
  multiplyMat4(out, move, own);
  return true;
}
