// A clip playing an owner whose channels a node also sets (a driver on a bone a glTF clip animates):
// each frame the clip's basis is split into the owner's channels — location, the rotation in the
// node's rotation mode, signed scale (Blender's mat4_to_loc_rot_size) — and handed to that node,
// which replaces the channels it drives and builds the basis (nodes/drivers/pose-channels.ts). That
// is what Blender does with the same clip imported as an action: its glTF importer keys location,
// rotation and scale, the drivers replace theirs, then the pose is built. Undriven, the basis is the
// clip's up to rounding; a clip whose factors shear the basis loses the shear, as channels must.
import type { ChannelAnimation } from '../../nodes/define';
import type { BasisChannels, RotationMode } from '../../nodes/math/basis';
import { mat3NormalizedToEuler } from '../../nodes/math/euler';
import { mat4ToLocRotScale } from '../../nodes/math/matrix';
import { mat3NormalizedToQuat, quatToAxisAngle } from '../../nodes/math/quaternion';
import { playTrack, type ClipTrack } from './clip-playback';

const rotation = new Float64Array(9);
const quat = new Float64Array(4);

/** The track as channels in `mode`, for the node that sets some of them. Allocates nothing per frame. */
export function clipChannelAnimation(track: ClipTrack, mode: RotationMode): ChannelAnimation {
  const basis: BasisChannels = {
    rotation_mode: mode,
    location: new Float64Array(3),
    rotation_euler: new Float64Array(3),
    rotation_quaternion: Float64Array.of(0, 0, 0, 1),
    rotation_axis_angle: Float64Array.of(0, 0, 1, 0),
    scale: Float64Array.of(1, 1, 1),
  };
  return {
    basis,
    play(frame) {
      playTrack(track, frame);
      mat4ToLocRotScale(basis.location, rotation, basis.scale, track.owner.basis);
      if (mode === 'QUATERNION') mat3NormalizedToQuat(basis.rotation_quaternion, rotation);
      else if (mode === 'AXIS_ANGLE') quatToAxisAngle(basis.rotation_axis_angle, mat3NormalizedToQuat(quat, rotation));
      else mat3NormalizedToEuler(basis.rotation_euler, rotation, mode);
    },
  };
}
