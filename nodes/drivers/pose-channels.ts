// nodes/drivers/pose-channels.ts — an owner's own transform channels as inputs: where a driver
// drives a pose channel (`pose.bones["B"].rotation_euler[2]`, an object's `location[0]`). Blender
// evaluates drivers before it builds the pose, so the driven value replaces the channel before the
// owner's parent, rest and constraints apply: this node rebuilds the owner's basis (T·R·S) from its
// inputs before the owner's pre-constraint matrix is made. Unlinked inputs keep the authored values.
import { basisMatrix, type BasisInput } from '../math/basis';
import { defineNode, float, param, type OwnerHandle, type SocketSpec } from '../define';

export const ROTATION_MODES = ['XYZ', 'XZY', 'YXZ', 'YZX', 'ZXY', 'ZYX', 'QUATERNION', 'AXIS_ANGLE'] as const;

/** Input names by channel and RNA array index (`rotation` is Euler x,y,z, quaternion w,x,y,z, axis-angle angle,x,y,z). */
export const CHANNEL_INPUTS = {
  location: ['locX', 'locY', 'locZ'],
  rotation_euler: ['rotX', 'rotY', 'rotZ'],
  rotation_quaternion: ['rotW', 'rotX', 'rotY', 'rotZ'],
  rotation_axis_angle: ['rotW', 'rotX', 'rotY', 'rotZ'],
  scale: ['scaleX', 'scaleY', 'scaleZ'],
} as const;

const input = (doc: string, def = 0): SocketSpec => float({ default: def, doc });

interface State {
  owner: OwnerHandle & { basis: Float64Array };
  t: BasisInput & { location: Float64Array; rotation_euler: Float64Array; rotation_quaternion: Float64Array; rotation_axis_angle: Float64Array; scale: Float64Array };
}

export const poseChannels = defineNode({
  type: 'driver/pose-channels',
  label: 'Pose channels',
  category: 'Driver',
  doc: "An owner's own location, rotation and scale (a bone's pose channels, an object's transform), set from its inputs before its parent, rest and constraints apply: where a driver drives a channel. Unlinked inputs take their authored values.",
  inputs: {
    locX: input('Location X.'), locY: input('Location Y.'), locZ: input('Location Z.'),
    rotW: input('Quaternion W, or the axis-angle angle (unused by Euler modes).', 1),
    rotX: input('Euler X (radians), or quaternion / axis X.'), rotY: input('Euler Y, or quaternion / axis Y.'), rotZ: input('Euler Z, or quaternion / axis Z.'),
    scaleX: input('Scale X.', 1), scaleY: input('Scale Y.', 1), scaleZ: input('Scale Z.', 1),
  },
  outputs: {},
  params: {
    owner: param.owner('The object or bone ("Armature/Bone") whose channels these are.'),
    rotationMode: param.choice(ROTATION_MODES, 'XYZ', "The owner's rotation mode: which of the rotation inputs it reads."),
  },
  owner: { role: 'basis', param: 'owner' },
  bind(env, p) {
    const owner = env.owner(p.owner) ?? env.fail(`owner "${p.owner}" is not in the scene`, 'owner');
    if (!owner.basis) return env.fail(`owner "${p.owner}" has no own transform to set`, 'owner');
    const mode = p.rotationMode;
    return {
      owner: owner as State['owner'],
      t: { rotation_mode: mode, location: new Float64Array(3), rotation_euler: new Float64Array(3), rotation_quaternion: new Float64Array(4), rotation_axis_angle: new Float64Array(4), scale: new Float64Array(3) },
    };
  },
  kernel(io, _p, { owner, t }) {
    const i = io.in;
    t.location[0] = i.locX[0]; t.location[1] = i.locY[0]; t.location[2] = i.locZ[0];
    t.rotation_euler[0] = i.rotX[0]; t.rotation_euler[1] = i.rotY[0]; t.rotation_euler[2] = i.rotZ[0];
    // The scene keeps quaternions as [x, y, z, w] and axis-angle as [angle, x, y, z].
    t.rotation_quaternion[0] = i.rotX[0]; t.rotation_quaternion[1] = i.rotY[0]; t.rotation_quaternion[2] = i.rotZ[0]; t.rotation_quaternion[3] = i.rotW[0];
    t.rotation_axis_angle[0] = i.rotW[0]; t.rotation_axis_angle[1] = i.rotX[0]; t.rotation_axis_angle[2] = i.rotY[0]; t.rotation_axis_angle[3] = i.rotZ[0];
    t.scale[0] = i.scaleX[0]; t.scale[1] = i.scaleY[0]; t.scale[2] = i.scaleZ[0];
    basisMatrix(owner.basis, t);
  },
});
