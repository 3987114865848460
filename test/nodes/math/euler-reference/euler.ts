// Frozen copy of how nodes/math/euler.ts chose between Blender's two Euler solutions as of fc5c5f7,
// before it stopped making the second when the first is sure to be kept (euler.test.ts checks it
// against this bit for bit). Blender's mat3_normalized_to_eulo2 and its two callers, literally. Not
// used by the runtime.
import { compatibleEuler, type EulerOrder } from '../../../../nodes/math/euler';
import { FLT_EPSILON } from '../../../../nodes/math/float32';

const ORDER_I = { XYZ: 0, XZY: 0, YXZ: 1, YZX: 1, ZXY: 2, ZYX: 2 } as const;
const ORDER_J = { XYZ: 1, XZY: 2, YXZ: 0, YZX: 2, ZXY: 0, ZYX: 1 } as const;
const ORDER_K = { XYZ: 2, XZY: 1, YXZ: 2, YZX: 0, ZXY: 1, ZYX: 0 } as const;
const ORDER_PARITY = { XYZ: false, XZY: true, YXZ: true, YZX: false, ZXY: false, ZYX: true } as const;
const EULER_HYPOT_EPSILON = 16 * FLT_EPSILON;

/** Blender's mat3_normalized_to_eulo2: both solutions. */
export function referenceTwoEulers(m: ArrayLike<number>, order: EulerOrder): [Float64Array, Float64Array] {
  const eul1 = new Float64Array(3), eul2 = new Float64Array(3);
  const i = ORDER_I[order], j = ORDER_J[order], k = ORDER_K[order];
  const mii = m[3 * i + i], mij = m[3 * i + j];
  const cy = Math.sqrt(mii * mii + mij * mij);
  if (cy > EULER_HYPOT_EPSILON) {
    eul1[i] = Math.atan2(m[3 * j + k], m[3 * k + k]);
    eul1[j] = Math.atan2(-m[3 * i + k], cy);
    eul1[k] = Math.atan2(m[3 * i + j], m[3 * i + i]);
    eul2[i] = Math.atan2(-m[3 * j + k], -m[3 * k + k]);
    eul2[j] = Math.atan2(-m[3 * i + k], -cy);
    eul2[k] = Math.atan2(-m[3 * i + j], -m[3 * i + i]);
  } else {
    eul1[i] = Math.atan2(-m[3 * k + j], m[3 * j + j]);
    eul1[j] = Math.atan2(-m[3 * i + k], cy);
    eul1[k] = 0;
    eul2.set(eul1);
  }
  if (ORDER_PARITY[order]) for (let a = 0; a < 3; a++) { eul1[a] = -eul1[a]; eul2[a] = -eul2[a]; }
  return [eul1, eul2];
}

/** Blender's mat3_normalized_to_eulO. */
export function referenceNormalizedToEuler(m: ArrayLike<number>, order: EulerOrder): Float64Array {
  const [eul1, eul2] = referenceTwoEulers(m, order);
  const d1 = Math.abs(eul1[0]) + Math.abs(eul1[1]) + Math.abs(eul1[2]);
  const d2 = Math.abs(eul2[0]) + Math.abs(eul2[1]) + Math.abs(eul2[2]);
  return d1 > d2 ? eul2 : eul1;
}

/** Blender's mat3_normalized_to_compatible_eulO. */
export function referenceNormalizedToCompatibleEuler(m: ArrayLike<number>, old: ArrayLike<number>, order: EulerOrder): Float64Array {
  const [eul1, eul2] = referenceTwoEulers(m, order);
  compatibleEuler(eul1, eul1, old);
  compatibleEuler(eul2, eul2, old);
  const d1 = Math.abs(eul1[0] - old[0]) + Math.abs(eul1[1] - old[1]) + Math.abs(eul1[2] - old[2]);
  const d2 = Math.abs(eul2[0] - old[0]) + Math.abs(eul2[1] - old[1]) + Math.abs(eul2[2] - old[2]);
  return d1 > d2 ? eul2 : eul1;
}
