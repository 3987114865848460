// The last step of every tracking kernel: a result that overflowed (targets or scales near the
// double range) is replaced by the owner unchanged, so no NaN or Infinity leaves a kernel.

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
