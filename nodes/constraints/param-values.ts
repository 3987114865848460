// Numbers as kernels read them from params and wires: a param may hold any JSON value (an old or
// hand-written file), a wire any float, so a missing or non-finite value falls back and an
// influence is clamped.

/** A finite number from a param or input value, else `fallback`. */
export function numberParam(v: unknown, fallback = 0): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

/** An integer param (truncated), else `fallback` for missing or non-finite values. */
export function integerParam(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : fallback;
}

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
