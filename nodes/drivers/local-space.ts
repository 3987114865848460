// nodes/drivers/local-space.ts — how a driver variable reads an object or bone outside world space
// (Blender 3.4's fcurve_driver.c). Two spaces, by Blender's flags:
// * TRANSFORM_SPACE (DTAR_FLAG_LOCALSPACE): the owner's own channels, before parent, rest and
//   constraints — `BKE_pchan_to_mat4` (a connected bone's location left out) or `BKE_object_to_mat4`.
// * LOCAL_SPACE (DTAR_FLAG_LOCALSPACE | DTAR_FLAG_LOCAL_CONSTS): the final matrix converted into the
//   owner's LOCAL constraint space, `BKE_constraint_mat_convertspace` (a bone: pose → bone with its
//   inheritance flags; an object: its parent's matrix · parent inverse taken out, or for a root object
//   its own normalized rotation, Blender's "parent-less object" rule).
// The constraint stack's conversions are runtime/eval/spaces.ts; a driver variable is a node of its
// own and converts here, with the same BoneParentTransform (nodes/math/bone-parent.ts).
import type { OwnerHandle } from '../define';
import { applyParentTransform, boneOffset, channelMatrix, createParentTransform, invertParentTransform, liveInheritanceOf, parentTransform, type BoneInheritance, type ParentTransform } from '../math/bone-parent';
import { safeInvertMat4, safeMultiplyMat4 } from '../math/finite';
import { hypot3 } from '../math/hypot';

export const DRIVER_SPACES = ['WORLD_SPACE', 'TRANSFORM_SPACE', 'LOCAL_SPACE'] as const;
export type DriverSpace = (typeof DRIVER_SPACES)[number];

/** What reading one owner in one space needs, made at bind. */
export interface SpaceReader {
  owner: OwnerHandle | undefined;
  space: DriverSpace;
  /** A bone's rest relative to its parent's (Blender's offs_bone as a matrix), or its rest for a root. */
  offset: Float64Array;
  out: Float64Array;
  pose: Float64Array;
  parentPose: Float64Array;
  inv: Float64Array;
  pt: ParentTransform;
  /** TRANSFORM_SPACE keeps a connected bone's location (LOC_DIFF reads `pchan->loc` as it is). */
  keepConnectedLocation: boolean;
  /** A bone's inheritance flags (full when the owner does not say). */
  inheritance: BoneInheritance;
}

/** Why `owner` cannot be read in `space`, or undefined when it can. */
export function spaceProblem(owner: OwnerHandle | undefined, space: DriverSpace): string | undefined {
  if (space === 'WORLD_SPACE') return undefined;
  if (!owner) return `space ${space} needs the target straight from an Owner node (whose own space it reads)`;
  if (!owner.basis) return `space ${space} needs the owner's own transform, which "${owner.id}" does not give`;
  if (owner.kind === 'bone' && !owner.bone) return `bone "${owner.id}" has no rest data`;
  if (space === 'LOCAL_SPACE' && owner.kind === 'object' && owner.parent && !owner.parentInverse) return `object "${owner.id}" gives no parent inverse to take its parent out with`;
  return undefined;
}

export function createSpaceReader(owner: OwnerHandle | undefined, space: DriverSpace, keepConnectedLocation = false): SpaceReader {
  const offset = new Float64Array(16);
  const b = owner?.bone;
  if (b) boneOffset(offset, b.restMatrix, b.parent?.bone?.restMatrix);
  // Read live: a driver may switch it (driver/bone-inheritance).
  const inheritance = liveInheritanceOf(owner ?? {});
  return { owner, space, offset, out: new Float64Array(16), pose: new Float64Array(16), parentPose: new Float64Array(16), inv: new Float64Array(16), pt: createParentTransform(), inheritance, keepConnectedLocation };
}

/**
 * The matrix the variable reads: `world` (the owner's final world matrix) itself in world space,
 * else the owner's channels or its final matrix in its LOCAL space (into `r.out`).
 */
export function readInSpace(r: SpaceReader, world: Float64Array): Float64Array {
  const o = r.owner;
  if (!o || r.space === 'WORLD_SPACE') return world;
  const out = r.out;
  if (r.space === 'TRANSFORM_SPACE') {
    return channelMatrix(out, o.basis!, o.bone?.connected === true && !r.keepConnectedLocation);
  }
  const b = o.bone;
  if (b) {
    // BKE_armature_mat_pose_to_bone: the pose matrix (armature space) with the parent transform taken out.
    safeInvertMat4(r.inv, b.armature.final);
    safeMultiplyMat4(r.pose, r.inv, world);
    const parent = b.parent;
    if (parent?.bone) {
      safeMultiplyMat4(r.parentPose, r.inv, parent.final);
      parentTransform(r.pt, r.inheritance, r.offset, parent.bone.restMatrix, r.parentPose);
    } else parentTransform(r.pt, r.inheritance, r.offset, undefined, undefined);
    invertParentTransform(r.pt);
    return applyParentTransform(out, r.pt, r.pose);
  }
  const parent = o.parent;
  if (parent) {
    // Blender's ob->parent is the armature object for a bone-parented object: the bone is not taken out.
    const frame = parent.kind === 'bone' && parent.bone ? parent.bone.armature.final : parent.final;
    safeMultiplyMat4(r.inv, frame, o.parentInverse!);
  } else {
    r.inv.set(o.basis!);
    for (let c = 0; c < 3; c++) {
      const len = hypot3(r.inv[4 * c], r.inv[4 * c + 1], r.inv[4 * c + 2]);
      if (len !== 0) for (let k = 0; k < 3; k++) r.inv[4 * c + k] /= len;
    }
    r.inv[12] = r.inv[13] = r.inv[14] = 0;
  }
  safeInvertMat4(r.inv, r.inv);
  return safeMultiplyMat4(out, r.inv, world);
}

