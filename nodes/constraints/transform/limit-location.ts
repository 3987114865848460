// Limit Location: clamps the owner's location per axis, each bound on or off (Blender's loclimit_evaluate).
import { defineNode, transform, type KernelIO, type Params } from '../../define';
import { NO_TARGET_IGNORED, ownerConstraintInputs, ownerSpaceParam } from '../common';
import { finishOrPass } from '../finite-result';
import { AXIS_BOUND_BLENDER_PARAMS, axisBoundParams, clampAxis, TRANSFORM_LIMIT_IGNORED } from './axis-bounds';

/** Clamps m's location to the enabled bounds, in Blender's order (min, then max, per axis). */
export function limitLocationKernel(out: Float64Array, owner: Float64Array, p: Params): void {
  if (out !== owner) out.set(owner);
  out[12] = clampAxis(out[12], p.useMinX === true, p.minX, p.useMaxX === true, p.maxX);
  out[13] = clampAxis(out[13], p.useMinY === true, p.minY, p.useMaxY === true, p.maxY);
  out[14] = clampAxis(out[14], p.useMinZ === true, p.minZ, p.useMaxZ === true, p.maxZ);
}

export const limitLocation = defineNode({
  type: 'constraint/limit-location',
  label: 'Limit Location',
  category: 'Transform',
  doc: "Keeps the owner's location between a minimum and a maximum per axis, each bound on or off.",
  inputs: ownerConstraintInputs(),
  outputs: { owner: transform({ doc: 'The owner after the constraint.' }) },
  params: {
    ...axisBoundParams('location', 'm'),
    ownerSpace: ownerSpaceParam(),
  },
  constraint: { ownerSpace: true },
  blender: {
    type: 'LIMIT_LOCATION',
    params: AXIS_BOUND_BLENDER_PARAMS,
    ignore: [...TRANSFORM_LIMIT_IGNORED, ...NO_TARGET_IGNORED],
  },
  kernel(io: KernelIO, p: Params): void {
    limitLocationKernel(io.out.owner, io.in.owner, p);
    finishOrPass(io.out.owner, io.in.owner);
  },
});
