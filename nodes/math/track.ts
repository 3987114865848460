// Tracking rotations as Blender defines them: vec_to_quat (a frame whose axis points along a
// vector, used for curve frames and Follow Path), quat_apply_track (re-aiming such a frame at a
// forward/up axis pair) and damptrack_do_transform (the minimal "damped" turn of one local axis
// onto a direction). Quaternions are [x, y, z, w]; 4x4 matrices column-major.
//
// Axis codes follow Blender: track/forward 0..5 = +X, +Y, +Z, −X, −Y, −Z; up 0..2 = X, Y, Z.
import { axisAngleNormalizedToMat3Ex } from './axis-angle';
import { FLT_EPSILON } from './float32';
import { rotateMat4Basis } from './matrix';
import { multiplyQuat } from './quaternion';
import { lengthXyz, safeAcos } from './vector';

const q2 = new Float64Array(4);
const axis = new Float64Array(3);
const sinCos = new Float64Array(2);
const rot = new Float64Array(9);

/**
 * Quaternion turning the frame so that its `axis` (0..5) points along v and, when possible, its
 * `up` axis (0..2) points up the world Z (or Y) — Blender's `vec_to_quat`. A zero v gives identity.
 * Note Blender's convention: the positive codes 0..2 aim the axis *against* v, 3..5 along it.
 */
export function vecToQuat(out: Float64Array, v: ArrayLike<number>, axis: number, up: number): Float64Array {
  out[0] = 0;
  out[1] = 0;
  out[2] = 0;
  out[3] = 1;
  const len = lengthXyz(v[0], v[1], v[2]);
  if (len === 0) return out;
  let tx: number, ty: number, tz: number;
  if (axis > 2) {
    tx = v[0];
    ty = v[1];
    tz = v[2];
    axis -= 3;
  } else {
    tx = -v[0];
    ty = -v[1];
    tz = -v[2];
  }
  // Rotation axis perpendicular to both the chosen local axis and t; Blender's 1e-4 guard picks a
  // fixed axis when t is (nearly) along it.
  const eps = 1e-4;
  let nx: number, ny: number, nz: number, co: number;
  if (axis === 0) {
    nx = 0; ny = -tz; nz = ty;
    if (Math.abs(ty) + Math.abs(tz) < eps) ny = 1;
    co = tx;
  } else if (axis === 1) {
    nx = tz; ny = 0; nz = -tx;
    if (Math.abs(tx) + Math.abs(tz) < eps) nz = 1;
    co = ty;
  } else {
    nx = -ty; ny = tx; nz = 0;
    if (Math.abs(tx) + Math.abs(ty) < eps) nx = 1;
    co = tz;
  }
  co /= len;
  const nlen2 = nx * nx + ny * ny + nz * nz;
  const ninv = nlen2 > 1e-35 ? 1 / Math.sqrt(nlen2) : 0;
  const half = 0.5 * safeAcos(co);
  const s = Math.sin(half) * ninv;
  const qx = nx * s, qy = ny * s, qz = nz * s, qw = Math.cos(half);
  out[0] = qx;
  out[1] = qy;
  out[2] = qz;
  out[3] = qw;
  if (axis !== up) {
    // Third column of the rotation matrix of q (Blender's fp = mat[2]).
    const f0 = 2 * (qx * qz + qw * qy);
    const f1 = 2 * (qy * qz - qw * qx);
    const f2 = 1 - 2 * (qx * qx + qy * qy);
    let angle: number;
    if (axis === 0) angle = up === 1 ? 0.5 * Math.atan2(f2, f1) : -0.5 * Math.atan2(f1, f2);
    else if (axis === 1) angle = up === 0 ? -0.5 * Math.atan2(f2, f0) : 0.5 * Math.atan2(f0, f2);
    else angle = up === 0 ? 0.5 * Math.atan2(-f1, -f0) : -0.5 * Math.atan2(-f0, -f1);
    // Twist about t itself so the up axis lands in the right plane: q ← q2·q.
    const si = Math.sin(angle) / len;
    q2[0] = tx * si;
    q2[1] = ty * si;
    q2[2] = tz * si;
    q2[3] = Math.cos(angle);
    multiplyQuat(out, q2, out);
  }
  return out;
}

const S = Math.SQRT1_2;
// Blender's quat_track table, converted from (w, x, y, z) to [x, y, z, w].
const TRACK_QUATS: readonly (readonly number[])[] = [
  [0, -S, 0, S], // pos-y90
  [0.5, 0.5, 0.5, 0.5], // rot X 90 · rot Y 90
  [0, 0, S, S], // pos-z90
  [0, S, 0, S], // neg-y90
  [-0.5, -0.5, 0.5, 0.5], // rot X −90 · rot Y −90
  [S, S, 0, 0], // (0, √½, √½, 0)
];
const q3 = new Float64Array(4);

/**
 * Re-aims a vec_to_quat(…, −Z, up Y) frame so that `forward` (0..5) is the tracking axis and `up`
 * (0..2) the up axis — Blender's `quat_apply_track`, used by Follow Path's curve follow.
 */
export function applyTrackToQuat(out: Float64Array, q: ArrayLike<number>, forward: number, up: number): Float64Array {
  const k = TRACK_QUATS[forward];
  q3[0] = k[0];
  q3[1] = k[1];
  q3[2] = k[2];
  q3[3] = k[3];
  multiplyQuat(out, q, q3);
  const a = forward > 2 ? forward - 3 : forward;
  // Each forward axis has two possible up axes; the table serves the first (X→Y, Y→X, Z→X),
  // otherwise turn 90° more about the forward axis.
  if (up !== (2 - a) >> 1) {
    q3[0] = 0;
    q3[1] = 0;
    q3[2] = 0;
    q3[3] = S;
    q3[a] = a === 1 ? S : -S;
    multiplyQuat(out, out, q3);
  }
  return out;
}

// Blender's track_dir_vecs.
const TRACK_DIRS: readonly (readonly number[])[] = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
  [-1, 0, 0],
  [0, -1, 0],
  [0, 0, -1],
];

/**
 * Turns m by the smallest rotation that points its local `trackAxis` (0..5) along `direction`,
 * keeping m's translation — Blender's `damptrack_do_transform` (Damped Track, Stretch To's swing,
 * Shrinkwrap's track normal). A zero direction leaves m unchanged; out may alias m.
 */
export function dampedTrack(
  out: Float64Array,
  m: ArrayLike<number>,
  direction: ArrayLike<number>,
  trackAxis: number,
): Float64Array {
  if (out !== m) for (let i = 0; i < 16; i++) out[i] = m[i];
  let tx = direction[0], ty = direction[1], tz = direction[2];
  const tl2 = tx * tx + ty * ty + tz * tz;
  if (!(tl2 > 1e-35)) return out;
  const tinv = 1 / Math.sqrt(tl2);
  tx *= tinv; ty *= tinv; tz *= tinv;
  const d = TRACK_DIRS[trackAxis];
  // The tracked axis as it currently points (scale removed by normalizing).
  let ox = out[0] * d[0] + out[4] * d[1] + out[8] * d[2];
  let oy = out[1] * d[0] + out[5] * d[1] + out[9] * d[2];
  let oz = out[2] * d[0] + out[6] * d[1] + out[10] * d[2];
  const ol2 = ox * ox + oy * oy + oz * oz;
  if (ol2 > 1e-35) {
    const inv = 1 / Math.sqrt(ol2);
    ox *= inv; oy *= inv; oz *= inv;
  } else {
    ox = d[0]; oy = d[1]; oz = d[2];
  }
  let rx = oy * tz - oz * ty;
  let ry = oz * tx - ox * tz;
  let rz = ox * ty - oy * tx;
  let angle = safeAcos(ox * tx + oy * ty + oz * tz);
  const norm = lengthXyz(rx, ry, rz);
  if (norm < FLT_EPSILON) {
    // Parallel: nothing to do. Opposite: turn 180° about another local axis, as Blender does.
    if (Math.abs(angle) < Math.PI - 0.01) return out;
    angle = Math.PI;
    const e = TRACK_DIRS[(trackAxis + 1) % 6];
    const ex = out[0] * e[0] + out[4] * e[1] + out[8] * e[2];
    const ey = out[1] * e[0] + out[5] * e[1] + out[9] * e[2];
    const ez = out[2] * e[0] + out[6] * e[1] + out[10] * e[2];
    rx = oy * ez - oz * ey;
    ry = oz * ex - ox * ez;
    rz = ox * ey - oy * ex;
    const n2 = lengthXyz(rx, ry, rz);
    if (!(n2 * n2 > 1e-35)) return out;
    rx /= n2; ry /= n2; rz /= n2;
  } else {
    rx /= norm; ry /= norm; rz /= norm;
    // Near 0 and π, asin of the cross length is far more precise than acos of the dot.
    if (norm < 0.1) angle = angle > Math.PI / 2 ? Math.PI - Math.asin(norm) : Math.asin(norm);
  }
  axis[0] = rx; axis[1] = ry; axis[2] = rz;
  sinCos[0] = Math.sin(angle); sinCos[1] = Math.cos(angle);
  axisAngleNormalizedToMat3Ex(rot, axis, sinCos);
  // Blender rebuilds the matrix from a unit 4x4 (mul_m4_m3m4 into unit_m4): bottom row 0 0 0 1.
  rotateMat4Basis(out, rot, out);
  out[15] = 1;
  return out;
}
