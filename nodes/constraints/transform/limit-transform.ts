// Limit Transform (Sinew): Limit Location, Limit Rotation (Euler XYZ) and Limit Scale in one node,
// every bound of every axis on or off on its own. Built from their kernels, applied in that order.
import { param, transform, type ParamsOf } from '../../define';
import { defineConstraint } from '../../define-constraint';
import { finishOrPass } from '../finite-result';
import { axisBounds, clampAxes, type AxisBounds } from './axis-bounds';
import { limitRotationKernel } from './limit-rotation';
import { limitScaleKernel } from './limit-scale';

/** The location, rotation and scale bounds, read from the params at bind. */
export interface LimitTransformState {
  location: AxisBounds;
  rotation: AxisBounds;
  scale: AxisBounds;
}

const AXES = ['X', 'Y', 'Z'] as const;

/** The bounds of one channel: useLocationMinX…, locationMin[0…2], …. */
function channelBounds(p: ParamsOf<typeof params>, channel: 'Location' | 'Rotation' | 'Scale'): AxisBounds {
  const name = channel === 'Location' ? 'location' : channel === 'Rotation' ? 'rotation' : 'scale';
  const use = (m: 'Min' | 'Max') => AXES.map((a) => p[`use${channel}${m}${a}`]);
  return axisBounds(use('Min'), p[`${name}Min`], use('Max'), p[`${name}Max`]);
}

/** Applies the enabled bounds to `owner` (in owner space); writes `out` (may alias owner). */
export function limitTransformKernel(out: Float64Array, owner: Float64Array, s: LimitTransformState): void {
  if (out !== owner) out.set(owner);
  clampAxes(out, 12, s.location);
  // Only with a rotation bound on: Limit Rotation also removes shear, which should not happen unasked.
  if (s.rotation.any) limitRotationKernel(out, out, 'XYZ', s.rotation);
  limitScaleKernel(out, out, s.scale);
}

const params = {
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
};

export const limitTransform = defineConstraint({
  type: 'constraint/limit-transform',
  label: 'Limit Transform',
  category: 'Transform',
  doc: "Keeps the owner's location, Euler XYZ rotation and scale within bounds, each bound of each axis on or off.",
  inputs: {},
  outputs: { owner: transform({ doc: 'The owner after the constraint.' }) },
  params,
  constraint: { ownerSpace: true },
  bind: (_env, p) => ({ location: channelBounds(p, 'Location'), rotation: channelBounds(p, 'Rotation'), scale: channelBounds(p, 'Scale') }),
  kernel(io, _p, state) {
    limitTransformKernel(io.out.owner, io.in.owner, state);
    finishOrPass(io.out.owner, io.in.owner);
  },
});
