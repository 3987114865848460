// Blender's constraint spaces, converted in one place (BKE_constraint_mat_convertspace):
// WORLD, CUSTOM, POSE, LOCAL_WITH_PARENT, LOCAL, LOCAL_OWNER_ORIENT for bones; WORLD, CUSTOM, LOCAL for objects.
import { invertMat4Nudged, safeMultiplyMat4 } from '../../nodes/math/finite';
import { hypot3 } from '../../nodes/math/hypot';
import { applyParentTransform, createParentTransform, invertOrIdentity, invertParentTransform } from '../../nodes/math/bone-parent';
import { parentFrame, parentFrameInverse } from '../rig/parent-frame';
import { armatureInverse, boneParentTransform, inheritsFully } from '../rig/pose';
import type { BoneOwner, ObjectOwner, RigOwner } from '../rig/rig';
import type { Space } from '../../nodes/define-constraint';
import { copyMat4 } from '../../nodes/math/matrix';

export type { Space };

/** What a conversion needs besides the matrix: whose space, the custom space matrix, the constraint's owner. */
export interface SpaceContext {
  /** The owner whose space is meant (the constraint's owner, or a target). Undefined: WORLD only. */
  owner: RigOwner | undefined;
  /** World matrix of the CUSTOM space object. */
  custom: Float64Array | undefined;
  /** The constraint's owner, for LOCAL_OWNER_ORIENT. */
  constraintOwner: RigOwner | undefined;
  /**
   * Blender's keep_scale: a parent-less object's LOCAL space keeps its scale (Shrinkwrap's projection
   * axis) instead of its normalized rotation (every other conversion).
   */
  keepScale?: boolean;
}

const tmp = new Float64Array(16);
const diff = new Float64Array(16);
const pt = createParentTransform();

/**
 * Whether converting into (or out of) `space` changes a matrix in this context: not for WORLD, not
 * without an owner, not for CUSTOM without its matrix, not for an object in a bone-only space (POSE,
 * LOCAL_WITH_PARENT, LOCAL_OWNER_ORIENT). Exactly the cases where {@link worldToSpace} and
 * {@link spaceToWorld} return the matrix untouched, so a caller may skip them.
 */
export function spaceConverts(space: Space, ctx: SpaceContext): boolean {
  const o = ctx.owner;
  if (space === 'WORLD' || !o) return false;
  if (space === 'CUSTOM') return ctx.custom !== undefined;
  return o.kind !== 'object' || space === 'LOCAL';
}

/** Converts `m` in place from world space into `to`. */
export function worldToSpace(m: Float64Array, to: Space, ctx: SpaceContext): Float64Array {
  const o = ctx.owner;
  if (to === 'WORLD' || !o) return m;
  if (to === 'CUSTOM') return o.kind === 'object' ? leftMultiplyNudgedInverse(m, ctx.custom) : leftMultiplyInverse(m, ctx.custom);
  if (o.kind === 'object') return to === 'LOCAL' ? objectWorldToLocal(m, o, ctx.keepScale === true) : m;
  // A fully inheriting bone's LOCAL space is its parent frame: one product, no trip through pose space.
  if (to === 'LOCAL' && m[15] === 1 && inheritsFully(o)) return safeMultiplyMat4(m, parentFrameInverse(o), m);
  safeMultiplyMat4(m, armatureInverse(o.armatureOwner), m); // world → pose
  return poseToSpace(m, to, o, ctx.constraintOwner);
}

/** Converts `m` in place from `from` into world space. */
export function spaceToWorld(m: Float64Array, from: Space, ctx: SpaceContext): Float64Array {
  const o = ctx.owner;
  if (from === 'WORLD' || !o) return m;
  if (from === 'CUSTOM') {
    if (ctx.custom) safeMultiplyMat4(m, ctx.custom, m);
    return m;
  }
  if (o.kind === 'object') return from === 'LOCAL' ? objectLocalToWorld(m, o, ctx.keepScale === true) : m;
  if (from === 'LOCAL' && m[15] === 1 && inheritsFully(o)) return safeMultiplyMat4(m, parentFrame(o), m);
  spaceToPose(m, from, o, ctx.constraintOwner);
  safeMultiplyMat4(m, o.armatureOwner.final, m);
  return m;
}

function poseToSpace(m: Float64Array, to: Space, b: BoneOwner, cobOwner: RigOwner | undefined): Float64Array {
  switch (to) {
    case 'POSE':
      return m;
    case 'LOCAL_WITH_PARENT':
      return leftMultiplyInverse(m, b.bone!.restMatrix);
    case 'LOCAL':
      return poseToLocal(m, b);
    case 'LOCAL_OWNER_ORIENT':
      poseToLocal(m, b);
      ownerOrientDiff(diff, b, cobOwner);
      safeMultiplyMat4(m, diff, m);
      invertOrIdentity(diff);
      safeMultiplyMat4(m, m, diff);
  return m;
    default:
      return m;
  }
}

function spaceToPose(m: Float64Array, from: Space, b: BoneOwner, cobOwner: RigOwner | undefined): Float64Array {
  switch (from) {
    case 'LOCAL_WITH_PARENT':
      safeMultiplyMat4(m, b.bone!.restMatrix, m);
  return m;
    case 'LOCAL':
      return localToPose(m, b);
    case 'LOCAL_OWNER_ORIENT':
      ownerOrientDiff(diff, b, cobOwner);
      copyMat4(tmp, diff);
      invertOrIdentity(tmp);
      safeMultiplyMat4(m, tmp, m);
      safeMultiplyMat4(m, m, diff);
      return localToPose(m, b);
    default:
      return m;
  }
}

/** Blender's BKE_armature_mat_pose_to_bone. */
function poseToLocal(m: Float64Array, b: BoneOwner): Float64Array {
  invertParentTransform(boneParentTransform(pt, b));
  return applyParentTransform(m, pt, m);
}

/** Blender's BKE_armature_mat_bone_to_pose. */
function localToPose(m: Float64Array, b: BoneOwner): Float64Array {
  return applyParentTransform(m, boneParentTransform(pt, b), m);
}

/** Rotation from the constraint owner's rest orientation to this bone's, without translation. */
function ownerOrientDiff(out: Float64Array, b: BoneOwner, cobOwner: RigOwner | undefined): void {
  copyMat4(out, b.bone!.restMatrix);
  if (cobOwner?.kind === 'bone') {
    copyMat4(tmp, cobOwner.bone!.restMatrix);
    invertOrIdentity(tmp);
    safeMultiplyMat4(out, tmp, out);
  }
  out[12] = out[13] = out[14] = 0;
}

function objectWorldToLocal(m: Float64Array, o: ObjectOwner, keepScale: boolean): Float64Array {
  objectParentSpace(diff, o, keepScale);
  return leftMultiplyNudgedInverse(m, diff);
}

function objectLocalToWorld(m: Float64Array, o: ObjectOwner, keepScale: boolean): Float64Array {
  objectParentSpace(diff, o, keepScale);
  safeMultiplyMat4(m, diff, m);
  return m;
}

/**
 * An object's local space, Blender's parent.obmat · parentinv, or for a root object its own rotation
 * (Blender's quirk). For an object hanging from a bone, Blender's `ob->parent` is the armature
 * object: the bone's pose and the tail the object hangs from are not part of its LOCAL space
 * (BKE_constraint_mat_convertspace, for the owner and for a target alike).
 */
function objectParentSpace(out: Float64Array, o: ObjectOwner, keepScale: boolean): void {
  const parent = o.parent;
  if (parent) {
    safeMultiplyMat4(out, parent.kind === 'bone' ? parent.armatureOwner.final : parent.final, o.parentInverse);
  } else {
    // Blender: "local space of a parent-less object" is its own normalized rotation (with its scale
    // under keep_scale), no translation.
    copyMat4(out, o.basis);
    if (!keepScale) for (let c = 0; c < 3; c++) {
      const len = hypot3(out[4 * c], out[4 * c + 1], out[4 * c + 2]);
      if (len !== 0) for (let r = 0; r < 3; r++) out[4 * c + r] /= len;
    }
    out[12] = out[13] = out[14] = 0;
  }
}

/** m ← a⁻¹·m with Blender's invert_m4_m4_safe, as it converts into an object's LOCAL and CUSTOM spaces. */
function leftMultiplyNudgedInverse(m: Float64Array, a: Float64Array | undefined): Float64Array {
  if (!a) return m;
  invertMat4Nudged(tmp, a);
  safeMultiplyMat4(m, tmp, m);
  return m;
}

function leftMultiplyInverse(m: Float64Array, a: Float64Array | undefined): Float64Array {
  if (!a) return m;
  copyMat4(tmp, a);
  invertOrIdentity(tmp);
  safeMultiplyMat4(m, tmp, m);
  return m;
}

