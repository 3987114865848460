// Limit Rotation: clamps the owner's Euler angles per axis (Blender 3.4's rotlimit_evaluate: a raw
// clamp of the angles, no wrap-around, after the shear is removed).
import { param, transform } from '../../define';
import { defineConstraint } from '../../define-constraint';
import { mat4ToEuler, type EulerOrder } from '../../math/euler';
import { composeMat4FromEuler, mat4ToScale, orthogonalizeMat4Stable } from '../../math/matrix';
import { NO_TARGET_IGNORED } from '../common';
import { EULER_ORDER_CHOICES, ownerEulerOrder, type OwnerOrderState, resolveEulerOrder } from '../euler-order';
import { finishOrPass } from '../finite-result';
import { axisBounds, clampAxes, TRANSFORM_LIMIT_IGNORED, type AxisBounds } from './axis-bounds';

const loc = new Float64Array(3);
const size = new Float64Array(3);
const eul = new Float64Array(3);

/**
 * Blender 3.4's rotlimit_evaluate, with the min and max of each axis switchable on their own (Blender
 * switches both with one flag); writes `out` (may alias owner). The shear is always removed (Y
 * kept); with no bound on nothing else changes. An angle of 3.0 limited to [−3, −2] becomes −2.
 */
export function limitRotationKernel(out: Float64Array, owner: Float64Array, order: EulerOrder, bounds: AxisBounds): void {
  if (out !== owner) out.set(owner);
  orthogonalizeMat4Stable(out, out, 1, false);
  if (!bounds.any) return;
  loc[0] = out[12]; loc[1] = out[13]; loc[2] = out[14];
  mat4ToScale(size, out);
  mat4ToEuler(eul, out, order);
  clampAxes(eul, 0, bounds);
  composeMat4FromEuler(out, loc, eul, order, size);
}

/** The owner's Euler order (for AUTO) and the angle bounds, read at bind. */
export interface LimitRotationState extends OwnerOrderState {
  bounds: AxisBounds;
}

const params = {
  useLimitX: param.bool(false, 'Limit the X angle.'),
  useLimitY: param.bool(false, 'Limit the Y angle.'),
  useLimitZ: param.bool(false, 'Limit the Z angle.'),
  minX: param.float(0, 'Lowest X angle.', { unit: 'rad' }),
  maxX: param.float(0, 'Highest X angle.', { unit: 'rad' }),
  minY: param.float(0, 'Lowest Y angle.', { unit: 'rad' }),
  maxY: param.float(0, 'Highest Y angle.', { unit: 'rad' }),
  minZ: param.float(0, 'Lowest Z angle.', { unit: 'rad' }),
  maxZ: param.float(0, 'Highest Z angle.', { unit: 'rad' }),
  eulerOrder: param.choice(EULER_ORDER_CHOICES, 'AUTO', "Euler order the angles are measured in; AUTO uses the owner's own rotation order (XYZ for quaternion owners)."),
};

export const limitRotation = defineConstraint({
  type: 'constraint/limit-rotation',
  label: 'Limit Rotation',
  category: 'Transform',
  doc: "Keeps the owner's Euler angles between a minimum and a maximum per axis (a plain clamp, no wrap-around).",
  inputs: {},
  outputs: { owner: transform({ doc: 'The owner after the constraint.' }) },
  params,
  constraint: { ownerSpace: true },
  blender: {
    type: 'LIMIT_ROTATION',
    params: {
      use_limit_x: 'useLimitX', use_limit_y: 'useLimitY', use_limit_z: 'useLimitZ',
      min_x: 'minX', max_x: 'maxX', min_y: 'minY', max_y: 'maxY', min_z: 'minZ', max_z: 'maxZ',
      euler_order: 'eulerOrder',
    },
    ignore: [...TRANSFORM_LIMIT_IGNORED, ...NO_TARGET_IGNORED],
  },
  bind: (env, p) => {
    const use = [p.useLimitX, p.useLimitY, p.useLimitZ];
    return { ownerOrder: ownerEulerOrder(env.stackOwner()), bounds: axisBounds(use, [p.minX, p.minY, p.minZ], use, [p.maxX, p.maxY, p.maxZ]) };
  },
  kernel(io, p, state) {
    limitRotationKernel(io.out.owner, io.in.owner, resolveEulerOrder(p.eulerOrder, state.ownerOrder), state.bounds);
    finishOrPass(io.out.owner, io.in.owner);
  },
});
