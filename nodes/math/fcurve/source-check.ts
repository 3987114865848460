// Checking an F-curve given as JSON text in a node's setting (a property's or channel's `animation`,
// a driver's `curve`) before it is packed: the scene's curves are checked by its schema, but these
// arrive as a string a user may type, so a key without a point, a handle that is not one, a number
// that is not a number or a modifier without a kind would otherwise reach packFCurve (an internal
// error) or the evaluation (a NaN). Each problem is named by where it is in the curve.
import { isRecord } from '../../../graph/is-record';

/** Why `value` is not a curve packFCurve can read, or undefined when it is. `keys`: how its keys are written. */
export function fcurveSourceProblem(value: unknown, keys: 'points' | 'pairs' = 'points'): string | undefined {
  if (!isRecord(value)) return 'expected an object';
  if (value.extrapolation !== undefined && typeof value.extrapolation !== 'string') return 'extrapolation: expected a string';
  if (value.modifiers !== undefined) {
    if (!Array.isArray(value.modifiers)) return 'modifiers: expected a list';
    const bad = value.modifiers.findIndex((m) => !isRecord(m) || typeof m.type !== 'string');
    if (bad >= 0) return `modifiers[${bad}]: expected an object with a "type"`;
  }
  if (keys === 'pairs') {
    if (value.keyframes !== undefined) {
      if (!Array.isArray(value.keyframes)) return 'keyframes: expected a list of [frame, value] pairs';
      const bad = value.keyframes.findIndex((k) => !isPoint(k));
      if (bad >= 0) return `keyframes[${bad}]: expected [frame, value], two finite numbers`;
    }
    if (value.keyframe_interpolation !== undefined && (!Array.isArray(value.keyframe_interpolation) || !value.keyframe_interpolation.every((x) => typeof x === 'string'))) {
      return 'keyframe_interpolation: expected a list of interpolation names';
    }
    return value.keyframe_points === undefined ? undefined : keysProblem(value.keyframe_points, 'keyframe_points');
  }
  return keysProblem(value.keyframes, 'keyframes');
}

/** Keys as an action's curve writes them: `co`, optional handles, interpolation, easing and the easing numbers. */
function keysProblem(list: unknown, name: string): string | undefined {
  if (!Array.isArray(list)) return `${name}: expected a list of keys`;
  for (let i = 0; i < list.length; i++) {
    const k: unknown = list[i];
    const at = `${name}[${i}]`;
    if (!isRecord(k)) return `${at}: expected a key ({"co": [frame, value]})`;
    if (!isPoint(k.co)) return `${at}.co: expected [frame, value], two finite numbers`;
    for (const handle of ['handle_left', 'handle_right'] as const) {
      if (k[handle] !== undefined && !isPoint(k[handle])) return `${at}.${handle}: expected [frame, value], two finite numbers`;
    }
    for (const word of ['interpolation', 'easing'] as const) {
      if (k[word] !== undefined && typeof k[word] !== 'string') return `${at}.${word}: expected a name`;
    }
    for (const number of ['back', 'amplitude', 'period'] as const) {
      if (k[number] !== undefined && !(typeof k[number] === 'number' && Number.isFinite(k[number]))) return `${at}.${number}: expected a finite number`;
    }
  }
  return undefined;
}

function isPoint(v: unknown): boolean {
  return Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'number' && Number.isFinite(x));
}
