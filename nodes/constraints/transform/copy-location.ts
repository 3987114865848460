// Copy Location: the owner takes the target's location, per axis (Blender's loclike_evaluate).
import { param, transform, type ParamsOf } from '../../define';
import { defineConstraint } from '../../define-constraint';
import { targetInput } from '../common';
import { finishOrPass } from '../finite-result';

/** Blender's loclike_evaluate on owner-space `owner` and target-space `target`; writes `out` (may alias owner). */
export function copyLocationKernel(out: Float64Array, owner: Float64Array, target: Float64Array, p: ParamsOf<typeof params>): void {
  if (out !== owner) out.set(owner);
  const offset = p.useOffset;
  const ox = offset ? owner[12] : 0, oy = offset ? owner[13] : 0, oz = offset ? owner[14] : 0;
  if (p.useX) out[12] = (p.invertX ? -target[12] : target[12]) + ox;
  if (p.useY) out[13] = (p.invertY ? -target[13] : target[13]) + oy;
  if (p.useZ) out[14] = (p.invertZ ? -target[14] : target[14]) + oz;
}

const params = {
  useX: param.bool(true, 'Copy the X location.'),
  useY: param.bool(true, 'Copy the Y location.'),
  useZ: param.bool(true, 'Copy the Z location.'),
  invertX: param.bool(false, 'Use the negated X location.'),
  invertY: param.bool(false, 'Use the negated Y location.'),
  invertZ: param.bool(false, 'Use the negated Z location.'),
  useOffset: param.bool(false, "Add the target's location to the owner's instead of replacing it."),
};

export const copyLocation = defineConstraint({
  type: 'constraint/copy-location',
  label: 'Copy Location',
  category: 'Transform',
  doc: "Moves the owner to the target's location, axis by axis, optionally inverted or added as an offset.",
  inputs: { target: targetInput('Whose location is copied.') },
  outputs: { owner: transform({ doc: 'The owner after the constraint.' }) },
  params,
  constraint: { targets: ['target'], ownerSpace: true, targetSpace: true, headTail: true },
  blender: {
    type: 'COPY_LOCATION',
    params: {
      use_x: 'useX', use_y: 'useY', use_z: 'useZ',
      invert_x: 'invertX', invert_y: 'invertY', invert_z: 'invertZ',
      use_offset: 'useOffset',
    },
  },
  kernel(io, p) {
    copyLocationKernel(io.out.owner, io.in.owner, io.in.target, p);
    finishOrPass(io.out.owner, io.in.owner);
  },
});
