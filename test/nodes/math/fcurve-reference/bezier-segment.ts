// Frozen copy of nodes/math/fcurve/bezier-segment.ts as of 2ae43f1, before its Bezier numbers were made at pack time and its
// timings shared (fcurve-timing.test.ts checks the evaluator against it bit for bit). Not used by the runtime.
// One Bezier F-curve segment solved for a frame (README-action-additions.md §4.3): flat segments
// give their value, the handles are shortened with Blender 3.4's rule, then x(u) = t is solved on
// the cubic and y(u) returned. Blender solves in float32 (Cardano); this solves the same cubic in
// double precision, which the fixtures measure within 2.3e-6 of Blender's float32 root.
import { FLT_EPSILON } from '../../../../nodes/math/float32';

// Key layout of a packed curve (fcurve.ts): frame, value, left handle x/y, right handle x/y, …
const FRAME = 0, VALUE = 1, LEFT_X = 2, LEFT_Y = 3, RIGHT_X = 4, RIGHT_Y = 5;

/** Iterations of the safeguarded Newton solve: bisection alone halves [0, 1] to 2⁻⁶⁴. */
const MAX_STEPS = 64;

/**
 * The value at frame `s[0]` of the segment from the key at `a` to the key at `b` in `keys` (offsets
 * of packed keys), into `s[2]`. The frame lies strictly between the keys' frames.
 */
export function solveBezierSegment(keys: Float64Array, a: number, b: number, s: Float64Array): void {
  const t = s[0];
  const x0 = keys[a + FRAME], y0 = keys[a + VALUE], x3 = keys[b + FRAME], y3 = keys[b + VALUE];
  let x1 = keys[a + RIGHT_X], y1 = keys[a + RIGHT_Y], x2 = keys[b + LEFT_X], y2 = keys[b + LEFT_Y];
  if (Math.abs(y0 - y3) < FLT_EPSILON && Math.abs(y1 - y2) < FLT_EPSILON && Math.abs(y2 - y3) < FLT_EPSILON) {
    s[2] = y0;
    return;
  }
  // Blender 3.4's BKE_fcurve_correct_bezpart: a handle reaching further than the segment is
  // pulled back along itself to the segment's length; each handle on its own.
  const length = x3 - x0;
  const reach1 = Math.abs(x0 - x1);
  if (reach1 > length) {
    const f = length / reach1;
    x1 = x0 - f * (x0 - x1);
    y1 = y0 - f * (y0 - y1);
  }
  const reach2 = Math.abs(x3 - x2);
  if (reach2 > length) {
    const f = length / reach2;
    x2 = x3 - f * (x3 - x2);
    y2 = y3 - f * (y3 - y2);
  }
  // x(u) = x0 + 3u(x1 − x0) + 3u²(x2 − 2x1 + x0) + u³(x3 − 3x2 + 3x1 − x0), likewise y.
  const cx = 3 * (x1 - x0), bx = 3 * (x2 - 2 * x1 + x0), ax = x3 - 3 * x2 + 3 * x1 - x0;
  let lo = 0, hi = 1;
  let u = length > 0 ? (t - x0) / length : 0.5;
  for (let step = 0; step < MAX_STEPS; step++) {
    const fx = ((ax * u + bx) * u + cx) * u + x0 - t;
    if (fx === 0) break;
    if (fx < 0) lo = u;
    else hi = u;
    const slope = (3 * ax * u + 2 * bx) * u + cx;
    let next = slope !== 0 ? u - fx / slope : lo - 1;
    // A Newton step that leaves the bracket is replaced by bisection, so the solve always converges.
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    if (next === u || hi - lo <= 1e-16) { u = next; break; }
    u = next;
  }
  const cy = 3 * (y1 - y0), by = 3 * (y2 - 2 * y1 + y0), ay = y3 - 3 * y2 + 3 * y1 - y0;
  s[2] = ((ay * u + by) * u + cy) * u + y0;
}
