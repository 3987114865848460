// One Blender driver compiled for evaluation (README-rig-additions §6.2, Blender 3.4's
// `evaluate_driver` and `evaluate_fcurve_driver`): the variables' values in, the driven property's
// value out. Settings are read once here; `runDriver` allocates nothing: its stages hand each other
// their values in the program's `work` slots, not as double arguments or return values, which V8
// boxes when it does not inline the call.
import { evaluateFCurve, packFCurve, type Keyframe, type PackedFCurve } from '../math/fcurve/fcurve';
import { compileExpression, type CompiledExpression } from './expression/compile';
import { ExpressionError } from './expression/parse';

export const DRIVER_TYPES = ['AVERAGE', 'SUM', 'SCRIPTED', 'MIN', 'MAX'] as const;
export type DriverType = (typeof DRIVER_TYPES)[number];

/** A Generator F-curve modifier as the fixtures write it (every RNA setting). */
export interface GeneratorModifier {
  type: 'GENERATOR';
  mode?: 'POLYNOMIAL' | 'POLYNOMIAL_FACTORISED';
  poly_order?: number;
  coefficients?: number[];
  use_additive?: boolean;
  use_restricted_range?: boolean;
  frame_start?: number;
  frame_end?: number;
  blend_in?: number;
  blend_out?: number;
  use_influence?: boolean;
  influence?: number;
  mute?: boolean;
}

export interface DriverSource {
  type: string;
  expression?: string;
  /** The variables' names, in order (the expression's parameters after `frame`). */
  variables: string[];
  modifiers?: ({ type: string } & Record<string, unknown>)[];
  keyframes?: [number, number][];
  keyframe_interpolation?: string[];
  /** The whole keys (handles, easing), as an action's curve has them; used over `keyframes` when present. */
  keyframe_points?: Keyframe[];
  extrapolation?: string;
  mute?: boolean;
}

/** How the driven property takes the value: a float within a hard range, or a boolean. */
export type DrivenKind = { kind: 'float'; min: number; max: number } | { kind: 'bool' };

export interface DriverProgram {
  type: DriverType;
  expression: CompiledExpression | null;
  /** `frame` then one number per variable; filled by the caller before `evaluateDriver`. */
  params: Float64Array;
  curve: PackedFCurve | null;
  generators: { order: number; coefficients: Float32Array; factorised: boolean; additive: boolean; restricted: boolean; start: number; end: number; blendIn: number; blendOut: number; influence: number }[];
  target: DrivenKind;
  /** The target's hard range [min, max] (±Infinity for a boolean), read per frame from a typed array: no double field of a polymorphic object. */
  limits: Float64Array;
  /** 1 when the target is a boolean. */
  bool: number;
  muted: boolean;
  /** Scratch for the F-curve evaluation. */
  time: Float64Array;
  value: Float64Array;
  /** The stages' values: [driver value, generator value, curve value]. */
  work: Float64Array;
  /** The driven property's value, written by `runDriver`. */
  out: Float64Array;
}

const X = 0, GEN = 1, CURVE = 2;

/** Why a driver cannot be carried, by name (the importer reports these). */
export class DriverError extends Error {}

export function compileDriver(src: DriverSource, target: DrivenKind): DriverProgram {
  if (!(DRIVER_TYPES as readonly string[]).includes(src.type)) throw new DriverError(`driver type ${src.type} is not supported`);
  const type = src.type as DriverType;
  let expression: CompiledExpression | null = null;
  if (type === 'SCRIPTED') {
    try {
      expression = compileExpression(src.expression ?? '', ['frame', ...src.variables]);
    } catch (e) {
      if (e instanceof ExpressionError) throw new DriverError(`${e.message}: not one of Blender's simple expressions (it would need Python)`);
      throw e;
    }
  }
  const generators: DriverProgram['generators'] = [];
  for (const m of src.modifiers ?? []) {
    if (m.mute === true) continue;
    if (m.type !== 'GENERATOR') throw new DriverError(`F-curve modifier ${m.type} is not supported on drivers`);
    const g = m as unknown as GeneratorModifier;
    const order = Math.max(0, Math.trunc(g.poly_order ?? 1));
    const factorised = g.mode === 'POLYNOMIAL_FACTORISED';
    const count = factorised ? 2 * order : order + 1;
    const c = new Float32Array(count);
    (g.coefficients ?? []).slice(0, count).forEach((v, i) => (c[i] = v));
    generators.push({
      order,
      coefficients: c,
      factorised,
      additive: g.use_additive === true,
      restricted: g.use_restricted_range === true,
      start: Math.fround(g.frame_start ?? 0),
      end: Math.fround(g.frame_end ?? 0),
      blendIn: Math.fround(g.blend_in ?? 0),
      blendOut: Math.fround(g.blend_out ?? 0),
      influence: g.use_influence === true ? Math.fround(g.influence ?? 1) : 1,
    });
  }
  let curve: PackedFCurve | null = null;
  if (src.keyframe_points?.length) {
    // Bezier keys need their handles: the co-only form would make flat handles Blender does not have.
    curve = packFCurve({ keyframes: src.keyframe_points, extrapolation: src.extrapolation === 'LINEAR' ? 'LINEAR' : 'CONSTANT' });
  } else if (src.keyframes?.length) {
    const keyframes: Keyframe[] = src.keyframes.map(([x, y], i) => ({ co: [x, y], interpolation: (src.keyframe_interpolation?.[i] ?? 'LINEAR') as Keyframe['interpolation'] }));
    curve = packFCurve({ keyframes, extrapolation: src.extrapolation === 'LINEAR' ? 'LINEAR' : 'CONSTANT' });
  }
  return {
    type, expression, params: new Float64Array(1 + src.variables.length), curve, generators, target, muted: src.mute === true,
    limits: target.kind === 'float' ? new Float64Array([target.min, target.max]) : new Float64Array([-Infinity, Infinity]), bool: target.kind === 'bool' ? 1 : 0,
    time: new Float64Array(1), value: new Float64Array(1), work: new Float64Array(3), out: new Float64Array(1),
  };
}

/** Blender's float32 Generator of work[X] (x^i by repeated multiplication, a running float32 sum) into work[GEN]. */
function generate(g: DriverProgram['generators'][number], work: Float64Array): void {
  const c = g.coefficients, x = work[X];
  if (g.factorised) {
    let v = 1;
    for (let i = 0; i < g.order; i++) v = Math.fround(v * Math.fround(Math.fround(c[2 * i] * x) + c[2 * i + 1]));
    work[GEN] = v;
    return;
  }
  let v = 0;
  let power = 1;
  for (let i = 0; i <= g.order; i++) {
    if (i) power = Math.fround(power * x);
    v = Math.fround(v + Math.fround(c[i] * power));
  }
  work[GEN] = v;
}

/** The driver's raw value from `p.params` (the caller has set frame and variables), into work[X]. */
function driverValue(p: DriverProgram): void {
  const v = p.params;
  const n = v.length - 1;
  let x = 0;
  switch (p.type) {
    case 'SUM':
    case 'AVERAGE': {
      // Blender sums float32 variable values in float32.
      let sum = 0;
      for (let i = 1; i <= n; i++) sum = Math.fround(sum + v[i]);
      x = p.type === 'AVERAGE' ? (n ? Math.fround(sum / n) : 0) : sum;
      break;
    }
    case 'MIN':
    case 'MAX': {
      if (n === 0) break;
      x = v[1];
      for (let i = 2; i <= n; i++) if (p.type === 'MIN' ? v[i] < x : v[i] > x) x = v[i];
      break;
    }
    case 'SCRIPTED': {
      const e = p.expression!;
      e.evaluateInto(v, p.work, X);
      const r = p.work[X];
      x = e.status !== 0 || !Number.isFinite(r) ? 0 : Math.fround(r);
      break;
    }
  }
  p.work[X] = x;
}

/** The F-curve applied to the driver value work[X] (keys at time x if any, then the Generators), into work[CURVE]. */
function driverCurve(p: DriverProgram): void {
  const work = p.work, x = work[X];
  let value = x;
  if (p.curve) {
    p.time[0] = x;
    evaluateFCurve(p.curve, p.time, p.value, 0);
    value = Math.fround(p.value[0]);
  }
  const gens = p.generators;
  for (let k = 0; k < gens.length; k++) {
    const g = gens[k];
    let influence = g.influence;
    if (g.restricted) {
      // Measured in Blender 3.4 (README-rig-additions §6.2 step 3): outside the range the value is 0.
      if (x < g.start || x > g.end) { work[CURVE] = 0; return; }
      if (g.blendIn > 0 && x < g.start + g.blendIn) influence *= (x - g.start) / g.blendIn;
      else if (g.blendOut > 0 && x > g.end - g.blendOut) influence *= (g.end - x) / g.blendOut;
    }
    generate(g, work);
    const p1 = work[GEN];
    const next = g.additive ? Math.fround(value + p1) : p1;
    value = influence === 1 ? next : Math.fround(value + (next - value) * influence);
  }
  work[CURVE] = value;
}

/** Bits of the write of work[CURVE] into out[0]: the float clamped to the hard range, or a boolean as 1 or 0. */
function drivenValue(p: DriverProgram): void {
  const v = p.work[CURVE], min = p.limits[0], max = p.limits[1];
  if (p.bool === 1) p.out[0] = v > 1 - 2 ** -23 ? 1 : 0;
  else p.out[0] = v < min ? min : v > max ? max : v;
}

/** The driven property's value, from `p.params`, into `p.out[0]`. */
export function runDriver(p: DriverProgram): void {
  driverValue(p);
  driverCurve(p);
  drivenValue(p);
}

/** The driven property's value, from `p.params` (outside the frame loop: the returned double may be boxed). */
export function evaluateDriver(p: DriverProgram): number {
  runDriver(p);
  return p.out[0];
}
