// Copy Transform Channels (Sinew): the owner takes the target's location, rotation and scale, each
// on or off, in world space. Both matrices are split as Blender splits them (mat4_to_loc_rot_size)
// and rebuilt from the chosen parts; the target's rotation is taken without shear (Y axis kept, as
// Copy Rotation does), so with every channel on the owner becomes the target minus its shear.
import { param, transform } from '../../define';
import { defineConstraint } from '../../define-constraint';
import { composeMat4FromMat3, copyMat3FromMat4, isNegativeMat3, mat4ToLocRotScale, orthogonalizeMat4Stable } from '../../math/matrix';
import { finishOrPass } from '../finite-result';
import { targetInput } from '../common';

const locO = new Float64Array(3), rotO = new Float64Array(9), sizeO = new Float64Array(3);
const locT = new Float64Array(3), rotT = new Float64Array(9), sizeT = new Float64Array(3);
const unsheared = new Float64Array(16);

/** Copies the chosen channels of `target` onto `owner` (both world matrices); writes `out` (may alias either). */
export function copyChannelsKernel(out: Float64Array, owner: Float64Array, target: Float64Array, location: boolean, rotation: boolean, scale: boolean): void {
  if (!location && !rotation && !scale) {
    if (out !== owner) out.set(owner);
    return;
  }
  mat4ToLocRotScale(locO, rotO, sizeO, owner);
  mat4ToLocRotScale(locT, rotT, sizeT, target);
  if (rotation) {
    // The target's axes made orthonormal (Y kept) and right-handed; a mirror stays in its scale.
    orthogonalizeMat4Stable(unsheared, target, 1, true);
    const flip = isNegativeMat3(copyMat3FromMat4(rotT, unsheared)) ? -1 : 1;
    for (let i = 0; i < 9; i++) rotT[i] *= flip;
  }
  composeMat4FromMat3(out, location ? locT : locO, rotation ? rotT : rotO, scale ? sizeT : sizeO);
}

const params = {
  copyLocation: param.bool(true, "Take the target's world location."),
  copyRotation: param.bool(true, "Take the target's world rotation (its shear removed, Y axis kept)."),
  copyScale: param.bool(true, "Take the target's world scale (the length of each axis)."),
};

export const copyChannels = defineConstraint({
  type: 'constraint/copy-channels',
  label: 'Copy Transform Channels',
  category: 'Transform',
  doc: "Gives the owner the target's world location, rotation and scale, each channel on or off.",
  inputs: {
    target: targetInput('Whose channels are copied.'),
  },
  outputs: { owner: transform({ doc: 'The owner after the constraint.' }) },
  params,
  constraint: { targets: ['target'] },
  kernel(io, p) {
    copyChannelsKernel(io.out.owner, io.in.owner, io.in.target, p.copyLocation, p.copyRotation, p.copyScale);
    finishOrPass(io.out.owner, io.in.owner);
  },
});
