// Sampling a POLY curve as Blender 3.4 does for Follow Path, Clamp To and Spline IK (conformance
// README, measured fact 1; BKE_where_on_path in anim_path.c and the bevel-list frames of curve.c):
//
// * the path points are the control points (no resampling); arc length is measured in the curve's
//   local space, the position is linear inside a segment, open paths extrapolate along the first or
//   last segment for t < 0 or t > 1, cyclic paths wrap t − floor(t) and include the closing segment;
// * every point carries a frame q_i = vec_to_quat(d_i, −Z, up Y) of its bisector direction d_i,
//   propagated by minimal twist (MINIMUM) or taken as is (Z_UP); or (TANGENT) the frame Blender's
//   tri_to_quat gives the point's curvature direction (a Bezier's second derivative there, given as
//   `tangents`; zero on other splines) made perpendicular to d_i (make_bevel_list_3D_tangent);
//   between points the frame is slerped by the segment fraction clamped to [0, 1], and so is the radius;
// * an open Bezier's first and last directions are its end handles' (given as `endDirections`),
//   not the end segments'; a path of two points takes the segment's direction for both, each point
//   turned by its own tilt (Blender 3.4's make_bevel_list_segment_3D; older Blenders gave both the
//   second point's frame, which a 3.4 round trip refutes: test/blender/curve-frames.test.ts);
// * a point's tilt turns its frame about d_i after the twist (bevel_list_apply_tilt:
//   q_i = normalize(axis_angle(d_i, tilt_i) · q_i)), in every twist mode.
//
// preparePath makes a path's arrays (once per curve, at compile time); fillPath makes a path again
// in those arrays and samplePath reads it, both without allocating.
import { saturate } from './finite';
import { hypot3 } from './hypot';
import { identityMat4 } from './matrix';
import { triangleQuat } from './triangle-frame';
import { multiplyQuat, normalizeQuatTo, quatToMat4, rotateVec3ByQuat, setQuatAxisAngleBy, slerpQuatBy } from './quaternion';
import { vecToQuat } from './track';
import { angleNormalized3To, cross3, lengthXyz, normalizeLikeBlender3 } from './vector';

/** Blender's curve twist modes. */
export type PathTwist = 'MINIMUM' | 'Z_UP' | 'TANGENT';

/** A path ready for sampling: points after Blender's duplicate removal, lengths and frames. */
export interface PreparedPath {
  /** Number of points kept (≥ 1). */
  readonly count: number;
  readonly cyclic: boolean;
  /** Curve-local positions, xyz per point (the first `count`). */
  readonly points: Float64Array;
  /** Radius per point. */
  readonly radius: Float64Array;
  /** Number of segments: count − 1, or count when cyclic (0 for a single point). */
  readonly segments: number;
  /** Cumulative local arc length at the end of each segment. */
  readonly accum: Float64Array;
  /** Total local arc length. */
  readonly length: number;
  /** Twist used when samplePath is not told otherwise. */
  readonly twist: PathTwist;
  /** Per-point frame quaternions [x,y,z,w] for MINIMUM twist. */
  readonly framesMinimum: Float64Array;
  /** Per-point frame quaternions [x,y,z,w] for Z_UP twist. */
  readonly framesZUp: Float64Array;
  /** Per-point frame quaternions [x,y,z,w] for TANGENT twist; made only for a path prepared with that twist (else the MINIMUM ones). */
  readonly framesTangent: Float64Array;
}

/**
 * A path's arrays sized for up to `capacity` points, with the scratch preparing it needs, so that a
 * path whose points move (a hooked curve, nodes/math/hooked-curve.ts) is made again in place.
 */
export interface PathStore extends PreparedPath {
  count: number;
  segments: number;
  length: number;
  cyclic: boolean;
  readonly capacity: number;
  readonly tilt: Float64Array;
  readonly tangents: Float64Array;
  readonly directions: Float64Array;
  readonly ends: Float64Array;
  readonly duplicate: Uint8Array;
  /** tangentFrames' copy of the tangents it turns. */
  readonly turned: Float64Array;
}

/** Empty arrays for a path of up to `capacity` points of twist `twist` (TANGENT frames get arrays of their own). */
export function pathStore(capacity: number, twist: PathTwist): PathStore {
  const n = Math.max(1, capacity);
  const framesMinimum = new Float64Array(4 * n);
  return {
    count: 0, cyclic: false, segments: 0, length: 0, twist, capacity: n,
    points: new Float64Array(3 * n), radius: new Float64Array(n), accum: new Float64Array(n),
    framesMinimum, framesZUp: new Float64Array(4 * n), framesTangent: twist === 'TANGENT' ? new Float64Array(4 * n) : framesMinimum,
    tilt: new Float64Array(n), tangents: new Float64Array(3 * n), directions: new Float64Array(3 * n), ends: new Float64Array(6),
    duplicate: new Uint8Array(n), turned: twist === 'TANGENT' ? new Float64Array(3 * n) : new Float64Array(0),
  };
}

// Blender drops a point that coincides with the next one (bevel list "STEP 2"); its threshold is
// 1e-5 divided by the curve resolution, so 1e-6 sits inside the range it takes in practice.
const DUPLICATE_EPS = 1e-6;

/** What shapes a path's frames besides its points (Blender's curve and spline settings). */
export interface PathShape {
  /** Tilt per point, radians (none: 0). */
  tilt?: ArrayLike<number>;
  /** An open Bezier's or NURBS's first and last directions, xyz each, from its end handles or control points. */
  endDirections?: ArrayLike<number>;
  /** Smoothing passes over the frames: Blender's int(resolution_u × Smooth twist). */
  smoothIterations?: number;
  /**
   * A 2D curve's path (make_bevel_list_2D): a cyclic one runs the other way round when its points
   * wind counter-clockwise seen from +Z (BKE_curve_bevelList_make's turning direction: every cyclic
   * 2D path runs clockwise), and tilts turn the frames of a path of two points only
   * (make_bevel_list_segment_3D).
   */
  flat?: boolean;
  /**
   * TANGENT twist: each point's curvature direction, xyz per point (a Bezier's, forward_diff_bezier_cotangent);
   * none: zero at every point, as Blender has it on POLY and NURBS splines.
   */
  tangents?: ArrayLike<number>;
}

/**
 * Prepares a POLY path for sampling: `points` is xyz per point in curve-local space, `radius` one
 * value per point (null: 1). Allocates; call once per curve, not per frame.
 */
export function preparePath(
  points: ArrayLike<number>,
  radius: ArrayLike<number> | null,
  cyclic: boolean,
  twist: PathTwist = 'MINIMUM',
  shape: PathShape = {},
): PreparedPath {
  return fillPath(pathStore(Math.floor(points.length / 3), twist), points, radius, cyclic, shape);
}

/**
 * Makes the path in `path` again from `points` (at most its capacity of them; the rest are left
 * out), as {@link preparePath} makes a new one, with the twist it was made for. Allocates nothing.
 */
export function fillPath(path: PathStore, points: ArrayLike<number>, radius: ArrayLike<number> | null, cyclic: boolean, shape: PathShape = {}): PathStore {
  const tilt = shape.tilt ?? null;
  const endDirections = shape.endDirections ?? null;
  const n = Math.min(path.capacity, Math.floor(points.length / 3));
  const { points: p, radius: r, tilt: tl, tangents: tn, duplicate: tag } = path;
  if (n === 0) {
    // No points at all: a single point at the origin keeps sampling defined.
    p[0] = p[1] = p[2] = 0; r[0] = 1; tl[0] = 0; tn[0] = tn[1] = tn[2] = 0;
    return build(path, 1, cyclic, false, 0);
  }
  // Blender compares each point with its successor, starting from the last one when cyclic, and
  // tags the earlier of a coinciding pair (cyclic: (n−1,0), (0,1) … (n−3,n−2); open: (0,1) … (n−2,n−1)).
  for (let i = 0; i < n; i++) tag[i] = 0;
  if (n > 1) {
    if (cyclic) {
      if (coincide(points, n - 1, 0)) tag[n - 1] = 1;
      for (let i = 0; i < n - 2; i++) if (coincide(points, i, i + 1)) tag[i] = 1;
    } else {
      for (let i = 0; i < n - 1; i++) if (coincide(points, i, i + 1)) tag[i] = 1;
    }
  }
  const tangents = shape.tangents ?? null;
  let kept = 0;
  for (let i = 0; i < n; i++) {
    if (tag[i]) continue;
    const k = kept++;
    p[3 * k] = points[3 * i];
    p[3 * k + 1] = points[3 * i + 1];
    p[3 * k + 2] = points[3 * i + 2];
    // A missing or non-finite tangent is zero, as Blender's on a spline that has none.
    for (let c = 0; c < 3; c++) tn[3 * k + c] = tangents && 3 * i + 2 < tangents.length && Number.isFinite(tangents[3 * i + c]) ? tangents[3 * i + c] : 0;
    // A missing or short radius list counts as radius 1, as does a non-finite entry.
    const ri = radius && i < radius.length ? radius[i] : 1;
    r[k] = Number.isFinite(ri) ? ri : 1;
    const ti = tilt && i < tilt.length ? tilt[i] : 0;
    tl[k] = Number.isFinite(ti) ? ti : 0;
  }
  // The first point's handle direction goes with it: when it coincides with the next and is dropped,
  // the new first point has none and takes its segment's (Blender's T80742 fallback).
  const hasEnds = endDirections !== null && !cyclic && endDirections.length >= 6;
  if (hasEnds) {
    for (let c = 0; c < 6; c++) path.ends[c] = endDirections[c];
    if (tag[0]) path.ends[0] = path.ends[1] = path.ends[2] = 0;
  }
  const flat = shape.flat === true;
  if (flat && cyclic && kept > 1 && windsCounterClockwise(p, kept)) reversePoints(path, kept);
  const smooth = shape.smoothIterations ?? 0;
  return build(path, kept, cyclic, hasEnds, Number.isFinite(smooth) ? Math.max(0, Math.min(1000, Math.trunc(smooth))) : 0, flat);
}

/**
 * BKE_curve_bevelList_make's turning direction of a cyclic 2D spline: whether, at its leftmost
 * point (the first of the least x), the points wind counter-clockwise seen from +Z (its `inp` is
 * not positive). Blender reverses such a spline, as it does any outline that is not a hole (a spline
 * inside another it would reverse the other way; the exporter names a 2D path with other cyclic splines).
 */
function windsCounterClockwise(p: Float64Array, count: number): boolean {
  let at = 0;
  for (let i = 1; i < count; i++) if (p[3 * i] < p[3 * at]) at = i;
  const before = at === 0 ? count - 1 : at - 1, after = at === count - 1 ? 0 : at + 1;
  const x0 = p[3 * before], y0 = p[3 * before + 1], x1 = p[3 * at], y1 = p[3 * at + 1], x2 = p[3 * after], y2 = p[3 * after + 1];
  return !((x1 - x0) * (y0 - y2) + (y0 - y1) * (x0 - x2) > 0);
}

/** The first `count` points of the path, with their radius, tilt and tangents, in reverse order. */
function reversePoints(path: PathStore, count: number): void {
  const { points: p, radius: r, tilt: t, tangents: tn } = path;
  for (let a = 0, b = count - 1; a < b; a++, b--) {
    for (let c = 0; c < 3; c++) {
      const x = p[3 * a + c]; p[3 * a + c] = p[3 * b + c]; p[3 * b + c] = x;
      const y = tn[3 * a + c]; tn[3 * a + c] = tn[3 * b + c]; tn[3 * b + c] = y;
    }
    const ra = r[a]; r[a] = r[b]; r[b] = ra;
    const ta = t[a]; t[a] = t[b]; t[b] = ta;
  }
}

/** Whether points a and b lie within Blender's duplicate distance of each other on every axis. */
function coincide(points: ArrayLike<number>, a: number, b: number): boolean {
  return Math.abs(points[3 * a] - points[3 * b]) <= DUPLICATE_EPS &&
    Math.abs(points[3 * a + 1] - points[3 * b + 1]) <= DUPLICATE_EPS &&
    Math.abs(points[3 * a + 2] - points[3 * b + 2]) <= DUPLICATE_EPS;
}

// Per-frame code below copies into these rather than taking subarrays: a hooked curve's path is
// made again every frame, and a view is an allocation.
const frameQ = new Float64Array(4);
const frameD = new Float64Array(3);

function build(path: PathStore, count: number, cyclic: boolean, hasEnds: boolean, smooth: number, flat = false): PathStore {
  const { points: p, accum, tilt, twist, framesZUp, framesMinimum, framesTangent, directions: dirs } = path;
  const segments = count < 2 ? 0 : cyclic ? count : count - 1;
  if (segments === 0) accum[0] = 0;
  let total = 0;
  for (let s = 0; s < segments; s++) {
    const a = s, b = (s + 1) % count;
    const dx = p[3 * b] - p[3 * a], dy = p[3 * b + 1] - p[3 * a + 1], dz = p[3 * b + 2] - p[3 * a + 2];
    // A segment past 1e154 squares to Infinity: measured scaled instead, and the sum saturated,
    // so a curve with a point at 1e300 has a finite length and samples to finite points.
    const l = lengthXyz(dx, dy, dz);
    total = saturate(total + (l === Infinity ? hypot3(dx, dy, dz) : l));
    accum[s] = total;
  }
  if (count === 2) segmentDirections(dirs, p);
  else directions(dirs, p, count, cyclic, hasEnds ? path.ends : null);
  const q = frameQ, d = frameD;
  for (let i = 0; i < count; i++) {
    d[0] = dirs[3 * i]; d[1] = dirs[3 * i + 1]; d[2] = dirs[3 * i + 2];
    // vec_to_quat(dir, 5 = TRACK_NEGATIVE_Z, 1 = Y)
    vecToQuat(q, d, 5, 1);
    for (let c = 0; c < 4; c++) framesZUp[4 * i + c] = q[c];
  }
  if (count > 0) {
    for (let c = 0; c < 4; c++) framesMinimum[c] = framesZUp[c];
    for (let i = 1; i < count; i++) minimumTwist(framesMinimum, dirs, i - 1, i);
    if (!cyclic && count > 1) {
      // Open paths re-derive both ends from their neighbours (the end directions come from the
      // handles, not from a bisector). Cyclic paths get no end-to-start correction in 3.4.1.
      minimumTwist(framesMinimum, dirs, 1, 0);
      minimumTwist(framesMinimum, dirs, count - 2, count - 1);
    }
  }
  // TANGENT frames only when asked for (a path of two points takes vec_to_quat like the others).
  if (twist === 'TANGENT') {
    if (count > 2) tangentFrames(framesTangent, path.turned, dirs, path.tangents, count);
    else for (let c = 0; c < 4 * count; c++) framesTangent[c] = framesZUp[c];
  }
  if (smooth > 0 && count > 2) {
    smoothFrames(framesZUp, dirs, count, cyclic, smooth);
    smoothFrames(framesMinimum, dirs, count, cyclic, smooth);
    if (framesTangent !== framesMinimum) smoothFrames(framesTangent, dirs, count, cyclic, smooth);
  }
  // A 2D curve's frames take no tilt (make_bevel_list_2D), but a path of two points' do.
  for (let i = 0; i < (flat && count > 2 ? 0 : count); i++) {
    if (tilt[i] === 0) continue; // Blender normalizes even then: a rounding we skip, so untilted paths keep their bits
    applyTilt(framesZUp, dirs, tilt, i);
    applyTilt(framesMinimum, dirs, tilt, i);
    if (framesTangent !== framesMinimum) applyTilt(framesTangent, dirs, tilt, i);
  }
  path.count = count;
  path.cyclic = cyclic;
  path.segments = segments;
  path.length = total;
  return path;
}

const tfA = new Float64Array(3), tfB = new Float64Array(3), tfSide = new Float64Array(3);
const tfT = new Float64Array(3), tfD = new Float64Array(3), tfQ = new Float64Array(4), tfAngle = new Float64Array(1);

/**
 * Blender's make_bevel_list_3D_tangent: each point's curvature direction turned to face the same
 * way as the one before (the last point compared first, with the one before it; then the first
 * with the last, and on in order), made perpendicular to the point's direction d_i, and the frame
 * tri_to_quat(0, normalize(t_i × d_i), t_i). A zero curvature direction (POLY and NURBS splines,
 * a segment with two VECTOR handles) gives Blender's degenerate frame, as Blender does.
 */
function tangentFrames(frames: Float64Array, tan: Float64Array, dirs: Float64Array, given: Float64Array, count: number): void {
  for (let c = 0; c < 3 * count; c++) tan[c] = given[c];
  const a = tfA, b = tfB, side = tfSide, t = tfT, d = tfD;
  for (let k = 0, b0 = count - 2, b1 = count - 1; k < count; k++) {
    read3(a, tan, b0);
    read3(b, tan, b1);
    if (angleNormalized3To(tfAngle, a, b)[0] > Math.PI / 2) {
      for (let c = 0; c < 3; c++) tan[3 * b1 + c] = -tan[3 * b1 + c];
    }
    b0 = b1;
    b1 = k;
  }
  for (let i = 0; i < count; i++) {
    read3(t, tan, i);
    read3(d, dirs, i);
    cross3(a, t, d);
    cross3(b, a, d);
    t.set(normalizeLikeBlender3(b));
    write3(tan, i, t);
    normalizeLikeBlender3(cross3(side, t, d));
    triangleQuat(tfQ, ORIGIN, side, t);
    write4(frames, i, tfQ);
  }
}

/** out = the i-th xyz of `list`. */
function read3(out: Float64Array, list: Float64Array, i: number): Float64Array {
  out[0] = list[3 * i]; out[1] = list[3 * i + 1]; out[2] = list[3 * i + 2];
  return out;
}

function write3(list: Float64Array, i: number, v: Float64Array): void {
  list[3 * i] = v[0]; list[3 * i + 1] = v[1]; list[3 * i + 2] = v[2];
}

/** out = the i-th quaternion of `list`. */
function read4(out: Float64Array, list: Float64Array, i: number): Float64Array {
  out[0] = list[4 * i]; out[1] = list[4 * i + 1]; out[2] = list[4 * i + 2]; out[3] = list[4 * i + 3];
  return out;
}

function write4(list: Float64Array, i: number, q: Float64Array): void {
  list[4 * i] = q[0]; list[4 * i + 1] = q[1]; list[4 * i + 2] = q[2]; list[4 * i + 3] = q[3];
}
const ORIGIN = [0, 0, 0] as const;

// A path of two points (make_bevel_list_segment_3D): both take the direction from the first to the second.
function segmentDirections(out: Float64Array, p: Float64Array): void {
  const x = p[3] - p[0], y = p[4] - p[1], z = p[5] - p[2];
  const l = lengthXyz(x, y, z);
  const inv = l * l > 1e-35 ? 1 / l : 0;
  out[0] = out[3] = x * inv;
  out[1] = out[4] = y * inv;
  out[2] = out[5] = z * inv;
}

// Blender's bevel_list_calc_bisect plus the open-path end directions: the end handles' when given
// and not zero, else the end segments'.
function directions(out: Float64Array, p: Float64Array, count: number, cyclic: boolean, ends: Float64Array | null): void {
  for (let c = 0; c < 3 * count; c++) out[c] = 0;
  if (count < 2) return;
  for (let i = 0; i < count; i++) {
    const prev = i === 0 ? (cyclic ? count - 1 : -1) : i - 1;
    const next = i === count - 1 ? (cyclic ? 0 : -1) : i + 1;
    if (prev < 0 || next < 0) {
      if (ends && unitInto(out, 3 * i, ends, prev < 0 ? 0 : 3)) continue;
      if (prev < 0) segmentDirection(p, i, next, 0);
      else segmentDirection(p, prev, i, 0);
      out[3 * i] = tmpSeg[0]; out[3 * i + 1] = tmpSeg[1]; out[3 * i + 2] = tmpSeg[2];
      continue;
    }
    segmentDirection(p, prev, i, 0);
    segmentDirection(p, i, next, 3);
    const x = tmpSeg[0] + tmpSeg[3], y = tmpSeg[1] + tmpSeg[4], z = tmpSeg[2] + tmpSeg[5];
    const l = lengthXyz(x, y, z);
    // A full reversal has no bisector: Blender gets a zero vector (identity frame); so do we.
    const inv = l * l > 1e-35 ? 1 / l : 0;
    out[3 * i] = x * inv;
    out[3 * i + 1] = y * inv;
    out[3 * i + 2] = z * inv;
  }
}
const tmpSeg = new Float64Array(6);

/** The unit direction from point a to point b of `p` into tmpSeg[o..o+3] (zero when they coincide). */
function segmentDirection(p: Float64Array, a: number, b: number, o: number): void {
  const x = p[3 * b] - p[3 * a], y = p[3 * b + 1] - p[3 * a + 1], z = p[3 * b + 2] - p[3 * a + 2];
  const l = lengthXyz(x, y, z);
  const inv = l * l > 1e-35 ? 1 / l : 0;
  tmpSeg[o] = x * inv;
  tmpSeg[o + 1] = y * inv;
  tmpSeg[o + 2] = z * inv;
}

/** Writes v[from..from+3] normalized to out[at..]; false (nothing written) when it is zero. */
function unitInto(out: Float64Array, at: number, v: Float64Array, from: number): boolean {
  const x = v[from], y = v[from + 1], z = v[from + 2];
  const l = lengthXyz(x, y, z);
  if (!(l * l > 1e-35) || !Number.isFinite(l)) return false;
  out[at] = x / l; out[at + 1] = y / l; out[at + 2] = z / l;
  return true;
}

const mtAxis = new Float64Array(3);
const mtQ = new Float64Array(4);
const mtA = new Float64Array(3);
const mtB = new Float64Array(3);
const mtAngle = new Float64Array(1);
const mtPrev = new Float64Array(4);

// Blender's minimum_twist_between_two_points: q_cur = rot(d_prev → d_cur) · q_prev.
function minimumTwist(frames: Float64Array, dirs: Float64Array, prev: number, cur: number): void {
  read3(mtA, dirs, prev);
  read3(mtB, dirs, cur);
  read4(mtPrev, frames, prev);
  if (angleNormalized3To(mtAngle, mtA, mtB)[0] > 0) {
    mtAxis[0] = mtA[1] * mtB[2] - mtA[2] * mtB[1];
    mtAxis[1] = mtA[2] * mtB[0] - mtA[0] * mtB[2];
    mtAxis[2] = mtA[0] * mtB[1] - mtA[1] * mtB[0];
    setQuatAxisAngleBy(mtQ, mtAxis, mtAngle);
    write4(frames, cur, multiplyQuat(mtQ, mtQ, mtPrev));
  } else {
    write4(frames, cur, mtPrev);
  }
}

const tiltQ = new Float64Array(4);
const tiltDir = new Float64Array(3);
const tiltFrame = new Float64Array(4);
const tiltAngle = new Float64Array(1);

// Blender's bevel_list_apply_tilt for one point: q_i = normalize(axis_angle(d_i, tilt) · q_i).
function applyTilt(frames: Float64Array, dirs: Float64Array, tilt: Float64Array, i: number): void {
  tiltAngle[0] = tilt[i];
  setQuatAxisAngleBy(tiltQ, read3(tiltDir, dirs, i), tiltAngle);
  multiplyQuat(tiltFrame, tiltQ, read4(tiltFrame, frames, i));
  write4(frames, i, normalizeQuatTo(tiltFrame, tiltFrame));
}

/**
 * Blender's bevel_list_smooth: each pass turns every inner point's frame (every point's, cyclic)
 * halfway toward the slerped mean of its neighbours' frames, re-aimed along its own direction.
 * Points are visited in Blender's order (cyclic: the last first), each reading its predecessor's
 * frame from before this pass.
 */
const smQ = new Float64Array(4), smQ2 = new Float64Array(4), smPrevious = new Float64Array(4);
const smZ = new Float64Array(3), smAxis = new Float64Array(3), smD = new Float64Array(3);
const smF1 = new Float64Array(4), smF2 = new Float64Array(4), smAngle = new Float64Array(1);
const HALF = Float64Array.of(0.5);

function smoothFrames(frames: Float64Array, dirs: Float64Array, count: number, cyclic: boolean, iterations: number): void {
  const q = smQ, q2 = smQ2, previous = smPrevious, z = smZ, axis = smAxis, d = smD, f1 = smF1, f2 = smF2;
  for (let pass = 0; pass < iterations; pass++) {
    let b1 = cyclic ? count - 1 : 1;
    read4(previous, frames, b1 - 1);
    for (let left = cyclic ? count : count - 2; left > 0; left--) {
      const b2 = (b1 + 1) % count;
      read3(d, dirs, b1);
      read4(f1, frames, b1);
      slerpQuatBy(q, previous, read4(f2, frames, b2), HALF);
      normalizeQuatTo(q, q);
      rotateVec3ByQuat(z, q, Z_AXIS);
      axis[0] = z[1] * d[2] - z[2] * d[1];
      axis[1] = z[2] * d[0] - z[0] * d[2];
      axis[2] = z[0] * d[1] - z[1] * d[0];
      setQuatAxisAngleBy(q2, axis, angleNormalized3To(smAngle, z, d));
      normalizeQuatTo(q2, q2);
      previous.set(f1);
      multiplyQuat(q, q2, q);
      slerpQuatBy(f1, f1, q, HALF);
      write4(frames, b1, normalizeQuatTo(f1, f1));
      b1 = b2;
    }
  }
}
const Z_AXIS = [0, 0, 1] as const;

const qa = new Float64Array(4);
const qb = new Float64Array(4);

const at1 = new Float64Array(1);
const fcs = new Float64Array(1);

/**
 * Samples the path at parameter t (0 = start, 1 = end, by local arc length): writes the curve-local
 * position, the frame quaternion [x,y,z,w] (before Follow Path's quat_apply_track), and the radius
 * into outRadius[0] when given. A one-point path gives that point, identity and its radius.
 */
export function samplePath(
  outPos: Float64Array,
  outQuat: Float64Array,
  outRadius: Float64Array | null,
  path: PreparedPath,
  t: number,
  twist: PathTwist = path.twist,
): Float64Array {
  at1[0] = t;
  return samplePathAt(outPos, outQuat, outRadius, path, at1, twist);
}

/**
 * {@link samplePath} at the parameter at[0]. Per-frame code passes it so, in an array: V8 boxes a
 * double passed to a call it does not inline, an allocation per call.
 */
export function samplePathAt(
  outPos: Float64Array,
  outQuat: Float64Array,
  outRadius: Float64Array | null,
  path: PreparedPath,
  at: ArrayLike<number>,
  twist: PathTwist = path.twist,
): Float64Array {
  let t = at[0];
  const { count, points: p, accum, segments } = path;
  if (segments === 0 || !(path.length > 0) || !Number.isFinite(t)) {
    // Degenerate path (or t not a number): the first point, unrotated.
    outPos[0] = p[0];
    outPos[1] = p[1];
    outPos[2] = p[2];
    outQuat[0] = 0;
    outQuat[1] = 0;
    outQuat[2] = 0;
    outQuat[3] = 1;
    if (outRadius) outRadius[0] = path.radius[0];
    return outPos;
  }
  if (path.cyclic && (t < 0 || t > 1)) t -= Math.floor(t);
  const goal = t * path.length;
  let idx: number;
  if (t <= 0) idx = 0;
  else if (t >= 1) idx = segments - 1;
  else {
    // First segment whose cumulative length exceeds the goal (Blender's binary search).
    let lo = 0, hi = segments - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (accum[mid] > goal) hi = mid;
      else lo = mid + 1;
    }
    idx = lo;
  }
  const start = idx === 0 ? 0 : accum[idx - 1];
  const segLen = accum[idx] - start;
  const f = segLen > 0 ? (goal - start) / segLen : 0;
  const i1 = idx, i2 = idx + 1 === count ? 0 : idx + 1;
  // KEY_LINEAR weights (1 − f, f), unclamped: extrapolates on open paths.
  const w1 = 1 - f;
  outPos[0] = w1 * p[3 * i1] + f * p[3 * i2];
  outPos[1] = w1 * p[3 * i1 + 1] + f * p[3 * i2 + 1];
  outPos[2] = w1 * p[3 * i1 + 2] + f * p[3 * i2 + 2];
  // Frames and radius use the weights clamped to [0, 1].
  const fc = f < 0 ? 0 : f > 1 ? 1 : f;
  const frames = twist === 'Z_UP' ? path.framesZUp : twist === 'TANGENT' ? path.framesTangent : path.framesMinimum;
  qa[0] = frames[4 * i1]; qa[1] = frames[4 * i1 + 1]; qa[2] = frames[4 * i1 + 2]; qa[3] = frames[4 * i1 + 3];
  qb[0] = frames[4 * i2]; qb[1] = frames[4 * i2 + 1]; qb[2] = frames[4 * i2 + 2]; qb[3] = frames[4 * i2 + 3];
  fcs[0] = fc;
  slerpQuatBy(outQuat, qa, qb, fcs);
  if (outRadius) outRadius[0] = (1 - fc) * path.radius[i1] + fc * path.radius[i2];
  return outPos;
}

/**
 * The matrix of a point on a path as Follow Path and path parenting build it: T(pos) · R(quat) ·
 * S(radius), with no turn when `quat` is undefined (no Follow) and no scale when `radius` is (no
 * Curve Radius). The radius comes in an array: V8 boxes a double passed to a call it does not inline.
 */
export function pathPointMatrix(out: Float64Array, pos: Float64Array, quat: Float64Array | undefined, radius: Float64Array | undefined): Float64Array {
  if (quat) quatToMat4(out, quat);
  else identityMat4(out);
  if (radius) {
    const r = radius[0];
    for (let i = 0; i < 12; i++) if ((i & 3) !== 3) out[i] *= r;
  }
  out[12] = pos[0]; out[13] = pos[1]; out[14] = pos[2];
  return out;
}
