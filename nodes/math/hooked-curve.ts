// A curve whose control points Hook modifiers move, made into its path again as Blender makes it
// (curve_calc_modifiers_pre, then BKE_curve_bevelList_make): the hooks move the first spline's
// control points (a Bezier's handles with them), a Bezier's handles are set again by their types
// (AUTO and VECTOR ones; bezier-handles.ts) and each segment is sampled at `resolution` points (one
// where both its handles are VECTOR); a NURBS spline's path points are fixed weighted sums of its
// control points (BKE_nurb_makeCurve is linear in them; the exporter measures the weights); and the
// path is prepared from those points. Radius and tilt stay as written: they
// are the control points' own, whatever moves them. Built once per compile (runtime/rig/hooked-curves.ts);
// `updateHookedCurve` does nothing when neither the curve nor a hook's target has moved since the
// last call, and allocates nothing.
import { setBezierHandles } from './bezier-handles';
import { applyHook, type Hook } from './hook';
import { copyMat4, sameMat4 } from './matrix';
import { fillPath, type PathShape, type PathStore } from './path';

/** A NURBS spline's path points as weighted sums of its control points: point k sums `index[starts[k] .. starts[k + 1])` by `weight`. */
export interface NurbsBasis {
  starts: Uint32Array;
  index: Uint32Array;
  weight: Float64Array;
}

/** A Bezier spline's settings, besides its points. */
export interface BezierControl {
  /** Left and right handle type per point (bezier-handles.ts codes). */
  types: Uint8Array;
  resolution: number;
}

export interface HookedCurve {
  /** The control points as authored: nine numbers a Bezier point (left handle, point, right handle), three a POLY point. */
  rest: Float64Array;
  /** The control points as the hooks put them now. */
  coords: Float64Array;
  /** Present for a Bezier spline. */
  bezier: BezierControl | undefined;
  /** Present for a NURBS spline. */
  nurbs: NurbsBasis | undefined;
  cyclic: boolean;
  hooks: Hook[];
  /** The path's points (xyz each), its end directions and (TANGENT twist) curvature directions, made from `coords`. */
  points: Float64Array;
  endDirections: Float64Array | undefined;
  tangents: Float64Array | undefined;
  /** Radius, tilt and smoothing, as written. */
  shape: PathShape;
  radius: Float64Array;
  path: PathStore;
  /** The curve's world matrix, then each hook target's final, as the last update read them (NaN before the first). */
  seen: Float64Array[];
  /** How many times the path has been made again: a reader that derives more from it (Clamp To's box) redoes that when this changes. */
  moves: number;
}

/** Brings the path up to date with where the hooks' targets and the curve (`curveWorld`) are now; returns it. */
export function updateHookedCurve(h: HookedCurve, curveWorld: Float64Array): PathStore {
  if (unmoved(h, curveWorld)) return h.path;
  const { coords, rest } = h;
  for (let i = 0; i < rest.length; i++) coords[i] = rest[i];
  for (const hook of h.hooks) applyHook(coords, hook, curveWorld);
  if (h.bezier) {
    setBezierHandles(coords, h.bezier.types, coords.length / 9, h.cyclic);
    bezierPath(h, h.bezier);
  } else if (h.nurbs) {
    nurbsPath(h, h.nurbs);
  } else {
    for (let i = 0; i < coords.length; i++) h.points[i] = coords[i];
  }
  fillPath(h.path, h.points, h.radius, h.cyclic, h.shape);
  h.moves++;
  return h.path;
}

/** Whether the curve's matrix and every hook target's final are what the last update read; if not, remembers them. */
function unmoved(h: HookedCurve, curveWorld: Float64Array): boolean {
  const { hooks, seen } = h;
  let same = sameMat4(curveWorld, seen[0]);
  for (let k = 0; same && k < hooks.length; k++) same = sameMat4(hooks[k].target.final, seen[k + 1]);
  if (same) return true;
  copyMat4(seen[0], curveWorld);
  for (let k = 0; k < hooks.length; k++) copyMat4(seen[k + 1], hooks[k].target.final);
  return false;
}

/**
 * The path points of a Bezier spline (BKE_curve_forward_diff_bezier's samples, the exporter's
 * bezier_points): a cyclic spline starts with its closing segment, last point to first; each
 * segment gives `resolution` points from its start, or its start alone when both its handles are
 * VECTOR; an open spline ends with its last point. Also the end directions (from the end handles)
 * and, when wanted, each point's curvature direction (forward_diff_bezier_cotangent).
 */
function bezierPath(h: HookedCurve, b: BezierControl): void {
  const c = h.coords, n = c.length / 9, res = b.resolution, out = h.points, tan = h.tangents;
  let o = 0;
  let carry = -1; // the segment whose t = 1 curvature lands on the point after it
  const segments = h.cyclic ? n : n - 1;
  for (let s = 0; s < segments; s++) {
    const a = h.cyclic ? (s + n - 1) % n : s, z = (a + 1) % n;
    const p0 = 9 * a + 3, p1 = 9 * a + 6, p2 = 9 * z, p3 = 9 * z + 3;
    if (b.types[2 * a + 1] === VECTOR && b.types[2 * z] === VECTOR) {
      for (let k = 0; k < 3; k++) out[3 * o + k] = c[p0 + k];
      if (tan) carried(tan, o, carry, c);
      carry = -1;
      o++;
      continue;
    }
    for (let i = 0; i < res; i++, o++) {
      const t = i / res, u = 1 - t;
      const w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t;
      for (let k = 0; k < 3; k++) out[3 * o + k] = w0 * c[p0 + k] + w1 * c[p1 + k] + w2 * c[p2 + k] + w3 * c[p3 + k];
      if (tan) cotangent(tan, 3 * o, c, p0, p1, p2, p3, t);
    }
    carry = s;
    lastSegment[0] = p0; lastSegment[1] = p1; lastSegment[2] = p2; lastSegment[3] = p3;
  }
  if (!h.cyclic || n === 1) {
    for (let k = 0; k < 3; k++) out[3 * o + k] = c[9 * (n - 1) + 3 + k];
    if (tan) carried(tan, o, carry, c);
  }
  const e = h.endDirections;
  if (e && !h.cyclic && n > 1) {
    const l = 9 * (n - 1);
    for (let k = 0; k < 3; k++) {
      e[k] = c[6 + k] - c[3 + k];
      e[3 + k] = c[l + 3 + k] - c[l + k];
    }
  }
}

/** A NURBS spline's path points from its control points, and an open one's end directions from its end control points (bevlist_firstlast_direction_calc_from_bpoint). */
function nurbsPath(h: HookedCurve, b: NurbsBasis): void {
  const c = h.coords, out = h.points;
  for (let k = 0; k + 1 < b.starts.length; k++) {
    let x = 0, y = 0, z = 0;
    for (let j = b.starts[k]; j < b.starts[k + 1]; j++) {
      const at = 3 * b.index[j], w = b.weight[j];
      x += w * c[at]; y += w * c[at + 1]; z += w * c[at + 2];
    }
    out[3 * k] = x; out[3 * k + 1] = y; out[3 * k + 2] = z;
  }
  const e = h.endDirections, l = c.length - 3;
  if (e && l >= 3) {
    for (let k = 0; k < 3; k++) {
      e[k] = c[3 + k] - c[k];
      e[3 + k] = c[l + k] - c[l - 3 + k];
    }
  }
}

const VECTOR = 2;
const lastSegment = new Int32Array(4);

/** The curvature direction a point takes from the segment before it at t = 1, or zero when none comes (after two VECTOR handles, or at the start). */
function carried(tan: Float64Array, o: number, carry: number, c: Float64Array): void {
  if (carry < 0) { tan[3 * o] = tan[3 * o + 1] = tan[3 * o + 2] = 0; return; }
  cotangent(tan, 3 * o, c, lastSegment[0], lastSegment[1], lastSegment[2], lastSegment[3], 1);
}

/** forward_diff_bezier_cotangent at t: the segment's second derivative, normalized (zero when it has none). */
function cotangent(out: Float64Array, at: number, c: Float64Array, p0: number, p1: number, p2: number, p3: number, t: number): void {
  let d = 0;
  for (let k = 0; k < 3; k++) {
    const v = (-6 * t + 6) * c[p0 + k] + (18 * t - 12) * c[p1 + k] + (-18 * t + 6) * c[p2 + k] + 6 * t * c[p3 + k];
    out[at + k] = v;
    d += v * v;
  }
  const inv = d > 1e-35 ? 1 / Math.sqrt(d) : 0;
  for (let k = 0; k < 3; k++) out[at + k] = d > 1e-35 ? out[at + k] * inv : 0;
}
