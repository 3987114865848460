// An action sampled for one owner as Blender 3.4's Action constraint samples it (constraint.c
// actcon_get_tarmat, action.c what_does_obaction): the action is evaluated on a scratch copy — a
// temporary pose channel of the bone's name (its rotation mode copied), or a cleared work object —
// and that copy's own transform is the result: BKE_pchan_calc_mat for a bone, BKE_object_to_mat4
// for an object. Which curves reach the copy is decided once, at bind time; sampling allocates nothing.
import type { ActionFCurve, ActionSource } from '../../define';
import { pathTarget } from '../../drivers/data-path';
import { axisAngleValueToMat3 } from '../../math/axis-angle';
import type { RotationMode } from '../../math/basis';
import { eulerToMat3 } from '../../math/euler';
import { evaluateFCurve, packFCurve, type PackedFCurve } from '../../math/fcurve/fcurve';
import { unsupportedModifier } from '../../math/fcurve/modifiers';
import type { FCurveTiming } from '../../math/fcurve/timing';
import { multiplyMat3 } from '../../math/matrix';
import { normalizeQuatTo, quatToMat3 } from '../../math/quaternion';
import { changeRotationMode, rotationModeOfValue } from '../../math/rotation-mode-change';

/**
 * Where each channel of the scratch copy lives in its channel array. Quaternions are stored
 * [x, y, z, w] (Blender's index 0 is W); axis-angle as Blender's [angle, x, y, z]. The delta
 * channels exist on objects only (pose channels have none).
 */
const CHANNEL_AT = {
  location: 0,
  rotation_euler: 3,
  rotation_quaternion: 6,
  rotation_axis_angle: 10,
  scale: 14,
  delta_location: 17,
  delta_rotation_euler: 20,
  delta_rotation_quaternion: 23,
  delta_scale: 27,
} as const;
type Channel = keyof typeof CHANNEL_AT;
const CHANNEL_SIZE: Record<Channel, number> = {
  location: 3, rotation_euler: 3, rotation_quaternion: 4, rotation_axis_angle: 4, scale: 3,
  delta_location: 3, delta_rotation_euler: 3, delta_rotation_quaternion: 4, delta_scale: 3,
};
const CHANNEL_COUNT = 30;
/** Where a curve keying the copy's rotation mode writes its number, after the channels. */
const MODE_AT = CHANNEL_COUNT;
const BONE_CHANNELS: readonly Channel[] = ['location', 'rotation_euler', 'rotation_quaternion', 'rotation_axis_angle', 'scale'];

/** The scratch copy an action is evaluated on, and the curves that write it. */
export interface ActionPose {
  /** `bone`: a temporary pose channel (BKE_pchan_to_mat4); `object`: a work object (BKE_object_to_mat4). */
  kind: 'bone' | 'object';
  /** The copy's rotation mode: the bone's, or (object channels) the object's — for a bone owner, its armature's. */
  mode: RotationMode;
  curves: PackedFCurve[];
  /** The channel-array index each curve writes. */
  slots: Int32Array;
  /** Each curve's first key value: what Blender samples at a NaN frame (see {@link sampleActionPose}). */
  firstValues: Float64Array;
  /** The copy's channels: their cleared values, and each frame the curves' values over them. */
  channels: Float64Array;
  /** When the action keys the copy's rotation mode: the cleared channels, which each sample starts from (a change of mode converts what it finds). */
  cleared: Float64Array | undefined;
}

/** What {@link bindActionPose} made, with a sentence for each curve it uses that Sinew evaluates differently. */
export interface BoundActionPose {
  pose: ActionPose;
  /** Curves with F-curve modifiers Sinew does not evaluate (modifiers.ts: Noise, a Cycles with a range or influence). */
  notes: string[];
}

/**
 * The curves of `action` that reach the scratch copy, packed. For a bone (`bone` its name) Blender
 * evaluates only the action group named after it when the action has one, else every curve; of
 * those, the paths `pose.bones["bone"].<transform>` resolve on the temporary pose. For object
 * channels (`bone` null) every curve is evaluated on the work object; its transform and delta
 * transform paths are what BKE_object_to_mat4 reads. Muted curves, curves in a muted group and
 * curves without keys are skipped, as Blender skips them; paths of anything else (custom
 * properties, constraint settings, other bones) write nothing the result reads.
 */
export function bindActionPose(action: ActionSource, bone: string | null, mode: RotationMode): BoundActionPose {
  const muted = new Set((action.groups ?? []).filter((g) => g.mute === true).map((g) => g.name));
  // A group can be empty, so the action's list of groups decides when it is given.
  const hasGroup = bone !== null && (action.groups ? action.groups.some((g) => g.name === bone) : action.fcurves.some((f) => f.group === bone));
  const used: { f: ActionFCurve; slot: number }[] = [];
  for (const f of action.fcurves) {
    if (f.mute === true || f.keyframes.length === 0) continue;
    const group = f.group ?? null;
    if (group !== null && muted.has(group)) continue;
    if (hasGroup && group !== bone) continue;
    const slot = slotOf(f, bone);
    if (slot !== undefined) used.push({ f, slot });
  }
  const notes = used.flatMap(({ f }) => unevaluatedModifiers(f));
  // One list of timings: curves keyed at the same frames locate the action's frame once between them.
  const timings: FCurveTiming[] = [];
  const curves = used.map(({ f }) => packFCurve(f, timings));
  return {
    pose: {
      kind: bone === null ? 'object' : 'bone',
      mode,
      curves,
      slots: Int32Array.from(used.map((u) => u.slot)),
      firstValues: Float64Array.from(curves.map((c) => (c.count > 0 ? c.keys[1] : 0))),
      channels: clearedChannels(bone === null),
      cleared: used.some((u) => u.slot === MODE_AT) ? clearedChannels(bone === null) : undefined,
    },
    notes,
  };
}

/** The channel-array index a curve writes on the copy, or undefined when it writes nothing the result reads. */
function slotOf(f: ActionFCurve, bone: string | null): number | undefined {
  const t = pathTarget(f.data_path, f.array_index);
  let channel: string;
  if (bone !== null) {
    if (t?.kind !== 'bone-channel' || t.bone !== bone) return undefined;
    channel = t.channel;
    if (channel === 'rotation_mode') return t.index === 0 ? MODE_AT : undefined;
    if (!(BONE_CHANNELS as readonly string[]).includes(channel)) return undefined;
  } else {
    if (t?.kind !== 'object-channel') return undefined;
    channel = t.channel;
    if (channel === 'rotation_mode') return t.index === 0 ? MODE_AT : undefined;
    if (!Object.hasOwn(CHANNEL_AT, channel)) return undefined;
  }
  const c = channel as Channel;
  const i = t.index;
  if (!Number.isInteger(i) || i < 0 || i >= CHANNEL_SIZE[c]) return undefined;
  const quaternion = c === 'rotation_quaternion' || c === 'delta_rotation_quaternion';
  return CHANNEL_AT[c] + (quaternion ? [3, 0, 1, 2][i] : i);
}

/** Modifiers Sinew's F-curves do not evaluate (nodes/math/fcurve/modifiers.ts). */
function unevaluatedModifiers(f: ActionFCurve): string[] {
  return (f.modifiers ?? []).flatMap((m) => {
    const why = unsupportedModifier(m);
    return why ? [`F-curve ${f.data_path}[${f.array_index}] has ${why}, which Sinew does not evaluate`] : [];
  });
}

/**
 * The copy before any curve writes it. A temporary pose channel (BKE_pose_channel_ensure) has a unit
 * quaternion, the axis-angle (0, 1, 0) by 0 and unit scale. A work object is cleared to zeros
 * (BKE_object_workob_clear) but for unit scale and delta scale: its quaternions are (0, 0, 0, 0),
 * which Blender's normalize_qt turns into 180° about X — for rotation and delta rotation alike, so
 * with neither animated they cancel.
 */
function clearedChannels(object: boolean): Float64Array {
  const c = new Float64Array(CHANNEL_COUNT + 1);
  c.fill(1, CHANNEL_AT.scale, CHANNEL_AT.scale + 3);
  c.fill(1, CHANNEL_AT.delta_scale, CHANNEL_AT.delta_scale + 3);
  if (!object) {
    c[CHANNEL_AT.rotation_quaternion + 3] = 1;
    c[CHANNEL_AT.rotation_axis_angle + 2] = 1;
  }
  return c;
}

const rot = new Float64Array(9);
const delta = new Float64Array(9);
const q = new Float64Array(4);
const view = {
  euler: new Float64Array(3),
  axisAngle: new Float64Array(4),
};

/**
 * The action at `frame[0]` for the owner, into `out` (a 4x4): the curves write the copy's channels,
 * in the action's order, then its matrix is built. A curve keying the copy's rotation mode writes it
 * as Blender's RNA does: a mode other than the one the copy has (the owner's) converts the rotation
 * written so far into the new mode's channels. A NaN frame (Blender's range of 0 width with the
 * target on it: 0/0) gives each curve's first key value, as Blender's key search ends on the first
 * key with a segment of zero length there. Allocates nothing (but on a sample that changes the
 * mode, where V8 runs code that rare unoptimized).
 */
export function sampleActionPose(out: Float64Array, pose: ActionPose, frame: Float64Array): Float64Array {
  const { curves, slots, channels, cleared } = pose;
  let mode = pose.mode;
  if (cleared !== undefined) channels.set(cleared);
  for (let i = 0; i < curves.length; i++) {
    if (frame[0] === frame[0]) evaluateFCurve(curves[i], frame, channels, slots[i]);
    else channels[slots[i]] = pose.firstValues[i];
    if (slots[i] !== MODE_AT) continue;
    const to = rotationModeOfValue(Math.trunc(channels[MODE_AT]));
    if (to === undefined || to === mode) continue;
    changeRotationMode(channels, CHANNEL_AT.rotation_euler, mode, to);
    mode = to;
  }
  rotationOf(rot, channels, CHANNEL_AT.rotation_euler, CHANNEL_AT.rotation_quaternion, CHANNEL_AT.rotation_axis_angle, mode);
  let sx = channels[CHANNEL_AT.scale], sy = channels[CHANNEL_AT.scale + 1], sz = channels[CHANNEL_AT.scale + 2];
  let lx = channels[CHANNEL_AT.location], ly = channels[CHANNEL_AT.location + 1], lz = channels[CHANNEL_AT.location + 2];
  if (pose.kind === 'object') {
    // BKE_object_rot_to_mat3 with deltas: the delta rotation first (dmat · rmat); a work object's
    // delta axis-angle is cleared (RNA has no curve for it), which axis_angle_to_mat3 makes identity.
    rotationOf(delta, channels, CHANNEL_AT.delta_rotation_euler, CHANNEL_AT.delta_rotation_quaternion, -1, mode);
    multiplyMat3(rot, delta, rot);
    sx *= channels[CHANNEL_AT.delta_scale]; sy *= channels[CHANNEL_AT.delta_scale + 1]; sz *= channels[CHANNEL_AT.delta_scale + 2];
    lx += channels[CHANNEL_AT.delta_location]; ly += channels[CHANNEL_AT.delta_location + 1]; lz += channels[CHANNEL_AT.delta_location + 2];
  }
  out[0] = rot[0] * sx; out[1] = rot[1] * sx; out[2] = rot[2] * sx; out[3] = 0;
  out[4] = rot[3] * sy; out[5] = rot[4] * sy; out[6] = rot[5] * sy; out[7] = 0;
  out[8] = rot[6] * sz; out[9] = rot[7] * sz; out[10] = rot[8] * sz; out[11] = 0;
  out[12] = lx; out[13] = ly; out[14] = lz; out[15] = 1;
  return out;
}

/**
 * A 3x3 rotation from the channels at the given offsets, in `mode` (BKE_pchan_rot_to_mat3,
 * BKE_object_rot_to_mat3): Euler angles in the mode's order, the quaternion normalized
 * (normalize_qt: zero is 180° about X), the axis-angle (a zero axis is identity; `axisAt` −1: no
 * such channel, identity).
 */
function rotationOf(out: Float64Array, c: Float64Array, eulerAt: number, quatAt: number, axisAt: number, mode: RotationMode): void {
  if (mode === 'QUATERNION') {
    q[0] = c[quatAt]; q[1] = c[quatAt + 1]; q[2] = c[quatAt + 2]; q[3] = c[quatAt + 3];
    quatToMat3(out, normalizeQuatTo(q, q));
  } else if (mode === 'AXIS_ANGLE') {
    const a = view.axisAngle;
    if (axisAt < 0) a.fill(0);
    else { a[0] = c[axisAt]; a[1] = c[axisAt + 1]; a[2] = c[axisAt + 2]; a[3] = c[axisAt + 3]; }
    axisAngleValueToMat3(out, a);
  } else {
    const e = view.euler;
    e[0] = c[eulerAt]; e[1] = c[eulerAt + 1]; e[2] = c[eulerAt + 2];
    eulerToMat3(out, e, mode);
  }
}
