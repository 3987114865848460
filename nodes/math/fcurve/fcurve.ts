// A keyframed F-curve evaluated as Blender 3.4's `evaluate_fcurve` does (README-action-additions.md
// §4): an optional CYCLES time remap, extrapolation from the end keys, a key hit within 1e-4
// frames, and per-segment interpolation (constant, linear, Bezier solved for the frame, or one of
// the easing equations). Curves are packed once (`packFCurve`) into typed arrays with every key
// number rounded to float32, as Blender stores them, and with what each segment's Bezier needs made
// then; evaluation allocates nothing. Where the frame falls is the curve's timing (timing.ts),
// shared by the curves packed with the same list of timings that are keyed at the same frames.
import { createEasing, EASE_AMPLITUDE, EASE_B, EASE_BACK, EASE_C, EASE_D, EASE_IN, EASE_IN_OUT, EASE_OUT, EASE_PERIOD, EASE_T, EASE_VALUE, easeBack, easeBounce, easeCirc, easeElastic, easeExpo, easePower, easeSine } from './easing';
import { bezierValue, bezierValueAt, BEZIER_VALUE_STRIDE, bezierFlat } from './bezier-segment';
import { CYCLE_MODES } from './cycles';
import { cyclesInTiming, cyclesSettings, modifyTime, modifyValue, packModifiers, type PackedModifiers } from './modifiers';
import { AFTER, BEFORE, fitsTiming, IN_SEGMENT, INDEX, locateFrame, makeTiming, OFFSET_CYCLES, OFFSET_ON, ON_KEY, TIME, U, WHERE, type FCurveTiming } from './timing';

export const INTERPOLATIONS = ['CONSTANT', 'LINEAR', 'BEZIER', 'SINE', 'QUAD', 'CUBIC', 'QUART', 'QUINT', 'EXPO', 'CIRC', 'BACK', 'BOUNCE', 'ELASTIC'] as const;
export type Interpolation = (typeof INTERPOLATIONS)[number];
export const EASINGS = ['AUTO', 'EASE_IN', 'EASE_OUT', 'EASE_IN_OUT'] as const;
export type Easing = (typeof EASINGS)[number];
export { CYCLE_MODES };
export type CycleMode = (typeof CYCLE_MODES)[number];

/** One key as the scene and the fixtures write it (Blender's names; handles already computed). */
export interface Keyframe {
  co: [number, number];
  handle_left?: [number, number];
  handle_right?: [number, number];
  interpolation?: Interpolation;
  easing?: Easing;
  back?: number;
  amplitude?: number;
  period?: number;
}

/** The CYCLES modifier's settings (only the first modifier of a curve may be one). */
export interface CyclesModifier {
  type: 'CYCLES';
  mute?: boolean;
  mode_before?: CycleMode;
  mode_after?: CycleMode;
  /** 0: infinite. */
  cycles_before?: number;
  cycles_after?: number;
}

export interface FCurveSource {
  keyframes: Keyframe[];
  extrapolation?: 'CONSTANT' | 'LINEAR';
  modifiers?: { type: string }[];
  /** Blender's FCURVE_INT_VALUES: the value, after the modifiers, rounded as `floorf(v + 0.5f)`. */
  int_values?: boolean;
  /** Blender's FCURVE_DISCRETE_VALUES: every segment held at its first key, the ends held past the keys. */
  discrete_values?: boolean;
}

/** Numbers per packed key: frame, value, left handle (x, y), right handle (x, y), back, amplitude, period. */
export const KEY_STRIDE = 9;
// A handle's y is read as its x + 1 (at 3 and 5), so only the x offsets are named.
const FRAME = 0, VALUE = 1, LEFT_X = 2, RIGHT_X = 4, BACK = 6, AMPLITUDE = 7, PERIOD = 8;

const I_CONSTANT = 0, I_LINEAR = 1, I_BEZIER = 2, I_SINE = 3, I_QUAD = 4, I_QUINT = 7, I_EXPO = 8, I_CIRC = 9, I_BACK = 10, I_BOUNCE = 11, I_ELASTIC = 12;

/** Scratch slot of a packed curve's value. */
const OUT = 0;

/** An F-curve ready to evaluate: keys sorted by frame, numbers rounded to float32. */
export interface PackedFCurve {
  count: number;
  keys: Float64Array;
  interpolation: Uint8Array;
  /** Easing with AUTO resolved per interpolation (EASE_IN, EASE_OUT, EASE_IN_OUT). */
  easing: Uint8Array;
  linearExtrapolation: boolean;
  /** FCURVE_INT_VALUES: the value is rounded to a whole number. */
  wholeValues: boolean;
  /** Where a frame falls among the keys: maybe shared with other curves keyed at the same frames. */
  timing: FCurveTiming;
  /** Each segment's Bezier y side (bezier-segment.ts), BEZIER_VALUE_STRIDE numbers a segment. */
  bezier: Float64Array;
  /** Scratch: [0] the value. */
  scratch: Float64Array;
  easingScratch: Float64Array;
  /** The modifiers besides a first Cycles (modifiers.ts), if any. */
  modifiers: PackedModifiers | undefined;
  /** Scratch: [0] the frame the modifiers remap. */
  modifiedTime: Float64Array;
}

/**
 * Packs a curve for evaluation. Keys are sorted by frame (a stable sort, as Blender keeps them).
 * Given `timings`, the curve takes the first of them it fits (the same key frames, handle x and
 * cycles), or adds its own: curves packed with one list locate each frame once between them.
 */
export function packFCurve(source: FCurveSource, timings?: FCurveTiming[]): PackedFCurve {
  const sorted = source.keyframes.map((k, i) => ({ k, i })).sort((a, b) => a.k.co[0] - b.k.co[0] || a.i - b.i).map((x) => x.k);
  const n = sorted.length;
  const keys = new Float64Array(n * KEY_STRIDE);
  const interpolation = new Uint8Array(n);
  const easing = new Uint8Array(n);
  sorted.forEach((k, i) => {
    const o = i * KEY_STRIDE;
    const [x, y] = k.co;
    const [lx, ly] = k.handle_left ?? [x, y];
    const [rx, ry] = k.handle_right ?? [x, y];
    const numbers = [x, y, lx, ly, rx, ry, k.back ?? 0, k.amplitude ?? 0, k.period ?? 0];
    for (let j = 0; j < KEY_STRIDE; j++) keys[o + j] = Math.fround(numbers[j]);
    const mode = INTERPOLATIONS.indexOf(k.interpolation ?? 'BEZIER');
    // A discrete curve (FCURVE_DISCRETE_VALUES) holds each key's value, whatever its interpolation.
    interpolation[i] = source.discrete_values === true ? I_CONSTANT : mode < 0 ? I_BEZIER : mode;
    easing[i] = resolveEasing(interpolation[i], k.easing ?? 'AUTO');
  });
  // A plain first Cycles folds every frame in the timing; one with a range or an influence runs in the modifier stack.
  const first = source.modifiers?.[0];
  const cycles = cyclesInTiming(first) ? cyclesSettings(first) : new Int32Array(4);
  let timing = timings?.find((g) => fitsTiming(g, n, keys, cycles));
  if (!timing) {
    timing = makeTiming(n, keys, cycles);
    timings?.push(timing);
  }
  const bezier = new Float64Array(Math.max(0, n - 1) * BEZIER_VALUE_STRIDE);
  for (let i = 0; i + 1 < n; i++) {
    bezierValue(keys, i * KEY_STRIDE, (i + 1) * KEY_STRIDE, bezier, i * BEZIER_VALUE_STRIDE);
    // The timing solves u where this curve reads it (a Bezier segment that is not flat).
    if (interpolation[i] === I_BEZIER && !bezierFlat(bezier, i * BEZIER_VALUE_STRIDE)) timing.solves[i] = 1;
  }
  return {
    count: n, keys, interpolation, easing, linearExtrapolation: source.extrapolation === 'LINEAR' && source.discrete_values !== true, wholeValues: source.int_values === true, timing, bezier, scratch: new Float64Array(1), easingScratch: createEasing(),
    modifiers: packModifiers(source.modifiers, { keys, count: n }), modifiedTime: new Float64Array(1),
  };
}

/** AUTO is EASE_OUT for the "dynamic" effects (Back, Bounce, Elastic) and EASE_IN for the rest. */
function resolveEasing(interpolation: number, easing: Easing): number {
  if (easing === 'EASE_IN') return EASE_IN;
  if (easing === 'EASE_OUT') return EASE_OUT;
  if (easing === 'EASE_IN_OUT') return EASE_IN_OUT;
  return interpolation === I_BACK || interpolation === I_BOUNCE || interpolation === I_ELASTIC ? EASE_OUT : EASE_IN;
}

/**
 * The curve's value at `time[0]` into `out[at]` (the frame and the value travel in arrays: V8 boxes
 * a double passed to or returned from a call it does not inline). A curve without keys gives 0.
 * Allocates nothing.
 */
export function evaluateFCurve(c: PackedFCurve, time: Float64Array, out: Float64Array, at: number): void {
  const mods = c.modifiers;
  if (mods === undefined) evaluateKeys(c, time, out, at);
  else {
    // Blender's evaluate_fcurve_ex: the time modifiers, the keys at the frame they give, then the
    // value modifiers at that frame as the Cycles remap leaves it.
    const t = c.modifiedTime;
    t[0] = time[0];
    if (mods.changesTime) modifyTime(mods, t);
    evaluateKeys(c, t, out, at);
    if (c.count > 0) t[0] = c.timing.located[TIME];
    modifyValue(mods, out, at, t);
  }
  // FCURVE_INT_VALUES, last as there: floorf(cvalue + 0.5f) on Blender's float value.
  if (c.wholeValues) out[at] = Math.floor(Math.fround(Math.fround(out[at]) + 0.5));
}

/** Whether `c`'s value is its keys' alone (no modifiers but a Cycles its timing folds in, not rounded to whole values): such curves sharing a timing can be evaluated together. */
export function keysAlone(c: PackedFCurve): boolean {
  return c.modifiers === undefined && !c.wholeValues && c.count > 0;
}

/**
 * The values at `time[0]` of curves that share `timing` and are `keysAlone`, into `out[slots[k]]`:
 * what `evaluateFCurve` gives each, to the bit, with less done per curve (a bone's channels keyed
 * together, the common case: ~29 ns a curve one by one, ~19 so). The frame is located once, and
 * inside a segment each curve goes straight to its segment's value.
 */
export function evaluateFCurvesTogether(curves: readonly PackedFCurve[], slots: Int32Array, timing: FCurveTiming, time: Float64Array, out: Float64Array): void {
  locateFrame(timing, time);
  const located = timing.located;
  // Inside a segment, what evaluateKeys does there (with no REPEAT_OFFSET: `+ 0`); elsewhere, all
  // of it. One loop for both cases, so that no branch of it goes unvisited while V8 optimizes it
  // (that would be undone at the first visit). With a Bezier's cubic written out here instead of
  // segment(), object-extras-rig.ts allocated 25-67 bytes a frame (alloc.test.ts), not understood.
  const inSegment = located[WHERE] === IN_SEGMENT && located[OFFSET_ON] === 0;
  const i = located[INDEX] | 0;
  for (let k = 0; k < curves.length; k++) {
    const c = curves[k], slot = slots[k];
    if (inSegment) {
      segment(c, i);
      out[slot] = c.scratch[OUT] + 0;
    } else evaluateKeys(c, time, out, slot);
  }
}

/** The keys' value at `time[0]` (with a first Cycles modifier's remap and offset) into `out[at]`. */
function evaluateKeys(c: PackedFCurve, time: Float64Array, out: Float64Array, at: number): void {
  const n = c.count;
  if (n === 0) { out[at] = 0; return; }
  const g = c.timing;
  locateFrame(g, time);
  const located = g.located;
  const where = located[WHERE];
  if (where === IN_SEGMENT) segment(c, located[INDEX] | 0);
  else if (where === ON_KEY) c.scratch[OUT] = c.keys[(located[INDEX] | 0) * KEY_STRIDE + VALUE];
  else if (where === BEFORE) extrapolate(c, 0, 1, LEFT_X);
  else if (where === AFTER) extrapolate(c, n - 1, n - 2, RIGHT_X);
  const k = c.keys;
  // REPEAT_OFFSET: the value moves by a cycle's change per cycle; otherwise + 0 (which turns −0 into 0).
  out[at] = c.scratch[OUT] + (located[OFFSET_ON] !== 0 ? located[OFFSET_CYCLES] * (k[(n - 1) * KEY_STRIDE + VALUE] - k[VALUE]) : 0);
}

/** Extrapolation to the located time from end key `end` (its neighbour `next`), through its outer handle `handleX`, into the scratch. */
function extrapolate(c: PackedFCurve, end: number, next: number, handleX: number): void {
  const k = c.keys, e = end * KEY_STRIDE, t = c.timing.located[TIME], s = c.scratch;
  const mode = c.interpolation[end];
  if (!c.linearExtrapolation || mode === I_CONSTANT) { s[OUT] = k[e + VALUE]; return; }
  if (mode === I_LINEAR) {
    if (c.count < 2) { s[OUT] = k[e + VALUE]; return; }
    const nb = next * KEY_STRIDE;
    const dx = k[e + FRAME] - k[nb + FRAME];
    s[OUT] = dx === 0 ? k[e + VALUE] : k[e + VALUE] + ((k[e + VALUE] - k[nb + VALUE]) / dx) * (t - k[e + FRAME]);
    return;
  }
  const dx = k[e + FRAME] - k[e + handleX];
  s[OUT] = dx === 0 ? k[e + VALUE] : k[e + VALUE] + ((k[e + VALUE] - k[e + handleX + 1]) / dx) * (t - k[e + FRAME]);
}

/** The segment from key i to key i + 1 at the located time (strictly inside it), by key i's interpolation, into the scratch. */
function segment(c: PackedFCurve, i: number): void {
  const mode = c.interpolation[i];
  // Bezier first, the usual case: strictly inside its segment the frame is 1e-4 or more from each
  // key (locateFrame), so the segment's length is not 0 and the constant fallback below is not met.
  if (mode === I_BEZIER) { bezierValueAt(c.bezier, i * BEZIER_VALUE_STRIDE, c.timing.located, U, c.scratch, OUT); return; }
  const k = c.keys, a = i * KEY_STRIDE, b = a + KEY_STRIDE, t = c.timing.located[TIME], s = c.scratch;
  const begin = k[a + VALUE], change = k[b + VALUE] - begin, duration = k[b + FRAME] - k[a + FRAME];
  if (mode === I_CONSTANT || duration === 0) { s[OUT] = begin; return; }
  if (mode === I_LINEAR) { s[OUT] = begin + (change * (t - k[a + FRAME])) / duration; return; }
  const e = c.easingScratch;
  e[EASE_T] = t - k[a + FRAME]; e[EASE_B] = begin; e[EASE_C] = change; e[EASE_D] = duration;
  e[EASE_BACK] = k[a + BACK]; e[EASE_AMPLITUDE] = k[a + AMPLITUDE]; e[EASE_PERIOD] = k[a + PERIOD];
  const dir = c.easing[i];
  if (mode === I_SINE) easeSine(e, dir);
  else if (mode >= I_QUAD && mode <= I_QUINT) easePower(e, dir, mode - I_QUAD + 2);
  else if (mode === I_EXPO) easeExpo(e, dir);
  else if (mode === I_CIRC) easeCirc(e, dir);
  else if (mode === I_BACK) easeBack(e, dir);
  else if (mode === I_BOUNCE) easeBounce(e, dir);
  else easeElastic(e, dir);
  s[OUT] = e[EASE_VALUE];
}
