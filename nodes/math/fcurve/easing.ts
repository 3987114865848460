// Blender 3.4's easing equations (`BLI_easing_*`: Robert Penner's, with Blender's changes to Back
// and Elastic), as README-action-additions.md §4.5 gives them. Each reads τ (time since the key),
// b (start value), c (change), d (segment length) and the Back/Elastic settings from a scratch
// array and writes the value to `e[EASE_VALUE]`: no double crosses a call (nodes/math/README.md).
// τ is strictly inside (0, d) when called from an F-curve segment, so d > 0.

/** Slots of the easing scratch array (`createEasing`). */
export const EASE_T = 0, EASE_B = 1, EASE_C = 2, EASE_D = 3, EASE_BACK = 4, EASE_AMPLITUDE = 5, EASE_PERIOD = 6, EASE_VALUE = 7;
const X = 8, F = 9;

/** Easing direction after AUTO has been resolved. */
export const EASE_IN = 0, EASE_OUT = 1, EASE_IN_OUT = 2;

/** A scratch array for the easing functions. */
export function createEasing(): Float64Array {
  return new Float64Array(10);
}

/** `SINE`. */
export function easeSine(e: Float64Array, dir: number): void {
  const b = e[EASE_B], c = e[EASE_C], x = e[EASE_T] / e[EASE_D];
  e[EASE_VALUE] = dir === EASE_IN ? -c * Math.cos(x * (Math.PI / 2)) + c + b
    : dir === EASE_OUT ? c * Math.sin(x * (Math.PI / 2)) + b
    : (-c / 2) * (Math.cos(Math.PI * x) - 1) + b;
}

/** `QUAD`, `CUBIC`, `QUART`, `QUINT`: the power n = 2…5. */
export function easePower(e: Float64Array, dir: number, n: number): void {
  const b = e[EASE_B], c = e[EASE_C], x = e[EASE_T] / e[EASE_D];
  if (dir === EASE_IN) e[EASE_VALUE] = c * x ** n + b;
  else if (dir === EASE_OUT) e[EASE_VALUE] = c * (1 - (1 - x) ** n) + b;
  else {
    const s = 2 * x;
    e[EASE_VALUE] = s < 1 ? (c / 2) * s ** n + b : (c / 2) * (2 - (2 - s) ** n) + b;
  }
}

/** `EXPO`. */
export function easeExpo(e: Float64Array, dir: number): void {
  let t = e[EASE_T], b = e[EASE_B], c = e[EASE_C], d = e[EASE_D];
  let out = dir === EASE_OUT;
  if (dir !== EASE_IN && dir !== EASE_OUT) {
    // Both halves at half the change over half the duration (BLI_easing_expo_ease_in_out).
    d /= 2;
    c /= 2;
    out = t > d;
    if (out) { t -= d; b += c; }
  }
  if (t === 0) e[EASE_VALUE] = b;
  else if (out) e[EASE_VALUE] = c * (1 - (2 ** ((-10 * t) / d) - POW_MIN) * POW_SCALE) + b;
  else e[EASE_VALUE] = c * (2 ** (10 * (t / d - 1)) - POW_MIN) * POW_SCALE + b;
}

// Blender's exponential easing is offset by 2^-10 and rescaled, so that it starts and ends exactly
// on the keys (easing.c's pow_min and pow_scale; measured on 3.4.1: the plain 2^(10(x−1)) was up to
// 8.9e-4 off in test/blender/random-actions.test.ts). Inline: a double passed to or returned from a
// call V8 does not inline is boxed.
const POW_MIN = 2 ** -10;
const POW_SCALE = 1 / (1 - POW_MIN);

/** `CIRC`. */
export function easeCirc(e: Float64Array, dir: number): void {
  const b = e[EASE_B], c = e[EASE_C], x = e[EASE_T] / e[EASE_D];
  if (dir === EASE_IN) e[EASE_VALUE] = -c * (Math.sqrt(1 - x * x) - 1) + b;
  else if (dir === EASE_OUT) e[EASE_VALUE] = c * Math.sqrt(1 - (x - 1) * (x - 1)) + b;
  else {
    const s = 2 * x;
    e[EASE_VALUE] = s < 1 ? (-c / 2) * (Math.sqrt(1 - s * s) - 1) + b : (c / 2) * (Math.sqrt(1 - (s - 2) * (s - 2)) + 1) + b;
  }
}

/** `BACK` with overshoot `e[EASE_BACK]` (0 gives plain cubic shapes). */
export function easeBack(e: Float64Array, dir: number): void {
  const b = e[EASE_B], c = e[EASE_C], x = e[EASE_T] / e[EASE_D], o = e[EASE_BACK];
  if (dir === EASE_IN) {
    e[EASE_VALUE] = c * x * x * ((o + 1) * x - o) + b;
  } else if (dir === EASE_OUT) {
    const u = x - 1;
    e[EASE_VALUE] = c * (u * u * ((o + 1) * u + o) + 1) + b;
  } else {
    const o2 = 1.525 * o;
    const s = 2 * x;
    if (s < 1) e[EASE_VALUE] = (c / 2) * (s * s * ((o2 + 1) * s - o2)) + b;
    else {
      const u = s - 2;
      e[EASE_VALUE] = (c / 2) * (u * u * ((o2 + 1) * u + o2) + 2) + b;
    }
  }
}

/** `BOUNCE`. */
export function easeBounce(e: Float64Array, dir: number): void {
  const t = e[EASE_T], b = e[EASE_B], c = e[EASE_C], d = e[EASE_D];
  if (dir === EASE_OUT) {
    e[X] = t / d;
    bounceShape(e);
    e[EASE_VALUE] = c * e[F] + b;
  } else if (dir === EASE_IN || t < d / 2) {
    // in: c − out(d − τ; b = 0) + b; the first half of in-out is in(2τ)/2.
    e[X] = dir === EASE_IN ? (d - t) / d : (d - 2 * t) / d;
    bounceShape(e);
    e[EASE_VALUE] = dir === EASE_IN ? c - c * e[F] + b : (c - c * e[F]) / 2 + b;
  } else {
    e[X] = (2 * t - d) / d;
    bounceShape(e);
    e[EASE_VALUE] = (c * e[F]) / 2 + c / 2 + b;
  }
}

/** Penner's bounce-out shape at x = e[X] in [0, 1] (0 → 0, 1 → 1), into e[F]. */
function bounceShape(e: Float64Array): void {
  let x = e[X];
  if (x < 1 / 2.75) e[F] = 7.5625 * x * x;
  else if (x < 2 / 2.75) { x -= 1.5 / 2.75; e[F] = 7.5625 * x * x + 0.75; }
  else if (x < 2.5 / 2.75) { x -= 2.25 / 2.75; e[F] = 7.5625 * x * x + 0.9375; }
  else { x -= 2.625 / 2.75; e[F] = 7.5625 * x * x + 0.984375; }
}

/** `ELASTIC` with amplitude `e[EASE_AMPLITUDE]` and period `e[EASE_PERIOD]` (0 means Blender's fallback). */
export function easeElastic(e: Float64Array, dir: number): void {
  const t = e[EASE_T], b = e[EASE_B], c = e[EASE_C], d = e[EASE_D];
  let a = e[EASE_AMPLITUDE], p = e[EASE_PERIOD];
  if (t === 0) { e[EASE_VALUE] = b; return; }
  let x: number;
  if (dir === EASE_IN_OUT) {
    x = t / (d / 2);
    if (x === 2) { e[EASE_VALUE] = b + c; return; }
    x -= 1;
    if (p === 0) p = d * (0.3 * 1.5);
  } else {
    x = t / d;
    if (x === 1) { e[EASE_VALUE] = b + c; return; }
    x = dir === EASE_IN ? x - 1 : -x;
    if (p === 0) p = d * 0.3;
  }
  let s: number;
  let f = 1;
  if (a === 0 || a < Math.abs(c)) {
    // Blender's "elastic blend": with too small an amplitude the wave fades in over the first
    // quarter period instead of jumping (only when there is a change to blend).
    s = p / 4;
    if (c !== 0) {
      f = a !== 0 ? a / Math.abs(c) : 0;
      const l = Math.abs(x * d) / s;
      if (Math.abs(x * d) < s) f = f * l + (1 - l);
    }
    a = c;
  } else {
    s = (p / (2 * Math.PI)) * Math.asin(c / a);
  }
  let add = b;
  if (dir === EASE_IN) f = -f;
  else if (dir === EASE_OUT) add = c + b;
  else if (x < 0) f *= -0.5;
  else { x = -x; f *= 0.5; add = c + b; }
  e[EASE_VALUE] = f * a * 2 ** (10 * x) * Math.sin(((x * d - s) * (2 * Math.PI)) / p) + add;
}
