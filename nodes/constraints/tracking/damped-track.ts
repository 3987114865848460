// Damped Track (Blender's DAMPED_TRACK): turns the owner by the smallest rotation that points one
// axis at the target. Blender's `damptrack_evaluate` / `damptrack_do_transform`, in double precision.
import { transform } from '../../define';
import { defineConstraint } from '../../define-constraint';
import { trackAxisIndex } from '../../math/aim';
import { dampedTrack as dampedTrackTurn } from '../../math/track';
import { normalize3 } from '../../math/vector';
import { finishOrPass } from '../finite-result';
import { aimTargetInputs, trackAxisParam } from './aim';
import { copyMat4 } from '../../math/matrix';

const vec = new Float64Array(3);

export const dampedTrack = defineConstraint({
  type: 'constraint/damped-track',
  label: 'Damped Track',
  category: 'Tracking',
  doc: 'Points the Track axis at the target by the smallest rotation (no up axis, no flipping); location and scale stay.',
  inputs: aimTargetInputs(),
  outputs: { owner: transform({ doc: 'The owner after Damped Track (world matrix).' }) },
  params: {
    trackAxis: trackAxisParam('TRACK_Y', 'Axis that points at the target (Y runs along a bone).'),
  },
  constraint: { targets: ['target'], ownerSpace: true, targetSpace: true, headTail: true },
  blender: {
    type: 'DAMPED_TRACK',
    params: { track_axis: 'trackAxis' },
  },
  kernel(io, p) {
    const o = io.in.owner;
    const t = io.in.target;
    const m = io.out.owner;
    copyMat4(m, o);
    vec[0] = t[12] - o[12]; vec[1] = t[13] - o[13]; vec[2] = t[14] - o[14];
    const axis = trackAxisIndex(p.trackAxis);
    // Normalized here without overflow, so a target far away (1e300) is still aimed at.
    if (axis >= 0 && normalize3(vec, vec)) dampedTrackTurn(m, m, vec, axis);
    finishOrPass(m, o);
  },
});
