// Influence as kernels read it from a wire: any float, so it is clamped. (Params need no such care:
// they reach kernels resolved, each of its kind — nodes/resolve-params.ts.)

/** Influence from a wire may leave 0…1 or be NaN: clamped, NaN counting as 0. */
export function clampInfluence(x: number): number {
  return x > 1 ? 1 : x > 0 ? x : 0;
}

/** The influence an input slot carries (clamped), 1 when the node has no influence input. */
export function influenceOf(slot: Float64Array | undefined): number {
  return slot ? clampInfluence(slot[0]) : 1;
}

/**
 * {@link influenceOf} written to out[0] rather than returned, for per-frame code that passes the
 * influence on (e.g. to `blendMatricesBy`): a double returned from or passed to a call V8 does not
 * inline is boxed, an allocation per call; one in a typed array is not.
 */
export function influenceInto(out: Float64Array, slot: Float64Array | undefined): Float64Array {
  out[0] = slot ? clampInfluence(slot[0]) : 1;
  return out;
}
