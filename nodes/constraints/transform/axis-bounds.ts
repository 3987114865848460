// Per-axis bounds as the Limit constraints declare and apply them: a minimum and a maximum per
// axis, each switched on or off, applied minimum first.
import { param, type ParamSpec } from '../../define';

/** v raised to min if below it, then lowered to max if above it (so max wins when min > max, as in Blender). */
export function clampAxis(v: number, useMin: boolean, min: unknown, useMax: boolean, max: unknown): number {
  if (useMin && typeof min === 'number' && v < min) v = min;
  if (useMax && typeof max === 'number' && v > max) v = max;
  return v;
}

const AXES = ['X', 'Y', 'Z'] as const;

/** useMinX…useMaxZ then minX…maxZ, in Blender's order, for bounds on the owner's `what` (e.g. 'location'). */
export function axisBoundParams(what: string, unit?: string): Record<string, ParamSpec> {
  const out: Record<string, ParamSpec> = {};
  for (const a of AXES) out[`useMin${a}`] = param.bool(false, `Enforce the minimum ${a} ${what}.`);
  for (const a of AXES) out[`useMax${a}`] = param.bool(false, `Enforce the maximum ${a} ${what}.`);
  for (const a of AXES) out[`min${a}`] = param.float(0, `Lowest ${a} ${what}.`, unit ? { unit } : {});
  for (const a of AXES) out[`max${a}`] = param.float(0, `Highest ${a} ${what}.`, unit ? { unit } : {});
  return out;
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
