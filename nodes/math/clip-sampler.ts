// A glTF 2.0 animation sampler evaluated at a time (seconds), as the glTF spec and three.js's
// AnimationMixer play it: STEP holds the previous key, LINEAR lerps (rotations slerp along the
// shorter arc, nearly parallel ones lerp and normalize, as three's `slerpFlat`), CUBICSPLINE is the
// Hermite spline of each key's value and tangents scaled by the segment's length (rotations then
// normalized). Before the first key the first value holds, after the last the last. Packed once;
// sampling allocates nothing.

export const STEP = 0, LINEAR = 1, CUBICSPLINE = 2;

export interface PackedSampler {
  count: number;
  /** Key times, ascending. */
  times: Float64Array;
  /** `size` numbers per key; CUBICSPLINE keys hold in-tangent, value, out-tangent. */
  values: Float64Array;
  size: number;
  interpolation: number;
  /** Whether the values are quaternions [x, y, z, w]. */
  rotation: boolean;
}

/** Packs a sampler's keys (times and values as read from its accessors). */
export function packSampler(times: ArrayLike<number>, values: ArrayLike<number>, size: number, interpolation: 'STEP' | 'LINEAR' | 'CUBICSPLINE', rotation: boolean): PackedSampler {
  const mode = interpolation === 'STEP' ? STEP : interpolation === 'CUBICSPLINE' ? CUBICSPLINE : LINEAR;
  const perKey = mode === CUBICSPLINE ? 3 * size : size;
  const count = Math.min(times.length, Math.floor(values.length / perKey));
  return { count, times: Float64Array.from({ length: count }, (_, i) => times[i]), values: Float64Array.from({ length: count * perKey }, (_, i) => values[i]), size, interpolation: mode, rotation };
}

/** The latest time of any key (the clip's length is the longest of its samplers). */
export function samplerEnd(s: PackedSampler): number {
  return s.count > 0 ? s.times[s.count - 1] : 0;
}

/** Writes the sampler's value at `time[0]` to `out[at…]`. A sampler without keys writes nothing. */
export function sampleAt(s: PackedSampler, time: Float64Array, out: Float64Array, at: number): void {
  const n = s.count;
  if (n === 0) return;
  const t = time[0], times = s.times;
  if (n === 1 || !(t > times[0])) { keyValue(s, 0, out, at); return; }
  if (t >= times[n - 1]) { keyValue(s, n - 1, out, at); return; }
  // The segment [times[i], times[i + 1]) holding t.
  let lo = 0, hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (times[mid] <= t) lo = mid;
    else hi = mid;
  }
  if (s.interpolation === STEP) keyValue(s, lo, out, at);
  else if (s.interpolation === CUBICSPLINE) hermite(s, lo, time, out, at);
  else if (s.rotation) slerpKeys(s, lo, time, out, at);
  else {
    const size = s.size, v = s.values, a = lo * size, b = a + size;
    const u = (t - times[lo]) / (times[lo + 1] - times[lo]);
    for (let k = 0; k < size; k++) out[at + k] = v[a + k] + (v[b + k] - v[a + k]) * u;
  }
}

/** Key i's value (for CUBICSPLINE the middle of its three). */
function keyValue(s: PackedSampler, i: number, out: Float64Array, at: number): void {
  const size = s.size, base = s.interpolation === CUBICSPLINE ? i * 3 * size + size : i * size;
  for (let k = 0; k < size; k++) out[at + k] = s.values[base + k];
}

// The time comes in its array: V8 boxes a double passed to a call it does not inline.
function slerpKeys(s: PackedSampler, i: number, time: Float64Array, out: Float64Array, at: number): void {
  const v = s.values, a = i * 4, b = a + 4;
  let u = (time[0] - s.times[i]) / (s.times[i + 1] - s.times[i]);
  let x0 = v[a], y0 = v[a + 1], z0 = v[a + 2], w0 = v[a + 3];
  let x1 = v[b], y1 = v[b + 1], z1 = v[b + 2], w1 = v[b + 3];
  if (x0 !== x1 || y0 !== y1 || z0 !== z1 || w0 !== w1) {
    let dot = x0 * x1 + y0 * y1 + z0 * z1 + w0 * w1;
    if (dot < 0) { x1 = -x1; y1 = -y1; z1 = -z1; w1 = -w1; dot = -dot; }
    let w = 1 - u;
    if (dot < 0.9995) {
      const theta = Math.acos(dot), sin = Math.sin(theta);
      w = Math.sin(w * theta) / sin;
      u = Math.sin(u * theta) / sin;
      x0 = x0 * w + x1 * u; y0 = y0 * w + y1 * u; z0 = z0 * w + z1 * u; w0 = w0 * w + w1 * u;
    } else {
      x0 = x0 * w + x1 * u; y0 = y0 * w + y1 * u; z0 = z0 * w + z1 * u; w0 = w0 * w + w1 * u;
      const f = 1 / Math.sqrt(x0 * x0 + y0 * y0 + z0 * z0 + w0 * w0);
      x0 *= f; y0 *= f; z0 *= f; w0 *= f;
    }
  }
  out[at] = x0; out[at + 1] = y0; out[at + 2] = z0; out[at + 3] = w0;
}

function hermite(s: PackedSampler, i: number, time: Float64Array, out: Float64Array, at: number): void {
  const size = s.size, v = s.values, t0 = s.times[i], td = s.times[i + 1] - t0;
  const p = (time[0] - t0) / td, pp = p * p, ppp = pp * p;
  const s2 = -2 * ppp + 3 * pp, s3 = ppp - pp, s0 = 1 - s2, s1 = s3 - pp + p;
  const k0 = i * 3 * size, k1 = k0 + 3 * size;
  for (let k = 0; k < size; k++) {
    // Per key: in-tangent, value, out-tangent.
    out[at + k] = s0 * v[k0 + size + k] + s1 * v[k0 + 2 * size + k] * td + s2 * v[k1 + size + k] + s3 * v[k1 + k] * td;
  }
  if (s.rotation) {
    const x = out[at], y = out[at + 1], z = out[at + 2], w = out[at + 3];
    const len = Math.sqrt(x * x + y * y + z * z + w * w);
    if (len > 0) { out[at] = x / len; out[at + 1] = y / len; out[at + 2] = z / len; out[at + 3] = w / len; }
  }
}
