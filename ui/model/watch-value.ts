// A socket's live value as a watch shows it: a float, a vector, a quaternion, a bool, and a matrix
// as location / rotation (Euler XYZ, in degrees) / scale, the way a rigger reads a transform.
import type { SocketType } from '../../graph/types';
import { transformPropsFromMatrix } from './transform-props';
import { shownUnit } from './units';

const n = (v: number) => (Math.abs(v) < 5e-5 ? '0.0000' : v.toFixed(4));
const list = (v: ArrayLike<number>) => Array.from(v, n).join(', ');

/** The lines a watch shows for a socket of `type` whose slot is `view`. */
export function watchLines(type: SocketType, view: ArrayLike<number>): string[] {
  switch (type) {
    case 'float': return [n(view[0])];
    case 'bool': return [view[0] ? 'true' : 'false'];
    case 'vector': return [`(${list(Array.from(view).slice(0, 3))})`];
    case 'quaternion': return [`[${list(Array.from(view).slice(0, 4))}] (x, y, z, w)`];
    case 'transform':
    case 'curve': {
      const p = transformPropsFromMatrix(view, { rotation_mode: 'XYZ' });
      const deg = shownUnit('rad');
      return [
        `location (${list(p.location ?? [])})`,
        `rotation (${(p.rotation_euler ?? []).map((r) => deg.toShown(r).toFixed(2)).join(', ')})°`,
        `scale (${list(p.scale ?? [])})`,
      ];
    }
    default: return ['—'];
  }
}
