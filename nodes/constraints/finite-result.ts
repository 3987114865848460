// The last step of a constraint kernel. Where Blender's formulas overflow on extreme but finite
// input (targets or scales near the double range, a huge extrapolated range, a zero scale raised to
// a negative power) Blender writes infinities; Sinew passes the owner through unchanged instead, so
// no kernel output is ever non-finite for finite input.

/** Keeps `out` when all 16 numbers are finite; otherwise copies `owner` into it. Returns whether it kept `out`. */
export function finishOrPass(out: Float64Array, owner: ArrayLike<number>): boolean {
  for (let i = 0; i < 16; i++) {
    if (!Number.isFinite(out[i])) {
      for (let j = 0; j < 16; j++) out[j] = owner[j];
      return false;
    }
  }
  return true;
}
