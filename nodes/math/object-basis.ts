// An object's own transform with its delta transform, as Blender 3.4's BKE_object_to_mat4 builds
// it: T(location + delta_location) · (Rdelta · R) · S(scale ⊙ delta_scale). The delta rotation is
// in the object's rotation mode and turns *after* the rotation (it is premultiplied,
// BKE_object_rot_to_mat3): Euler modes read `delta_rotation_euler` in the same order, QUATERNION
// reads `delta_rotation_quaternion` (normalized, a zero one as Blender's normalize_qt: 180° about
// X), AXIS_ANGLE has no delta (RNA exposes none). Pose bones have no deltas.
// An object without deltas is built by basisMatrix (basis.ts), unchanged: callers decide once,
// with {@link hasDeltas}, which of the two an object takes.
import { basisMatrix, type BasisInput } from './basis';
import { eulerToMat3 } from './euler';
import { saturate } from './finite';
import { normalizeQuatTo, quatToMat3 } from './quaternion';

/** Blender's delta transform channels of an object (quaternion as [x, y, z, w]). */
export interface DeltaInput {
  delta_location?: ArrayLike<number>;
  delta_rotation_euler?: ArrayLike<number>;
  delta_rotation_quaternion?: ArrayLike<number>;
  delta_scale?: ArrayLike<number>;
}

/** The delta channels as live numbers an object's basis is rebuilt from (actions and drivers write them). */
export interface DeltaChannels {
  location: Float64Array;
  rotation_euler: Float64Array;
  /** [x, y, z, w]. */
  rotation_quaternion: Float64Array;
  scale: Float64Array;
}

const ZERO = [0, 0, 0];
const ONE = [1, 1, 1];
const NO_ROTATION = [0, 0, 0, 1];

const rotation = new Float64Array(16);
const delta = new Float64Array(9);
const q = new Float64Array(4);
// The rotation alone (unit scale, no location), through basisMatrix so that it is built exactly as
// an object without deltas builds it. Filled field by field: nothing is allocated per call.
const rotationOnly: BasisInput = { location: ZERO, scale: ONE };

/** Delta channels with a scene's values, identity where it gives none (allocates: compile time). */
export function createDeltaChannels(t: DeltaInput): DeltaChannels {
  return {
    location: Float64Array.from(t.delta_location ?? ZERO),
    rotation_euler: Float64Array.from(t.delta_rotation_euler ?? ZERO),
    rotation_quaternion: Float64Array.from(t.delta_rotation_quaternion ?? NO_ROTATION),
    scale: Float64Array.from(t.delta_scale ?? ONE),
  };
}

/**
 * Whether the deltas change the object's matrix in its rotation mode: a delta given and not
 * identity (a delta Euler rotation only counts in Euler modes, a delta quaternion in QUATERNION).
 */
export function hasDeltas(t: BasisInput & DeltaInput): boolean {
  const mode = t.rotation_mode ?? 'XYZ';
  const differs = (v: ArrayLike<number> | undefined, identity: readonly number[]) => v !== undefined && identity.some((x, i) => v[i] !== x);
  return differs(t.delta_location, ZERO) || differs(t.delta_scale, ONE) ||
    (mode === 'QUATERNION' ? differs(t.delta_rotation_quaternion, NO_ROTATION) : mode !== 'AXIS_ANGLE' && differs(t.delta_rotation_euler, ZERO));
}

/** Writes Blender's BKE_object_to_mat4 of `t` and its deltas `d` into `out`. Allocates nothing. */
export function objectBasisMatrix(out: Float64Array, t: BasisInput, d: DeltaChannels): Float64Array {
  const mode = t.rotation_mode ?? 'XYZ';
  rotationOnly.rotation_mode = mode;
  rotationOnly.rotation_euler = t.rotation_euler;
  rotationOnly.rotation_quaternion = t.rotation_quaternion;
  rotationOnly.rotation_axis_angle = t.rotation_axis_angle;
  const r = basisMatrix(rotation, rotationOnly);
  if (mode === 'QUATERNION') quatToMat3(delta, normalizeQuatTo(q, d.rotation_quaternion));
  else if (mode === 'AXIS_ANGLE') { delta.fill(0); delta[0] = delta[4] = delta[8] = 1; }
  else eulerToMat3(delta, d.rotation_euler, mode);
  const loc = t.location ?? ZERO;
  const scale = t.scale ?? ONE;
  const ds = d.scale, dl = d.location;
  for (let c = 0; c < 3; c++) {
    // Saturated: two finite factors (a scale and a delta scale past 1e154) can overflow to ±Infinity,
    // and Infinity times a rotation's 0 is NaN. Within the double range this is the product itself.
    const s = saturate(scale[c] * ds[c]);
    const r0 = r[4 * c], r1 = r[4 * c + 1], r2 = r[4 * c + 2];
    // Column c of Rdelta · R (Rdelta is 3×3 column-major), then scaled.
    out[4 * c] = (delta[0] * r0 + delta[3] * r1 + delta[6] * r2) * s + 0;
    out[4 * c + 1] = (delta[1] * r0 + delta[4] * r1 + delta[7] * r2) * s + 0;
    out[4 * c + 2] = (delta[2] * r0 + delta[5] * r1 + delta[8] * r2) * s + 0;
    out[4 * c + 3] = 0;
  }
  out[12] = saturate(loc[0] + dl[0]); out[13] = saturate(loc[1] + dl[1]); out[14] = saturate(loc[2] + dl[2]); out[15] = 1;
  return out;
}
