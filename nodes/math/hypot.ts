/**
 * Math.hypot for three numbers, the same algorithm as V8's (scaled by the largest, Kahan-summed),
 * so the same bits; V8 does not inline Math.hypot and allocates for every call, this allocates
 * nothing where it is inlined.
 */
export function hypot3(x: number, y: number, z: number): number {
  args[0] = x; args[1] = y; args[2] = z;
  hypot3Into(result, 0, args);
  return result[0];
}

const args = new Float64Array(3);
const result = new Float64Array(1);

/**
 * {@link hypot3} of v[o], v[o + 1], v[o + 2], written to out[i]; hypot3 itself goes through it.
 * For per-frame code: the numbers stay in arrays, since V8 boxes a double passed to or returned
 * from a call it does not inline, and this is too large to be inlined everywhere. out may alias v.
 * Every result is a double computed from the inputs (no literal 0, Infinity or NaN): a literal
 * would make the result a boxed number, allocated again.
 */
export function hypot3Into(out: Float64Array, i: number, v: ArrayLike<number>, o = 0): void {
  const x = v[o], y = v[o + 1], z = v[o + 2];
  const ax = Math.abs(x), ay = Math.abs(y), az = Math.abs(z);
  if (ax === Infinity || ay === Infinity || az === Infinity) { out[i] = ax === Infinity ? ax : ay === Infinity ? ay : az; return; }
  if (x !== x || y !== y || z !== z) { out[i] = x + y + z; return; }
  let max = ax > ay ? ax : ay;
  if (az > max) max = az;
  if (max === 0) { out[i] = max; return; }
  let sum = 0, comp = 0, n = ax / max;
  let summand = n * n - comp, next = sum + summand;
  comp = next - sum - summand; sum = next;
  n = ay / max; summand = n * n - comp; next = sum + summand;
  comp = next - sum - summand; sum = next;
  n = az / max; summand = n * n - comp; next = sum + summand;
  sum = next;
  out[i] = Math.sqrt(sum) * max;
}
