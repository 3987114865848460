// Aiming an axis at a point the way Blender's Track To does it (constraint.c `vectomat`) and the
// track-axis names (Damped Track's turn itself is `dampedTrack` in ./track). Matrices are column-major: element (row r, column c) of a
// 3x3 is at 3c + r, of a 4x4 at 4c + r. Everything writes into `out` and allocates nothing.

import { normalize3 } from './vector';

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
  if (!normalize3(n, vec)) {
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
  if (!normalize3(proj, proj)) {
    proj[0] = 0; proj[1] = 1; proj[2] = 0;
  }
  right[0] = proj[1] * n[2] - proj[2] * n[1];
  right[1] = proj[2] * n[0] - proj[0] * n[2];
  right[2] = proj[0] * n[1] - proj[1] * n[0];
  normalize3(right, right);

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
