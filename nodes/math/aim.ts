// Aiming an axis at a point, the way Blender's tracking constraints do it (constraint.c:
// `vectomat` for Track To, `damptrack_do_transform` for Damped Track and Stretch To), plus an
// overflow-safe normalize they share. Matrices are column-major: element (row r, column c) of a
// 3x3 is at 3c + r, of a 4x4 at 4c + r. Everything writes into `out` and allocates nothing.

/** Blender's tracking axes in RNA order: 0..2 = +X, +Y, +Z; 3..5 = −X, −Y, −Z. */
export const TRACK_AXES = ['TRACK_X', 'TRACK_Y', 'TRACK_Z', 'TRACK_NEGATIVE_X', 'TRACK_NEGATIVE_Y', 'TRACK_NEGATIVE_Z'] as const;
export type TrackAxis = (typeof TRACK_AXES)[number];

/** Index 0..5 of a track axis name (TRACK_X … TRACK_NEGATIVE_Z); −1 when it is not one. */
export function trackAxisIndex(name: unknown): number {
  switch (name) {
    case 'TRACK_X': return 0;
    case 'TRACK_Y': return 1;
    case 'TRACK_Z': return 2;
    case 'TRACK_NEGATIVE_X': return 3;
    case 'TRACK_NEGATIVE_Y': return 4;
    case 'TRACK_NEGATIVE_Z': return 5;
    default: return -1;
  }
}

/** Blender's normalize threshold on the squared length (`normalize_v3`). */
const EPS_SQ = 1e-35;
const EPS_LEN = Math.sqrt(EPS_SQ);

/**
 * Writes a/|a| and returns |a|, like Blender's `normalize_v3_v3` (a length at or below √1e-35
 * gives (0,0,0) and returns 0), but without overflow: components up to ±1.7e308 normalize
 * correctly (the returned length may be Infinity when |a| exceeds the double range). A
 * non-finite input gives (0,0,0) and returns 0.
 */
export function normalizeSafe3(out: Float64Array, a: ArrayLike<number>): number {
  const x = a[0], y = a[1], z = a[2];
  const m = Math.max(Math.abs(x), Math.abs(y), Math.abs(z));
  if (!(m > 0) || m === Infinity) {
    out[0] = 0; out[1] = 0; out[2] = 0;
    return 0;
  }
  const sx = x / m, sy = y / m, sz = z / m;
  const s = Math.sqrt(sx * sx + sy * sy + sz * sz); // in [1, √3]
  const len = m * s;
  if (len <= EPS_LEN) {
    out[0] = 0; out[1] = 0; out[2] = 0;
    return 0;
  }
  out[0] = sx / s; out[1] = sy / s; out[2] = sz / s;
  return len;
}

const n = new Float64Array(3);
const u = new Float64Array(3);
const proj = new Float64Array(3);
const right = new Float64Array(3);

/**
 * Blender's `vectomat`: the 3x3 rotation whose `axis` column (0..5, negative axes 3..5) points
 * along −vec for a positive axis and along +vec for a negative one (Track To passes owner − target,
 * so the axis points at the target), and whose `upAxis` column (0..2) is the up vector projected
 * onto the plane perpendicular to it. The up vector is `targetUp` (not normalized) when
 * `useTargetUp`, else world +Z. A zero `vec` counts as +Z; an up vector parallel to the track axis
 * falls back to +Y, as Blender does. When the axis and the up axis coincide the result is identity.
 */
export function vecToMat3(
  out: Float64Array,
  vec: ArrayLike<number>,
  targetUp: ArrayLike<number>,
  axis: number,
  upAxis: number,
  useTargetUp: boolean,
): Float64Array {
  if (normalizeSafe3(n, vec) === 0) {
    n[0] = 0; n[1] = 0; n[2] = 1;
  }
  if (axis > 2) axis -= 3;
  else { n[0] = -n[0]; n[1] = -n[1]; n[2] = -n[2]; }

  if (useTargetUp) { u[0] = targetUp[0]; u[1] = targetUp[1]; u[2] = targetUp[2]; }
  else { u[0] = 0; u[1] = 0; u[2] = 1; }

  // Project u onto the plane perpendicular to n (n is unit: the projection is n·(u·n)).
  const d = u[0] * n[0] + u[1] * n[1] + u[2] * n[2];
  proj[0] = u[0] - n[0] * d;
  proj[1] = u[1] - n[1] * d;
  proj[2] = u[2] - n[2] * d;
  if (normalizeSafe3(proj, proj) === 0) {
    proj[0] = 0; proj[1] = 1; proj[2] = 0;
  }
  right[0] = proj[1] * n[2] - proj[2] * n[1];
  right[1] = proj[2] * n[0] - proj[0] * n[2];
  right[2] = proj[0] * n[1] - proj[1] * n[0];
  normalizeSafe3(right, right);

  if (axis === upAxis || upAxis < 0 || upAxis > 2 || axis < 0) {
    out[0] = 1; out[1] = 0; out[2] = 0;
    out[3] = 0; out[4] = 1; out[5] = 0;
    out[6] = 0; out[7] = 0; out[8] = 1;
    return out;
  }
  const rightIndex = 3 - axis - upAxis;
  const neg = basisCross(axis, upAxis);
  out[3 * rightIndex] = neg * right[0];
  out[3 * rightIndex + 1] = neg * right[1];
  out[3 * rightIndex + 2] = neg * right[2];
  out[3 * upAxis] = proj[0];
  out[3 * upAxis + 1] = proj[1];
  out[3 * upAxis + 2] = proj[2];
  out[3 * axis] = n[0];
  out[3 * axis + 1] = n[1];
  out[3 * axis + 2] = n[2];
  return out;
}

/** Blender's `basis_cross`: +1 when (a, b) is a cyclic pair of axes, −1 when anti-cyclic, 0 when equal. */
export function basisCross(a: number, b: number): number {
  switch (a - b) {
    case 1: case -2: return 1;
    case -1: case 2: return -1;
    default: return 0;
  }
}

// Blender's track_dir_vecs: +X, +Y, +Z, −X, −Y, −Z.
const DIR = [1, 0, 0, 0, 1, 0, 0, 0, 1, -1, 0, 0, 0, -1, 0, 0, 0, -1];
const FLT_EPSILON = 1.1920928955078125e-7;

const tar = new Float64Array(3);
const ob = new Float64Array(3);
const raxis = new Float64Array(3);
const tmpv = new Float64Array(3);

/**
 * Blender's `damptrack_do_transform`, in place on a 4x4: turns the basis by the smallest rotation
 * that takes the direction of `axis` (0..5 = +X, +Y, +Z, −X, −Y, −Z, as the basis maps it) onto
 * `tarvec`, keeping the translation. A zero `tarvec` changes nothing; exactly opposite directions
 * turn by π about the basis' next axis, as Blender does. Returns false when nothing changed.
 */
export function dampedTrackMat4(m: Float64Array, tarvec: ArrayLike<number>, axis: number): boolean {
  if (axis < 0 || axis > 5) return false;
  if (normalizeSafe3(tar, tarvec) === 0) return false;
  const a = 3 * axis;
  mulBasis(ob, m, DIR[a], DIR[a + 1], DIR[a + 2]);
  if (normalizeSafe3(ob, ob) === 0) {
    ob[0] = DIR[a]; ob[1] = DIR[a + 1]; ob[2] = DIR[a + 2];
  }
  raxis[0] = ob[1] * tar[2] - ob[2] * tar[1];
  raxis[1] = ob[2] * tar[0] - ob[0] * tar[2];
  raxis[2] = ob[0] * tar[1] - ob[1] * tar[0];
  const dot = ob[0] * tar[0] + ob[1] * tar[1] + ob[2] * tar[2];
  const norm = Math.hypot(raxis[0], raxis[1], raxis[2]);
  // atan2 is accurate over the whole range (Blender mixes acos and asin for the same reason).
  let angle = Math.atan2(norm, dot);
  if (norm < FLT_EPSILON) {
    // Parallel: nothing to do. Opposite: turn by π about an axis perpendicular to the track axis.
    if (angle < Math.PI - 0.01) return false;
    angle = Math.PI;
    const b = 3 * ((axis + 1) % 6);
    mulBasis(tmpv, m, DIR[b], DIR[b + 1], DIR[b + 2]);
    raxis[0] = ob[1] * tmpv[2] - ob[2] * tmpv[1];
    raxis[1] = ob[2] * tmpv[0] - ob[0] * tmpv[2];
    raxis[2] = ob[0] * tmpv[1] - ob[1] * tmpv[0];
    if (normalizeSafe3(raxis, raxis) === 0) return false;
  } else {
    raxis[0] /= norm; raxis[1] /= norm; raxis[2] /= norm;
  }
  rotateBasis(m, raxis, Math.sin(angle), Math.cos(angle));
  return true;
}

// out = the 3x3 part of m times (x, y, z).
function mulBasis(out: Float64Array, m: ArrayLike<number>, x: number, y: number, z: number): void {
  out[0] = m[0] * x + m[4] * y + m[8] * z;
  out[1] = m[1] * x + m[5] * y + m[9] * z;
  out[2] = m[2] * x + m[6] * y + m[10] * z;
}

/** Left-multiplies the 3x3 part of a 4x4 by the rotation about a unit axis (translation kept). */
export function rotateBasis(m: Float64Array, axis: ArrayLike<number>, sin: number, cos: number): Float64Array {
  const x = axis[0], y = axis[1], z = axis[2];
  const ico = 1 - cos;
  const r00 = x * x * ico + cos, r01 = x * y * ico - z * sin, r02 = x * z * ico + y * sin;
  const r10 = x * y * ico + z * sin, r11 = y * y * ico + cos, r12 = y * z * ico - x * sin;
  const r20 = x * z * ico - y * sin, r21 = y * z * ico + x * sin, r22 = z * z * ico + cos;
  for (let c = 0; c < 12; c += 4) {
    const a = m[c], b = m[c + 1], d = m[c + 2];
    m[c] = r00 * a + r01 * b + r02 * d;
    m[c + 1] = r10 * a + r11 * b + r12 * d;
    m[c + 2] = r20 * a + r21 * b + r22 * d;
  }
  return m;
}
