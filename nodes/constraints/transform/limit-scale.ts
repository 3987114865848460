// Limit Scale: clamps the length of each of the owner's axes, each bound on or off (Blender's sizelimit_evaluate).
import { transform } from '../../define';
import { defineConstraint } from '../../define-constraint';
import { mat4ToScale, rescaleMat4Axis } from '../../math/matrix';
import { NO_TARGET_IGNORED } from '../common';
import { finishOrPass } from '../finite-result';
import { AXIS_BOUND_BLENDER_PARAMS, axisBoundParams, axisBoundsOf, clampAxes, TRANSFORM_LIMIT_IGNORED, type AxisBounds } from './axis-bounds';

const obSize = new Float64Array(3);
const size = new Float64Array(3);

/** Blender's sizelimit_evaluate; writes `out` (may alias owner). A zero-length axis is left as it is. */
export function limitScaleKernel(out: Float64Array, owner: Float64Array, bounds: AxisBounds): void {
  if (out !== owner) out.set(owner);
  mat4ToScale(obSize, owner);
  size.set(obSize);
  clampAxes(size, 0, bounds);
  rescaleMat4Axis(out, 0, obSize, size);
  rescaleMat4Axis(out, 1, obSize, size);
  rescaleMat4Axis(out, 2, obSize, size);
}

const params = {
  ...axisBoundParams('scale'),
};

export const limitScale = defineConstraint({
  type: 'constraint/limit-scale',
  label: 'Limit Scale',
  category: 'Transform',
  doc: "Keeps the owner's scale between a minimum and a maximum per axis, each bound on or off.",
  inputs: {},
  outputs: { owner: transform({ doc: 'The owner after the constraint.' }) },
  params,
  constraint: { ownerSpace: true },
  blender: {
    type: 'LIMIT_SCALE',
    params: AXIS_BOUND_BLENDER_PARAMS,
    ignore: [...TRANSFORM_LIMIT_IGNORED, ...NO_TARGET_IGNORED],
  },
  bind: (_env, p) => axisBoundsOf(p),
  kernel(io, _p, bounds) {
    limitScaleKernel(io.out.owner, io.in.owner, bounds);
    finishOrPass(io.out.owner, io.in.owner);
  },
});
