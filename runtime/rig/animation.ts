// Actions as the pose source: each frame, before an owner's pre step, the F-curves of the action
// its object points at write the owner's transform channels, and the owner's basis is rebuilt from
// them (README-action-additions.md §4.7). Channels without a curve keep the scene's values. An
// object's delta channels are animated too; an object that has deltas (or whose action keys them)
// rebuilds its basis with them, every other owner exactly as before (decided here, at compile).
// Built once at compile; per frame it allocates nothing.
import type { GraphError } from '../../graph/types';
import { evaluateFCurve, evaluateFCurvesTogether, keysAlone, packFCurve, type PackedFCurve } from '../../nodes/math/fcurve/fcurve';
import type { FCurveTiming } from '../../nodes/math/fcurve/timing';
import type { RigOwner } from './rig';
import { basisMatrix, type BasisChannels } from '../../nodes/math/basis';
import { objectBasisMatrix, type DeltaChannels } from '../../nodes/math/object-basis';
import { ANIMATED_COUNT, CHANNELS, channelSlot, channelSpan, isDeltaChannel, isRotationModePath, MODE_SLOT, parseDataPath } from './scene/data-path';
import type { DeltaTransformProps, SceneAction, SceneDocument, SceneNla, SceneNlaStrip, SceneObject, TransformProps } from './scene/types';
import { changeRotationMode, eulerOrderOfMode, rotationModeOfValue, rotationModeValue } from '../../nodes/math/rotation-mode-change';
import { actionRange, blendCode, BONE_CHANNEL_DEFAULTS, CHANNEL_DEFAULTS, flushProperty, evaluateNla, linkModifiers, linkQuaternionParts, linkTransitions, MIX_OF, nestedStrips, stripEval, type NlaStripEval, type OwnerNla } from './nla';

/** One owner's animation: its channels, the curves that write them, and the basis they make. */
export interface OwnerAnimation {
  owner: RigOwner;
  channels: Float64Array;
  curves: PackedFCurve[];
  /** Channel index each curve writes. */
  slots: Int32Array;
  /** Views of `channels` in the shape `basisMatrix` reads. */
  basis: BasisChannels;
  /**
   * Views of `channels` holding an object's deltas, when it has them or its action keys them (then
   * they are also the owner's `deltas`, so what reads them sees this frame's values); else undefined.
   */
  deltas: DeltaChannels | undefined;
  /** The object's NLA for this owner (nla.ts), when Blender plays one: it writes the channels instead of `curves`. */
  nla: OwnerNla | undefined;
  /** Whether a curve (slot MODE_SLOT) keys the owner's rotation mode: the basis then follows it (rotation-mode-change.ts). */
  keysMode: boolean;
  /** With an NLA keying the mode: the owner's rotations as they were before this frame's NLA wrote them (Euler, quaternion, axis-angle). */
  before: Float64Array | undefined;
  /** The timing every curve shares, when they can be evaluated together (`evaluateFCurvesTogether`): no mode keyed, each curve its keys alone. */
  together: FCurveTiming | undefined;
}

/**
 * The animated owners of a scene, parents before children (rig order). Curves Sinew cannot apply
 * (a property other than location/rotation/scale and an object's deltas, a bone that is not there, an index out of range)
 * are reported in `warnings` by pointer; custom-property curves drive nothing and are skipped.
 */
export function buildAnimation(scene: SceneDocument, owners: RigOwner[], byId: Map<string, RigOwner>, warnings: GraphError[]): OwnerAnimation[] {
  const actions = new Map((scene.actions ?? []).map((a, i) => [a.name, { action: a, index: i }] as const));
  const byOwner = new Map<RigOwner, OwnerAnimation>();
  const keysDeltas = new Set<RigOwner>();
  // One list of timings for the scene: every curve keyed at the same frames (a bone's channels, often
  // a whole action) locates the frame, and solves its Bezier segment, once a frame between them.
  const timings: FCurveTiming[] = [];
  const animOf = (owner: RigOwner) => {
    let anim = byOwner.get(owner);
    if (!anim) byOwner.set(owner, (anim = ownerAnimation(owner)));
    return anim;
  };
  const ctx: CurveContext = { actions, byId, timings, keysDeltas, warnings, warned: new Set() };
  scene.objects.forEach((o) => {
    if (o.animation_data?.nla) {
      buildNla(o, o.animation_data.nla, o.animation_data.action, ctx, animOf);
      return;
    }
    for (const { owner, slot, curve } of curveTargets(o, o.animation_data?.action, ctx)) {
      const anim = animOf(owner);
      if (slot === MODE_SLOT) anim.keysMode = true;
      anim.curves.push(curve);
      anim.slots = Int32Array.from([...anim.slots, slot]);
    }
  });
  for (const anim of byOwner.values()) {
    const o = anim.owner;
    anim.together = sharedTiming(anim);
    // The channels (which start from the scene's values) hold the object's deltas from here on.
    if (o.kind === 'object' && (o.deltas !== undefined || keysDeltas.has(o))) o.deltas = anim.deltas = deltaViews(anim.channels);
  }
  return owners.flatMap((o) => byOwner.get(o) ?? []);
}

interface CurveContext {
  actions: Map<string, { action: SceneAction; index: number }>;
  byId: Map<string, RigOwner>;
  timings: FCurveTiming[];
  /** Owners whose delta channels a curve keys. */
  keysDeltas: Set<RigOwner>;
  warnings: GraphError[];
  /** Pointers already warned about (an action several NLA strips play is read once per strip). */
  warned: Set<string>;
}

/**
 * The curves of action `name` that play on object `o` (not muted, with keys, not in a muted group:
 * Blender's is_fcurve_evaluatable, measured in 3.4.1), packed, with the owner and channel each
 * writes (MODE_SLOT for the rotation mode). Curves Sinew cannot apply are reported by pointer;
 * custom-property curves drive nothing here (the property nodes read them) and are skipped.
 */
function curveTargets(o: SceneObject, name: string | null | undefined, c: CurveContext): { owner: RigOwner; slot: number; curve: PackedFCurve }[] {
  const found = typeof name === 'string' ? c.actions.get(name) : undefined;
  if (!found) return [];
  const warn = (pointer: string, message: string) => {
    if (c.warned.has(pointer)) return;
    c.warned.add(pointer);
    c.warnings.push({ code: 'unsupported-channel', pointer, message: `action "${found.action.name}": ${message}; the curve is ignored` });
  };
  const mutedGroups = new Set((found.action.groups ?? []).filter((g) => g.mute === true).map((g) => g.name));
  return found.action.fcurves.flatMap((f, fi) => {
    const pointer = `/scene/actions/${found.index}/fcurves/${fi}`;
    if (f.mute === true || f.keyframes.length === 0 || (typeof f.group === 'string' && mutedGroups.has(f.group)) || f.read_by_node === true) return [];
    const path = parseDataPath(f.data_path);
    if (path?.kind === 'custom') return [];
    if (path !== undefined && isRotationModePath(path)) {
      const owner = c.byId.get(path.bone === null ? o.name : `${o.name}/${path.bone}`);
      if (owner && (path.bone === null || owner.kind === 'bone')) return [{ owner, slot: MODE_SLOT, curve: packFCurve(f, c.timings) }];
      warn(`${pointer}/data_path`, `"${f.data_path}" names a bone "${path.bone}" that "${o.name}" does not have`);
      return [];
    }
    if (!path || path.kind === 'other') {
      // A B-Bone setting is read by the bone's B-Bone node, where the Blender import links its curve.
      const why = path?.property.startsWith('bbone_') ? ' here: a B-Bone setting is animated through an input of the bone\'s B-Bone node (a driver/channel node linked into it)' : '';
      warn(`${pointer}/data_path`, `animating "${f.data_path}" is not supported${why}`);
      return [];
    }
    const owner = c.byId.get(path.bone === null ? o.name : `${o.name}/${path.bone}`);
    if (!owner || (path.bone !== null && owner.kind !== 'bone')) {
      warn(`${pointer}/data_path`, `"${f.data_path}" names a bone "${path.bone}" that "${o.name}" does not have`);
      return [];
    }
    const slot = channelSlot(path.channel, f.array_index);
    if (slot === undefined) {
      warn(`${pointer}/array_index`, `"${f.data_path}" has no index ${f.array_index}`);
      return [];
    }
    if (isDeltaChannel(path.channel)) c.keysDeltas.add(owner);
    return [{ owner, slot, curve: packFCurve(f, c.timings) }];
  });
}

/**
 * The NLA of object `o` as each of its owners plays it (nla.ts): tracks as Blender takes them (only
 * the solo one when one is; else the unmuted ones), every strip in each for the time search, each
 * strip with the curves of its action that write that owner; the active action on top unless a track
 * is solo.
 */
function buildNla(o: SceneObject, nla: SceneNla, actionName: string | null, c: CurveContext, animOf: (owner: RigOwner) => OwnerAnimation): void {
  const solo = nla.tracks.some((t) => t.is_solo === true);
  const tracks = nla.tracks.filter((t) => (solo ? t.is_solo === true : t.mute !== true));
  const perOwner = new Map<RigOwner, OwnerNla>();
  const nlaOf = (owner: RigOwner): OwnerNla => {
    let n = perOwner.get(owner);
    if (!n) {
      const scratch = new Float64Array(16);
      n = { domain: new Int32Array(0), defaults: owner.kind === 'bone' ? BONE_CHANNEL_DEFAULTS : CHANNEL_DEFAULTS, mix: MIX_OF, tracks: tracks.map((t) => t.strips.map(stripEval)), action: undefined, scratch, time: scratch.subarray(0, 1) };
      perOwner.set(owner, n);
    }
    return n;
  };
  // Each strip's curves, by owner; a meta strip's inside it (`at`: the way down to the strip's eval).
  // A mode blended other than by REPLACE can come out as a number that is no mode, which Blender
  // reads past the end of its table of Euler orders: Sinew keeps the mode the owner has then.
  const blendsMode = (blend: string | undefined, what: string, action: string | null | undefined) => {
    if (blend !== undefined && blend !== 'REPLACE') c.warnings.push({ code: 'unsupported-channel', pointer: `/scene/actions/${c.actions.get(action ?? '')?.index ?? 0}`, message: `object "${o.name}": ${what} blends a rotation mode by ${blend}, which can give a number that is no mode (Blender then reads past its table of Euler orders); at such a frame Sinew keeps the mode the owner had` });
  };
  const assign = (st: SceneNlaStrip, at: (n: OwnerNla) => NlaStripEval): void => {
    for (const { owner, slot, curve } of curveTargets(o, st.action, c)) {
      if (slot === MODE_SLOT) blendsMode(st.blend_type, `NLA strip "${st.name ?? ''}"`, st.action);
      const e = at(nlaOf(owner));
      e.curves.push(curve);
      e.slots = Int32Array.from([...e.slots, slot]);
    }
    (st.strips ?? []).forEach((child, ci) => { assign(child, (n) => at(n).children![ci]); });
  };
  tracks.forEach((t, ti) => { t.strips.forEach((st, si) => { assign(st, (n) => n.tracks[ti][si]); }); });
  if (!solo && actionName !== null) {
    for (const { owner, slot, curve } of curveTargets(o, actionName, c)) {
      if (slot === MODE_SLOT) blendsMode(nla.action_blend_type, `the action over its NLA`, actionName);
      const n = nlaOf(owner);
      n.action ??= { curves: [], slots: new Int32Array(0), unkeyedParts: new Int32Array(0), blend: blendCode(nla.action_blend_type), influence: Math.fround(nla.action_influence ?? 1), range: actionRange(nla) };
      n.action.curves.push(curve);
      n.action.slots = Int32Array.from([...n.action.slots, slot]);
    }
  }
  for (const [owner, n] of perOwner) {
    linkQuaternionParts(n);
    // The NLA's domain (nla_eval_domain_action): every channel a strip or the action keys, and all
    // four parts of a quaternion it keys any of.
    const keyed = (e: { slots: Int32Array; unkeyedParts: Int32Array }) => [...e.slots, ...e.unkeyedParts];
    const slots = new Set<number>([...n.tracks.flatMap(nestedStrips).flatMap(keyed), ...(n.action ? keyed(n.action) : [])]);
    n.domain = Int32Array.from([...slots].sort((a, b) => a - b));
    linkTransitions(n, ANIMATED_COUNT, channelSpan);
    linkModifiers(n);
    const anim = animOf(owner);
    anim.nla = n;
    if (slots.has(MODE_SLOT)) {
      // The rest of the domain in Blender's order: the active action's curves, then every strip's.
      const walk = [...(n.action ? n.action.slots : []), ...n.tracks.flatMap(nestedStrips).flatMap((e) => [...e.slots])];
      const written = new Uint8Array(11);
      for (const slot of n.domain) if (slot >= ROTATIONS_AT && slot < ROTATIONS_AT + 11) written[slot - ROTATIONS_AT] = 1;
      n.flushOrder = { stamps: new Int32Array(5), domain: Int32Array.from(new Set(walk.map(flushProperty).filter((p) => p >= 0))), written };
      anim.keysMode = true;
      anim.before = new Float64Array(11);
    }
  }
}

/** The timing all of an owner's curves share, when they can be evaluated together (`OwnerAnimation.together`). */
function sharedTiming(a: OwnerAnimation): FCurveTiming | undefined {
  const timing = a.curves[0]?.timing;
  if (a.keysMode || !timing) return undefined;
  return a.curves.every((c) => c.timing === timing && keysAlone(c)) ? timing : undefined;
}

/** The delta channels of a channel array, as views. */
function deltaViews(channels: Float64Array): DeltaChannels {
  const view = (name: keyof typeof CHANNELS) => channels.subarray(CHANNELS[name].offset, CHANNELS[name].offset + CHANNELS[name].size);
  return { location: view('delta_location'), rotation_euler: view('delta_rotation_euler'), rotation_quaternion: view('delta_rotation_quaternion'), scale: view('delta_scale') };
}

function ownerAnimation(owner: RigOwner): OwnerAnimation {
  const source: TransformProps & DeltaTransformProps = owner.kind === 'bone' ? owner.source.pose ?? {} : owner.source;
  const channels = new Float64Array(ANIMATED_COUNT);
  const put = (name: keyof typeof CHANNELS, values: number[] | undefined, fallback: number[]) => { channels.set(values ?? fallback, CHANNELS[name].offset); };
  put('location', source.location, [0, 0, 0]);
  put('rotation_euler', source.rotation_euler, [0, 0, 0]);
  put('rotation_quaternion', source.rotation_quaternion, [0, 0, 0, 1]);
  put('rotation_axis_angle', source.rotation_axis_angle, [0, 0, 1, 0]);
  put('scale', source.scale, [1, 1, 1]);
  put('delta_location', source.delta_location, [0, 0, 0]);
  put('delta_rotation_euler', source.delta_rotation_euler, [0, 0, 0]);
  put('delta_rotation_quaternion', source.delta_rotation_quaternion, [0, 0, 0, 1]);
  put('delta_scale', source.delta_scale, [1, 1, 1]);
  channels[MODE_SLOT] = rotationModeValue(source.rotation_mode ?? 'XYZ');
  const view = (name: keyof typeof CHANNELS) => channels.subarray(CHANNELS[name].offset, CHANNELS[name].offset + CHANNELS[name].size);
  return {
    owner,
    channels,
    curves: [],
    slots: new Int32Array(0),
    basis: {
      location: view('location'),
      rotation_mode: source.rotation_mode ?? 'XYZ',
      rotation_euler: view('rotation_euler'),
      rotation_quaternion: view('rotation_quaternion'),
      rotation_axis_angle: view('rotation_axis_angle'),
      scale: view('scale'),
    },
    deltas: undefined,
    nla: undefined,
    keysMode: false,
    before: undefined,
    together: undefined,
  };
}

/** Writes the owner's channels for `frame[0]` and rebuilds its basis. Allocates nothing. */
export function animateOwner(a: OwnerAnimation, frame: Float64Array): void {
  playChannels(a, frame);
  const deltas = a.deltas;
  if (deltas === undefined) basisMatrix(a.owner.basis, a.basis);
  else objectBasisMatrix(a.owner.basis, a.basis, deltas);
}

/** Writes the owner's channels for `frame[0]` (the NLA's or the action's curves), leaving its basis as it is. */
export function playChannels(a: OwnerAnimation, frame: Float64Array): void {
  playChannelsInto(a, frame, a.channels);
}

/**
 * The same into `out` (laid out as `channels`, and holding their unanimated values): what a driver
 * reading one of the owner's channels sees, worked out without touching the owner's own channels,
 * which a node may have overwritten with driven values this frame.
 */
export function playChannelsInto(a: OwnerAnimation, frame: Float64Array, out: Float64Array): void {
  const { curves, slots } = a;
  if (a.nla !== undefined) {
    const before = a.before;
    if (before !== undefined) for (let i = 0; i < 11; i++) before[i] = out[ROTATIONS_AT + i];
    evaluateNla(a.nla, frame, out);
    if (before !== undefined) flushNlaMode(a, before, out);
  }
  if (a.together !== undefined) { evaluateFCurvesTogether(curves, slots, a.together, frame, out); return; }
  for (let i = 0; i < curves.length; i++) {
    evaluateFCurve(curves[i], frame, out, slots[i]);
    if (slots[i] === MODE_SLOT) writeMode(a, out, out);
  }
}

/** Where the rotations start in the channel array: Euler (3), quaternion (4) and axis-angle (4), in a row. */
const ROTATIONS_AT = CHANNELS.rotation_euler.offset;
const work = new Float64Array(ANIMATED_COUNT);

/**
 * The mode number in out[MODE_SLOT] written as Blender writes an enum (the number cut to a whole
 * one), with `rotations` holding the owner's rotations at that moment (`out`, or for an NLA a copy
 * as its flush left them then): a mode other than the one the owner holds converts them into the
 * new mode's channels (in `rotations`). Into the owner's own channels it becomes the owner's mode,
 * which its basis, its constraints and drivers reading it follow, and it stays until a frame
 * changes it (Blender keeps it on the evaluated pose). Returns whether it converted. A frame that
 * changes a mode allocates (V8 runs code that rare unoptimized); every other frame allocates nothing.
 */
function writeMode(a: OwnerAnimation, out: Float64Array, rotations: Float64Array): boolean {
  const mode = rotationModeOfValue(Math.trunc(out[MODE_SLOT]));
  const held = a.basis.rotation_mode ?? 'XYZ';
  if (mode === undefined || mode === held) return false;
  changeRotationMode(rotations, ROTATIONS_AT, held, mode);
  if (out === a.channels) {
    a.basis.rotation_mode = mode;
    a.owner.rotationMode = mode;
    a.owner.rotationOrder = eulerOrderOfMode(mode);
  }
  return true;
}

/**
 * An NLA keying the mode, after it wrote this frame's channels into `out` (`before`: the rotations
 * as they were): Blender writes the channels one property after another in its flush order
 * (nla.ts FlushOrder), each only at the elements the NLA animates, the mode through RNA. So the
 * rotations the mode's change converts are those written before it this frame and, for those
 * written after it, their values from before; the elements written after it then replace what it
 * converted, and the others keep it.
 */
function flushNlaMode(a: OwnerAnimation, before: Float64Array, out: Float64Array): void {
  const { stamps, written } = a.nla!.flushOrder!;
  const mode = stamps[3];
  work.set(out);
  for (let p = 0; p < 3; p++) {
    if (stamps[p] > mode) for (let i = PROPERTY_SPANS[2 * p]; i < PROPERTY_SPANS[2 * p + 1]; i++) work[ROTATIONS_AT + i] = before[i];
  }
  if (!writeMode(a, out, work)) return;
  for (let p = 0; p < 3; p++) {
    const after = stamps[p] > mode;
    for (let i = PROPERTY_SPANS[2 * p]; i < PROPERTY_SPANS[2 * p + 1]; i++) if (!(after && written[i] === 1)) out[ROTATIONS_AT + i] = work[ROTATIONS_AT + i];
  }
}

/** Euler, quaternion and axis-angle as [start, end) pairs from ROTATIONS_AT. */
const PROPERTY_SPANS = Int32Array.of(0, 3, 3, 7, 7, 11);
