// A Hook modifier moving points as Blender's MOD_hook.cc moves them: each of its points goes toward
// where (object world)⁻¹ · target world · parent inverse takes it, by the hook's strength and, with
// a falloff radius, by how far the point lies from the hook's center (hook_falloff). Allocates
// nothing.
import { safeInvertMat4, safeMultiplyMat4 } from './finite';

/** Blender's falloff types, in the order the scene names them (CURVE, a custom curve, is not carried). */
export const HOOK_FALLOFF_TYPES = ['NONE', 'CONSTANT', 'LINEAR', 'SHARP', 'SMOOTH', 'ROOT', 'SPHERE', 'INVERSE_SQUARE'] as const;
const [NONE, CONSTANT, LINEAR, SHARP, SMOOTH, ROOT, SPHERE, INVERSE_SQUARE] = [0, 1, 2, 3, 4, 5, 6, 7];

export interface Hook {
  /** Whose world matrix the hook follows (a bone's final is its armature's world times its pose matrix, as Blender's dmat). */
  target: { final: Float64Array };
  /** The target's matrix in the object's space when the hook was set, inverted (Blender's parentinv). */
  parentInverse: Float64Array;
  /** The falloff's center, in the space the distance is measured in (the object's, or with a uniform falloff the parent inverse's). */
  center: Float64Array;
  /** With a uniform falloff: the parent inverse's 3×3, which points are taken by before measuring. */
  uniform: Float64Array | undefined;
  strength: number;
  /** The falloff radius; 0 without a falloff. */
  radius: number;
  /** Index into HOOK_FALLOFF_TYPES. */
  falloff: number;
  /** The points it moves. */
  indices: Uint32Array;
}

const objectInverse = new Float64Array(16);
const matrix = new Float64Array(16);

/**
 * Moves the points of `coords` (xyz each, the object's local space) that `hook` holds; `objectWorld`
 * is the hooked object's world matrix. A singular object matrix leaves the points where they are.
 */
export function applyHook(coords: Float64Array, hook: Hook, objectWorld: Float64Array): void {
  if (hook.strength === 0 || !safeInvertMat4(objectInverse, objectWorld)) return;
  safeMultiplyMat4(matrix, objectInverse, hook.target.final);
  safeMultiplyMat4(matrix, matrix, hook.parentInverse);
  const m = matrix, { indices, center: c, uniform: u } = hook;
  const squared = hook.radius * hook.radius;
  for (let k = 0; k < indices.length; k++) {
    const i = 3 * indices[k];
    if (i + 2 >= coords.length) continue;
    const x = coords[i], y = coords[i + 1], z = coords[i + 2];
    let f = hook.strength;
    if (squared !== 0) {
      const ux = u ? u[0] * x + u[4] * y + u[8] * z : x;
      const uy = u ? u[1] * x + u[5] * y + u[9] * z : y;
      const uz = u ? u[2] * x + u[6] * y + u[10] * z : z;
      f = falloff(hook, (c[0] - ux) ** 2 + (c[1] - uy) ** 2 + (c[2] - uz) ** 2, squared);
    }
    if (f === 0) continue;
    const mx = m[0] * x + m[4] * y + m[8] * z + m[12];
    const my = m[1] * x + m[5] * y + m[9] * z + m[13];
    const mz = m[2] * x + m[6] * y + m[10] * z + m[14];
    coords[i] = x + (mx - x) * f;
    coords[i + 1] = y + (my - y) * f;
    coords[i + 2] = z + (mz - z) * f;
  }
}

/** Blender's hook_falloff: the strength at squared distance `d2` from the center, with the radius squared `r2`. */
function falloff(hook: Hook, d2: number, r2: number): number {
  if (d2 > r2) return 0;
  if (!(d2 > 0)) return hook.strength;
  let f: number;
  switch (hook.falloff) {
    case CONSTANT: f = 1; break;
    case INVERSE_SQUARE: f = 1 - d2 / r2; break;
    default: {
      f = 1 - Math.sqrt(d2) / hook.radius;
      switch (hook.falloff) {
        case SHARP: f = f * f; break;
        case SMOOTH: f = 3 * f * f - 2 * f * f * f; break;
        case ROOT: f = Math.sqrt(f); break;
        case SPHERE: f = Math.sqrt(2 * f - f * f); break;
        case LINEAR: case NONE: default: break;
      }
    }
  }
  return f * hook.strength;
}
