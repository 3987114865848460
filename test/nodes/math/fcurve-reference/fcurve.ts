// Frozen copy of nodes/math/fcurve/fcurve.ts as of 2ae43f1, before its Bezier numbers were made at pack time and its
// timings shared (fcurve-timing.test.ts checks the evaluator against it bit for bit). Not used by the runtime.
// A keyframed F-curve evaluated as Blender 3.4's `evaluate_fcurve` does (README-action-additions.md
// §4): an optional CYCLES time remap, extrapolation from the end keys, a key hit within 1e-4
// frames, and per-segment interpolation (constant, linear, Bezier solved for the frame, or one of
// the easing equations). Curves are packed once (`packFCurve`) into typed arrays with every key
// number rounded to float32, as Blender stores them; evaluation allocates nothing.
import { createEasing, EASE_AMPLITUDE, EASE_B, EASE_BACK, EASE_C, EASE_D, EASE_IN, EASE_IN_OUT, EASE_OUT, EASE_PERIOD, EASE_T, EASE_VALUE, easeBack, easeBounce, easeCirc, easeElastic, easeExpo, easePower, easeSine } from '../../../../nodes/math/fcurve/easing';
import { solveBezierSegment } from './bezier-segment';
import { CYCLE_NONE, cycleTime } from './cycles';

export const INTERPOLATIONS = ['CONSTANT', 'LINEAR', 'BEZIER', 'SINE', 'QUAD', 'CUBIC', 'QUART', 'QUINT', 'EXPO', 'CIRC', 'BACK', 'BOUNCE', 'ELASTIC'] as const;
export type Interpolation = (typeof INTERPOLATIONS)[number];
export const EASINGS = ['AUTO', 'EASE_IN', 'EASE_OUT', 'EASE_IN_OUT'] as const;
export type Easing = (typeof EASINGS)[number];
export const CYCLE_MODES = ['NONE', 'REPEAT', 'REPEAT_OFFSET', 'MIRROR'] as const;
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
}

/** Numbers per packed key: frame, value, left handle (x, y), right handle (x, y), back, amplitude, period. */
export const KEY_STRIDE = 9;
// A handle's y is read as its x + 1 (at 3 and 5), so only the x offsets are named.
const FRAME = 0, VALUE = 1, LEFT_X = 2, RIGHT_X = 4, BACK = 6, AMPLITUDE = 7, PERIOD = 8;

const I_CONSTANT = 0, I_LINEAR = 1, I_BEZIER = 2, I_SINE = 3, I_QUAD = 4, I_QUINT = 7, I_EXPO = 8, I_CIRC = 9, I_BACK = 10, I_BOUNCE = 11, I_ELASTIC = 12;

/** Blender's binary-search threshold: a key this close to the frame gives its value. */
const KEY_THRESHOLD = 1e-4;

/** An F-curve ready to evaluate: keys sorted by frame, numbers rounded to float32. */
export interface PackedFCurve {
  count: number;
  keys: Float64Array;
  interpolation: Uint8Array;
  /** Easing with AUTO resolved per interpolation (EASE_IN, EASE_OUT, EASE_IN_OUT). */
  easing: Uint8Array;
  linearExtrapolation: boolean;
  /** CYCLES: [mode before, count before, mode after, count after], modes as CYCLE_* codes. */
  cycles: Int32Array;
  /** Scratch: [0] the remapped time, [1] the value offset, [2…] the Bezier solve, then easing. */
  scratch: Float64Array;
  easingScratch: Float64Array;
}

/** Packs a curve for evaluation. Keys are sorted by frame (a stable sort, as Blender keeps them). */
export function packFCurve(source: FCurveSource): PackedFCurve {
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
    interpolation[i] = mode < 0 ? I_BEZIER : mode;
    easing[i] = resolveEasing(interpolation[i], k.easing ?? 'AUTO');
  });
  const cycles = new Int32Array([CYCLE_NONE, 0, CYCLE_NONE, 0]);
  const first = source.modifiers?.[0] as CyclesModifier | undefined;
  if (first?.type === 'CYCLES' && first.mute !== true) {
    cycles[0] = Math.max(0, CYCLE_MODES.indexOf(first.mode_before ?? 'REPEAT'));
    cycles[1] = Math.max(0, Math.trunc(first.cycles_before ?? 0));
    cycles[2] = Math.max(0, CYCLE_MODES.indexOf(first.mode_after ?? 'REPEAT'));
    cycles[3] = Math.max(0, Math.trunc(first.cycles_after ?? 0));
  }
  return { count: n, keys, interpolation, easing, linearExtrapolation: source.extrapolation === 'LINEAR', cycles, scratch: new Float64Array(12), easingScratch: createEasing() };
}

/** AUTO is EASE_OUT for the "dynamic" effects (Back, Bounce, Elastic) and EASE_IN for the rest. */
function resolveEasing(interpolation: number, easing: Easing): number {
  if (easing === 'EASE_IN') return EASE_IN;
  if (easing === 'EASE_OUT') return EASE_OUT;
  if (easing === 'EASE_IN_OUT') return EASE_IN_OUT;
  return interpolation === I_BACK || interpolation === I_BOUNCE || interpolation === I_ELASTIC ? EASE_OUT : EASE_IN;
}

/**
 * The curve's value at `time[0]` into `out[at]` (the frame and the value travel in arrays and
 * `s[…]`: V8 boxes a double passed to or returned from a call it does not inline). A curve without keys gives 0.
 * Allocates nothing.
 */
export function evaluateFCurve(c: PackedFCurve, time: Float64Array, out: Float64Array, at: number): void {
  const s = c.scratch;
  if (c.count === 0) { out[at] = 0; return; }
  s[0] = time[0];
  s[1] = 0;
  cycleTime(c.keys, c.count, c.cycles, s);
  evaluateKeys(c, s);
  out[at] = s[2] + s[1];
}

/** The keys' value at `s[0]` into `s[2]` (§4.2): extrapolation, a key hit, or a segment. */
function evaluateKeys(c: PackedFCurve, s: Float64Array): void {
  const k = c.keys, n = c.count, t = s[0];
  const lastAt = (n - 1) * KEY_STRIDE;
  if (t <= k[FRAME]) { extrapolate(c, s, 0, 1, LEFT_X); return; }
  if (t >= k[lastAt + FRAME]) { extrapolate(c, s, n - 1, n - 2, RIGHT_X); return; }
  // Binary search for the first key at or after t.
  let lo = 0, hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (k[mid * KEY_STRIDE + FRAME] < t) lo = mid + 1;
    else hi = mid;
  }
  const bAt = lo * KEY_STRIDE;
  if (Math.abs(k[bAt + FRAME] - t) < KEY_THRESHOLD) { s[2] = k[bAt + VALUE]; return; }
  const aAt = bAt - KEY_STRIDE;
  if (Math.abs(k[aAt + FRAME] - t) < KEY_THRESHOLD) { s[2] = k[aAt + VALUE]; return; }
  segment(c, s, lo - 1);
}

/** Extrapolation to `s[0]` from end key `end` (its neighbour `next`), through its outer handle `handleX`. */
function extrapolate(c: PackedFCurve, s: Float64Array, end: number, next: number, handleX: number): void {
  const k = c.keys, e = end * KEY_STRIDE, t = s[0];
  const mode = c.interpolation[end];
  if (!c.linearExtrapolation || mode === I_CONSTANT) { s[2] = k[e + VALUE]; return; }
  if (mode === I_LINEAR) {
    if (c.count < 2) { s[2] = k[e + VALUE]; return; }
    const nb = next * KEY_STRIDE;
    const dx = k[e + FRAME] - k[nb + FRAME];
    s[2] = dx === 0 ? k[e + VALUE] : k[e + VALUE] + ((k[e + VALUE] - k[nb + VALUE]) / dx) * (t - k[e + FRAME]);
    return;
  }
  const dx = k[e + FRAME] - k[e + handleX];
  s[2] = dx === 0 ? k[e + VALUE] : k[e + VALUE] + ((k[e + VALUE] - k[e + handleX + 1]) / dx) * (t - k[e + FRAME]);
}

/** The segment from key i to key i + 1 at `s[0]` (strictly inside it), by key i's interpolation. */
function segment(c: PackedFCurve, s: Float64Array, i: number): void {
  const k = c.keys, a = i * KEY_STRIDE, b = a + KEY_STRIDE, t = s[0];
  const mode = c.interpolation[i];
  const begin = k[a + VALUE], change = k[b + VALUE] - begin, duration = k[b + FRAME] - k[a + FRAME];
  if (mode === I_CONSTANT || duration === 0) { s[2] = begin; return; }
  if (mode === I_LINEAR) { s[2] = begin + (change * (t - k[a + FRAME])) / duration; return; }
  if (mode === I_BEZIER) { solveBezierSegment(k, a, b, s); return; }
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
  s[2] = e[EASE_VALUE];
}
