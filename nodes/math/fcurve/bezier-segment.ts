// One Bezier F-curve segment (README-action-additions.md §4.3): flat segments give their value, the
// handles are shortened with Blender 3.4's rule, then x(u) = t is solved on the cubic and y(u)
// returned. Blender solves in float32 (Cardano); this solves the same cubic in double precision,
// which the fixtures measure within 2.3e-6 of Blender's float32 root.
//
// Everything but the solve depends on the keys alone, so it is made once, when a curve is packed:
// the x side (`bezierTime`: the cubic x(u) the solve reads) and the y side (`bezierValue`: whether the
// segment is flat, and y(u)). The two sides are apart because curves keyed at the same frames share
// their x side (timing.ts), and with it the solve. The numbers are those the solve made from the keys
// each time before, to the bit: the same operations in the same order.
import { FLT_EPSILON } from '../float32';

// Key layout of a packed curve (fcurve.ts): frame, value, left handle x/y, right handle x/y, …
const FRAME = 0, VALUE = 1, LEFT_X = 2, LEFT_Y = 3, RIGHT_X = 4, RIGHT_Y = 5;

/** Iterations of the safeguarded Newton solve: bisection alone halves [0, 1] to 2⁻⁶⁴. */
const MAX_STEPS = 64;

/** Numbers per segment on the x side: x0, the segment's length, then x(u)'s a, b, c, 3a and 2b. */
export const BEZIER_TIME_STRIDE = 7;
const X0 = 0, LENGTH = 1, AX = 2, BX = 3, CX = 4, AX3 = 5, BX2 = 6;
/** Numbers per segment on the y side: 1 when flat (else 0), then y(u)'s a, b, c and y0. */
export const BEZIER_VALUE_STRIDE = 5;
const FLAT = 0, AY = 1, BY = 2, CY = 3, Y0 = 4;

/**
 * The x side of the segment from the key at `a` to the key at `b` (offsets of packed keys in
 * `keys`) into `out[at…]`: its start, length, and x(u) with each handle pulled back to the segment's
 * length when it reaches further (Blender 3.4's BKE_fcurve_correct_bezpart, each handle on its own).
 */
export function bezierTime(keys: Float64Array, a: number, b: number, out: Float64Array, at: number): void {
  const x0 = keys[a + FRAME], x3 = keys[b + FRAME];
  let x1 = keys[a + RIGHT_X], x2 = keys[b + LEFT_X];
  const length = x3 - x0;
  const reach1 = Math.abs(x0 - x1);
  if (reach1 > length) x1 = x0 - (length / reach1) * (x0 - x1);
  const reach2 = Math.abs(x3 - x2);
  if (reach2 > length) x2 = x3 - (length / reach2) * (x3 - x2);
  // x(u) = x0 + 3u(x1 − x0) + 3u²(x2 − 2x1 + x0) + u³(x3 − 3x2 + 3x1 − x0).
  const cx = 3 * (x1 - x0), bx = 3 * (x2 - 2 * x1 + x0), ax = x3 - 3 * x2 + 3 * x1 - x0;
  out[at + X0] = x0;
  out[at + LENGTH] = length;
  out[at + AX] = ax;
  out[at + BX] = bx;
  out[at + CX] = cx;
  // The slope 3a·u² + 2b·u + c reads them so: (3a)·u is what `3 * a * u` computes, and 2b is exact.
  out[at + AX3] = 3 * ax;
  out[at + BX2] = 2 * bx;
}

/** The y side of the segment from key `a` to key `b` into `out[at…]`: flat or not, and y(u) (handles pulled back as in `bezierTime`). */
export function bezierValue(keys: Float64Array, a: number, b: number, out: Float64Array, at: number): void {
  const x0 = keys[a + FRAME], y0 = keys[a + VALUE], x3 = keys[b + FRAME], y3 = keys[b + VALUE];
  const x1 = keys[a + RIGHT_X], x2 = keys[b + LEFT_X];
  let y1 = keys[a + RIGHT_Y], y2 = keys[b + LEFT_Y];
  out[at + FLAT] = Math.abs(y0 - y3) < FLT_EPSILON && Math.abs(y1 - y2) < FLT_EPSILON && Math.abs(y2 - y3) < FLT_EPSILON ? 1 : 0;
  const length = x3 - x0;
  const reach1 = Math.abs(x0 - x1);
  if (reach1 > length) y1 = y0 - (length / reach1) * (y0 - y1);
  const reach2 = Math.abs(x3 - x2);
  if (reach2 > length) y2 = y3 - (length / reach2) * (y3 - y2);
  out[at + AY] = y3 - 3 * y2 + 3 * y1 - y0;
  out[at + BY] = 3 * (y2 - 2 * y1 + y0);
  out[at + CY] = 3 * (y1 - y0);
  out[at + Y0] = y0;
}

/**
 * Solves x(u) = `s[tAt]` on the segment whose x side starts at `x[at]` (the time lies strictly
 * inside it) into `s[uAt]`: safeguarded Newton from the linear guess.
 */
export function solveBezierTime(x: Float64Array, at: number, s: Float64Array, tAt: number, uAt: number): void {
  const t = s[tAt];
  const x0 = x[at + X0], length = x[at + LENGTH];
  const ax = x[at + AX], bx = x[at + BX], cx = x[at + CX], ax3 = x[at + AX3], bx2 = x[at + BX2];
  let lo = 0, hi = 1;
  let u = length > 0 ? (t - x0) / length : 0.5;
  for (let step = 0; step < MAX_STEPS; step++) {
    const fx = ((ax * u + bx) * u + cx) * u + x0 - t;
    if (fx === 0) break;
    if (fx < 0) lo = u;
    else hi = u;
    const slope = (ax3 * u + bx2) * u + cx;
    let next = slope !== 0 ? u - fx / slope : lo - 1;
    // A Newton step that leaves the bracket is replaced by bisection, so the solve always converges.
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    if (next === u || hi - lo <= 1e-16) { u = next; break; }
    u = next;
  }
  s[uAt] = u;
}

/** Whether the segment whose y side starts at `y[at]` is flat (its value is then y0, with no solve). */
export function bezierFlat(y: Float64Array, at: number): boolean {
  return y[at + FLAT] !== 0;
}

/** The segment's value at `u = located[uAt]` (y(u); y0 when flat, where u is not read) into `out[outAt]`. */
export function bezierValueAt(y: Float64Array, at: number, located: Float64Array, uAt: number, out: Float64Array, outAt: number): void {
  if (y[at + FLAT] !== 0) { out[outAt] = y[at + Y0]; return; }
  const u = located[uAt];
  out[outAt] = ((y[at + AY] * u + y[at + BY]) * u + y[at + CY]) * u + y[at + Y0];
}
