// A curve's Bezier handles set again from its points, as Blender does after a Hook modifier moves
// them (BKE_curve_nurbs_vert_coords_apply: curve.cc's calchandleNurb_intern for a curve, not an
// F-curve, with skip_align): AUTO handles along the bisector of the neighbouring points, scaled by
// the distances to them (each held to five times the other); VECTOR handles a third of the way to
// the neighbour. FREE and ALIGNED handles stay where the hooks put them: Blender does not align
// handles there ("difficult to distinguish in which order", its comment), which a Blender 3.4 round
// trip confirms (test/blender/hooked-curves.test.ts). Allocates nothing.

/** Blender's handle type codes (HD_FREE, HD_AUTO, HD_VECT, HD_ALIGN). */
export const HANDLE_FREE = 0;
export const HANDLE_AUTO = 1;
export const HANDLE_VECTOR = 2;
export const HANDLE_ALIGNED = 3;

/** Blender's factor from the bisector's length to an AUTO handle's. */
const AUTO_HANDLE_SCALE = 2.5614;

/**
 * Sets the handles of `count` Bezier points in `coords` (nine numbers a point: left handle, point,
 * right handle) by their types (`types`: left, right per point, HANDLE_* codes). A spline of fewer
 * than two points is left as is.
 */
export function setBezierHandles(coords: Float64Array, types: Uint8Array, count: number, cyclic: boolean): void {
  if (count < 2) return;
  for (let i = 0; i < count; i++) {
    const prev = i > 0 ? i - 1 : cyclic ? count - 1 : -1;
    const next = i < count - 1 ? i + 1 : cyclic ? 0 : -1;
    setPointHandles(coords, types[2 * i], types[2 * i + 1], 9 * i, prev < 0 ? -1 : 9 * prev + 3, next < 0 ? -1 : 9 * next + 3);
  }
}

const p1 = new Float64Array(3), p3 = new Float64Array(3);
const dA = new Float64Array(3), dB = new Float64Array(3);

/** One point's handles (`at`: its left handle's offset; `prev`, `next`: its neighbours' points' offsets, −1 for none). */
function setPointHandles(c: Float64Array, h1: number, h2: number, at: number, prev: number, next: number): void {
  if (h1 !== HANDLE_AUTO && h2 !== HANDLE_AUTO && h1 !== HANDLE_VECTOR && h2 !== HANDLE_VECTOR) return;
  const p2 = at + 3, left = at, right = at + 6;
  // A missing neighbour is the other one mirrored through the point.
  for (let k = 0; k < 3; k++) {
    if (prev >= 0) p1[k] = c[prev + k];
    if (next >= 0) p3[k] = c[next + k];
  }
  if (prev < 0) for (let k = 0; k < 3; k++) p1[k] = 2 * c[p2 + k] - p3[k];
  if (next < 0) for (let k = 0; k < 3; k++) p3[k] = 2 * c[p2 + k] - p1[k];
  for (let k = 0; k < 3; k++) {
    dA[k] = c[p2 + k] - p1[k];
    dB[k] = p3[k] - c[p2 + k];
  }
  // Blender's len_v3: the square root of the dot product.
  let lenA = Math.sqrt(dA[0] * dA[0] + dA[1] * dA[1] + dA[2] * dA[2]), lenB = Math.sqrt(dB[0] * dB[0] + dB[1] * dB[1] + dB[2] * dB[2]);
  if (lenA === 0) lenA = 1;
  if (lenB === 0) lenB = 1;
  if (h1 === HANDLE_AUTO || h2 === HANDLE_AUTO) {
    const tx = dB[0] / lenB + dA[0] / lenA, ty = dB[1] / lenB + dA[1] / lenA, tz = dB[2] / lenB + dA[2] / lenA;
    const len = Math.sqrt(tx * tx + ty * ty + tz * tz) * AUTO_HANDLE_SCALE;
    if (len !== 0) {
      lenA = Math.min(lenA, 5 * lenB);
      lenB = Math.min(lenB, 5 * lenA);
      if (h1 === HANDLE_AUTO) {
        const f = lenA / len;
        c[left] = c[p2] - tx * f; c[left + 1] = c[p2 + 1] - ty * f; c[left + 2] = c[p2 + 2] - tz * f;
      }
      if (h2 === HANDLE_AUTO) {
        const f = lenB / len;
        c[right] = c[p2] + tx * f; c[right + 1] = c[p2 + 1] + ty * f; c[right + 2] = c[p2 + 2] + tz * f;
      }
    }
  }
  if (h1 === HANDLE_VECTOR) for (let k = 0; k < 3; k++) c[left + k] = c[p2 + k] - dA[k] / 3;
  if (h2 === HANDLE_VECTOR) for (let k = 0; k < 3; k++) c[right + k] = c[p2 + k] + dB[k] / 3;
}
