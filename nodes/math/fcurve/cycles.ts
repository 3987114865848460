// The CYCLES F-curve modifier's time remap (Blender 3.4's fcm_cycles_time, README-action-additions
// §4.6): before the first key or after the last, the frame is folded back into the key range
// (REPEAT, REPEAT_OFFSET with a value offset per cycle, MIRROR playing every other cycle
// backward), for `count` cycles or forever (0); past a finite count the curve extrapolates.

/** Blender's extrapolation modes of a Cycles modifier, by their RNA names; the index is the mode. */
export const CYCLE_MODES = ['NONE', 'REPEAT', 'REPEAT_OFFSET', 'MIRROR'] as const;
export const CYCLE_NONE = 0, CYCLE_REPEAT = 1, CYCLE_REPEAT_OFFSET = 2, CYCLE_MIRROR = 3;

// Key layout of a packed curve (fcurve.ts).
const KEY_STRIDE = 9, FRAME = 0;

/**
 * Remaps the time `s[0]` in place. For REPEAT_OFFSET, writes to `s[1]` the number of cycles the
 * value is offset by (the curve's value then moves by `s[1]` × (last key's value − first key's))
 * and sets `s[2]` to 1; both are left as they are otherwise (the caller clears them). Reads only
 * the keys' frames, so curves keyed at the same frames share the result (timing.ts). `cycles`
 * holds [mode before, count before, mode after, count after].
 */
export function cycleTime(keys: Float64Array, count: number, cycles: Int32Array, s: Float64Array): void {
  if (cycles[0] === CYCLE_NONE && cycles[2] === CYCLE_NONE) return;
  const t = s[0];
  const lastAt = (count - 1) * KEY_STRIDE;
  const f0 = keys[FRAME], f1 = keys[lastAt + FRAME];
  const cycdx = f1 - f0;
  if (cycdx === 0) return;
  let side: number, mode: number, limit: number, ofs: number;
  if (t < f0 && cycles[0] !== CYCLE_NONE) { side = -1; mode = cycles[0]; limit = cycles[1]; ofs = f0; }
  else if (t > f1 && cycles[2] !== CYCLE_NONE) { side = 1; mode = cycles[2]; limit = cycles[3]; ofs = f1; }
  else return;
  const cycle = (side * (t - ofs)) / cycdx;
  const cyct = (t - ofs) % cycdx; // C fmod: the sign of t − ofs
  if (limit !== 0 && cycle > limit) return;
  if (mode === CYCLE_REPEAT_OFFSET) {
    s[1] = side < 0 ? Math.floor((t - ofs) / cycdx) : Math.ceil((t - ofs) / cycdx);
    s[2] = 1;
  }
  let out: number;
  if (cyct === 0) {
    out = side === 1 ? f1 : f0;
    if (mode === CYCLE_MIRROR && Math.trunc(cycle) % 2 !== 0) out = side === 1 ? f0 : f1;
  } else if (mode === CYCLE_MIRROR && Math.trunc(cycle + 1) % 2 !== 0) {
    out = side === -1 ? f0 - cyct : f1 - cyct;
  } else {
    out = f0 + cyct;
  }
  if (out < f0) out += cycdx;
  s[0] = out;
}
