// Small matrix helpers for glTF nodes (column-major 4x4, quaternions [x, y, z, w]), allocating:
// import and bake run once per file or per frame, not inside a kernel.
import { composeMat4, decomposeMat4, invertMat4, multiplyMat4 } from '../../../nodes/math/matrix';

export type M4 = Float64Array;

export function identity4(): M4 {
  const m = new Float64Array(16);
  m[0] = m[5] = m[10] = m[15] = 1;
  return m;
}

export function mul(a: ArrayLike<number>, b: ArrayLike<number>): M4 {
  return multiplyMat4(new Float64Array(16), a, b);
}

/** Inverse; a singular matrix gives identity (a node scaled to zero stays where its parent is). */
export function inverse(m: ArrayLike<number>): M4 {
  const out = new Float64Array(16);
  return invertMat4(out, m) ? out : identity4();
}

export function trs(t: ArrayLike<number> | undefined, r: ArrayLike<number> | undefined, s: ArrayLike<number> | undefined): M4 {
  const q = r ?? [0, 0, 0, 1];
  const n = Math.hypot(q[0], q[1], q[2], q[3]) || 1;
  return composeMat4(new Float64Array(16), t ?? [0, 0, 0], [q[0] / n, q[1] / n, q[2] / n, q[3] / n], s ?? [1, 1, 1]);
}

export interface Trs {
  t: Float64Array;
  r: Float64Array;
  s: Float64Array;
}

/** Translation, unit rotation and scale (a mirror is folded into a negative scale; shear is lost). */
export function decompose(m: ArrayLike<number>): Trs {
  const t = new Float64Array(3), r = new Float64Array(4), s = new Float64Array(3);
  decomposeMat4(t, r, s, m);
  return { t, r, s };
}

/** Largest absolute difference of two arrays. */
export function maxDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) d = Math.max(d, Math.abs(a[i] - b[i]));
  return d;
}

export function isIdentity(m: ArrayLike<number>, tolerance = 1e-12): boolean {
  return maxDiff(m, identity4()) <= tolerance;
}
