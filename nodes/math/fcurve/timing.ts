// The time side of an F-curve: where a frame falls among the keys after the CYCLES remap — before
// the first key, after the last, on a key (within Blender's 1e-4), or inside a segment, and there
// the Bezier parameter u with x(u) = t. All of it reads only the keys' frames, their handles' x and
// the CYCLES settings, so curves keyed at the same frames with the same handle x (a bone's channels
// keyed together; Blender's auto handles put them at a third of the neighbouring keys' spacing)
// share one timing, and a frame is located, and a segment's u solved, once for all of them.
//
// A timing remembers the last frame it located, and locates again only for another frame (compared
// bit for bit); it solves u there when a curve sharing it reads u in that segment. What it gives is
// a function of the frame alone, so a value is the same, to the bit, whichever curve or caller
// located the frame first, and however many frames came before.
import { bezierTime, BEZIER_TIME_STRIDE, solveBezierTime } from './bezier-segment';
import { CYCLE_NONE, cycleTime } from './cycles';

// Key layout of a packed curve (fcurve.ts): frame, value, left handle x/y, right handle x/y, …
const KEY_STRIDE = 9, FRAME = 0, LEFT_X = 2, RIGHT_X = 4;

/** Blender's binary-search threshold: a key this close to the frame gives its value. */
const KEY_THRESHOLD = 1e-4;

/**
 * Slots of a timing's `located`: the time after the CYCLES remap; the cycles its REPEAT_OFFSET
 * value offset counts and whether that offset applies (1/0); where the time is (BEFORE, AFTER,
 * ON_KEY, IN_SEGMENT) and which key or segment (its first key); the Bezier u (solved when a curve
 * sharing the timing reads it there); the frame located (NaN before the first).
 */
export const TIME = 0, OFFSET_CYCLES = 1, OFFSET_ON = 2, WHERE = 3, INDEX = 4, U = 5, FRAME_LOCATED = 6;
export const BEFORE = 0, AFTER = 1, ON_KEY = 2, IN_SEGMENT = 3;

export interface FCurveTiming {
  count: number;
  /** Packed keys of the first curve that made it: their frames and handle x are every sharer's. */
  keys: Float64Array;
  /** CYCLES: [mode before, count before, mode after, count after] (cycles.ts). */
  cycles: Int32Array;
  /** Each segment's x side (bezier-segment.ts), BEZIER_TIME_STRIDE numbers a segment. */
  bezier: Float64Array;
  /** Per segment, 1 when a curve sharing the timing is Bezier there and not flat: it reads u. */
  solves: Uint8Array;
  /** What the last `locateFrame` found (slots above). */
  located: Float64Array;
}

/** A timing for packed keys and CYCLES settings, made when a curve is packed. */
export function makeTiming(count: number, keys: Float64Array, cycles: Int32Array): FCurveTiming {
  const bezier = new Float64Array(Math.max(0, count - 1) * BEZIER_TIME_STRIDE);
  for (let i = 0; i + 1 < count; i++) bezierTime(keys, i * KEY_STRIDE, (i + 1) * KEY_STRIDE, bezier, i * BEZIER_TIME_STRIDE);
  return { count, keys, cycles, bezier, solves: new Uint8Array(Math.max(0, count - 1)), located: Float64Array.of(0, 0, 0, 0, 0, 0, NaN) };
}

/** Whether curves with these keys and CYCLES settings may use `timing`: the same frames, handle x and cycles, bit for bit. */
export function fitsTiming(timing: FCurveTiming, count: number, keys: Float64Array, cycles: Int32Array): boolean {
  if (timing.count !== count) return false;
  for (let i = 0; i < 4; i++) if (timing.cycles[i] !== cycles[i]) return false;
  const k = timing.keys;
  for (let o = 0; o < count * KEY_STRIDE; o += KEY_STRIDE) {
    if (!Object.is(k[o + FRAME], keys[o + FRAME]) || !Object.is(k[o + LEFT_X], keys[o + LEFT_X]) || !Object.is(k[o + RIGHT_X], keys[o + RIGHT_X])) return false;
  }
  return true;
}

/** Locates the frame `time[0]` (README-action-additions.md §4.2, §4.6), unless it is the frame located last. Allocates nothing. */
export function locateFrame(g: FCurveTiming, time: Float64Array): void {
  const s = g.located;
  const frame = time[0], last = s[FRAME_LOCATED];
  // The same frame, bit for bit (a 0 of the other sign is another frame; NaN, as at first, is located again).
  if (last === frame && (frame !== 0 || 1 / last === 1 / frame)) return;
  s[FRAME_LOCATED] = frame;
  s[TIME] = frame;
  const k = g.keys, n = g.count;
  if (n === 0) return;
  if (g.cycles[0] !== CYCLE_NONE || g.cycles[2] !== CYCLE_NONE) {
    s[OFFSET_ON] = 0;
    cycleTime(k, n, g.cycles, s);
  }
  const t = s[TIME];
  if (t <= k[FRAME]) { s[WHERE] = BEFORE; return; }
  if (t >= k[(n - 1) * KEY_STRIDE + FRAME]) { s[WHERE] = AFTER; return; }
  // Binary search for the first key at or after t.
  let lo = 0, hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (k[mid * KEY_STRIDE + FRAME] < t) lo = mid + 1;
    else hi = mid;
  }
  const bAt = lo * KEY_STRIDE;
  if (Math.abs(k[bAt + FRAME] - t) < KEY_THRESHOLD) { s[WHERE] = ON_KEY; s[INDEX] = lo; return; }
  if (Math.abs(k[bAt - KEY_STRIDE + FRAME] - t) < KEY_THRESHOLD) { s[WHERE] = ON_KEY; s[INDEX] = lo - 1; return; }
  s[WHERE] = IN_SEGMENT;
  s[INDEX] = lo - 1;
  if (g.solves[lo - 1] !== 0) solveBezierTime(g.bezier, (lo - 1) * BEZIER_TIME_STRIDE, s, TIME, U);
}
