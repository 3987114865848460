// Blender 3.4's F-curve modifiers besides a plain first Cycles (fmodifier.c; that one is the
// timing's, timing.ts and cycles.ts): Generator (expanded and factorised), Built-In Function,
// Envelope, Limits and Stepped, each with its frame range, blend in and out, influence and mute, and
// a first Cycles with a restricted range or an influence (its remap then depends on the frame's place
// in that range, so it runs here as a time modifier, the last of the stack's time steps as Blender's
// is, and adds its REPEAT_OFFSET offset as a value modifier). As `evaluate_fcurve_ex` runs them:
// the time modifiers (Limits, Stepped, such a Cycles) remap the frame from the last modifier to the
// first, the keys are read there, then the value modifiers change the value in stack
// order at that frame. Blender works in float32 here; settings are read as float32 and the
// arithmetic rounds where Blender's would. Noise reads Blender's own noise tables, which Sinew does
// not have: it is evaluated from the samples of its noise the exporter took in Blender at each whole
// frame (`noise_samples`: exact there, linear between, the end values outside), and without them
// `unsupportedModifier` names it and the importer reports it. Packed once; evaluating allocates nothing.
import { CYCLE_MODES, cycleTime } from './cycles';

/** A modifier as the exporter writes it (every RNA setting). */
export type ModifierSource = { type: string } & Record<string, unknown>;

const GENERATOR = 0, FACTORISED = 1, FUNCTION = 2, ENVELOPE = 3, LIMITS = 4, STEPPED = 5, NOISE = 6, CYCLES = 7;
const NOISE_BLENDS = ['REPLACE', 'ADD', 'SUBTRACT', 'MULTIPLY'];
const REPLACE = 0, ADD = 1, SUBTRACT = 2;
const FUNCTIONS = ['SIN', 'COS', 'TAN', 'SQRT', 'LN', 'SINC'];
const SIN = 0, COS = 1, TAN = 2, SQRT = 3, LN = 4;
const FLT_EPSILON = 1.1920928955078125e-7;

export interface PackedModifier {
  kind: number;
  /** Restricted range (0/1), start, end, blend in, blend out, influence (1 unless use_influence). */
  range: Float64Array;
  /** The kind's settings, float32 (see `packModifier`). */
  data: Float64Array;
  /** Generator order, function type, or the flags of Limits (min x, max x, min y, max y) and Stepped (start, end), as bits. */
  code: number;
  additive: boolean;
  /** A Cycles modifier's modes and counts ([mode before, count before, mode after, count after], cycles.ts). */
  cycles?: Int32Array;
}

/** The keys a Cycles modifier folds the frame into: the curve's packed keys (fcurve.ts layout) and how many. */
export interface CycledKeys {
  keys: Float64Array;
  count: number;
}

export interface PackedModifiers {
  list: PackedModifier[];
  /** Whether any modifier has a time step (Limits, Stepped). */
  changesTime: boolean;
  /** Scratch: [0] the value a modifier gives, [1] its influence, [2] the frame it gives, [3] the frame it runs at (doubles pass through here: V8 boxes one passed to or returned from a call it does not inline). */
  scratch: Float64Array;
  /** The curve's keys, for a Cycles modifier in the stack (none for a driver curve without keys). */
  keys: CycledKeys | undefined;
  /**
   * A Cycles modifier's work: [0..2] cycleTime's frame, offset cycles and whether the offset applies,
   * [3] the value offset the time step found (Blender's tFCMED_Cycles storage, 0 until it runs).
   */
  cycled: Float64Array;
}

const f32 = Math.fround;
// Key layout of a packed curve (fcurve.ts): a key's frame, then its value.
const KEY_STRIDE = 9, KEY_VALUE = 1;
const num = (v: unknown, fallback = 0) => f32(typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/**
 * Why a modifier is not evaluated, or undefined when it is (or changes nothing: muted, or disabled
 * by Blender, as it disables a Cycles modifier that is not first in its stack).
 */
export function unsupportedModifier(modifier: { readonly type: string }): string | undefined {
  const m = modifier as ModifierSource;
  if (m.mute === true || m.is_valid === false) return undefined;
  if (m.type === 'CYCLES') return undefined;
  if (KINDS.includes(m.type)) return undefined;
  if (m.type === 'NOISE') return noiseSamples(m) ? undefined : "a Noise modifier (Blender's own noise tables; the export holds no samples of it)";
  return `a ${m.type} modifier`;
}

/**
 * A Noise modifier's samples (`noise_samples`): its noise, BLI_noise_turbulence of its settings,
 * as Blender gave it at each whole frame from `start` on; undefined when the modifier has none.
 */
export function noiseSamples(m: ModifierSource): { start: number; values: number[] } | undefined {
  const n = m.noise_samples as { start?: unknown; values?: unknown } | undefined;
  if (typeof n !== 'object' || n === null || typeof n.start !== 'number' || !Number.isFinite(n.start) || !Array.isArray(n.values) || n.values.length === 0) return undefined;
  return n.values.every((v) => typeof v === 'number' && Number.isFinite(v)) ? { start: n.start, values: n.values as number[] } : undefined;
}

const KINDS = ['GENERATOR', 'FNGENERATOR', 'ENVELOPE', 'LIMITS', 'STEPPED'];

/**
 * Whether a first Cycles modifier is the curve's timing's (timing.ts): it folds every frame, at full
 * influence. One with a restricted range or an influence runs in the stack instead ({@link packModifiers}).
 */
export function cyclesInTiming(m: { readonly type: string } | undefined): boolean {
  const c = m as ModifierSource | undefined;
  return c?.type === 'CYCLES' && c.mute !== true && c.is_valid !== false && c.use_restricted_range !== true && c.use_influence !== true;
}

/**
 * The stack's modifiers Sinew evaluates besides a first Cycles the timing runs; undefined when there
 * are none. `keys`: the curve's, which a first Cycles with a range or an influence folds the frame into.
 */
export function packModifiers(list: readonly { readonly type: string }[] | undefined, keys?: CycledKeys): PackedModifiers | undefined {
  const packed: PackedModifier[] = [];
  (list ?? []).forEach((modifier, i) => {
    const m = modifier as ModifierSource;
    if (unsupportedModifier(m) !== undefined || m.mute === true || m.is_valid === false) return;
    // Blender disables a Cycles modifier that is not first; a plain first one is the timing's.
    if (m.type === 'CYCLES' && (i > 0 || cyclesInTiming(m))) return;
    packed.push(packModifier(m));
  });
  if (packed.length === 0) return undefined;
  // Limits runs its time step even without an x bound: Blender mixes the frame with itself by its influence.
  const changesTime = packed.some((p) => p.kind === STEPPED || p.kind === LIMITS || p.kind === CYCLES);
  return { list: packed, changesTime, scratch: new Float64Array(4), keys, cycled: new Float64Array(4) };
}

function packModifier(m: ModifierSource): PackedModifier {
  const range = Float64Array.of(m.use_restricted_range === true ? 1 : 0, num(m.frame_start), num(m.frame_end), num(m.blend_in), num(m.blend_out), m.use_influence === true ? num(m.influence, 1) : 1);
  const additive = m.use_additive === true;
  switch (m.type) {
    case 'GENERATOR': {
      const coefficients = Array.isArray(m.coefficients) ? m.coefficients : [];
      const order = Math.max(0, Math.trunc(typeof m.poly_order === 'number' ? m.poly_order : 1));
      const factorised = m.mode === 'POLYNOMIAL_FACTORISED';
      const count = factorised ? 2 * order : order + 1;
      return { kind: factorised ? FACTORISED : GENERATOR, range, data: Float64Array.from({ length: count }, (_, i) => num(coefficients[i])), code: order, additive };
    }
    case 'FNGENERATOR':
      return { kind: FUNCTION, range, data: Float64Array.of(num(m.amplitude, 1), num(m.phase_multiplier, 1), num(m.phase_offset), num(m.value_offset)), code: Math.max(0, FUNCTIONS.indexOf(String(m.function_type))), additive };
    case 'ENVELOPE': {
      // [reference, default min, default max, then frame, min, max per control point]
      const points = Array.isArray(m.control_points) ? (m.control_points as Record<string, unknown>[]) : [];
      const data = [num(m.reference_value), num(m.default_min, -1), num(m.default_max, 1)];
      for (const p of points) data.push(num(p.frame), num(p.min), num(p.max));
      return { kind: ENVELOPE, range, data: Float64Array.from(data), code: points.length, additive };
    }
    case 'NOISE': {
      // [strength, first sampled frame, then the noise at each whole frame]
      // packModifiers packs it only with its samples (unsupportedModifier).
      const samples = noiseSamples(m) ?? { start: 0, values: [0] };
      return { kind: NOISE, range, data: Float64Array.from([num(m.strength, 1), samples.start, ...samples.values.map((v) => f32(v))]), code: Math.max(0, NOISE_BLENDS.indexOf(String(m.blend_type))), additive };
    }
    case 'CYCLES':
      return { kind: CYCLES, range, data: new Float64Array(0), code: 0, additive, cycles: cyclesSettings(m) };
    case 'LIMITS':
      return {
        kind: LIMITS, range, data: Float64Array.of(num(m.min_x), num(m.max_x), num(m.min_y), num(m.max_y)),
        code: (m.use_min_x === true ? 1 : 0) | (m.use_max_x === true ? 2 : 0) | (m.use_min_y === true ? 4 : 0) | (m.use_max_y === true ? 8 : 0), additive,
      };
    default: // STEPPED
      return {
        kind: STEPPED, range, data: Float64Array.of(num(m.frame_step, 2), num(m.frame_offset), num(m.frame_start), num(m.frame_end)),
        code: (m.use_frame_start === true ? 1 : 0) | (m.use_frame_end === true ? 2 : 0), additive,
      };
  }
}

/** A Cycles modifier's [mode before, count before, mode after, count after] (cycles.ts), as packFCurve reads them. */
export function cyclesSettings(m: { readonly type: string } | undefined): Int32Array {
  const c = (m ?? {}) as ModifierSource;
  const mode = (v: unknown) => Math.max(0, (CYCLE_MODES as readonly string[]).indexOf(typeof v === 'string' ? v : 'REPEAT'));
  const count = (v: unknown) => Math.max(0, Math.trunc(typeof v === 'number' && Number.isFinite(v) ? v : 0));
  return Int32Array.of(mode(c.mode_before), count(c.cycles_before), mode(c.mode_after), count(c.cycles_after));
}

/** Whether a modifier runs at the frame s[3] (outside a restricted range it does not). */
function runsAt(r: Float64Array, s: Float64Array): boolean {
  return r[0] === 0 || (r[1] <= s[3] && r[2] >= s[3]);
}

/** Blender's eval_fmodifier_influence at the frame s[3], into s[1]: the influence, 0 outside a restricted range, ramped in its blend in and out. */
function influenceAt(r: Float64Array, s: Float64Array): void {
  const influence = r[5], t = s[3];
  s[1] = influence;
  if (r[0] === 0) return;
  const start = r[1], end = r[2];
  // The ends are in the range; with a blend there, its ramp starts from 0 at the end itself.
  if (t < start || t > end) s[1] = 0;
  else if (t >= start && t < f32(start + r[3])) s[1] = f32(influence * f32(f32(t - start) / f32(f32(start + r[3]) - start)));
  else if (t <= end && t > f32(end - r[4])) s[1] = f32(influence * f32(f32(t - end) / f32(f32(end - r[4]) - end)));
}

/** Remaps the frame `time[0]` in place, the last modifier first (evaluate_time_fmodifiers). */
export function modifyTime(p: PackedModifiers, time: Float64Array): void {
  let t = f32(time[0]);
  const list = p.list, s = p.scratch;
  // Blender's Cycles storage is set when its time step runs; outside its range the value step does not run either.
  p.cycled[3] = 0;
  for (let i = list.length - 1; i >= 0; i--) {
    const m = list[i];
    s[3] = t;
    if ((m.kind !== STEPPED && m.kind !== LIMITS && m.kind !== CYCLES) || !runsAt(m.range, s)) continue;
    if (m.kind === STEPPED) steppedTime(m, s);
    else if (m.kind === CYCLES) cyclesTime(p, m, s);
    else limitsTime(m, s);
    influenceAt(m.range, s);
    // interpf(next, t, influence) in float32.
    const fac = s[1];
    t = f32(f32(fac * s[2]) + f32(f32(1 - fac) * t));
  }
  time[0] = t;
}

/** fcm_stepped_time at s[3] into s[2]. */
function steppedTime(m: PackedModifier, s: Float64Array): void {
  const d = m.data, t = s[3];
  s[2] = t;
  if ((m.code & 1) !== 0 && t < d[2]) return;
  if ((m.code & 2) !== 0 && t > d[3]) return;
  // (int) of a float: truncated towards zero; out of the int range (or NaN) x86 gives INT_MIN.
  const q = f32(f32(t - d[1]) / d[0]);
  const block = q >= -2147483648 && q < 2147483648 ? Math.trunc(q) : -2147483648;
  s[2] = f32(f32(block * d[0]) + d[1]);
}

/**
 * fcm_cycles_time at s[3] into s[2]: the frame folded into the keys' range (cycles.ts, as the timing
 * folds it), and the REPEAT_OFFSET value offset, a cycle's change per cycle, kept for the value step.
 */
function cyclesTime(p: PackedModifiers, m: PackedModifier, s: Float64Array): void {
  const c = p.cycled, k = p.keys;
  s[2] = s[3];
  if (k === undefined || k.count === 0) return;
  c[0] = s[3]; c[2] = 0;
  cycleTime(k.keys, k.count, m.cycles!, c);
  s[2] = c[0];
  if (c[2] !== 0) c[3] = f32(f32(c[1]) * f32(k.keys[(k.count - 1) * KEY_STRIDE + KEY_VALUE] - k.keys[KEY_VALUE]));
}

/** fcm_limits_time at s[3] into s[2]. */
function limitsTime(m: PackedModifier, s: Float64Array): void {
  const d = m.data, t = s[3];
  s[2] = (m.code & 1) !== 0 && t < d[0] ? d[0] : (m.code & 2) !== 0 && t > d[1] ? d[1] : t;
}

/** Changes `value[at]` by the value modifiers in stack order at the frame `time[0]`, as the time modifiers and Cycles left it (evaluate_value_fmodifiers). */
export function modifyValue(p: PackedModifiers, value: Float64Array, at: number, time: Float64Array): void {
  const t = f32(time[0]);
  let v = f32(value[at]);
  const list = p.list, s = p.scratch;
  s[3] = t;
  for (let i = 0; i < list.length; i++) {
    const m = list[i];
    if (m.kind === STEPPED || !runsAt(m.range, s)) continue;
    s[0] = v;
    if (m.kind === GENERATOR) generator(m, s);
    else if (m.kind === FACTORISED) factorised(m, s);
    else if (m.kind === FUNCTION) builtIn(m, s);
    else if (m.kind === ENVELOPE) envelope(m, s);
    else if (m.kind === NOISE) noise(m, s);
    else if (m.kind === CYCLES) s[0] = f32(v + p.cycled[3]);
    else limitsValue(m, s);
    influenceAt(m.range, s);
    const fac = s[1];
    v = f32(f32(fac * s[0]) + f32(f32(1 - fac) * v));
  }
  value[at] = v;
}

/** fcm_generator_evaluate, expanded: Σ cᵢ·tⁱ, the powers by repeated float32 products. */
function generator(m: PackedModifier, s: Float64Array): void {
  const t = s[3];
  const c = m.data;
  let value = 0, power = 1;
  for (let i = 0; i < c.length; i++) {
    if (i) power = f32(power * t);
    value = f32(value + f32(c[i] * power));
  }
  if (m.code !== 0) s[0] = m.additive ? f32(s[0] + value) : value;
}

/** Factorised: Π (c₂ᵢ·t + c₂ᵢ₊₁). */
function factorised(m: PackedModifier, s: Float64Array): void {
  const t = s[3];
  const c = m.data;
  let value = 1;
  for (let i = 0; i < m.code; i++) value = f32(value * f32(f32(c[2 * i] * t) + c[2 * i + 1]));
  if (m.code !== 0) s[0] = m.additive ? f32(s[0] + value) : value;
}

/** fcm_fn_generator_evaluate: amplitude·fn(multiplier·t + phase) + offset; off its domain (tan's poles, ln ≤ 1, sqrt ≤ 0) 0, or unchanged when additive. */
function builtIn(m: PackedModifier, s: Float64Array): void {
  const t = s[3];
  const d = m.data, arg = f32(f32(d[1] * t) + d[2]);
  let fn: number;
  switch (m.code) {
    case SIN: fn = Math.sin(arg); break;
    case COS: fn = Math.cos(arg); break;
    case TAN:
      if (Math.abs((arg - Math.PI / 2) % Math.PI) < FLT_EPSILON) { if (!m.additive) s[0] = 0; return; }
      fn = Math.tan(arg); break;
    case SQRT:
      if (!(arg > 0)) { if (!m.additive) s[0] = 0; return; }
      fn = Math.sqrt(arg); break;
    case LN:
      if (!(arg > 1)) { if (!m.additive) s[0] = 0; return; }
      fn = Math.log(arg); break;
    default: fn = Math.abs(arg) < 0.0001 ? 1 : Math.sin(Math.PI * arg) / (Math.PI * arg);
  }
  const value = f32(f32(d[0] * f32(fn)) + d[3]);
  s[0] = m.additive ? f32(s[0] + value) : value;
}

/** fcm_envelope_evaluate: the value mapped from the reference range to the envelope's range at t. */
function envelope(m: PackedModifier, s: Float64Array): void {
  const t = s[3];
  const d = m.data, n = m.code;
  if (n === 0) return;
  const P = 3, last = P + 3 * (n - 1);
  let lo = 0, hi = 0;
  if (d[P] >= t) { lo = d[P + 1]; hi = d[P + 2]; }
  else if (d[last] <= t) { lo = d[last + 1]; hi = d[last + 2]; }
  else {
    for (let a = 0; a < n - 1; a++) {
      const p = P + 3 * a, q = p + 3;
      if (d[p] <= t && d[q] >= t) {
        const diff = f32(d[q] - d[p]);
        const afac = f32(f32(t - d[p]) / diff), bfac = f32(f32(d[q] - t) / diff);
        lo = f32(f32(bfac * d[p + 1]) + f32(afac * d[q + 1]));
        hi = f32(f32(bfac * d[p + 2]) + f32(afac * d[q + 2]));
        break;
      }
    }
  }
  const fac = f32(f32(s[0] - f32(d[0] + d[1])) / f32(d[2] - d[1]));
  s[0] = f32(lo + f32(fac * f32(hi - lo)));
}

/**
 * fcm_noise_evaluate with the noise read from the samples at s[3] (linear between whole frames, the
 * end values outside), combined with the value by the modifier's blend type, in float32.
 */
function noise(m: PackedModifier, s: Float64Array): void {
  const d = m.data, strength = d[0], last = d.length - 3;
  const x = s[3] - d[1];
  let n: number;
  if (!(x > 0)) n = d[2];
  else if (x >= last) n = d[2 + last];
  else {
    const i = Math.floor(x), f = x - i;
    n = f === 0 ? d[2 + i] : f32(d[2 + i] + f32(f32(f) * f32(d[3 + i] - d[2 + i])));
  }
  const v = s[0];
  if (m.code === ADD) s[0] = f32(v + f32(n * strength));
  else if (m.code === SUBTRACT) s[0] = f32(v - f32(n * strength));
  else if (m.code === REPLACE) s[0] = f32(v + f32(f32(n - 0.5) * strength));
  else s[0] = f32(f32(v * n) * strength);
}

function limitsValue(m: PackedModifier, s: Float64Array): void {
  const d = m.data;
  if ((m.code & 4) !== 0 && s[0] < d[2]) s[0] = d[2];
  if ((m.code & 8) !== 0 && s[0] > d[3]) s[0] = d[3];
}
