// Euler angles in Blender's six orders (math_rotation.c, after Shoemake's "Euler Angle Conversion").
// "XYZ" applies X first, then Y, then Z: R = Rz·Ry·Rx for column vectors.
// Matrices are column-major: element (row r, column c) of a 3x3 is at 3c + r, of a 4x4 at 4c + r.
import { FLT_EPSILON } from './float32';

/** The six Euler rotation orders, named as Blender's `rotation_mode`. */
export type EulerOrder = 'XYZ' | 'XZY' | 'YXZ' | 'YZX' | 'ZXY' | 'ZYX';

/** All orders, in Blender's enum order. */
export const EULER_ORDERS: readonly EulerOrder[] = ['XYZ', 'XZY', 'YXZ', 'YZX', 'ZXY', 'ZYX'];

// Blender's rotOrders table: axes i, j, k and the parity of the permutation.
const ORDER_I = { XYZ: 0, XZY: 0, YXZ: 1, YZX: 1, ZXY: 2, ZYX: 2 } as const;
const ORDER_J = { XYZ: 1, XZY: 2, YXZ: 0, YZX: 2, ZXY: 0, ZYX: 1 } as const;
const ORDER_K = { XYZ: 2, XZY: 1, YXZ: 2, YZX: 0, ZXY: 1, ZYX: 0 } as const;
const ORDER_PARITY = { XYZ: false, XZY: true, YXZ: true, YZX: false, ZXY: false, ZYX: true } as const;

/** True when s names one of the six Euler orders. */
export function isEulerOrder(s: unknown): s is EulerOrder {
  return typeof s === 'string' && s in ORDER_PARITY;
}

/** First, second and third axis (0 = X) of an order, in application order (allocates: compile time only). */
export function eulerOrderAxes(order: EulerOrder): readonly [number, number, number] {
  return [ORDER_I[order], ORDER_J[order], ORDER_K[order]];
}

// Blender 3.4 uses 16·FLT_EPSILON as the gimbal-lock threshold of mat3_normalized_to_eulo2
// (newer versions use 3.75e-5; 3.4 is the reference).
const EULER_HYPOT_EPSILON = 16 * FLT_EPSILON;

/** Rotation matrix (3x3) of an Euler rotation (Blender's `eulO_to_mat3`). */
export function eulerToMat3(out: Float64Array, eul: ArrayLike<number>, order: EulerOrder = 'XYZ'): Float64Array {
  return eulerRotation(out, eul, order, 3);
}

/** Rotation matrix (4x4, no translation) of an Euler rotation (Blender's `eulO_to_mat4`). */
export function eulerToMat4(out: Float64Array, eul: ArrayLike<number>, order: EulerOrder = 'XYZ'): Float64Array {
  eulerRotation(out, eul, order, 4);
  out[3] = 0; out[7] = 0; out[11] = 0;
  out[12] = 0; out[13] = 0; out[14] = 0; out[15] = 1;
  return out;
}

/** The rotation's 3x3 into `out`, columns `stride` apart (3 for a 3x3, 4 for a 4x4's). */
function eulerRotation(out: Float64Array, eul: ArrayLike<number>, order: EulerOrder, stride: number): Float64Array {
  const i = ORDER_I[order], j = ORDER_J[order], k = ORDER_K[order];
  let ti = eul[i], tj = eul[j], th = eul[k];
  if (ORDER_PARITY[order]) {
    ti = -ti;
    tj = -tj;
    th = -th;
  }
  const ci = Math.cos(ti), cj = Math.cos(tj), ch = Math.cos(th);
  const si = Math.sin(ti), sj = Math.sin(tj), sh = Math.sin(th);
  const cc = ci * ch, cs = ci * sh, sc = si * ch, ss = si * sh;
  // Blender's M[a][b] is column a, row b.
  const colI = stride * i, colJ = stride * j, colK = stride * k;
  out[colI + i] = cj * ch;
  out[colJ + i] = sj * sc - cs;
  out[colK + i] = sj * cc + ss;
  out[colI + j] = cj * sh;
  out[colJ + j] = sj * ss + cc;
  out[colK + j] = sj * cs - sc;
  out[colI + k] = -sj;
  out[colJ + k] = cj * si;
  out[colK + k] = cj * ci;
  return out;
}

const scratch3 = new Float64Array(9);
const eul1 = new Float64Array(3);
const eul2 = new Float64Array(3);

// Blender's mat3_normalized_to_eulo2 gives two Euler triples for the same matrix, and its callers
// keep the smaller or the one closer to the old angles. Each angle of the second is atan2 of the
// first's arguments with one or both negated, so it is π less the first in size (each atan2 to
// within an ulp): the second's sum of sizes is 3π less the first's, and it is a half turn (mod 2π)
// off the first on axes i and k. When the first is small or close enough, the callers keep it
// whatever the second's rounding, and the second is not made.

/**
 * Below this sum of sizes the first triple is the smaller: the second's is 3π less it (more than
 * 1.5π = 4.712 when the first's is less), up to ~1e-14 of rounding.
 */
const SURELY_SMALLER = 4.7;
/**
 * Below this distance from the old angles, with each old angle within OLD_WRAPPED, the first triple
 * is the closer: a half turn off on two axes puts the second at least 2π less it away (more than π
 * when it is less), up to the wraps' rounding (~1e-9 at 1e6 radians; a whole turn is lost in the
 * rounding of angles past ~1e15).
 */
const SURELY_CLOSER = 3;
const OLD_WRAPPED = 1e6;

/**
 * The triple Blender keeps (eul1 or eul2): the smaller without `old` (mat3_normalized_to_eulO), the
 * closer to `old` after compatibleEuler with it (mat3_normalized_to_compatible_eulO). One function
 * for both, so that the second triple's code, reached only now and then, is part of a hot function
 * V8 optimizes (run by the interpreter, its arithmetic would allocate).
 */
function keptEuler(m: ArrayLike<number>, order: EulerOrder, old: ArrayLike<number> | undefined): Float64Array {
  const i = ORDER_I[order], j = ORDER_J[order], k = ORDER_K[order];
  const mii = m[3 * i + i], mij = m[3 * i + j];
  const cy = Math.sqrt(mii * mii + mij * mij);
  // Away from gimbal lock; in it, the first and last axes coincide, the last angle is set to zero,
  // and the second triple is the first.
  const regular = cy > EULER_HYPOT_EPSILON;
  if (regular) {
    eul1[i] = Math.atan2(m[3 * j + k], m[3 * k + k]);
    eul1[j] = Math.atan2(-m[3 * i + k], cy);
    eul1[k] = Math.atan2(m[3 * i + j], m[3 * i + i]);
  } else {
    eul1[i] = Math.atan2(-m[3 * k + j], m[3 * j + j]);
    eul1[j] = Math.atan2(-m[3 * i + k], cy);
    eul1[k] = 0;
  }
  const parity = ORDER_PARITY[order];
  if (parity) { eul1[0] = -eul1[0]; eul1[1] = -eul1[1]; eul1[2] = -eul1[2]; }
  if (old !== undefined) compatibleEuler(eul1, eul1, old);
  const d1 = old === undefined ? Math.abs(eul1[0]) + Math.abs(eul1[1]) + Math.abs(eul1[2]) : Math.abs(eul1[0] - old[0]) + Math.abs(eul1[1] - old[1]) + Math.abs(eul1[2] - old[2]);
  if (!regular) return eul1;
  if (old === undefined ? d1 < SURELY_SMALLER : d1 < SURELY_CLOSER && Math.abs(old[0]) < OLD_WRAPPED && Math.abs(old[1]) < OLD_WRAPPED && Math.abs(old[2]) < OLD_WRAPPED) return eul1;
  eul2[i] = Math.atan2(-m[3 * j + k], -m[3 * k + k]);
  eul2[j] = Math.atan2(-m[3 * i + k], -cy);
  eul2[k] = Math.atan2(-m[3 * i + j], -m[3 * i + i]);
  if (parity) { eul2[0] = -eul2[0]; eul2[1] = -eul2[1]; eul2[2] = -eul2[2]; }
  if (old !== undefined) compatibleEuler(eul2, eul2, old);
  const d2 = old === undefined ? Math.abs(eul2[0]) + Math.abs(eul2[1]) + Math.abs(eul2[2]) : Math.abs(eul2[0] - old[0]) + Math.abs(eul2[1] - old[1]) + Math.abs(eul2[2] - old[2]);
  return d1 > d2 ? eul2 : eul1;
}

/** Euler angles of an orthonormal 3x3, the one of the two solutions with the smaller angles (Blender's `mat3_normalized_to_eulO`). */
export function mat3NormalizedToEuler(out: Float64Array, m: ArrayLike<number>, order: EulerOrder = 'XYZ'): Float64Array {
  const e = keptEuler(m, order, undefined);
  out[0] = e[0];
  out[1] = e[1];
  out[2] = e[2];
  return out;
}

/** Largest |cᵢ·cⱼ| and |1 − |cᵢ|²| for an orthonormal 3x3 taken as exact ({@link roundTripsThroughEuler}). */
const ORTHONORMAL_EPSILON = 1e-12;
/** Smallest cos of the middle angle for which the Euler round trip is taken as exact. */
const GIMBAL_MARGIN = 1e-3;

/**
 * Whether the 3x3 part of a 4x4 comes back from Blender's Euler round trip in `order`
 * (`mat3_normalized_to_eulo2`, then `eulO_to_mat3`) as itself to within ~1e-13: it is a proper
 * rotation (orthonormal to 1e-12, det > 0), and its middle angle is away from gimbal lock
 * (cos ≥ 1e-3, where the atan2s keep full precision; Blender switches to its gimbal-lock branch
 * only below 1.9e-6, where the round trip is off by that much). The two solutions, and adding
 * 2π to any angle, give the same matrix, so such a round trip can be skipped.
 */
export function roundTripsThroughEuler(m: ArrayLike<number>, order: EulerOrder): boolean {
  const x0 = m[0], y0 = m[1], z0 = m[2], x1 = m[4], y1 = m[5], z1 = m[6], x2 = m[8], y2 = m[9], z2 = m[10];
  const e = ORTHONORMAL_EPSILON;
  if (Math.abs(x0 * x1 + y0 * y1 + z0 * z1) > e || Math.abs(x0 * x2 + y0 * y2 + z0 * z2) > e || Math.abs(x1 * x2 + y1 * y2 + z1 * z2) > e) return false;
  if (Math.abs(x0 * x0 + y0 * y0 + z0 * z0 - 1) > e || Math.abs(x1 * x1 + y1 * y1 + z1 * z1 - 1) > e || Math.abs(x2 * x2 + y2 * y2 + z2 * z2 - 1) > e) return false;
  // det = c0 · (c1 × c2)
  if (x0 * (y1 * z2 - z1 * y2) + y0 * (z1 * x2 - x1 * z2) + z0 * (x1 * y2 - y1 * x2) <= 0) return false;
  const i = ORDER_I[order], j = ORDER_J[order];
  const mii = m[4 * i + i], mij = m[4 * i + j];
  return mii * mii + mij * mij >= GIMBAL_MARGIN * GIMBAL_MARGIN;
}

// Normalizes the columns of a 3x3 (or the 3x3 part of a 4x4 when stride is 4) into scratch3.
function normalizedColumns(m: ArrayLike<number>, stride: number): Float64Array {
  for (let c = 0; c < 3; c++) {
    const o = stride * c;
    const x = m[o], y = m[o + 1], z = m[o + 2];
    const d = x * x + y * y + z * z;
    const inv = d > 1e-35 ? 1 / Math.sqrt(d) : 0;
    scratch3[3 * c] = x * inv;
    scratch3[3 * c + 1] = y * inv;
    scratch3[3 * c + 2] = z * inv;
  }
  return scratch3;
}

/** Euler angles of any rotation-scale 3x3: columns are normalized first (Blender's `mat3_to_eulO`). */
export function mat3ToEuler(out: Float64Array, m: ArrayLike<number>, order: EulerOrder = 'XYZ'): Float64Array {
  return mat3NormalizedToEuler(out, normalizedColumns(m, 3), order);
}

/** Euler angles of the 3x3 part of a 4x4, columns normalized first (Blender's `mat4_to_eulO`). */
export function mat4ToEuler(out: Float64Array, m: ArrayLike<number>, order: EulerOrder = 'XYZ'): Float64Array {
  return mat3NormalizedToEuler(out, normalizedColumns(m, 4), order);
}

const TWO_PI = 2 * Math.PI;

/** Wraps eul (copied to out) by multiples of 2π to lie close to old, as Blender 3.4's `compatible_eul`. */
export function compatibleEuler(out: Float64Array, eul: ArrayLike<number>, old: ArrayLike<number>): Float64Array {
  // 3.4 uses 5.1 rather than π as the first threshold ("gives better results" when baking f-curves).
  const piThresh = 5.1;
  let e0 = eul[0], e1 = eul[1], e2 = eul[2];
  let d0 = e0 - old[0], d1 = e1 - old[1], d2 = e2 - old[2];
  if (d0 > piThresh) { e0 -= Math.floor(d0 / TWO_PI + 0.5) * TWO_PI; d0 = e0 - old[0]; }
  else if (d0 < -piThresh) { e0 += Math.floor(-d0 / TWO_PI + 0.5) * TWO_PI; d0 = e0 - old[0]; }
  if (d1 > piThresh) { e1 -= Math.floor(d1 / TWO_PI + 0.5) * TWO_PI; d1 = e1 - old[1]; }
  else if (d1 < -piThresh) { e1 += Math.floor(-d1 / TWO_PI + 0.5) * TWO_PI; d1 = e1 - old[1]; }
  if (d2 > piThresh) { e2 -= Math.floor(d2 / TWO_PI + 0.5) * TWO_PI; d2 = e2 - old[2]; }
  else if (d2 < -piThresh) { e2 += Math.floor(-d2 / TWO_PI + 0.5) * TWO_PI; d2 = e2 - old[2]; }
  // One axis more than 180° away while the others are close: wrap that one (no else-if, as Blender).
  const a0 = Math.abs(d0), a1 = Math.abs(d1), a2 = Math.abs(d2);
  if (a0 > 3.2 && a1 < 1.6 && a2 < 1.6) e0 += d0 > 0 ? -TWO_PI : TWO_PI;
  if (a1 > 3.2 && a2 < 1.6 && a0 < 1.6) e1 += d1 > 0 ? -TWO_PI : TWO_PI;
  if (a2 > 3.2 && a0 < 1.6 && a1 < 1.6) e2 += d2 > 0 ? -TWO_PI : TWO_PI;
  out[0] = e0;
  out[1] = e1;
  out[2] = e2;
  return out;
}

/** Euler angles of an orthonormal 3x3 chosen closest to old (Blender's `mat3_normalized_to_compatible_eulO`). */
export function mat3NormalizedToCompatibleEuler(
  out: Float64Array,
  m: ArrayLike<number>,
  old: ArrayLike<number>,
  order: EulerOrder = 'XYZ',
): Float64Array {
  const e = keptEuler(m, order, old);
  out[0] = e[0];
  out[1] = e[1];
  out[2] = e[2];
  return out;
}

/** Euler angles of a 4x4's rotation chosen closest to old, columns normalized first (Blender's `mat4_to_compatible_eulO`). */
export function mat4ToCompatibleEuler(
  out: Float64Array,
  m: ArrayLike<number>,
  old: ArrayLike<number>,
  order: EulerOrder = 'XYZ',
): Float64Array {
  return mat3NormalizedToCompatibleEuler(out, normalizedColumns(m, 4), old, order);
}

/** Euler angles of a 3x3's rotation chosen closest to old, columns normalized first (Blender's `mat3_to_compatible_eulO`). */
export function mat3ToCompatibleEuler(
  out: Float64Array,
  m: ArrayLike<number>,
  old: ArrayLike<number>,
  order: EulerOrder = 'XYZ',
): Float64Array {
  return mat3NormalizedToCompatibleEuler(out, normalizedColumns(m, 3), old, order);
}
