// Per-axis bounds as the Limit constraints declare and apply them: a minimum and a maximum per
// axis, each switched on or off, applied minimum first.
import { param, type ParamsOf } from '../../define';
import type { BoolParam, FloatParam } from '../../params';

/**
 * Bounds on three axes, read from params at bind (a param change binds the node again): min[i] and
 * max[i], each on when useMin[i] / useMax[i] is 1 (a bound switched on whose value is not a number
 * is off). In typed arrays, so that kernels never pass them to calls as doubles: V8 boxes a double
 * passed to a call it does not inline, an allocation per call.
 */
export interface AxisBounds {
  min: Float64Array;
  max: Float64Array;
  useMin: Uint8Array;
  useMax: Uint8Array;
  /** Whether any bound is switched on (whatever its value). */
  any: boolean;
}

/** The bounds of axes X, Y, Z from their switches and values (params, in that order). */
export function axisBounds(useMin: readonly boolean[], min: readonly number[], useMax: readonly boolean[], max: readonly number[]): AxisBounds {
  const b: AxisBounds = { min: new Float64Array(3), max: new Float64Array(3), useMin: new Uint8Array(3), useMax: new Uint8Array(3), any: false };
  for (let i = 0; i < 3; i++) {
    if (useMin[i]) { b.useMin[i] = 1; b.min[i] = min[i]; }
    if (useMax[i]) { b.useMax[i] = 1; b.max[i] = max[i]; }
    if (useMin[i] || useMax[i]) b.any = true;
  }
  return b;
}

/** The bounds the {@link axisBoundParams} set (useMinX…, minX…). */
export function axisBoundsOf(p: ParamsOf<AxisBoundParams>): AxisBounds {
  return axisBounds([p.useMinX, p.useMinY, p.useMinZ], [p.minX, p.minY, p.minZ], [p.useMaxX, p.useMaxY, p.useMaxZ], [p.maxX, p.maxY, p.maxZ]);
}

/**
 * Clamps v[o], v[o + 1], v[o + 2] to the bounds of X, Y, Z in place: each raised to its min if below
 * it, then lowered to its max if above it (so max wins when min > max, as in Blender).
 */
export function clampAxes(v: Float64Array, o: number, b: AxisBounds): void {
  for (let i = 0; i < 3; i++) {
    let x = v[o + i];
    if (b.useMin[i] === 1 && x < b.min[i]) x = b.min[i];
    if (b.useMax[i] === 1 && x > b.max[i]) x = b.max[i];
    v[o + i] = x;
  }
}

/**
 * Limits angles v[o], v[o + 1], v[o + 2] (radians) to the range [min, max] of each axis whose min
 * and max are both on, the angles taken as points on a circle: Blender 4.2's Limit Rotation without
 * Legacy Behavior (constraint.cc clamp_angle). An angle inside the range, counted round the circle,
 * stays; one outside goes to the nearer end; a range of a full turn or more limits nothing, and an
 * empty one (max ≤ min) gives min.
 */
export function clampAnglesOnCircle(v: Float64Array, o: number, b: AxisBounds): void {
  for (let i = 0; i < 3; i++) {
    if (b.useMin[i] !== 1 || b.useMax[i] !== 1) continue;
    const angle = v[o + i], min = b.min[i], max = b.max[i];
    if (max - min >= 2 * Math.PI) continue;
    if (max <= min) { v[o + i] = min; continue; }
    // The ends as seen from the angle, each wrapped into [−π, π).
    const m = (min - angle) * (0.5 / Math.PI) + 0.5, n = (max - angle) * (0.5 / Math.PI) + 0.5;
    const toMin = (m - Math.floor(m) - 0.5) * (2 * Math.PI), toMax = (n - Math.floor(n) - 0.5) * (2 * Math.PI);
    if (toMin < toMax) {
      // The range does not cross the point opposite the angle: a plain clamp of 0 to it.
      v[o + i] = angle + (toMin > 0 ? toMin : toMax < 0 ? toMax : 0);
    } else if (toMax < 0 && toMin > 0) {
      // It does, and the angle lies outside it: to the nearer end.
      v[o + i] = angle + (Math.abs(toMax) < Math.abs(toMin) ? toMax : toMin);
    }
  }
}

const AXES = ['X', 'Y', 'Z'] as const;
export type Axis = (typeof AXES)[number];

/** The params of per-axis bounds: a switch and a value per bound. */
export type AxisBoundParams = Record<`useMin${Axis}` | `useMax${Axis}`, BoolParam> & Record<`min${Axis}` | `max${Axis}`, FloatParam>;

/** useMinX…useMaxZ then minX…maxZ, in Blender's order, for bounds on the owner's `what` (e.g. 'location'). */
export function axisBoundParams(what: string, unit?: string): AxisBoundParams {
  const out: Record<string, BoolParam | FloatParam> = {};
  for (const a of AXES) out[`useMin${a}`] = param.bool(false, `Enforce the minimum ${a} ${what}.`);
  for (const a of AXES) out[`useMax${a}`] = param.bool(false, `Enforce the maximum ${a} ${what}.`);
  for (const a of AXES) out[`min${a}`] = param.float(0, `Lowest ${a} ${what}.`, unit ? { unit } : {});
  for (const a of AXES) out[`max${a}`] = param.float(0, `Highest ${a} ${what}.`, unit ? { unit } : {});
  return out as AxisBoundParams;
}

/** Blender's RNA names of the {@link axisBoundParams}. */
export const AXIS_BOUND_BLENDER_PARAMS: Record<string, string> = {
  use_min_x: 'useMinX', use_min_y: 'useMinY', use_min_z: 'useMinZ',
  use_max_x: 'useMaxX', use_max_y: 'useMaxY', use_max_z: 'useMaxZ',
  min_x: 'minX', min_y: 'minY', min_z: 'minZ',
  max_x: 'maxX', max_y: 'maxY', max_z: 'maxZ',
};

/** `use_transform_limit` only limits Blender's interactive transform tools (G, R, S); the evaluated pose is the same. */
export const TRANSFORM_LIMIT_IGNORED = ['use_transform_limit'] as const;
