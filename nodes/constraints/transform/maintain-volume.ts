// Maintain Volume: scales the two axes other than the free one so that the owner keeps a volume
// (Blender's samevolume_evaluate).
import { param, transform, type ParamsOf } from '../../define';
import { defineConstraint } from '../../define-constraint';
import { mat4ToScale } from '../../math/matrix';
import { NO_TARGET_IGNORED } from '../common';
import { finishOrPass } from '../finite-result';

export const MAINTAIN_VOLUME_MODES = ['STRICT', 'UNIFORM', 'SINGLE_AXIS'] as const;
export const FREE_AXES = ['SAMEVOL_X', 'SAMEVOL_Y', 'SAMEVOL_Z'] as const;

const obSize = new Float64Array(3);

/** Blender's samevolume_evaluate; writes `out` (may alias owner). */
export function maintainVolumeKernel(out: Float64Array, owner: Float64Array, p: ParamsOf<typeof params>): void {
  if (out !== owner) out.set(owner);
  const free = p.freeAxis === 'SAMEVOL_X' ? 0 : p.freeAxis === 'SAMEVOL_Z' ? 2 : 1;
  const volume = p.volume;
  mat4ToScale(obSize, owner);
  let total: number;
  if (p.mode === 'UNIFORM') total = obSize[free] * obSize[free] * obSize[free];
  else if (p.mode === 'SINGLE_AXIS') total = obSize[free];
  else total = obSize[0] * obSize[1] * obSize[2]; // STRICT
  let fac = 1;
  if (total !== 0) fac = Math.sqrt(volume / total);
  // A negative volume (outside Blender's range) would give NaN: leave the owner as it is then.
  if (!Number.isFinite(fac)) fac = 1;
  for (let axis = 0; axis < 3; axis++) {
    if (axis === free) continue;
    out[4 * axis] *= fac; out[4 * axis + 1] *= fac; out[4 * axis + 2] *= fac;
  }
}

const params = {
  mode: param.choice(
    MAINTAIN_VOLUME_MODES,
    'STRICT',
    'STRICT: the volume of all three scales is kept; UNIFORM: as if the free axis were scaled uniformly; SINGLE_AXIS: only the free axis counts.',
  ),
  freeAxis: param.choice(FREE_AXES, 'SAMEVOL_Y', 'The axis whose scale is left alone and drives the other two.'),
  volume: param.float(1, 'The volume to keep, relative to the unit cube.', { min: 0.001, max: 100 }),
};

export const maintainVolume = defineConstraint({
  type: 'constraint/maintain-volume',
  label: 'Maintain Volume',
  category: 'Transform',
  doc: 'Scales the two other axes against the free axis so that the owner keeps its volume.',
  inputs: {},
  outputs: { owner: transform({ doc: 'The owner after the constraint.' }) },
  params,
  constraint: { ownerSpace: true },
  blender: {
    type: 'MAINTAIN_VOLUME',
    params: { mode: 'mode', free_axis: 'freeAxis', volume: 'volume' },
    ignore: NO_TARGET_IGNORED,
  },
  kernel(io, p) {
    maintainVolumeKernel(io.out.owner, io.in.owner, p);
    finishOrPass(io.out.owner, io.in.owner);
  },
});
