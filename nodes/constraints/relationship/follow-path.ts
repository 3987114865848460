// Follow Path (Blender's FOLLOW_PATH): places the owner on a curve, at a fixed fraction of its length
// or by the curve's Evaluation Time, optionally turned along it and scaled by its radius. Blender
// 3.4's `followpath_get_tarmat` / `followpath_evaluate` on the POLY path model of nodes/math/path.ts
// (conformance README, measured fact 1).
import { curve, float, param, transform, type CurveInfo } from '../../define';
import { defineConstraint } from '../../define-constraint';
import { multiplyMat4, mat4ToScale } from '../../math/matrix';
import { pathPointMatrix, preparePath, samplePathAt, type PreparedPath } from '../../math/path';
import { applyTrackToQuat } from '../../math/track';
import { updateHookedCurve, type HookedCurve } from '../../math/hooked-curve';
import { finishOrPass } from '../finite-result';

export const FORWARD_AXES = ['FORWARD_X', 'FORWARD_Y', 'FORWARD_Z', 'TRACK_NEGATIVE_X', 'TRACK_NEGATIVE_Y', 'TRACK_NEGATIVE_Z'] as const;
export const UP_AXES = ['UP_X', 'UP_Y', 'UP_Z'] as const;

export interface FollowPathState {
  /** The path of the target curve, or undefined when the target is not a curve (the owner is left alone). */
  path: PreparedPath | undefined;
  /** The curve's hooks, when they move its points: `path` is made again from them before each run. */
  hooked: HookedCurve | undefined;
  /** The curve's path settings (Blender's Curve data: ctime, pathlen, CU_PATH_CLAMP); evalTime[0] is the Evaluation Time now. */
  evalTime: Float64Array;
  /** Whether the Evaluation Time input is wired: then it replaces the curve's. */
  evalTimeWired: boolean;
  /** The curve's Evaluation Time now (`CurveInfo.time`: keyed or driven), read each frame when the input is not wired. */
  curveTime: Float64Array | undefined;
  pathDuration: number;
  useClamp: boolean;
  forward: number;
  up: number;
  /** Offset Factor and Offset (frames), read at bind (a param change binds again) so that no double is passed per frame. */
  offsetFactor: number;
  offset: number;
}

const pos = new Float64Array(3);
const quat = new Float64Array(4);
const radius = new Float64Array(1);
// The path parameter, passed to samplePathAt in an array (V8 boxes a double passed to a call it does not inline).
const time = new Float64Array(1);
const totmat = new Float64Array(16);
const tarmat = new Float64Array(16);
const size = new Float64Array(3);
const obsize = new Float64Array(3);

export const followPath = defineConstraint({
  type: 'constraint/follow-path',
  label: 'Follow Path',
  category: 'Relationship',
  doc: 'Moves the owner along a curve, at a fixed fraction of its length or by the curve\'s Evaluation Time, optionally turned along it (Follow Curve) and scaled by its radius.',
  inputs: {
    target: curve({ doc: 'The path: a curve from an Owner node of a curve object (its geometry and world matrix).', required: true }),
    evalTime: float({ doc: 'The curve\'s Evaluation Time, wired: replaces the curve\'s own (which its keyed F-curve or a driver moves each frame).' }),
  },
  outputs: { owner: transform({ doc: 'The owner after Follow Path (world matrix).' }) },
  params: {
    useFixedLocation: {
      ...param.bool(false, 'Fixed Position: place the owner at Offset Factor along the path. Off: follow the curve\'s Evaluation Time over its Path Duration (frames), minus Offset.'),
      label: 'Fixed Position',
    },
    offsetFactor: {
      ...param.float(0, 'With Fixed Position: where on the path, as a fraction of its length (0 = start, 1 = end). Cyclic paths wrap around; open paths continue straight past the ends.'),
      label: 'Offset Factor',
    },
    offset: {
      ...param.float(0, 'Without Fixed Position: frames subtracted from the curve\'s Evaluation Time before dividing by its Path Duration.', { unit: 'frames' }),
      label: 'Offset',
    },
    useCurveFollow: { ...param.bool(false, 'Follow Curve: turn the owner with the path\'s direction (Forward and Up axes).'), label: 'Follow Curve' },
    forwardAxis: {
      ...param.choice(FORWARD_AXES, 'FORWARD_Y', 'With Follow Curve: the owner axis that points along the path.'),
      label: 'Forward Axis',
    },
    upAxis: {
      ...param.choice(UP_AXES, 'UP_Z', 'With Follow Curve: the owner axis that points up (along the path\'s normal).'),
      label: 'Up Axis',
    },
    useCurveRadius: { ...param.bool(false, 'Curve Radius: scale the owner by the path\'s radius at that point.'), label: 'Curve Radius' },
  },
  constraint: { targets: ['target'], ownerSpace: true, deformedTargetOf: 'target' },
  blender: {
    type: 'FOLLOW_PATH',
    params: {
      use_fixed_location: 'useFixedLocation',
      offset_factor: 'offsetFactor',
      offset: 'offset',
      use_curve_follow: 'useCurveFollow',
      forward_axis: 'forwardAxis',
      up_axis: 'upAxis',
      use_curve_radius: 'useCurveRadius',
    },
    // Blender's followpath_get_tarmat builds the target from the curve in world space and never
    // converts it, so target_space has no effect.
    ignore: ['target_space'],
  },
  bind(env, p) {
    const info: CurveInfo | undefined = env.sourceOwner('target')?.curve;
    return {
      path: info ? preparePath(info.points, info.radius, info.cyclic, info.twist, info) : undefined,
      hooked: info?.hooked,
      evalTime: Float64Array.of(info?.evalTime ?? 0),
      evalTimeWired: env.connected('evalTime'),
      curveTime: info?.time,
      pathDuration: info?.pathDuration ?? 100,
      useClamp: info?.useClamp ?? false,
      forward: Math.max(0, FORWARD_AXES.indexOf(p.forwardAxis)),
      up: Math.max(0, UP_AXES.indexOf(p.upAxis)),
      offsetFactor: p.offsetFactor,
      offset: p.offset,
    };
  },
  kernel(io, p, s) {
    const own = io.in.owner;
    const out = io.out.owner;
    out.set(own);
    if (!s.path) return;
    if (s.hooked) s.path = updateHookedCurve(s.hooked, io.in.target);
    if (s.evalTimeWired) s.evalTime[0] = io.in.evalTime[0];
    else if (s.curveTime) s.evalTime[0] = s.curveTime[0];
    followPathTarget(tarmat, io.in.target, s, p.useFixedLocation, p.useCurveFollow, p.useCurveRadius);
    followPathApply(out, tarmat, own, p.useCurveRadius);
    finishOrPass(out, own);
  },
});

/** The path parameter, into out[0]: Offset Factor, or (Evaluation Time − Offset) / Path Duration clamped on open clamped paths. */
export function pathTime(out: Float64Array, s: FollowPathState, fixed: boolean): void {
  if (fixed) { out[0] = s.offsetFactor; return; }
  let t = (s.evalTime[0] - s.offset) / s.pathDuration;
  if (!s.path!.cyclic && s.useClamp) t = t < 0 ? 0 : t > 1 ? 1 : t;
  out[0] = t;
}

/** Blender's `followpath_get_tarmat`: curve world · T(point) · R(frame) · S(radius). */
export function followPathTarget(
  out: Float64Array, curveWorld: ArrayLike<number>, s: FollowPathState,
  fixed: boolean, follow: boolean, useRadius: boolean,
): Float64Array {
  pathTime(time, s, fixed);
  samplePathAt(pos, quat, radius, s.path!, time);
  if (follow) applyTrackToQuat(quat, quat, s.forward, s.up);
  pathPointMatrix(totmat, pos, follow ? quat : undefined, useRadius ? radius : undefined);
  return multiplyMat4(out, curveWorld, totmat);
}

/** Blender's `followpath_evaluate`: target · owner, with the owner's column lengths kept unless Curve Radius is on. */
export function followPathApply(out: Float64Array, target: ArrayLike<number>, own: ArrayLike<number>, useRadius: boolean): Float64Array {
  mat4ToScale(size, own);
  multiplyMat4(out, target, own);
  if (!useRadius) {
    mat4ToScale(obsize, out);
    for (let c = 0; c < 3; c++) {
      if (obsize[c] === 0) continue;
      const f = size[c] / obsize[c];
      out[4 * c] *= f;
      out[4 * c + 1] *= f;
      out[4 * c + 2] *= f;
    }
  }
  return out;
}
