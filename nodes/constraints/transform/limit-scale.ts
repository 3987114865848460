// Limit Scale: clamps the length of each of the owner's axes, each bound on or off (Blender's sizelimit_evaluate).
import { defineNode, influence, param, transform, type KernelIO, type Params } from '../../define';
import { mat4ToScale } from '../../math/matrix';
import { clampAxis } from './limit-location';
import { ownerInput, ownerSpaceParam, spaceInput } from '../common';
import { finishOrPass } from '../finite-result';

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
  rescale(out, 0, obSize[0], clampAxis(obSize[0], useMinX, minX, useMaxX, maxX));
  rescale(out, 1, obSize[1], clampAxis(obSize[1], useMinY, minY, useMaxY, maxY));
  rescale(out, 2, obSize[2], clampAxis(obSize[2], useMinZ, minZ, useMaxZ, maxZ));
}

function rescale(m: Float64Array, axis: number, have: number, want: number): void {
  if (have === 0 || want === have) return;
  const f = want / have;
  if (!Number.isFinite(f)) return;
  m[4 * axis] *= f; m[4 * axis + 1] *= f; m[4 * axis + 2] *= f;
}

export const limitScale = defineNode({
  type: 'constraint/limit-scale',
  label: 'Limit Scale',
  category: 'Transform',
  doc: "Keeps the owner's scale between a minimum and a maximum per axis, each bound on or off.",
  inputs: {
    owner: ownerInput(),
    space: spaceInput(),
    influence: influence(),
  },
  outputs: { owner: transform({ doc: 'The owner after the constraint.' }) },
  params: {
    useMinX: param.bool(false, 'Enforce the minimum X scale.'),
    useMinY: param.bool(false, 'Enforce the minimum Y scale.'),
    useMinZ: param.bool(false, 'Enforce the minimum Z scale.'),
    useMaxX: param.bool(false, 'Enforce the maximum X scale.'),
    useMaxY: param.bool(false, 'Enforce the maximum Y scale.'),
    useMaxZ: param.bool(false, 'Enforce the maximum Z scale.'),
    minX: param.float(0, 'Lowest X scale.'),
    minY: param.float(0, 'Lowest Y scale.'),
    minZ: param.float(0, 'Lowest Z scale.'),
    maxX: param.float(0, 'Highest X scale.'),
    maxY: param.float(0, 'Highest Y scale.'),
    maxZ: param.float(0, 'Highest Z scale.'),
    ownerSpace: ownerSpaceParam(),
  },
  constraint: { ownerSpace: true },
  blender: {
    type: 'LIMIT_SCALE',
    params: {
      use_min_x: 'useMinX', use_min_y: 'useMinY', use_min_z: 'useMinZ',
      use_max_x: 'useMaxX', use_max_y: 'useMaxY', use_max_z: 'useMaxZ',
      min_x: 'minX', min_y: 'minY', min_z: 'minZ',
      max_x: 'maxX', max_y: 'maxY', max_z: 'maxZ',
    },
    ignore: [
      // use_transform_limit: only limits Blender's interactive scale tool; the evaluated pose is the same.
      'use_transform_limit',
      // target_space: every Blender constraint carries it; this one has no target to convert.
      'target_space',
    ],
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
