/**
 * Math.hypot for three numbers, the same algorithm as V8's (scaled by the largest, Kahan-summed),
 * so the same bits; V8 does not inline Math.hypot and allocates for every call, this allocates
 * nothing. Every result is a double computed from the inputs (no literal 0, Infinity or NaN):
 * a literal would make the inlined result a boxed number, allocated again.
 */
export function hypot3(x: number, y: number, z: number): number {
  const ax = Math.abs(x), ay = Math.abs(y), az = Math.abs(z);
  if (ax === Infinity || ay === Infinity || az === Infinity) return ax === Infinity ? ax : ay === Infinity ? ay : az;
  if (x !== x || y !== y || z !== z) return x + y + z;
  let max = ax > ay ? ax : ay;
  if (az > max) max = az;
  if (max === 0) return max;
  let sum = 0, comp = 0, n = ax / max;
  let summand = n * n - comp, next = sum + summand;
  comp = next - sum - summand; sum = next;
  n = ay / max; summand = n * n - comp; next = sum + summand;
  comp = next - sum - summand; sum = next;
  n = az / max; summand = n * n - comp; next = sum + summand;
  sum = next;
  return Math.sqrt(sum) * max;
}
