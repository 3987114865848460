// Action (Blender's ACTION): plays an action on the owner as a function of one transform channel of
// the target (or of Evaluation Time): the channel's value in [min, max] picks a frame in
// [frame start, frame end], the action sampled there for the owner (action-pose.ts) is combined with
// the owner's matrix by the mix mode. Blender 3.4's actcon_get_tarmat and actcon_evaluate.
import { param, transform, type BindEnv, type OwnerHandle, type ParamsOf } from '../../define';
import type { ParamValue } from '../../params';
import { defineConstraint } from '../../define-constraint';
import { mat4ToEuler } from '../../math/euler';
import { multiplyMat4 } from '../../math/matrix';
import { multiplyMat4AlignedScale, multiplyMat4SplitChannels } from '../../math/split-channels';
import { finishOrPass } from '../finite-result';
import { bindActionPose, sampleActionPose, type ActionPose } from './action-pose';

/** Blender's `transform_channel`: which channel of the target (in the target space) picks the frame. */
export const ACTION_CHANNELS = ['LOCATION_X', 'LOCATION_Y', 'LOCATION_Z', 'ROTATION_X', 'ROTATION_Y', 'ROTATION_Z', 'SCALE_X', 'SCALE_Y', 'SCALE_Z'] as const;
/** Blender 3.4's `mix_mode` (REPLACE came later). */
export const ACTION_MIX_MODES = ['BEFORE_FULL', 'BEFORE', 'BEFORE_SPLIT', 'AFTER_FULL', 'AFTER', 'AFTER_SPLIT'] as const;
/** Blender's frame range (MAXFRAME). */
const MAX_FRAME = 1048574;
const RAD_TO_DEG = Math.fround(180 / Math.PI);

const params = {
  action: { ...param.action("Name of the scene's action (its `actions[]`) played on the owner. Empty: the node passes its owner through (Blender marks such a constraint invalid)."), label: 'Action' },
  useBoneObjectAction: {
    ...param.bool(false, "Bone owners: sample the action's object channels (location, rotation, scale of the object, in the armature's rotation mode) instead of the bone's own `pose.bones[\"name\"]` channels."),
    label: 'Object Action',
  },
  frameStart: { ...param.int(0, 'The action frame played when the channel is at Range Min (or Evaluation Time is 0).', { min: -MAX_FRAME, max: MAX_FRAME }), label: 'Frame Start' },
  frameEnd: { ...param.int(0, 'The action frame played when the channel is at Range Max (or Evaluation Time is 1).', { min: -MAX_FRAME, max: MAX_FRAME }), label: 'Frame End' },
  transformChannel: {
    ...param.choice(ACTION_CHANNELS, 'LOCATION_X', "The target's channel, read in the target space: a location, a scale (column length), or an XYZ Euler angle in degrees (whatever the target's rotation mode)."),
    label: 'Channel',
  },
  min: { ...param.float(0, "The channel's value that plays Frame Start. Rotation channels are in degrees, as Blender stores them."), label: 'Range Min' },
  max: { ...param.float(0, "The channel's value that plays Frame End (values beyond the range are clamped to it). Rotation channels are in degrees."), label: 'Range Max' },
  useEvalTime: { ...param.bool(false, 'Pick the frame by Evaluation Time instead of the target (no target needed).'), label: 'Use Evaluation Time' },
  evalTime: { ...param.float(0, 'Where between Frame Start (0) and Frame End (1) the action is played, with Use Evaluation Time.', { min: 0, max: 1 }), label: 'Evaluation Time' },
  mixMode: {
    ...param.choice(
      ACTION_MIX_MODES,
      'AFTER',
      "How the sampled action combines with the owner: BEFORE_* puts the action first (as a parent would), AFTER_* after it (as a child); *_FULL is the plain matrix product, BEFORE/AFTER the product with aligned scale (no shear), *_SPLIT combines location, rotation and scale separately. Blender gives a new bone constraint BEFORE_SPLIT in LOCAL owner space, a new object constraint AFTER in WORLD, and setting the mix mode there sets the owner space too (WORLD for AFTER and AFTER_FULL, LOCAL for the others); here Owner Space is set on its own, but for a mode a link drives (a keyed or driven Mix), which sets it as Blender's write does.",
    ),
    label: 'Mix',
    // rna_ActionConstraint_mix_mode_set: every write of the mode by animation or a driver sets the owner space.
    whenDriven: (mode: (typeof ACTION_MIX_MODES)[number], p: Record<string, ParamValue>) => { p.ownerSpace = mode === 'AFTER' || mode === 'AFTER_FULL' ? 'WORLD' : 'LOCAL'; },
  },
};

type Params = ParamsOf<typeof params>;

/** What a node binds to: the owner's sampled action, or nothing to do. */
export interface ActionState {
  /** Undefined: the node passes its owner through (no action, or neither a target nor Evaluation Time). */
  pose: ActionPose | undefined;
  /** The transform channel as {@link channelIndex} gives it. */
  channel: number;
  /** Whose rotation mode the scratch copy takes each frame (an action may key it): the owner, or for a bone's object channels its armature. */
  modeOwner?: OwnerHandle;
}

const time = new Float64Array(2);
const frame = time.subarray(1, 2);
const sampled = new Float64Array(16);
const euler = new Float64Array(3);

/** The channel as Blender's `type` splits it: 0–2 location X–Z, 3–5 rotation, 6–8 scale. */
export function channelIndex(c: Params['transformChannel']): number {
  return ACTION_CHANNELS.indexOf(c);
}

/**
 * Where the node plays, into `out`: [0] the factor before the clamp — Evaluation Time, or the
 * target's channel (`channel`, {@link channelIndex}) mapped from [min, max] — and [1] the action
 * frame: the factor clamped to [0, 1] (CLAMP, which lets NaN through) and mapped onto [start, end].
 * In float32 steps as Blender computes them. A range of 0 width gives ±Infinity (clamped to an end)
 * or, with the channel on it, NaN (0/0), which Blender 3.4 leaves unguarded. The numbers travel in
 * `out`: V8 boxes a double returned from a call it does not inline.
 */
export function actionTime(out: Float64Array, target: ArrayLike<number>, p: Params, channel: number): Float64Array {
  if (p.useEvalTime) out[0] = Math.fround(p.evalTime);
  else {
    const axis = channel % 3;
    let v: number;
    if (channel < 3) v = target[12 + axis];
    else if (channel >= 6) v = Math.sqrt(target[4 * axis] * target[4 * axis] + target[4 * axis + 1] * target[4 * axis + 1] + target[4 * axis + 2] * target[4 * axis + 2]);
    else {
      // mat4_to_eul: XYZ Euler angles of the normalized columns, whatever the target's own mode.
      mat4ToEuler(euler, target, 'XYZ');
      v = Math.fround(Math.fround(euler[axis]) * RAD_TO_DEG);
    }
    out[0] = Math.fround(Math.fround(Math.fround(v) - Math.fround(p.min)) / Math.fround(Math.fround(p.max) - Math.fround(p.min)));
  }
  let k = out[0];
  if (k < 0) k = 0;
  else if (k > 1) k = 1;
  out[1] = Math.fround(Math.fround(k * (p.frameEnd - p.frameStart)) + p.frameStart);
  return out;
}

/** `action` (the sampled action's matrix) combined with `owner` (in owner space) into `out`, by Blender's mix mode. */
export function mixAction(out: Float64Array, owner: ArrayLike<number>, action: ArrayLike<number>, mode: Params['mixMode']): Float64Array {
  switch (mode) {
    case 'BEFORE_FULL': return multiplyMat4(out, action, owner);
    case 'AFTER_FULL': return multiplyMat4(out, owner, action);
    case 'BEFORE': return multiplyMat4AlignedScale(out, action, owner);
    case 'AFTER': return multiplyMat4AlignedScale(out, owner, action);
    case 'BEFORE_SPLIT': return multiplyMat4SplitChannels(out, action, owner);
    case 'AFTER_SPLIT': return multiplyMat4SplitChannels(out, owner, action);
  }
}

export const action = defineConstraint({
  type: 'constraint/action',
  label: 'Action',
  category: 'Relationship',
  doc: "Plays an action on the owner, driven by one of the target's channels (or by Evaluation Time): the channel's place in [Range Min, Range Max] picks a frame in [Frame Start, Frame End], and the action's transform for the owner at that frame (a bone's own channels, or the object's) is combined with the owner's matrix by the mix mode.",
  inputs: { target: transform({ doc: 'Whose channel picks the frame (read in the target space). Not needed with Use Evaluation Time.' }) },
  outputs: { owner: transform({ doc: 'The owner after the constraint.' }) },
  params,
  constraint: { targets: ['target'], ownerSpace: true, targetSpace: true },
  blender: {
    type: 'ACTION',
    params: {
      action: 'action', use_bone_object_action: 'useBoneObjectAction', frame_start: 'frameStart', frame_end: 'frameEnd',
      transform_channel: 'transformChannel', min: 'min', max: 'max', use_eval_time: 'useEvalTime', eval_time: 'evalTime', mix_mode: 'mixMode',
    },
  },
  bind: (env, p) => bindAction(env, p),
  kernel(io, p, s) {
    const out = io.out.owner;
    const owner = io.in.owner;
    if (!s.pose) {
      out.set(owner);
      return;
    }
    actionTime(time, io.in.target, p, s.channel);
    if (s.modeOwner !== undefined) s.pose.mode = s.modeOwner.rotationMode ?? 'XYZ';
    sampleActionPose(sampled, s.pose, frame);
    mixAction(out, owner, sampled, p.mixMode);
    finishOrPass(out, owner);
  },
});

/** Resolves the action and the owner's curves once; says why when the node will do nothing. */
function bindAction(env: BindEnv, p: Params): ActionState {
  if (p.action === '') {
    env.warn('names no action, so it passes its owner through (Blender marks such a constraint invalid)');
    return { pose: undefined, channel: 0 };
  }
  const found = env.action(p.action);
  if (!found) {
    const names = env.actionNames();
    return env.fail(`action "${p.action}" is not in the scene's actions (${names.length === 0 ? 'the scene has none' : `it has ${names.map((n) => `"${n}"`).join(', ')}`})`, 'action');
  }
  if (!p.useEvalTime && !env.connected('target')) {
    env.warn('has no target and Use Evaluation Time is off, so it passes its owner through');
    return { pose: undefined, channel: 0 };
  }
  const owner = env.stackOwner();
  const bone = owner?.kind === 'bone' && !p.useBoneObjectAction ? boneName(owner) : null;
  // what_does_obaction copies the rotation mode onto its scratch copy: a bone's own, or for object
  // channels the object's (a bone owner's armature).
  const modeOwner = bone !== null ? owner : owner?.kind === 'bone' ? owner.bone?.armature : owner;
  const { pose, notes } = bindActionPose(found, bone, modeOwner?.rotationMode ?? 'XYZ');
  for (const n of notes) env.warn(`action "${found.name}": ${n}`);
  if (pose.curves.length === 0) {
    env.warn(`action "${found.name}" has no F-curve for ${bone !== null ? `bone "${bone}" (pose.bones["${bone}"] location, rotation or scale)` : "the object's location, rotation or scale"}, so it leaves the owner as it is`);
  }
  return { pose, channel: channelIndex(p.transformChannel), modeOwner };
}

/** A bone owner's name in its armature (`Armature/Bone` → `Bone`). */
function boneName(owner: OwnerHandle): string {
  const arm = owner.bone?.armature.id;
  return arm !== undefined && owner.id.startsWith(`${arm}/`) ? owner.id.slice(arm.length + 1) : owner.id.slice(owner.id.indexOf('/') + 1);
}
