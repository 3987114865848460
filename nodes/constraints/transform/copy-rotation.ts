// Copy Rotation: the owner takes the target's rotation as Euler angles per axis, mixed in one of
// five ways (Blender's rotlike_evaluate, 3.4).
import { param, transform, type BindEnv, type ParamsOf } from '../../define';
import { defineConstraint } from '../../define-constraint';
import { compatibleEuler, eulerToMat3, mat4ToCompatibleEuler, mat4ToEuler, roundTripsThroughEuler, type EulerOrder } from '../../math/euler';
import { rotateEuler } from '../../math/euler-rotate';
import { composeMat4FromMat3, copyMat4, mat4ToLocRotScale, multiplyMat3, orthogonalizeMat4Stable } from '../../math/matrix';
import { targetInput } from '../common';
import { EULER_ORDER_CHOICES, ownerEulerOrder, resolveEulerOrder, type OwnerOrderState } from '../euler-order';
import { finishOrPass } from '../finite-result';

export const COPY_ROTATION_MIX = ['REPLACE', 'ADD', 'BEFORE', 'AFTER', 'OFFSET'] as const;

const loc = new Float64Array(3);
const size = new Float64Array(3);
const oldRot = new Float64Array(9);
const newRot = new Float64Array(9);
const tarMat = new Float64Array(16);
const eul = new Float64Array(3);
const obEul = new Float64Array(3);

// One axis of the copied angles, in Blender's order (X, then Y, then Z: the legacy offset of one axis
// rewrites all three angles, so the order matters).
function copyAxis(i: 0 | 1 | 2, use: boolean, invert: boolean, keepOwn: boolean, legacyOffset: boolean, order: EulerOrder): void {
  if (!use) {
    eul[i] = keepOwn ? obEul[i] : 0;
    return;
  }
  // Legacy Offset: turn the copied rotation by the owner's angle about this axis, in its own frame.
  if (legacyOffset) rotateEuler(eul, order, i, obEul);
  if (invert) eul[i] = -eul[i];
}

/**
 * Blender's rotlike_evaluate; writes `out` (may alias owner). `order` is the resolved Euler order.
 * `shortcut` false always takes Blender's Euler route (the tests hold the shortcut to it).
 */
export function copyRotationKernel(out: Float64Array, owner: Float64Array, target: Float64Array, p: ParamsOf<typeof params>, order: EulerOrder, shortcut = true): void {
  mat4ToLocRotScale(loc, oldRot, size, owner);
  copyMat4(tarMat, target);
  // Euler math does not take shear well: keep Y (bones' main axis) and make the rest orthonormal.
  orthogonalizeMat4Stable(tarMat, tarMat, 1, true);
  // The whole rotation copied, replacing or multiplied with the owner's: Blender's Euler round trip
  // gives the target's rotation back (to ~1e-13) when it is a proper rotation away from gimbal lock.
  if (shortcut && copiesWholeRotation(p) && roundTripsThroughEuler(tarMat, order)) {
    for (let c = 0; c < 3; c++) for (let r = 0; r < 3; r++) newRot[3 * c + r] = tarMat[4 * c + r];
    mixAndCompose(out, p.mixMode);
    return;
  }
  copyRotationByEulers(out, owner, p, order);
}

/** Every axis copied, none inverted, and mixed in a way that keeps the copied rotation whole (REPLACE, BEFORE, AFTER). */
function copiesWholeRotation(p: ParamsOf<typeof params>): boolean {
  const mix = p.mixMode;
  return p.useX && p.useY && p.useZ && !p.invertX && !p.invertY && !p.invertZ && (mix === 'REPLACE' || mix === 'BEFORE' || mix === 'AFTER');
}

/** Blender's Euler route: the kernel's tail, from `tarMat` (the orthogonalized target) and the owner's `loc`, `oldRot`, `size`. */
function copyRotationByEulers(out: Float64Array, owner: Float64Array, p: ParamsOf<typeof params>, order: EulerOrder): void {
  const mix = p.mixMode;
  // Both rotations in the chosen order; the target's made compatible with the owner's from the start.
  mat4ToEuler(obEul, owner, order);
  mat4ToCompatibleEuler(eul, tarMat, obEul, order);

  const legacyOffset = mix === 'OFFSET';
  const keepOwn = legacyOffset || mix === 'REPLACE' || mix === undefined;
  copyAxis(0, p.useX, p.invertX, keepOwn, legacyOffset, order);
  copyAxis(1, p.useY, p.invertY, keepOwn, legacyOffset, order);
  copyAxis(2, p.useZ, p.invertZ, keepOwn, legacyOffset, order);
  if (mix === 'ADD') {
    eul[0] += obEul[0]; eul[1] += obEul[1]; eul[2] += obEul[2];
  }
  compatibleEuler(eul, eul, obEul);
  eulerToMat3(newRot, eul, order);
  mixAndCompose(out, mix);
}

/** newRot mixed with the owner's rotation by the mix mode, then the owner's location and size around it. */
function mixAndCompose(out: Float64Array, mix: ParamsOf<typeof params>['mixMode']): void {
  if (mix === 'BEFORE') multiplyMat3(newRot, newRot, oldRot);
  else if (mix === 'AFTER') multiplyMat3(newRot, oldRot, newRot);
  composeMat4FromMat3(out, loc, newRot, size);
}

const params = {
  useX: param.bool(true, 'Copy the X Euler angle.'),
  useY: param.bool(true, 'Copy the Y Euler angle.'),
  useZ: param.bool(true, 'Copy the Z Euler angle.'),
  invertX: param.bool(false, 'Use the negated X angle.'),
  invertY: param.bool(false, 'Use the negated Y angle.'),
  invertZ: param.bool(false, 'Use the negated Z angle.'),
  mixMode: param.choice(
    COPY_ROTATION_MIX,
    'REPLACE',
    "REPLACE: the target's angles; ADD: angles added to the owner's; BEFORE/AFTER: the target's rotation before/after the owner's; OFFSET: Blender's legacy per-axis offset.",
  ),
  eulerOrder: param.choice(EULER_ORDER_CHOICES, 'AUTO', "Euler order the angles are taken in; AUTO uses the owner's own rotation order (XYZ for quaternion owners)."),
};

export const copyRotation = defineConstraint({
  type: 'constraint/copy-rotation',
  label: 'Copy Rotation',
  category: 'Transform',
  doc: "Turns the owner to the target's rotation, axis by axis as Euler angles, replacing or combining with its own.",
  inputs: { target: targetInput('Whose rotation is copied.') },
  outputs: { owner: transform({ doc: 'The owner after the constraint.' }) },
  params,
  constraint: { targets: ['target'], ownerSpace: true, targetSpace: true },
  blender: {
    type: 'COPY_ROTATION',
    params: {
      use_x: 'useX', use_y: 'useY', use_z: 'useZ',
      invert_x: 'invertX', invert_y: 'invertY', invert_z: 'invertZ',
      mix_mode: 'mixMode', euler_order: 'eulerOrder',
    },
    // use_offset: a legacy RNA alias that reads true whenever mix_mode is not REPLACE (and writing
    // it sets mix_mode); mix_mode alone decides the result.
    ignore: ['use_offset'],
  },
  bind: (env: BindEnv): OwnerOrderState => ({ owner: env.stackOwner() }),
  kernel(io, p, state) {
    copyRotationKernel(io.out.owner, io.in.owner, io.in.target, p, resolveEulerOrder(p.eulerOrder, ownerEulerOrder(state.owner)));
    finishOrPass(io.out.owner, io.in.owner);
  },
});
