// Pre-constraint world matrices: an owner's parent's final matrix times its parenting and its own
// transform, as Blender builds them (objects: parent · parentInverse · basis, the basis with any
// delta transform in it, a bone parent at its tail or, relative, its pose · inverse rest; bones:
// parent pose · rest offset · pose basis, honouring the bone's inheritance flags, or the rest
// matrix when the armature is in rest position). Which way an owner goes is decided when the rig
// is built (runtime/rig/rig.ts): an owner without these features takes the same arithmetic as before.
import { safeMultiplyMat4, safeMultiplyMat4SkippingIdentity, saturate } from '../../nodes/math/finite';
import { applyParentTransform, createParentTransform, invertOrIdentity, parentTransform, type ParentTransform } from '../../nodes/math/bone-parent';
import { KeptInverse } from '../../nodes/math/kept-inverse';
import { copyMat4 } from '../../nodes/math/matrix';
import { makeParentFrame, parentMatrixOf } from './parent-frame';
import { placeOnParent } from './object-parent';
import type { BoneOwner, ObjectOwner, RigOwner } from './rig';

const pt: ParentTransform = createParentTransform();
const parentPose = new Float64Array(16);
const poseMat = new Float64Array(16);
const connectedBasis = new Float64Array(16);

/** Writes `owner.pre` from its parent's current final matrix. */
export function computePre(owner: RigOwner): void {
  if (owner.kind === 'object') computeObjectPre(owner);
  else computeBonePre(owner);
}

function computeObjectPre(o: ObjectOwner): void {
  const out = o.pre;
  if (!o.parent) {
    copyMat4(out, o.basis);
    return;
  }
  copyMat4(out, o.parent.final);
  if (o.parentIsBone) {
    // A bone-parented object hangs from the bone's tail, T(0, length, 0) in bone space; with
    // Relative Parenting it follows the bone's pose relative to its rest instead (ob_parbone).
    const restInverse = o.parentRestInverse;
    if (restInverse === undefined) moveToTail(out, o.parent);
    else safeMultiplyMat4(out, out, restInverse);
  } else if (o.placement) {
    placeOnParent(out, o.placement);
  }
  safeMultiplyMat4SkippingIdentity(out, out, o.parentInverse);
  safeMultiplyMat4(out, out, o.basis);
}

function computeBonePre(b: BoneOwner): void {
  if (b.atRest) {
    // Rest position: the pose matrix is the rest matrix (BKE_pose_eval_bone), channels unread.
    safeMultiplyMat4(b.pre, b.armatureOwner.final, b.bone!.restMatrix);
    return;
  }
  const basis = connectedBoneBasis(b);
  if (basis[15] === 1 && inheritsFully(b)) {
    if (!b.parentFrame.wanted) {
      // A frame no conversion has asked for is not kept: made straight into pre (the same product),
      // then times the basis exactly as the frame would have been (pre is read whole before written).
      // Whatever frame was kept before stays valid for the parent matrix it was made from.
      safeMultiplyMat4(b.pre, parentMatrixOf(b), b.offset);
      safeMultiplyMat4SkippingIdentity(b.pre, b.pre, basis);
      return;
    }
    safeMultiplyMat4SkippingIdentity(b.pre, makeParentFrame(b), basis);
    return;
  }
  poseMatrixFromParent(poseMat, b, basis);
  safeMultiplyMat4(b.pre, b.armatureOwner.final, poseMat);
}

/**
 * The head (translation) of the matrix `computePre` would make for a connected bone, into
 * out[0..2], without the rest of it; false, writing nothing, when it cannot promise the same bits
 * (then make the whole matrix). A connected bone's stack step reads only that head (Blender keeps it
 * on the parent's tail): when a Copy Transforms replaces the rest (runtime/eval/lazy-pre.ts), this
 * is all of the matrix a frame needs. The head is the parent frame's translation, each entry summed
 * in `safeMultiplyMat4`'s order; the basis product after it (its translation dropped, last entry 1)
 * adds only zeros to an entry that is finite and not zero, which it therefore keeps.
 */
export function connectedPreHead(out: Float64Array, b: BoneOwner): boolean {
  const basis = b.basis;
  if (b.atRest || !b.bone!.connected || !b.parentBone || basis[15] !== 1 || !inheritsFully(b)) return false;
  const a = b.parentBone.final, o = b.offset;
  const o0 = o[12], o1 = o[13], o2 = o[14], o3 = o[15];
  const x = a[0] * o0 + a[4] * o1 + a[8] * o2 + a[12] * o3;
  const y = a[1] * o0 + a[5] * o1 + a[9] * o2 + a[13] * o3;
  const z = a[2] * o0 + a[6] * o1 + a[10] * o2 + a[14] * o3;
  // x − x is 0 only for a finite x; a zero entry could come out of the basis product as −0.
  if (x - x !== 0 || y - y !== 0 || z - z !== 0 || x === 0 || y === 0 || z === 0) return false;
  out[0] = x; out[1] = y; out[2] = z;
  return true;
}

/**
 * A connected bone's location does not move it: Blender leaves it out of the channel matrix
 * ("prevent action channels breaking chains", BKE_pchan_to_mat4), so its head stays on the
 * parent's tail whatever its location holds (README-rig-additions §5; experiments.json →
 * connected_bone_location). Its basis with the translation dropped, without touching the basis
 * itself (what the pose channel holds stays as authored, and animation rebuilds it each frame).
 */
function connectedBoneBasis(b: BoneOwner): Float64Array {
  const basis = b.basis;
  if (!b.bone!.connected || !b.parentBone || (basis[12] === 0 && basis[13] === 0 && basis[14] === 0)) return basis;
  copyMat4(connectedBasis, basis);
  connectedBasis[12] = 0; connectedBasis[13] = 0; connectedBasis[14] = 0;
  return connectedBasis;
}

/**
 * Whether the bone inherits fully (rotation, FULL scale, local location; or is a root with local
 * location): then its parent transform is one matrix for rotation/scale and location alike, with no
 * post-scale, and applying it to a matrix whose last row is (0 0 0 1) is one product, which in
 * world space is its parent frame (runtime/rig/parent-frame.ts).
 */
export function inheritsFully(b: BoneOwner): boolean {
  return b.localLocation && (!b.parentBone || (b.inheritRotation && b.inheritScale === 'FULL'));
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
  safeMultiplyMat4(out, armatureInverse(b.armatureOwner), b.final);
  return out;
}

// The inverse of the last armature matrix asked for, kept while that matrix stays the same: the
// pose-space routes need it (bones that do not inherit fully, POSE, LOCAL_WITH_PARENT and
// LOCAL_OWNER_ORIENT conversions), and it changes at most once a frame.
const armInverse = new KeptInverse((out, m) => { copyMat4(out, m); invertOrIdentity(out); return true; });

/** The inverse of an armature's final matrix (identity when it is singular). Read it before the next call. */
export function armatureInverse(arm: RigOwner): Float64Array {
  armInverse.of(arm.final);
  return armInverse.inverse;
}

/** Moves m along its Y axis by the bone's length (read here: a double passed to a call is boxed). */
function moveToTail(m: Float64Array, bone: RigOwner): void {
  const y = bone.bone!.length;
  m[12] = saturate(m[12] + m[4] * y); m[13] = saturate(m[13] + m[5] * y); m[14] = saturate(m[14] + m[6] * y);
}
