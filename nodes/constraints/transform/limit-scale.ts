// Limit Scale: clamps the length of each of the owner's axes, each bound on or off (Blender's sizelimit_evaluate).
import { defineNode, transform, type KernelIO, type Params } from '../../define';
import { mat4ToScale, rescaleMat4Axis } from '../../math/matrix';
import { NO_TARGET_IGNORED, ownerConstraintInputs, ownerSpaceParam } from '../common';
import { finishOrPass } from '../finite-result';
import { AXIS_BOUND_BLENDER_PARAMS, axisBoundParams, clampAxis, TRANSFORM_LIMIT_IGNORED } from './axis-bounds';

const obSize = new Float64Array(3);

/** Blender's sizelimit_evaluate; writes `out` (may alias owner). A zero-length axis is left as it is. */
export function limitScaleKernel(
  out: Float64Array,
  owner: Float64Array,
  useMinX: boolean, minX: unknown, useMaxX: boolean, maxX: unknown,
  useMinY: boolean, minY: unknown, useMaxY: boolean, maxY: unknown,
  useMinZ: boolean, minZ: unknown, useMaxZ: boolean, maxZ: unknown,
): void {
  if (out !== owner) out.set(owner);
  mat4ToScale(obSize, owner);
  rescaleMat4Axis(out, 0, obSize[0], clampAxis(obSize[0], useMinX, minX, useMaxX, maxX));
  rescaleMat4Axis(out, 1, obSize[1], clampAxis(obSize[1], useMinY, minY, useMaxY, maxY));
  rescaleMat4Axis(out, 2, obSize[2], clampAxis(obSize[2], useMinZ, minZ, useMaxZ, maxZ));
}

export const limitScale = defineNode({
  type: 'constraint/limit-scale',
  label: 'Limit Scale',
  category: 'Transform',
  doc: "Keeps the owner's scale between a minimum and a maximum per axis, each bound on or off.",
  inputs: ownerConstraintInputs(),
  outputs: { owner: transform({ doc: 'The owner after the constraint.' }) },
  params: {
    ...axisBoundParams('scale'),
    ownerSpace: ownerSpaceParam(),
  },
  constraint: { ownerSpace: true },
  blender: {
    type: 'LIMIT_SCALE',
    params: AXIS_BOUND_BLENDER_PARAMS,
    ignore: [...TRANSFORM_LIMIT_IGNORED, ...NO_TARGET_IGNORED],
  },
  kernel(io: KernelIO, p: Params): void {
    limitScaleKernel(
      io.out.owner, io.in.owner,
      p.useMinX === true, p.minX, p.useMaxX === true, p.maxX,
      p.useMinY === true, p.minY, p.useMaxY === true, p.maxY,
      p.useMinZ === true, p.minZ, p.useMaxZ === true, p.maxZ,
    );
    finishOrPass(io.out.owner, io.in.owner);
  },
});
