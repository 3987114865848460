// Limit Location: clamps the owner's location per axis, each bound on or off (Blender's loclimit_evaluate).
import { transform } from '../../define';
import { defineConstraint } from '../../define-constraint';
import { NO_TARGET_IGNORED } from '../common';
import { finishOrPass } from '../finite-result';
import { AXIS_BOUND_BLENDER_PARAMS, axisBoundParams, axisBoundsOf, clampAxes, TRANSFORM_LIMIT_IGNORED, type AxisBounds } from './axis-bounds';

/** Clamps m's location to the enabled bounds, in Blender's order (min, then max, per axis). */
export function limitLocationKernel(out: Float64Array, owner: Float64Array, bounds: AxisBounds): void {
  if (out !== owner) out.set(owner);
  clampAxes(out, 12, bounds);
}

const params = {
  ...axisBoundParams('location', 'm'),
};

export const limitLocation = defineConstraint({
  type: 'constraint/limit-location',
  label: 'Limit Location',
  category: 'Transform',
  doc: "Keeps the owner's location between a minimum and a maximum per axis, each bound on or off.",
  inputs: {},
  outputs: { owner: transform({ doc: 'The owner after the constraint.' }) },
  params,
  constraint: { ownerSpace: true },
  blender: {
    type: 'LIMIT_LOCATION',
    params: AXIS_BOUND_BLENDER_PARAMS,
    ignore: [...TRANSFORM_LIMIT_IGNORED, ...NO_TARGET_IGNORED],
  },
  bind: (_env, p) => axisBoundsOf(p),
  kernel(io, _p, bounds) {
    limitLocationKernel(io.out.owner, io.in.owner, bounds);
    finishOrPass(io.out.owner, io.in.owner);
  },
});
