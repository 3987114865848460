// An object's NLA as Blender 3.4 plays it (anim_sys.cc animsys_evaluate_nla_for_flush), for one
// owner's channels: every channel any strip's action (or the active action) animates starts each
// frame from its default (location 0, rotation identity, scale 1: the NLA's domain, reset), then
// each track, bottom to top, blends the strip it has at the frame into it (a transition strip: the
// strips either side of it each blended onto the frame so far, then mixed by how far through it the
// frame is or its keyed strip time, a meta strip there playing the strip inside it; a meta strip: the
// strip inside it at the frame, or at its keyed strip time as a fraction of its length), and the active action blends last over the whole timeline (only inside its range when its
// Extrapolation is Nothing) with its own blend type and
// influence. A strip's F-curve modifiers (nla-modifiers.ts) remap its time before its action's
// curves are read and change each curve's value after, joined with those of the meta strips and
// transition it plays inside. A track's strip at a frame: the one holding the frame, else the nearest one held (first
// strip HOLD before it, the previous strip HOLD or HOLD_FORWARD after it), the frame clamped to its
// end; a muted strip there gives nothing; a strip with global time (a strip tweaked not in place) at
// every frame, at the frame itself. Its influence is its blend-in and blend-out ramp (or its own value when animated
// influence is on), its time the action's (scale, repeat, reverse). Blending per channel as
// nla_blend_value: REPLACE, ADD, SUBTRACT, MULTIPLY, and COMBINE (nla_combine_value and
// nla_combine_quaternion). Built once; evaluating allocates nothing.
import { evaluateFCurve, packFCurve, type PackedFCurve } from '../../nodes/math/fcurve/fcurve';
import { packModifiers, type PackedModifiers } from '../../nodes/math/fcurve/modifiers';
import { curveValue, stripTime, type ModifierStack } from './nla-modifiers';
import { ANIMATED_COUNT, CHANNELS, MODE_SLOT } from './scene/data-path';
import type { NlaBlendType, SceneNla, SceneNlaStrip } from './scene/types';

const f32 = Math.fround;
const REPLACE = 0, ADD = 1, SUBTRACT = 2, MULTIPLY = 3, COMBINE = 4;
const HOLD = 0, HOLD_FORWARD = 1, NOTHING = 2;
const FLT_EPSILON = 1.1920928955078125e-7;

/**
 * Each channel's value when no strip writes it, in the channel array's layout: Blender's NLA defaults
 * (nlaevalchan_get_default_values): the RNA default (scale 1, the rest 0) but for a quaternion, the
 * unit quaternion, and an axis-angle, all four zero — not its RNA default (0, 0, 1, 0): measured in
 * 3.4.1, a REPLACE strip at influence 0.5 keying an axis-angle's Y at 0.9 gives 0.45.
 */
export const CHANNEL_DEFAULTS: Float64Array = defaultsWithMode(1);
/** The same for a pose bone, whose rotation mode's RNA default is QUATERNION (0); an object's is XYZ (1). */
export const BONE_CHANNEL_DEFAULTS: Float64Array = defaultsWithMode(0);

function defaultsWithMode(mode: number): Float64Array {
  const d = new Float64Array(ANIMATED_COUNT);
  for (const name of ['rotation_quaternion', 'delta_rotation_quaternion'] as const) d[CHANNELS[name].offset + 3] = 1;
  for (const name of ['scale', 'delta_scale'] as const) d.fill(1, CHANNELS[name].offset, CHANNELS[name].offset + 3);
  d[MODE_SLOT] = mode;
  return d;
}

/** One strip, for one owner: its settings and the curves of its action that write this owner. */
export interface NlaStripEval {
  /** start, end, action start, action end, scale, repeat, blend in, blend out, influence (float32). */
  settings: Float64Array;
  blend: number;
  extend: number;
  reverse: boolean;
  animatedInfluence: boolean;
  /** Its keyed influence and strip time (evaluated at the frame it plays), if any. */
  influenceCurve: PackedFCurve | undefined;
  timeCurve: PackedFCurve | undefined;
  /** Strip time keyed (use_animated_time), and wrapped into the action's range (use_animated_time_cyclic). */
  animatedTime: boolean;
  cyclicTime: boolean;
  /** Plays every frame at the scene's frame (NLASTRIP_FLAG_NO_TIME_MAP): always the track's strip, its time the frame. */
  globalTime: boolean;
  muted: boolean;
  /** A transition (Blender's TRANSITION strip): it plays the strips either side of it, mixed. */
  transition: boolean;
  /**
   * A transition's channels to mix: every element of each property a strip either side of it keys
   * (Blender mixes whole properties: NlaEvalChannel). Set by {@link linkTransitions}.
   */
  mixSlots: Int32Array;
  /** A meta strip's strips (Blender's META strip: a track inside a strip); undefined for others. */
  children: NlaStripEval[] | undefined;
  /** Its own F-curve modifiers Sinew evaluates (muted ones and Cycles left out: see nla-modifiers.ts); undefined when none. */
  modifiers: PackedModifiers | undefined;
  curves: PackedFCurve[];
  slots: Int32Array;
  /**
   * The parts of a quaternion the strip keys only some of: Blender blends the whole quaternion
   * (its blend domain, like its NLA domain, takes all four), the unkeyed parts at their defaults
   * (W 1, the rest 0). Set by {@link linkQuaternionParts}.
   */
  unkeyedParts: Int32Array;
}

/** Every strip of `strips` and of the meta strips among them, depth first. */
export function nestedStrips(strips: readonly NlaStripEval[]): NlaStripEval[] {
  return strips.flatMap((st) => [st, ...(st.children ? nestedStrips(st.children) : [])]);
}

export interface OwnerNla {
  /** Channel indices some strip or the action writes: reset to their default each frame. */
  domain: Int32Array;
  /** Each channel's default ({@link CHANNEL_DEFAULTS} for an owner's transform; a custom property's own default). */
  defaults: Float64Array;
  /** How COMBINE mixes each channel: −1 a quaternion as a whole, 1 multiplying, 0 adding ({@link MIX_OF} for a transform). */
  mix: Int8Array;
  tracks: NlaStripEval[][];
  /** The active action on top, as a strip that holds every frame or plays inside `range` (none when a track is solo). */
  action: { curves: PackedFCurve[]; slots: Int32Array; unkeyedParts: Int32Array; blend: number; influence: number; range: Float64Array | undefined } | undefined;
  /** Scratch: [0] the frame a track plays, [1] the strip's time, [2] its influence, [3] a curve's value, [4…11] a strip's two quaternions [x, y, z, w] for COMBINE, [12…15] work (doubles pass through here: V8 boxes one passed to a call it does not inline). */
  scratch: Float64Array;
  /** scratch[0] as a one-number view, the time a curve is evaluated at. */
  time: Float64Array;
  /** A transition's two snapshots of the channels, one after each strip either side of it (undefined: no transition). */
  snapshots?: [Float64Array, Float64Array];
  /** The modifiers of the strips playing now, outermost first (undefined: no strip has any). Set by {@link linkModifiers}. */
  modifiers?: ModifierStack;
  /** When the NLA keys the owner's rotation mode: the order it writes the rotations and the mode in this frame ({@link FlushOrder}). */
  flushOrder?: FlushOrder;
}

/**
 * The order Blender's NLA writes an owner's rotation properties and its mode (nladata_flush_channels
 * walks its channels in the order it made them: as the strips playing this frame, bottom track
 * first, read their curves, then the rest of the domain — the active action's curves, then every
 * strip's), which decides what a change of mode converts (rotation-mode-change.ts). `stamps`: for
 * Euler, quaternion, axis-angle and mode, the place each is written this frame (-1: not yet; after
 * {@link finishFlushOrder}, -1 only for what the NLA does not write at all), [4] the next place.
 * `domain`: the four in the rest of the domain's order. `written`: which elements of the rotations
 * (Euler 3, quaternion 4, axis-angle 4, in a row) the NLA writes at all: it writes only those.
 */
export interface FlushOrder {
  stamps: Int32Array;
  domain: Int32Array;
  written: Uint8Array;
}

const EULER_AT = CHANNELS.rotation_euler.offset, QUAT_AT = CHANNELS.rotation_quaternion.offset, AXIS_AT = CHANNELS.rotation_axis_angle.offset;

/** Which of the flush order's four a channel slot belongs to: 0 Euler, 1 quaternion, 2 axis-angle, 3 the mode; -1 none. */
export function flushProperty(slot: number): number {
  if (slot >= EULER_AT && slot < EULER_AT + 3) return 0;
  if (slot >= QUAT_AT && slot < QUAT_AT + 4) return 1;
  if (slot >= AXIS_AT && slot < AXIS_AT + 4) return 2;
  return slot === MODE_SLOT ? 3 : -1;
}

/** Notes that the curves in `slots` were read now (the first read of a property makes its channel). */
function stampCurves(order: FlushOrder, slots: Int32Array): void {
  const stamps = order.stamps;
  for (let i = 0; i < slots.length; i++) {
    const p = flushProperty(slots[i]);
    if (p >= 0 && stamps[p] < 0) stamps[p] = stamps[4]++;
  }
}

/** After the strips: what the domain has that no strip read this frame comes after, in the domain's order. */
function finishFlushOrder(order: FlushOrder): void {
  const stamps = order.stamps, domain = order.domain;
  for (let i = 0; i < domain.length; i++) if (stamps[domain[i]] < 0) stamps[domain[i]] = stamps[4]++;
}

/**
 * The frames the active action plays over inside, float32 ([start, end]), when its Extrapolation is
 * Nothing: Blender's action track strip keeps its range then, and holds every frame otherwise
 * (NLASTRIP_FLAG_NO_TIME_MAP). Within it the action's time is the frame itself (scale and repeat 1).
 */
export function actionRange(nla: SceneNla): Float64Array | undefined {
  const r = nla.action_range;
  return r ? Float64Array.of(f32(r[0]), f32(r[1])) : undefined;
}

export function blendCode(b: NlaBlendType | undefined): number {
  return b === 'ADD' ? ADD : b === 'SUBTRACT' ? SUBTRACT : b === 'MULTIPLY' ? MULTIPLY : b === 'COMBINE' ? COMBINE : REPLACE;
}

/**
 * How COMBINE mixes a channel (nlaevalchan_detect_mix_mode): a quaternion as a whole (−1), scale by
 * multiplying (1), everything else, axis-angle included, by adding (0).
 */
export const MIX_OF: Int8Array = (() => {
  const m = new Int8Array(ANIMATED_COUNT);
  for (const name of ['scale', 'delta_scale'] as const) m.fill(1, CHANNELS[name].offset, CHANNELS[name].offset + 3);
  for (const name of ['rotation_quaternion', 'delta_rotation_quaternion'] as const) m.fill(-1, CHANNELS[name].offset, CHANNELS[name].offset + 4);
  return m;
})();
const QUATERNIONS = [CHANNELS.rotation_quaternion.offset, CHANNELS.delta_rotation_quaternion.offset];

export function stripEval(st: SceneNlaStrip): NlaStripEval {
  const n = (v: number | undefined, fallback: number) => f32(typeof v === 'number' && Number.isFinite(v) ? v : fallback);
  return {
    settings: Float64Array.of(n(st.frame_start, 0), n(st.frame_end, 0), n(st.action_frame_start, 0), n(st.action_frame_end, 0), n(st.scale, 1), n(st.repeat, 1),
      Math.abs(n(st.blend_in, 0)), Math.abs(n(st.blend_out, 0)), n(st.influence, 1)),
    blend: blendCode(st.blend_type),
    extend: st.extrapolation === 'HOLD' ? HOLD : st.extrapolation === 'NOTHING' ? NOTHING : HOLD_FORWARD,
    reverse: st.use_reverse === true,
    animatedInfluence: st.use_animated_influence === true,
    influenceCurve: st.influence_curve ? packFCurve(st.influence_curve) : undefined,
    timeCurve: st.time_curve ? packFCurve(st.time_curve) : undefined,
    animatedTime: st.use_animated_time === true,
    cyclicTime: st.use_animated_time_cyclic === true,
    globalTime: st.global_time === true,
    muted: st.mute === true,
    transition: st.type === 'TRANSITION',
    mixSlots: new Int32Array(0),
    children: st.type === 'META' ? (st.strips ?? []).map(stripEval) : undefined,
    modifiers: packModifiers(st.modifiers),
    curves: [],
    slots: new Int32Array(0),
    unkeyedParts: new Int32Array(0),
  };
}

/**
 * Readies the transitions of `n` once its strips have their curves: each one's channels to mix
 * (`span(slot)`: the [start, end) of the property a channel belongs to), and the snapshots it
 * blends into. A transition without a strip on both sides plays nothing, as in Blender.
 */
export function linkTransitions(n: OwnerNla, channelCount: number, span: (slot: number) => readonly [number, number]): void {
  const lists = (strips: NlaStripEval[]): NlaStripEval[][] => [strips, ...strips.flatMap((st) => (st.children ? lists(st.children) : []))];
  for (const strips of n.tracks.flatMap(lists)) {
    strips.forEach((st, i) => {
      if (!st.transition || i === 0 || i === strips.length - 1) return;
      const mixed = new Set<number>();
      // A meta strip beside it plays the strips inside it: their channels.
      for (const side of nestedStrips([strips[i - 1], strips[i + 1]])) {
        for (const slot of side.slots) { const [a, b] = span(slot); for (let k = a; k < b; k++) mixed.add(k); }
      }
      st.mixSlots = Int32Array.from([...mixed].sort((a, b) => a - b));
      n.snapshots ??= [new Float64Array(channelCount), new Float64Array(channelCount)];
    });
  }
}

/**
 * Readies each strip's (and the action's) unkeyed quaternion parts once their curves are known: the
 * parts of a quaternion it keys some of and not all, which a non-COMBINE blend takes at their
 * defaults (measured in 3.4.1: a SUBTRACT strip keying only Y gives W = 1 − 1 = 0; an ADD at 0.5
 * keying only X, W = 1.5).
 */
export function linkQuaternionParts(n: OwnerNla): void {
  const parts = (slots: Int32Array): Int32Array => {
    const out: number[] = [];
    for (const q of QUATERNIONS) {
      const keyed = [0, 1, 2, 3].filter((k) => slots.includes(q + k));
      if (keyed.length > 0) for (let k = 0; k < 4; k++) if (!keyed.includes(k)) out.push(q + k);
    }
    return Int32Array.from(out);
  };
  for (const st of n.tracks.flatMap(nestedStrips)) st.unkeyedParts = parts(st.slots);
  if (n.action) n.action.unkeyedParts = parts(n.action.slots);
}

/**
 * Readies the strip modifiers of `n` (after {@link linkTransitions}): a stack deep enough for the
 * strips nested deepest (a clip in metas, or beside a transition in them), when any strip has
 * modifiers; none otherwise, so an NLA without them plays as it did.
 */
export function linkModifiers(n: OwnerNla): void {
  const all = n.tracks.flatMap(nestedStrips);
  if (!all.some((st) => st.modifiers !== undefined)) return;
  // Levels of strips (metas and the clip in them): each level pushes its strip's stack, and may
  // push a transition's beside it too (a transition whose side is a meta, inside a meta, …).
  const depth = (strips: readonly NlaStripEval[]): number => Math.max(0, ...strips.map((st) => 1 + (st.children ? depth(st.children) : 0)));
  const capacity = 2 * Math.max(...n.tracks.map(depth)) + 1;
  n.modifiers = { stack: new Array<PackedModifiers | undefined>(capacity).fill(undefined), depth: 0, stripTime: n.scratch.subarray(1, 2) };
}

/** Writes the owner's NLA channels for `frame[0]` into `channels`. Allocates nothing. */
export function evaluateNla(n: OwnerNla, frame: Float64Array, channels: Float64Array): void {
  const domain = n.domain;
  const defaults = n.defaults;
  for (let i = 0; i < domain.length; i++) channels[domain[i]] = defaults[domain[i]];
  const order = n.flushOrder;
  if (order !== undefined) { order.stamps.fill(-1); order.stamps[4] = 0; }
  const s = n.scratch;
  for (let t = 0; t < n.tracks.length; t++) {
    s[0] = frame[0];
    const strips = n.tracks[t];
    const i = stripAt(strips, s);
    if (i >= 0) playStrip(strips, i, n, channels);
  }
  const a = n.action;
  // Extrapolation Nothing: outside its range the action's strip is not found (nlastrips_ctime_get_strip).
  if (a !== undefined && (a.range === undefined || (f32(frame[0]) >= a.range[0] && f32(frame[0]) <= a.range[1]))) {
    if (a.range === undefined) s[0] = frame[0];
    else actionTime(a.range, frame, s);
    s[2] = a.influence;
    blendCurves(a.curves, a.slots, a.unkeyedParts, a.blend, n, channels);
  }
  if (order !== undefined) finishFlushOrder(order);
}

/**
 * The action's time inside its range (Extrapolation Nothing): Blender maps the frame through the
 * action track strip (nlastrip_get_frame_actionclip, scale and repeat 1) in float32, so a range a
 * modifier opens to ±1,048,574 frames keeps only an eighth of a frame of the frame's fraction (1.3e-3
 * off on a keyed scale when the frame was taken as it is: rigs.py random_nla_more42).
 */
function actionTime(range: Float64Array, frame: Float64Array, s: Float64Array): void {
  const start = range[0], end = range[1], cframe = f32(frame[0]);
  let length = f32(end - start);
  if (length === 0) length = 1;
  // Into s[0]: a double returned from a call V8 does not inline is boxed.
  s[0] = Math.abs(cframe - end) < FLT_EPSILON ? end : f32(start + f32(f32(cframe - start) % length));
}

/** The strip `strips[i]` at the frame s[0] (as stripAt leaves it), blended into `channels`: an action clip, a transition or a meta strip. */
function playStrip(strips: NlaStripEval[], i: number, n: OwnerNla, channels: Float64Array): void {
  const strip = strips[i], s = n.scratch;
  if (strip.transition) { playTransition(strips, i, n, channels); return; }
  if (strip.children !== undefined) { playMeta(strip, n, channels); return; }
  stripControls(strip, n);
  if (!(s[2] > 0)) return;
  playClip(strip, n, channels);
}

/**
 * nlastrip_evaluate_actionclip, its controls in s[1] (time) and s[2] (influence): the strip time
 * remapped by the modifiers in play (its own joined to its metas' and transition's), the action's
 * curves read there, each value changed by them at the strip's own time, blended into `channels`.
 */
function playClip(strip: NlaStripEval, n: OwnerNla, channels: Float64Array): void {
  const stack = n.modifiers;
  n.scratch[0] = n.scratch[1];
  if (stack === undefined) { blendCurves(strip.curves, strip.slots, strip.unkeyedParts, strip.blend, n, channels); return; }
  stack.stack[stack.depth++] = strip.modifiers;
  stripTime(stack, n.time);
  blendCurves(strip.curves, strip.slots, strip.unkeyedParts, strip.blend, n, channels);
  stack.depth--;
}

/**
 * nlastrip_evaluate_meta at the frame s[0]: the meta strip's frame as a fraction of its length
 * (reversed: from its end, as a transition's; keyed, with Animated Strip Time: the keyed value), back
 * to a frame across it, and the strip inside it at that frame played as a track's would be. Its own
 * influence only decides whether it plays.
 */
function playMeta(meta: NlaStripEval, n: OwnerNla, channels: Float64Array): void {
  const s = n.scratch, cframe = s[0];
  stripControls(meta, n);
  if (!(s[2] > 0)) return;
  s[0] = cframe;
  if (!ownStripTime(meta)) spanFraction(meta, s);
  playInside(meta, n, channels);
}

/** The strip inside `meta` at the fraction s[1] of its length, played with the meta's modifiers joined to those in play. */
function playInside(meta: NlaStripEval, n: OwnerNla, channels: Float64Array): void {
  const s = n.scratch, p = meta.settings;
  s[0] = f32(f32(s[1] * f32(p[1] - p[0])) + p[0]);
  const children = meta.children!;
  const i = stripAt(children, s);
  if (i < 0) return;
  const stack = n.modifiers;
  if (stack !== undefined) stack.stack[stack.depth++] = meta.modifiers;
  playStrip(children, i, n, channels);
  if (stack !== undefined) stack.depth--;
}

/**
 * nlastrip_get_frame_transition: how far through a meta strip the frame s[0] is (from its end when
 * reversed), in float32, into s[1] (numbers pass through the scratch: V8 boxes a double passed to or
 * returned from a call it does not inline, and this runs every frame; playTransition works out a
 * transition's the same way in place).
 */
function spanFraction(st: NlaStripEval, s: Float64Array): void {
  const p = st.settings, cframe = f32(s[0]), length = f32(p[1] - p[0]);
  s[1] = st.reverse ? f32(f32(p[1] - cframe) / length) : f32(f32(cframe - p[0]) / length);
}

/**
 * Whether stripControls left a meta's or transition's own strip time in s[1] (Blender's strip_time
 * when the time is keyed, or the scene's frame when the strip is not time-mapped), which Blender
 * then reads in place of the fraction of its length the frame is at.
 */
function ownStripTime(st: NlaStripEval): boolean {
  return (st.animatedTime && st.timeCurve !== undefined) || st.globalTime;
}

/**
 * nlastrip_evaluate_transition at the frame s[0] (within the transition): the strip before it
 * (controls at the transition's start) and the one after it (at its end) each blended onto a copy
 * of the channels, swapped when the transition is reversed, then each channel either keys mixed as
 * lower · (1 − t) + upper · t in float32 (nlaeval_snapshot_mix_and_free), t how far through the
 * transition the frame is (nlastrip_get_frame_transition), or its keyed strip time. A transition whose own influence is 0
 * plays nothing; its influence otherwise weighs nothing (Blender does not read it).
 */
function playTransition(strips: NlaStripEval[], i: number, n: OwnerNla, channels: Float64Array): void {
  const tr = strips[i], snapshots = n.snapshots;
  if (i === 0 || i === strips.length - 1 || snapshots === undefined) return;
  const s = n.scratch, p = tr.settings, cframe = f32(s[0]);
  stripControls(tr, n);
  if (!(s[2] > 0)) return;
  const length = f32(p[1] - p[0]);
  const t = ownStripTime(tr) ? s[1] : tr.reverse ? f32(f32(p[1] - cframe) / length) : f32(f32(cframe - p[0]) / length);
  const prev = strips[i - 1], next = strips[i + 1];
  const first = tr.reverse ? next : prev, second = tr.reverse ? prev : next;
  const firstAt = tr.reverse ? p[1] : p[0], secondAt = tr.reverse ? p[0] : p[1];
  const mix = tr.mixSlots;
  for (let k = 0; k < mix.length; k++) { snapshots[0][mix[k]] = channels[mix[k]]; snapshots[1][mix[k]] = channels[mix[k]]; }
  // The transition's modifiers join each side's (nlastrip_evaluate_transition).
  const stack = n.modifiers;
  if (stack !== undefined) stack.stack[stack.depth++] = tr.modifiers;
  blendSide(first, firstAt, n, snapshots[0]);
  blendSide(second, secondAt, n, snapshots[1]);
  if (stack !== undefined) stack.depth--;
  const u = f32(1 - t);
  for (let k = 0; k < mix.length; k++) {
    const c = mix[k];
    channels[c] = f32(f32(snapshots[0][c] * u) + f32(snapshots[1][c] * t));
  }
}

/**
 * A strip beside a transition, its controls taken at the transition's end `at`, blended into
 * `into`: an action clip at its influence there; a meta strip plays the strip inside it at that
 * frame (nlastrip_evaluate on the side: nlastrip_evaluate_meta, whose own influence it does not read).
 * Muted or not: Blender's transition evaluates both sides without asking (measured in 3.4.1, rigs.py
 * `nla_transitions_muted`: a muted side skipped was 0.1–0.8 off).
 */
function blendSide(st: NlaStripEval, at: number, n: OwnerNla, into: Float64Array): void {
  if (st.transition) return;
  const s = n.scratch;
  s[0] = at;
  if (st.children !== undefined) {
    spanFraction(st, s);
    playInside(st, n, into);
    return;
  }
  stripControls(st, n);
  playClip(st, n, into);
}

/**
 * nlastrips_ctime_get_strip: the index of the track's strip at the frame s[0], with the frame it
 * plays (clamped to the strip's end where it is held) in s[0]; −1 when none plays (or it is muted).
 */
function stripAt(strips: NlaStripEval[], s: Float64Array): number {
  const ctime = s[0];
  let found = -1;
  let clamp = 0; // 0 within, −1 before (its start), 1 after (its end)
  for (let i = 0; i < strips.length; i++) {
    const st = strips[i], start = st.settings[0], end = st.settings[1];
    if ((ctime >= start && ctime <= end) || st.globalTime) { found = i; clamp = 0; break; }
    if (ctime < start) {
      if (i === 0) { if (st.extend === HOLD) found = i; clamp = -1; }
      else { if (strips[i - 1].extend !== NOTHING) found = i - 1; clamp = 1; }
      break;
    }
    if (ctime > end && i === strips.length - 1) { if (st.extend !== NOTHING) found = i; clamp = 1; break; }
  }
  if (found < 0 || strips[found].muted) return -1;
  const st = strips[found];
  s[0] = clamp === 0 ? ctime : clamp < 0 ? st.settings[0] : st.settings[1];
  return found;
}

/**
 * nlastrip_evaluate_controls at the frame s[0]: its influence into s[2], the action's frame into
 * s[1]. Its own curves first (at that frame), then what is not keyed worked out.
 */
function stripControls(st: NlaStripEval, n: OwnerNla): void {
  const s = n.scratch, p = st.settings, cframe = f32(s[0]);
  const start = p[0], end = p[1], blendIn = p[6], blendOut = p[7];
  if (st.animatedTime && st.timeCurve !== undefined) {
    evaluateFCurve(st.timeCurve, n.time, s, 1);
    s[1] = f32(s[1]);
    // use_animated_time_cyclic: Blender's fmod of the keyed time into the action's length (not added back to its start).
    if (st.cyclicTime) s[1] = f32(f32(s[1] - p[2]) % f32(p[3] - p[2]));
  }
  if (st.animatedInfluence) {
    if (st.influenceCurve !== undefined) { evaluateFCurve(st.influenceCurve, n.time, s, 2); s[2] = f32(s[2]); }
    else s[2] = p[8];
  }
  else if (blendIn !== 0 && cframe <= f32(start + blendIn)) s[2] = f32(Math.abs(f32(cframe - start)) / blendIn);
  else if (blendOut !== 0 && cframe >= f32(end - blendOut)) s[2] = f32(Math.abs(f32(end - cframe)) / blendOut);
  else s[2] = 1;
  // NLASTRIP_FLAG_NO_TIME_MAP: the scene's frame itself (a keyed strip time is overwritten).
  if (st.globalTime) { s[1] = cframe; return; }
  if (st.animatedTime && st.timeCurve !== undefined) return;
  // nlastrip_get_frame_actionclip
  const repeat = p[5] === 0 ? 1 : p[5];
  const scale = Math.abs(p[4] === 0 ? 1 : p[4]);
  let length = f32(p[3] - p[2]);
  if (length === 0) length = 1;
  const whole = repeat === Math.floor(repeat);
  const atEnd = Math.abs(cframe - end) < FLT_EPSILON; // IS_EQF
  // fmodf: the remainder with the sign of the dividend, in float32.
  const within = f32(f32(f32(cframe - start) % f32(length * scale)) / scale);
  if (st.reverse) s[1] = atEnd && whole ? p[2] : f32(p[3] - within);
  else s[1] = atEnd && whole ? p[3] : f32(p[2] + within);
}

/**
 * Each curve at the frame s[0], blended into its channel by `blend` at the influence s[2]
 * (nla_blend_value, float32); then a partly keyed quaternion's other parts, at their defaults.
 */
function blendCurves(curves: PackedFCurve[], slots: Int32Array, unkeyed: Int32Array, blend: number, n: OwnerNla, channels: Float64Array): void {
  const s = n.scratch, time = n.time, inf = s[2];
  if (inf === 0) return;
  if (n.flushOrder !== undefined) stampCurves(n.flushOrder, slots);
  if (blend === COMBINE) { combineCurves(curves, slots, n, channels); return; }
  for (let i = 0; i < curves.length; i++) {
    curveValue(curves[i], n.modifiers, time, s);
    blendSlot(blend, channels, slots[i], s);
  }
  for (let i = 0; i < unkeyed.length; i++) {
    s[3] = n.defaults[unkeyed[i]];
    blendSlot(blend, channels, unkeyed[i], s);
  }
}

/**
 * nla_blend_value in float32: the strip's value s[3] onto channels[slot] by REPLACE, ADD, SUBTRACT
 * or MULTIPLY at the influence s[2] (numbers in the scratch: V8 boxes a double passed to or
 * returned from a call it does not inline).
 */
function blendSlot(blend: number, channels: Float64Array, slot: number, s: Float64Array): void {
  const lower = f32(channels[slot]), v = f32(s[3]), inf = s[2];
  if (blend === ADD) channels[slot] = f32(lower + f32(v * inf));
  else if (blend === SUBTRACT) channels[slot] = f32(lower - f32(v * inf));
  else if (blend === MULTIPLY) channels[slot] = f32(f32(inf * f32(lower * v)) + f32(f32(1 - inf) * lower));
  else channels[slot] = f32(f32(lower * f32(1 - inf)) + f32(v * inf));
}

/**
 * COMBINE (nla_combine_value, nla_combine_quaternion): a location or Euler angle adds the strip's
 * change from the default, a scale multiplies by the strip's ratio to it raised to the influence,
 * and a quaternion is multiplied by the strip's (both normalized, the strip's raised to the
 * influence) — the strip's whole quaternion, its unkeyed parts at their default.
 */
function combineCurves(curves: PackedFCurve[], slots: Int32Array, n: OwnerNla, channels: Float64Array): void {
  const s = n.scratch, time = n.time, inf = s[2], defaults = n.defaults;
  // The strip's quaternions start from identity; a flag in [12] and [13] says whether it keys each.
  for (let q = 0; q < 2; q++) { s[4 + 4 * q] = 0; s[5 + 4 * q] = 0; s[6 + 4 * q] = 0; s[7 + 4 * q] = 1; s[12 + q] = 0; }
  for (let i = 0; i < curves.length; i++) {
    curveValue(curves[i], n.modifiers, time, s);
    const slot = slots[i], v = f32(s[3]), mix = n.mix[slot];
    if (mix < 0) {
      const q = slot < QUATERNIONS[1] ? 0 : 1;
      s[4 + 4 * q + slot - QUATERNIONS[q]] = v;
      s[12 + q] = 1;
      continue;
    }
    const lower = f32(channels[slot]);
    if (mix === 0) channels[slot] = f32(lower + f32(f32(v - defaults[slot]) * inf));
    else channels[slot] = f32(lower * f32(Math.pow(f32(v / (defaults[slot] === 0 ? 1 : defaults[slot])), inf)));
  }
  for (let q = 0; q < 2; q++) if (s[12 + q] !== 0) combineQuaternion(channels, QUATERNIONS[q], s, 4 + 4 * q);
}

/** channels[at…] = normalize(lower) · normalize(strip)^influence, as Blender's pow_qt_fl_normalized and mul_qt_qtqt ([x, y, z, w] here, w first there). */
function combineQuaternion(channels: Float64Array, at: number, s: Float64Array, q: number): void {
  // The influence from s[2]: a double passed to a call V8 does not inline is boxed (32 bytes a frame on rigs.py random_nla16).
  const inf = s[2];
  let ax = channels[at], ay = channels[at + 1], az = channels[at + 2], aw = channels[at + 3];
  let len = Math.sqrt(aw * aw + ax * ax + ay * ay + az * az);
  if (len !== 0) { ax /= len; ay /= len; az /= len; aw /= len; } else { aw = 0; ax = 1; ay = 0; az = 0; }
  let bx = s[q], by = s[q + 1], bz = s[q + 2], bw = s[q + 3];
  len = Math.sqrt(bw * bw + bx * bx + by * by + bz * bz);
  if (len !== 0) { bx /= len; by /= len; bz /= len; bw /= len; } else { bw = 0; bx = 1; by = 0; bz = 0; }
  // pow_qt_fl_normalized: angle = influence · acos(w) (saacos), the axis kept at length sin(angle).
  const angle = inf * (bw <= -1 ? Math.PI : bw >= 1 ? 0 : Math.acos(bw));
  const co = Math.cos(angle), si = Math.sin(angle);
  const vl = Math.sqrt(bx * bx + by * by + bz * bz);
  if (vl !== 0) { bx = (bx / vl) * si; by = (by / vl) * si; bz = (bz / vl) * si; } else { bx = 0; by = 0; bz = 0; }
  bw = co;
  channels[at + 3] = f32(aw * bw - ax * bx - ay * by - az * bz);
  channels[at] = f32(aw * bx + ax * bw + ay * bz - az * by);
  channels[at + 1] = f32(aw * by + ay * bw + az * bx - ax * bz);
  channels[at + 2] = f32(aw * bz + az * bw + ax * by - ay * bx);
}
