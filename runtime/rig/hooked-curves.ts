// A curve's Hook modifiers (scene `curve.hooks`) bound to the compiled rig's owners: its first
// spline's control points and the hooks moving them, as nodes/math/hooked-curve.ts remakes the path
// from them. Built once per compile.
import { HANDLE_ALIGNED, HANDLE_AUTO, HANDLE_FREE, HANDLE_VECTOR } from '../../nodes/math/bezier-handles';
import { HOOK_FALLOFF_TYPES, type Hook } from '../../nodes/math/hook';
import type { HookedCurve, NurbsBasis } from '../../nodes/math/hooked-curve';
import { pathStore } from '../../nodes/math/path';
import type { BezierHandleType, SceneCurve, SceneCurveHook } from './scene/types';

const HANDLE_CODES: Record<BezierHandleType, number> = { FREE: HANDLE_FREE, AUTO: HANDLE_AUTO, VECTOR: HANDLE_VECTOR, ALIGNED: HANDLE_ALIGNED };

/**
 * The hooked curve and the owners whose finals move it; undefined when the curve has no hooks, its
 * first spline no control points, or no hook a target in the rig (the scene loader refuses the
 * first two; a target outside the rig cannot happen in a loaded scene either).
 */
export function bindHookedCurve<O extends { final: Float64Array }>(curve: SceneCurve, owner: (id: string) => O | undefined): { hooked: HookedCurve; reads: O[] } | undefined {
  const spline = curve.splines[0];
  const control = spline?.control;
  if (!curve.hooks?.length || !spline || !control) return undefined;
  const reads: O[] = [];
  const hooks: Hook[] = [];
  for (const h of curve.hooks) {
    const target = owner(h.bone !== undefined ? `${h.object}/${h.bone}` : h.object);
    if (!target) continue;
    hooks.push(hookOf(h, target));
    if (!reads.includes(target)) reads.push(target);
  }
  if (!hooks.length) return undefined;
  const bezier = control.handle_types !== undefined;
  const rest = Float64Array.from(bezier
    ? control.co.flatMap((co, i) => [...control.handle_left![i], ...co, ...control.handle_right![i]])
    : control.co.flatMap((co) => [co[0], co[1], co[2]]));
  const count = spline.points.length;
  const twist = curve.twist_mode ?? 'MINIMUM';
  const open = spline.cyclic !== true;
  const hooked: HookedCurve = {
    rest,
    coords: new Float64Array(rest.length),
    bezier: bezier ? {
      types: Uint8Array.from(control.handle_types!.flatMap(([l, r]) => [HANDLE_CODES[l], HANDLE_CODES[r]])),
      resolution: control.resolution ?? 12,
    } : undefined,
    nurbs: control.nurbs_basis ? nurbsBasis(control.nurbs_basis) : undefined,
    cyclic: !open,
    hooks,
    points: new Float64Array(3 * count),
    // A Bezier's end directions and curvature directions move with its handles, a NURBS spline's end
    // directions with its end points; a POLY spline has neither.
    endDirections: (bezier || control.nurbs_basis) && open && spline.end_directions ? new Float64Array(6) : undefined,
    tangents: bezier && spline.tangents ? new Float64Array(3 * count) : undefined,
    shape: { tilt: Float64Array.from(spline.tilt ?? []), smoothIterations: curve.twist_smooth_iterations ?? 0, flat: curve.dimensions === '2D' },
    radius: Float64Array.from(spline.radius ?? spline.points.map(() => 1)),
    path: pathStore(count, twist),
    seen: Array.from({ length: 1 + hooks.length }, () => new Float64Array(16).fill(NaN)),
    moves: 0,
  };
  // The shape reads the arrays the update rewrites.
  if (hooked.endDirections) hooked.shape.endDirections = hooked.endDirections;
  if (hooked.tangents) hooked.shape.tangents = hooked.tangents;
  return { hooked, reads };
}

function nurbsBasis(rows: [number, number][][]): NurbsBasis {
  const starts = new Uint32Array(rows.length + 1);
  rows.forEach((row, k) => { starts[k + 1] = starts[k] + row.length; });
  return { starts, index: Uint32Array.from(rows.flat(), ([i]) => i), weight: Float64Array.from(rows.flat(), ([, w]) => w) };
}

function hookOf(h: SceneCurveHook, target: { final: Float64Array }): Hook {
  const parentInverse = Float64Array.from(h.matrix_inverse);
  const falloff = Math.max(0, HOOK_FALLOFF_TYPES.indexOf(h.falloff_type ?? 'NONE'));
  const uniform = h.use_falloff_uniform === true ? parentInverse : undefined;
  const c = h.center ?? [0, 0, 0];
  // A uniform falloff measures in the parent inverse's space: the center is taken there once.
  const center = uniform
    ? Float64Array.of(uniform[0] * c[0] + uniform[4] * c[1] + uniform[8] * c[2], uniform[1] * c[0] + uniform[5] * c[1] + uniform[9] * c[2], uniform[2] * c[0] + uniform[6] * c[1] + uniform[10] * c[2])
    : Float64Array.from(c);
  return {
    target,
    parentInverse,
    center,
    uniform,
    strength: h.strength ?? 1,
    // Blender's NONE falloff has no radius, whatever the radius field says.
    radius: falloff === 0 ? 0 : (h.falloff_radius ?? 0),
    falloff,
    indices: Uint32Array.from(h.indices),
  };
}
