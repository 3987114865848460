// Pre-constraint world matrices: an owner's parent's final matrix times its parenting and its own
// transform, as Blender builds them (objects: parent · parentInverse · basis; bones: parent pose ·
// rest offset · pose basis, honouring the bone's inheritance flags).
import { mat4 } from 'gl-matrix';
import { applyParentTransform, createParentTransform, invertOrIdentity, parentTransform, type ParentTransform } from './bone-parent';
import type { BoneOwner, ObjectOwner, RigOwner } from './rig';

const pt: ParentTransform = createParentTransform();
const parentPose = new Float64Array(16);
const armInverse = new Float64Array(16);
const poseMat = new Float64Array(16);

/** Writes `owner.pre` from its parent's current final matrix. */
export function computePre(owner: RigOwner): void {
  if (owner.kind === 'object') computeObjectPre(owner);
  else computeBonePre(owner);
}

function computeObjectPre(o: ObjectOwner): void {
  const out = o.pre;
  if (!o.parent) {
    out.set(o.basis);
    return;
  }
  out.set(o.parent.final);
  if (o.parentIsBone) {
    // A bone-parented object hangs from the bone's tail: T(0, length, 0) in bone space.
    translateY(out, o.parent.bone!.length);
  }
  mat4.multiply(out, out, o.parentInverse);
  mat4.multiply(out, out, o.basis);
}

function computeBonePre(b: BoneOwner): void {
  poseMatrixFromParent(poseMat, b, b.basis);
  mat4.multiply(b.pre, b.armatureOwner.final, poseMat);
}

/** The bone's pose-space matrix for a bone-space (local) matrix `local`, given its parent's current pose. */
export function poseMatrixFromParent(out: Float64Array, b: BoneOwner, local: Float64Array): Float64Array {
  boneParentTransform(pt, b);
  return applyParentTransform(out, pt, local);
}

/** The bone's parent transform (Blender's BoneParentTransform) from its parent's current final pose. */
export function boneParentTransform(out: ParentTransform, b: BoneOwner): ParentTransform {
  const parent = b.parentBone;
  if (!parent) return parentTransform(out, b, b.offset, undefined, undefined);
  poseOf(parentPose, parent);
  return parentTransform(out, b, b.offset, parent.bone!.restMatrix, parentPose);
}

/** A bone's current final matrix in pose (armature) space. */
export function poseOf(out: Float64Array, b: BoneOwner): Float64Array {
  armInverse.set(b.armatureOwner.final);
  invertOrIdentity(armInverse);
  mat4.multiply(out, armInverse, b.final);
  return out;
}

function translateY(m: Float64Array, y: number): void {
  m[12] += m[4] * y; m[13] += m[5] * y; m[14] += m[6] * y;
}
