// An object's or pose bone's own transform as a matrix: Blender's T(location) · R · S(scale).
// Here in nodes/math so that a node (driver/pose-channels) builds a basis exactly as the runtime does.
import { axisAngleValueToMat3 } from './axis-angle';
import { eulerToMat4 } from './euler';
import { copyMat4FromMat3 } from './matrix';
import { normalizeQuatTo, quatToMat4 } from './quaternion';

/** Blender's rotation modes (runtime/rig/scene/types re-exports it). */
export type RotationMode = 'XYZ' | 'XZY' | 'YXZ' | 'YZX' | 'ZXY' | 'ZYX' | 'QUATERNION' | 'AXIS_ANGLE';

/** Location, rotation and scale as numbers: a scene's transform, or views of animated channels. */
export interface BasisInput {
  location?: ArrayLike<number>;
  rotation_mode?: RotationMode;
  rotation_euler?: ArrayLike<number>;
  /** [x, y, z, w]; normalized before use. */
  rotation_quaternion?: ArrayLike<number>;
  /** [angle, x, y, z]. */
  rotation_axis_angle?: ArrayLike<number>;
  scale?: ArrayLike<number>;
}

/** A transform's channels as arrays to write: an animated owner's, which its action and drivers set each frame. */
export interface BasisChannels extends BasisInput {
  location: Float64Array;
  rotation_euler: Float64Array;
  rotation_quaternion: Float64Array;
  rotation_axis_angle: Float64Array;
  scale: Float64Array;
}

const q = new Float64Array(4);
const rotation = new Float64Array(9);
const ZERO = [0, 0, 0];
const ONE = [1, 1, 1];
const NO_ROTATION = [0, 0, 0, 1];
const NO_AXIS_ANGLE = [0, 0, 1, 0];

/**
 * Writes T·R·S for Blender's location, rotation (in its rotation mode) and scale, with Blender's
 * rotation functions (nodes/math). Allocates nothing, so animated owners rebuild it every frame.
 */
export function basisMatrix(out: Float64Array, t: BasisInput): Float64Array {
  const loc = t.location ?? ZERO;
  const scale = t.scale ?? ONE;
  const mode = t.rotation_mode ?? 'XYZ';
  if (mode === 'QUATERNION') {
    const r = t.rotation_quaternion ?? NO_ROTATION;
    // Built from q/|q| (a non-unit quaternion does not scale), however short; a zero one is Blender's
    // normalize_qt's (x = 1): half a turn about X, as Blender 3.4.1 shows (object and pose bone).
    quatToMat4(out, normalizeQuatTo(q, r));
  } else if (mode === 'AXIS_ANGLE') {
    copyMat4FromMat3(out, axisAngleValueToMat3(rotation, t.rotation_axis_angle ?? NO_AXIS_ANGLE));
  } else {
    eulerToMat4(out, t.rotation_euler ?? ZERO, mode);
  }
  // `+ 0` turns the −0 of −sin(0) into 0, so an unrotated owner's basis is the identity bit for bit.
  const sx = scale[0], sy = scale[1], sz = scale[2];
  out[0] = out[0] * sx + 0; out[1] = out[1] * sx + 0; out[2] = out[2] * sx + 0;
  out[4] = out[4] * sy + 0; out[5] = out[5] * sy + 0; out[6] = out[6] * sy + 0;
  out[8] = out[8] * sz + 0; out[9] = out[9] * sz + 0; out[10] = out[10] * sz + 0;
  out[12] = loc[0]; out[13] = loc[1]; out[14] = loc[2];
  return out;
}
