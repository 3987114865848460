// Limit Location: clamps the owner's location per axis, each bound on or off (Blender's loclimit_evaluate).
import { defineNode, influence, param, transform, type KernelIO, type Params } from '../../define';
import { ownerInput, ownerSpaceParam, spaceInput } from '../common';
import { finishOrPass } from '../finite-result';

/** Clamps m's location to the enabled bounds, in Blender's order (min, then max, per axis). */
export function limitLocationKernel(out: Float64Array, owner: Float64Array, p: Params): void {
  if (out !== owner) out.set(owner);
  out[12] = clampAxis(out[12], p.useMinX === true, p.minX, p.useMaxX === true, p.maxX);
  out[13] = clampAxis(out[13], p.useMinY === true, p.minY, p.useMaxY === true, p.maxY);
  out[14] = clampAxis(out[14], p.useMinZ === true, p.minZ, p.useMaxZ === true, p.maxZ);
}

/** v raised to min if below it, then lowered to max if above it (so max wins when min > max, as in Blender). */
export function clampAxis(v: number, useMin: boolean, min: unknown, useMax: boolean, max: unknown): number {
  if (useMin && typeof min === 'number' && v < min) v = min;
  if (useMax && typeof max === 'number' && v > max) v = max;
  return v;
}

export const limitLocation = defineNode({
  type: 'constraint/limit-location',
  label: 'Limit Location',
  category: 'Transform',
  doc: "Keeps the owner's location between a minimum and a maximum per axis, each bound on or off.",
  inputs: {
    owner: ownerInput(),
    space: spaceInput(),
    influence: influence(),
  },
  outputs: { owner: transform({ doc: 'The owner after the constraint.' }) },
  params: {
    useMinX: param.bool(false, 'Enforce the minimum X.'),
    useMinY: param.bool(false, 'Enforce the minimum Y.'),
    useMinZ: param.bool(false, 'Enforce the minimum Z.'),
    useMaxX: param.bool(false, 'Enforce the maximum X.'),
    useMaxY: param.bool(false, 'Enforce the maximum Y.'),
    useMaxZ: param.bool(false, 'Enforce the maximum Z.'),
    minX: param.float(0, 'Lowest X location.', { unit: 'm' }),
    minY: param.float(0, 'Lowest Y location.', { unit: 'm' }),
    minZ: param.float(0, 'Lowest Z location.', { unit: 'm' }),
    maxX: param.float(0, 'Highest X location.', { unit: 'm' }),
    maxY: param.float(0, 'Highest Y location.', { unit: 'm' }),
    maxZ: param.float(0, 'Highest Z location.', { unit: 'm' }),
    ownerSpace: ownerSpaceParam(),
  },
  constraint: { ownerSpace: true },
  blender: {
    type: 'LIMIT_LOCATION',
    params: {
      use_min_x: 'useMinX', use_min_y: 'useMinY', use_min_z: 'useMinZ',
      use_max_x: 'useMaxX', use_max_y: 'useMaxY', use_max_z: 'useMaxZ',
      min_x: 'minX', min_y: 'minY', min_z: 'minZ',
      max_x: 'maxX', max_y: 'maxY', max_z: 'maxZ',
    },
    ignore: [
      // use_transform_limit: only limits Blender's interactive transform tools; the evaluated pose is the same.
      'use_transform_limit',
      // target_space: every Blender constraint carries it; this one has no target to convert.
      'target_space',
    ],
  },
  kernel(io: KernelIO, p: Params): void {
    limitLocationKernel(io.out.owner, io.in.owner, p);
    finishOrPass(io.out.owner, io.in.owner);
  },
});
