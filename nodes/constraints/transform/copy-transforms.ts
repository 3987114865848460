// Copy Transforms: the owner takes the target's whole matrix, or combines with it in one of six
// ways (Blender's translike_evaluate).
import { param, transform, type Params, type ParamsOf } from '../../define';
import { defineConstraint } from '../../define-constraint';
import { copyMat4, multiplyMat4, orthogonalizeMat4Stable } from '../../math/matrix';
import { multiplyMat4AlignedScale, multiplyMat4SplitChannels } from '../../math/split-channels';
import { targetInput } from '../common';
import { finishOrPass } from '../finite-result';

export const COPY_TRANSFORMS_MIX = ['REPLACE', 'BEFORE_FULL', 'BEFORE', 'BEFORE_SPLIT', 'AFTER_FULL', 'AFTER', 'AFTER_SPLIT'] as const;

const tarMat = new Float64Array(16);

/** Blender's translike_evaluate; writes `out` (may alias owner). */
export function copyTransformsKernel(out: Float64Array, owner: Float64Array, target: Float64Array, p: ParamsOf<typeof params>): void {
  copyMat4(tarMat, target);
  // Y is kept: the natural main axis of bones.
  if (p.removeTargetShear) orthogonalizeMat4Stable(tarMat, tarMat, 1, false);
  switch (p.mixMode) {
    case 'BEFORE_FULL': multiplyMat4(out, tarMat, owner); break;
    case 'AFTER_FULL': multiplyMat4(out, owner, tarMat); break;
    // Aligned inherit-scale emulation: no shear from non-uniform scale.
    case 'BEFORE': multiplyMat4AlignedScale(out, tarMat, owner); break;
    case 'AFTER': multiplyMat4AlignedScale(out, owner, tarMat); break;
    // Location, rotation and scale combined separately.
    case 'BEFORE_SPLIT': multiplyMat4SplitChannels(out, tarMat, owner); break;
    case 'AFTER_SPLIT': multiplyMat4SplitChannels(out, owner, tarMat); break;
    default: copyMat4(out, tarMat);
  }
}

/** Whether the result is the target's matrix as it is: Replace, its shear kept. */
function replacesOwner(p: Params): boolean {
  return p.mixMode === 'REPLACE' && p.removeTargetShear !== true;
}

const params = {
  mixMode: param.choice(
    COPY_TRANSFORMS_MIX,
    'REPLACE',
    "REPLACE: the target's matrix; *_FULL: plain matrix product; BEFORE/AFTER: product with aligned scale (no shear); *_SPLIT: location, rotation and scale combined separately. BEFORE puts the target first.",
  ),
  removeTargetShear: param.bool(false, "Remove shear from the target's matrix first (keeping its Y axis and volume)."),
};

export const copyTransforms = defineConstraint({
  type: 'constraint/copy-transforms',
  label: 'Copy Transforms',
  category: 'Transform',
  doc: "Gives the owner the target's whole transform, or combines the two before or after the owner's own.",
  inputs: { target: targetInput('Whose transform is copied.') },
  outputs: { owner: transform({ doc: 'The owner after the constraint.' }) },
  params,
  constraint: {
    targets: ['target'], ownerSpace: true, targetSpace: true, headTail: true, bboneMatrix: true,
    // Replace copies the target as it is: nothing of the owner, and finite when the target is.
    ignoresOwner: replacesOwner,
    copiesTarget: replacesOwner,
  },
  blender: {
    type: 'COPY_TRANSFORMS',
    params: { mix_mode: 'mixMode', remove_target_shear: 'removeTargetShear' },
  },
  kernel(io, p) {
    copyTransformsKernel(io.out.owner, io.in.owner, io.in.target, p);
    finishOrPass(io.out.owner, io.in.owner);
  },
});
