// Copy Transform Channels (Sinew): the owner takes the target's location, rotation and scale, each
// on or off, in world space. The same as Copy Location, Copy Rotation and Copy Scale stacked at full
// influence in world space, and built from their kernels.
import { defineNode, influence, param, transform, type KernelIO, type Params } from '../../define';
import { copyLocationKernel } from './copy-location';
import { copyRotationKernel } from './copy-rotation';
import { copyScaleKernel } from './copy-scale';

// Every axis, replacing: the params the three kernels are run with.
const ALL_AXES: Params = { useX: true, useY: true, useZ: true, mixMode: 'REPLACE', power: 1 };

/** Copies the chosen channels of `target` onto `owner` (both world matrices); writes `out` (may alias owner). */
export function copyChannelsKernel(out: Float64Array, owner: Float64Array, target: Float64Array, location: boolean, rotation: boolean, scale: boolean): void {
  if (out !== owner) out.set(owner);
  // Rotation first: it rebuilds the matrix from the owner's location and scale. A sheared target's
  // rotation is taken with the shear removed (its Y axis kept).
  if (rotation) copyRotationKernel(out, out, target, ALL_AXES, 'XYZ');
  if (scale) copyScaleKernel(out, out, target, ALL_AXES);
  if (location) copyLocationKernel(out, out, target, ALL_AXES);
}

export const copyChannels = defineNode({
  type: 'constraint/copy-channels',
  label: 'Copy Transform Channels',
  category: 'Transform',
  doc: "Gives the owner the target's world location, rotation and scale, each channel on or off.",
  inputs: {
    owner: transform({ doc: 'The stack so far (world matrix).' }),
    target: transform({ doc: 'Whose channels are copied.', required: true }),
    influence: influence(),
  },
  outputs: { owner: transform({ doc: 'The owner after the constraint.' }) },
  params: {
    copyLocation: param.bool(true, "Take the target's world location."),
    copyRotation: param.bool(true, "Take the target's world rotation (its shear removed, Y axis kept)."),
    copyScale: param.bool(true, "Take the target's world scale (the length of each axis)."),
  },
  constraint: { targets: ['target'] },
  kernel(io: KernelIO, p: Params): void {
    copyChannelsKernel(io.out.owner, io.in.owner, io.in.target, p.copyLocation !== false, p.copyRotation !== false, p.copyScale !== false);
  },
});
