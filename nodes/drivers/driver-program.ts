// One Blender driver compiled for evaluation (README-rig-additions §6.2, Blender 3.4's
// `evaluate_driver` and `evaluate_fcurve_driver`): the variables' values in, the driven property's
// value out. Settings are read once here; `runDriver` allocates nothing: its stages hand each other
// their values in the program's `work` slots, not as double arguments or return values, which V8
// boxes when it does not inline the call.
import { evaluateFCurve, packFCurve, type Keyframe, type PackedFCurve } from '../math/fcurve/fcurve';
import { modifyTime, modifyValue, packModifiers, unsupportedModifier, type PackedModifiers } from '../math/fcurve/modifiers';
import { compileScripted, type CompiledExpression } from './expression/compile';
import { PYTHON_REFUSED } from './expression/builtins';
import { ExpressionError } from './expression/parse';

export const DRIVER_TYPES = ['AVERAGE', 'SUM', 'SCRIPTED', 'MIN', 'MAX'] as const;
export type DriverType = (typeof DRIVER_TYPES)[number];

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
  /** The keys, with the curve's modifiers (modifiers.ts), when it has keys. */
  curve: PackedFCurve | null;
  /** Without keys: the curve's modifiers, run on the driver value itself. */
  modifiers: PackedModifiers | undefined;
  /** Without keys, each modifier's restricted range [start, end] (NaN when unrestricted): outside any, Blender starts from 0, not the driver value. */
  ranges: Float64Array;
  target: DrivenKind;
  /** The target's hard range [min, max] (±Infinity for a boolean), read per frame from a typed array: no double field of a polymorphic object. */
  limits: Float64Array;
  /** 1 when the target is a boolean. */
  bool: number;
  muted: boolean;
  /** Scratch for the F-curve evaluation. */
  time: Float64Array;
  value: Float64Array;
  /** The stages' values: [driver value, curve value]. */
  work: Float64Array;
  /** The driven property's value, written by `runDriver`. */
  out: Float64Array;
}

const X = 0, CURVE = 1;

/** Why a driver cannot be carried, by name (the importer reports these). */
export class DriverError extends Error {}

export function compileDriver(src: DriverSource, target: DrivenKind): DriverProgram {
  if (!(DRIVER_TYPES as readonly string[]).includes(src.type)) throw new DriverError(`driver type ${src.type} is not supported`);
  const type = src.type as DriverType;
  let expression: CompiledExpression | null = null;
  if (type === 'SCRIPTED') {
    try {
      expression = compileScripted(src.expression ?? '', ['frame', ...src.variables]);
    } catch (e) {
      if (!(e instanceof ExpressionError)) throw e;
      const python = Object.values(PYTHON_REFUSED).includes(e.reason);
      throw new DriverError(`${e.message}: ${python ? 'Blender evaluates it in Python' : "not one of Blender's simple expressions (it would need Python)"}`);
    }
  }
  const modifierList = src.modifiers ?? [];
  modifierList.forEach((m) => {
    const why = unsupportedModifier(m);
    if (why) throw new DriverError(`${why} on the driver's F-curve is not evaluated`);
  });
  let curve: PackedFCurve | null = null;
  if (src.keyframe_points?.length) {
    // Bezier keys need their handles: the co-only form would make flat handles Blender does not have.
    curve = packFCurve({ keyframes: src.keyframe_points, extrapolation: src.extrapolation === 'LINEAR' ? 'LINEAR' : 'CONSTANT', modifiers: modifierList });
  } else if (src.keyframes?.length) {
    const keyframes: Keyframe[] = src.keyframes.map(([x, y], i) => ({ co: [x, y], interpolation: (src.keyframe_interpolation?.[i] ?? 'LINEAR') as Keyframe['interpolation'] }));
    curve = packFCurve({ keyframes, extrapolation: src.extrapolation === 'LINEAR' ? 'LINEAR' : 'CONSTANT', modifiers: modifierList });
  }
  // evaluate_fcurve_driver checks every modifier's range, muted ones too.
  const ranges = Float64Array.from(modifierList.flatMap((m) => (m.use_restricted_range === true ? [Math.fround(Number(m.frame_start ?? 0)), Math.fround(Number(m.frame_end ?? 0))] : [NaN, NaN])));
  return {
    type, expression, params: new Float64Array(1 + src.variables.length), curve, modifiers: curve ? undefined : packModifiers(modifierList), ranges, target, muted: src.mute === true,
    limits: target.kind === 'float' ? new Float64Array([target.min, target.max]) : new Float64Array([-Infinity, Infinity]), bool: target.kind === 'bool' ? 1 : 0,
    time: new Float64Array(1), value: new Float64Array(1), work: new Float64Array(2), out: new Float64Array(1),
  };
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

/**
 * The F-curve at the driver value work[X], into work[CURVE] (evaluate_fcurve_driver): its keys and
 * modifiers at that value; without keys, the driver value itself (0 when it is outside a
 * modifier's restricted range) changed by the modifiers.
 */
function driverCurve(p: DriverProgram): void {
  const work = p.work, x = work[X], t = p.time, v = p.value;
  t[0] = x;
  if (p.curve) {
    evaluateFCurve(p.curve, t, v, 0);
    work[CURVE] = Math.fround(v[0]);
    return;
  }
  const r = p.ranges;
  let inRange = true;
  for (let i = 0; i < r.length; i += 2) if (r[i] === r[i] && !(r[i] <= x && r[i + 1] >= x)) inRange = false;
  v[0] = inRange ? x : 0;
  const mods = p.modifiers;
  if (mods) {
    if (mods.changesTime) modifyTime(mods, t);
    modifyValue(mods, v, 0, t);
  }
  work[CURVE] = v[0];
}

/**
 * Bits of the write of work[CURVE] into out[0]: the float clamped to the hard range, or a boolean as
 * 1 or 0. A NaN (a curve's float arithmetic reaching ∞ − ∞ or ∞ · 0, as a Generator's huge
 * coefficients do) is written as 0, the rule of every node (docs/reliability.md, "No NaN, ever"):
 * Blender's clamp would let it through.
 */
function drivenValue(p: DriverProgram): void {
  const v = p.work[CURVE], min = p.limits[0], max = p.limits[1];
  if (p.bool === 1) p.out[0] = v > 1 - 2 ** -23 ? 1 : 0;
  else p.out[0] = v < min ? min : v > max ? max : v === v ? v : 0;
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
