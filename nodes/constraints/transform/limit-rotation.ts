// Limit Rotation: clamps the owner's Euler angles per axis after the shear is removed (Blender's
// rotlimit_evaluate): a raw clamp of the angles as numbers (Blender 3.4, and Legacy Behavior from
// 4.2 on), or the angles as points on a circle, clamped to the nearer end of the range (4.2 on).
import { param, transform } from '../../define';
import { defineConstraint } from '../../define-constraint';
import { mat4ToEuler, type EulerOrder } from '../../math/euler';
import { composeMat4FromEuler, mat4ToScale, orthogonalizeMat4Stable } from '../../math/matrix';
import { NO_TARGET_IGNORED } from '../common';
import { EULER_ORDER_CHOICES, ownerEulerOrder, type OwnerOrderState, resolveEulerOrder } from '../euler-order';
import { finishOrPass } from '../finite-result';
import { axisBounds, clampAnglesOnCircle, clampAxes, TRANSFORM_LIMIT_IGNORED, type AxisBounds } from './axis-bounds';

const loc = new Float64Array(3);
const size = new Float64Array(3);
const eul = new Float64Array(3);

/**
 * Blender's rotlimit_evaluate, with the min and max of each axis switchable on their own (Blender
 * switches both with one flag); writes `out` (may alias owner). The shear is always removed (Y
 * kept); with no bound on nothing else changes. `legacy`: an angle of 3.0 limited to [−3, −2]
 * becomes −2 (a clamp of numbers); otherwise 3.28, which is −3 round the circle, the nearer end (both ends on).
 */
export function limitRotationKernel(out: Float64Array, owner: Float64Array, order: EulerOrder, bounds: AxisBounds, legacy = true): void {
  if (out !== owner) out.set(owner);
  orthogonalizeMat4Stable(out, out, 1, false);
  if (!bounds.any) return;
  loc[0] = out[12]; loc[1] = out[13]; loc[2] = out[14];
  mat4ToScale(size, out);
  mat4ToEuler(eul, out, order);
  if (legacy) clampAxes(eul, 0, bounds);
  else clampAnglesOnCircle(eul, 0, bounds);
  composeMat4FromEuler(out, loc, eul, order, size);
}

/** The owner (whose Euler order AUTO reads each frame) and the angle bounds, read at bind. */
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
  legacy: param.bool(true, "Clamp the angles as plain numbers, as Blender 3.4 does (Blender 4.2's Legacy Behavior, on in every file made before it). Off: the angles are points on a circle, and one outside the range goes to its nearer end, as new Limit Rotations in Blender 4.2 and later."),
};

export const limitRotation = defineConstraint({
  type: 'constraint/limit-rotation',
  label: 'Limit Rotation',
  category: 'Transform',
  doc: "Keeps the owner's Euler angles between a minimum and a maximum per axis: a plain clamp (Legacy), or round the circle to the nearer end of the range.",
  inputs: {},
  outputs: { owner: transform({ doc: 'The owner after the constraint.' }) },
  params,
  constraint: { ownerSpace: true },
  blender: {
    type: 'LIMIT_ROTATION',
    params: {
      use_limit_x: 'useLimitX', use_limit_y: 'useLimitY', use_limit_z: 'useLimitZ',
      min_x: 'minX', max_x: 'maxX', min_y: 'minY', max_y: 'maxY', min_z: 'minZ', max_z: 'maxZ',
      euler_order: 'eulerOrder', use_legacy_behavior: 'legacy',
    },
    ignore: [...TRANSFORM_LIMIT_IGNORED, ...NO_TARGET_IGNORED],
  },
  bind: (env, p) => {
    const use = [p.useLimitX, p.useLimitY, p.useLimitZ];
    return { owner: env.stackOwner(), bounds: axisBounds(use, [p.minX, p.minY, p.minZ], use, [p.maxX, p.maxY, p.maxZ]) };
  },
  kernel(io, p, state) {
    limitRotationKernel(io.out.owner, io.in.owner, resolveEulerOrder(p.eulerOrder, ownerEulerOrder(state.owner)), state.bounds, p.legacy);
    finishOrPass(io.out.owner, io.in.owner);
  },
});
