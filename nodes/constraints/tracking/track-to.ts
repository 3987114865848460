// Track To (Blender's TRACK_TO): points one axis at the target and another up, keeping location and
// the owner's axis lengths. Blender's `trackto_evaluate` + `vectomat`, in double precision.
import { param, transform } from '../../define';
import { defineConstraint } from '../../define-constraint';
import { trackAxisIndex, vecToMat3 } from '../../math/aim';
import { finishOrPass } from '../finite-result';
import { aimTargetInputs, trackAxisParam } from './aim';
import { hypot3Into } from '../../math/hypot';

const UP_AXES = ['UP_X', 'UP_Y', 'UP_Z'] as const;

const rot = new Float64Array(9);
const vec = new Float64Array(3);
const up = new Float64Array(3);
// The owner's axis lengths, written by hypot3Into (V8 boxes a double returned from a call it does not inline).
const scale = new Float64Array(3);

export const trackTo = defineConstraint({
  type: 'constraint/track-to',
  label: 'Track To',
  category: 'Tracking',
  doc: 'Points the Track axis at the target and turns the Up axis towards world Z (or the target\'s Z); location and axis lengths stay.',
  inputs: aimTargetInputs(),
  outputs: { owner: transform({ doc: 'The owner after Track To (world matrix).' }) },
  params: {
    trackAxis: trackAxisParam('TRACK_NEGATIVE_Z', 'Axis that points at the target (−Z suits cameras and lights).'),
    upAxis: {
      ...param.choice(UP_AXES, 'UP_Y', 'Axis that points up, as close to the up direction as the track axis allows. Must differ from the track axis; if it is the same, Track To only removes rotation (as Blender does).'),
      label: 'Up',
    },
    useTargetZ: { ...param.bool(false, "Use the target's Z axis as the up direction instead of world Z."), label: 'Target Z' },
  },
  constraint: { targets: ['target'], ownerSpace: true, targetSpace: true, headTail: true },
  blender: {
    type: 'TRACK_TO',
    params: { track_axis: 'trackAxis', up_axis: 'upAxis', use_target_z: 'useTargetZ' },
  },
  kernel(io, p) {
    const o = io.in.owner;
    const t = io.in.target;
    const m = io.out.owner;
    hypot3Into(scale, 0, o, 0);
    hypot3Into(scale, 1, o, 4);
    hypot3Into(scale, 2, o, 8);
    const sx = scale[0], sy = scale[1], sz = scale[2];
    // Blender passes owner − target: vectomat negates it for positive axes.
    vec[0] = o[12] - t[12]; vec[1] = o[13] - t[13]; vec[2] = o[14] - t[14];
    up[0] = t[8]; up[1] = t[9]; up[2] = t[10];
    vecToMat3(rot, vec, up, trackAxisIndex(p.trackAxis), upIndex(p.upAxis), p.useTargetZ);
    // Rotation cleared to diag(scale), then rotated: column i = rot column i · scale i.
    m[0] = rot[0] * sx; m[1] = rot[1] * sx; m[2] = rot[2] * sx; m[3] = o[3];
    m[4] = rot[3] * sy; m[5] = rot[4] * sy; m[6] = rot[5] * sy; m[7] = o[7];
    m[8] = rot[6] * sz; m[9] = rot[7] * sz; m[10] = rot[8] * sz; m[11] = o[11];
    m[12] = o[12]; m[13] = o[13]; m[14] = o[14]; m[15] = o[15];
    finishOrPass(m, o);
  },
});

function upIndex(name: unknown): number {
  return name === 'UP_X' ? 0 : name === 'UP_Y' ? 1 : name === 'UP_Z' ? 2 : -1;
}
