// Limit Transform (Sinew): Limit Location, Limit Rotation (Euler XYZ) and Limit Scale in one node,
// every bound of every axis on or off on its own. Built from their kernels, applied in that order.
import { defineNode, param, transform, type KernelIO, type Params } from '../../define';
import { ownerConstraintInputs, ownerSpaceParam } from '../common';
import { finishOrPass } from '../finite-result';
import { clampAxis } from './axis-bounds';
import { limitRotationKernel } from './limit-rotation';
import { limitScaleKernel } from './limit-scale';

function vec(p: Params, name: string, i: number): unknown {
  const v = p[name];
  return Array.isArray(v) ? v[i] : undefined;
}

/** Applies the enabled bounds of `p` to `owner` (in owner space); writes `out` (may alias owner). */
export function limitTransformKernel(out: Float64Array, owner: Float64Array, p: Params): void {
  if (out !== owner) out.set(owner);
  out[12] = clampAxis(out[12], p.useLocationMinX === true, vec(p, 'locationMin', 0), p.useLocationMaxX === true, vec(p, 'locationMax', 0));
  out[13] = clampAxis(out[13], p.useLocationMinY === true, vec(p, 'locationMin', 1), p.useLocationMaxY === true, vec(p, 'locationMax', 1));
  out[14] = clampAxis(out[14], p.useLocationMinZ === true, vec(p, 'locationMin', 2), p.useLocationMaxZ === true, vec(p, 'locationMax', 2));
  const rotMinX = p.useRotationMinX === true, rotMaxX = p.useRotationMaxX === true;
  const rotMinY = p.useRotationMinY === true, rotMaxY = p.useRotationMaxY === true;
  const rotMinZ = p.useRotationMinZ === true, rotMaxZ = p.useRotationMaxZ === true;
  // Only with a rotation bound on: Limit Rotation also removes shear, which should not happen unasked.
  if (rotMinX || rotMaxX || rotMinY || rotMaxY || rotMinZ || rotMaxZ) {
    limitRotationKernel(
      out, out, 'XYZ',
      rotMinX, vec(p, 'rotationMin', 0), rotMaxX, vec(p, 'rotationMax', 0),
      rotMinY, vec(p, 'rotationMin', 1), rotMaxY, vec(p, 'rotationMax', 1),
      rotMinZ, vec(p, 'rotationMin', 2), rotMaxZ, vec(p, 'rotationMax', 2),
    );
  }
  limitScaleKernel(
    out, out,
    p.useScaleMinX === true, vec(p, 'scaleMin', 0), p.useScaleMaxX === true, vec(p, 'scaleMax', 0),
    p.useScaleMinY === true, vec(p, 'scaleMin', 1), p.useScaleMaxY === true, vec(p, 'scaleMax', 1),
    p.useScaleMinZ === true, vec(p, 'scaleMin', 2), p.useScaleMaxZ === true, vec(p, 'scaleMax', 2),
  );
}

export const limitTransform = defineNode({
  type: 'constraint/limit-transform',
  label: 'Limit Transform',
  category: 'Transform',
  doc: "Keeps the owner's location, Euler XYZ rotation and scale within bounds, each bound of each axis on or off.",
  inputs: ownerConstraintInputs(),
  outputs: { owner: transform({ doc: 'The owner after the constraint.' }) },
  params: {
    locationMin: param.vector([0, 0, 0], 'Lowest location per axis.', 'm'),
    locationMax: param.vector([0, 0, 0], 'Highest location per axis.', 'm'),
    useLocationMinX: param.bool(false, 'Enforce the lowest X location.'),
    useLocationMinY: param.bool(false, 'Enforce the lowest Y location.'),
    useLocationMinZ: param.bool(false, 'Enforce the lowest Z location.'),
    useLocationMaxX: param.bool(false, 'Enforce the highest X location.'),
    useLocationMaxY: param.bool(false, 'Enforce the highest Y location.'),
    useLocationMaxZ: param.bool(false, 'Enforce the highest Z location.'),
    rotationMin: param.vector([0, 0, 0], 'Lowest Euler XYZ angle per axis (a plain clamp, no wrap-around).', 'rad'),
    rotationMax: param.vector([0, 0, 0], 'Highest Euler XYZ angle per axis.', 'rad'),
    useRotationMinX: param.bool(false, 'Enforce the lowest X angle.'),
    useRotationMinY: param.bool(false, 'Enforce the lowest Y angle.'),
    useRotationMinZ: param.bool(false, 'Enforce the lowest Z angle.'),
    useRotationMaxX: param.bool(false, 'Enforce the highest X angle.'),
    useRotationMaxY: param.bool(false, 'Enforce the highest Y angle.'),
    useRotationMaxZ: param.bool(false, 'Enforce the highest Z angle.'),
    scaleMin: param.vector([1, 1, 1], 'Lowest scale per axis.'),
    scaleMax: param.vector([1, 1, 1], 'Highest scale per axis.'),
    useScaleMinX: param.bool(false, 'Enforce the lowest X scale.'),
    useScaleMinY: param.bool(false, 'Enforce the lowest Y scale.'),
    useScaleMinZ: param.bool(false, 'Enforce the lowest Z scale.'),
    useScaleMaxX: param.bool(false, 'Enforce the highest X scale.'),
    useScaleMaxY: param.bool(false, 'Enforce the highest Y scale.'),
    useScaleMaxZ: param.bool(false, 'Enforce the highest Z scale.'),
    ownerSpace: ownerSpaceParam(),
  },
  constraint: { ownerSpace: true },
  kernel(io: KernelIO, p: Params): void {
    limitTransformKernel(io.out.owner, io.in.owner, p);
    finishOrPass(io.out.owner, io.in.owner);
  },
});
