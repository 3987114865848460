// nodes/drivers/pose-channels.ts — an owner's own transform channels as inputs: where a driver
// drives a pose channel (`pose.bones["B"].rotation_euler[2]`, an object's `location[0]`,
// `delta_location[0]`). Blender evaluates drivers before it builds the pose, so the driven value
// replaces the channel before the owner's parent, rest and constraints apply: this node rebuilds the
// owner's basis (T·R·S, with an object's deltas as BKE_object_to_mat4) from its inputs before the
// owner's pre-constraint matrix is made. Unlinked inputs keep the authored values; an object's delta
// inputs, unlinked, keep the object's own deltas (so setting its location never drops them).
import { basisMatrix, type BasisInput } from '../math/basis';
import { createDeltaChannels, objectBasisMatrix, type DeltaChannels } from '../math/object-basis';
import { defineNode, float, param, type BindEnv, type ChannelAnimation, type OwnerHandle, type SocketSpec } from '../define';

export const ROTATION_MODES = ['XYZ', 'XZY', 'YXZ', 'YZX', 'ZXY', 'ZYX', 'QUATERNION', 'AXIS_ANGLE'] as const;

/** Input names by channel and RNA array index (`rotation` is Euler x,y,z, quaternion w,x,y,z, axis-angle angle,x,y,z). */
export const CHANNEL_INPUTS = {
  location: ['locX', 'locY', 'locZ'],
  rotation_euler: ['rotX', 'rotY', 'rotZ'],
  rotation_quaternion: ['rotW', 'rotX', 'rotY', 'rotZ'],
  rotation_axis_angle: ['rotW', 'rotX', 'rotY', 'rotZ'],
  scale: ['scaleX', 'scaleY', 'scaleZ'],
  delta_location: ['dlocX', 'dlocY', 'dlocZ'],
  delta_rotation_euler: ['drotX', 'drotY', 'drotZ'],
  delta_rotation_quaternion: ['drotW', 'drotX', 'drotY', 'drotZ'],
  delta_scale: ['dscaleX', 'dscaleY', 'dscaleZ'],
} as const;

/** Each delta input: the delta channel it sets and the index there (quaternions as [x, y, z, w]). */
const DELTA_INPUTS: readonly (readonly [string, keyof DeltaChannels, number])[] = [
  ['dlocX', 'location', 0], ['dlocY', 'location', 1], ['dlocZ', 'location', 2],
  ['drotX', 'rotation_euler', 0], ['drotY', 'rotation_euler', 1], ['drotZ', 'rotation_euler', 2],
  ['drotW', 'rotation_quaternion', 3],
  ['dscaleX', 'scale', 0], ['dscaleY', 'scale', 1], ['dscaleZ', 'scale', 2],
];

const input = (doc: string, def = 0): SocketSpec => float({ default: def, doc });

/**
 * For an animated owner (`OwnerHandle.channelAnimation`): the linked channel inputs, and the channel
 * array and index each writes after the action has played (only the rotation its mode reads).
 */
interface Played {
  animation: ChannelAnimation;
  frame: Float64Array;
  inputs: string[];
  to: Float64Array[];
  at: Int32Array;
}

interface State {
  played: Played | undefined;
  owner: OwnerHandle & { basis: Float64Array };
  t: BasisInput & { location: Float64Array; rotation_euler: Float64Array; rotation_quaternion: Float64Array; rotation_axis_angle: Float64Array; scale: Float64Array };
  /** The object's deltas (live), or undefined: then the basis is built without. */
  deltas: DeltaChannels | undefined;
  /** Linked delta inputs by name, and the delta array and index each writes per frame. */
  deltaInputs: string[];
  deltaTo: Float64Array[];
  deltaAt: Int32Array;
}

export const poseChannels = defineNode({
  type: 'driver/pose-channels',
  label: 'Pose channels',
  category: 'Driver',
  doc: "An owner's own location, rotation and scale (a bone's pose channels, an object's transform and delta transform), set from its inputs before its parent, rest and constraints apply: where a driver drives a channel. Unlinked inputs take their authored values; unlinked delta inputs keep the object's own deltas.",
  inputs: {
    locX: input('Location X.'), locY: input('Location Y.'), locZ: input('Location Z.'),
    rotW: input('Quaternion W, or the axis-angle angle (unused by Euler modes).', 1),
    rotX: input('Euler X (radians), or quaternion / axis X.'), rotY: input('Euler Y, or quaternion / axis Y.'), rotZ: input('Euler Z, or quaternion / axis Z.'),
    scaleX: input('Scale X.', 1), scaleY: input('Scale Y.', 1), scaleZ: input('Scale Z.', 1),
    dlocX: input("An object's delta location X (linked: sets it; unlinked: the object's own)."), dlocY: input('Delta location Y.'), dlocZ: input('Delta location Z.'),
    drotW: input('Delta quaternion W (QUATERNION mode).', 1),
    drotX: input('Delta Euler X (Euler modes), or delta quaternion X.'), drotY: input('Delta Euler Y, or delta quaternion Y.'), drotZ: input('Delta Euler Z, or delta quaternion Z.'),
    dscaleX: input('Delta scale X.', 1), dscaleY: input('Delta scale Y.', 1), dscaleZ: input('Delta scale Z.', 1),
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
    // drotX/Y/Z are the Euler delta in Euler modes and the quaternion's x, y, z in QUATERNION mode.
    const linked = DELTA_INPUTS.map(([name, channel, i]) => [name, mode === 'QUATERNION' && channel === 'rotation_euler' ? 'rotation_quaternion' : channel, i] as const).filter(([name]) => env.connected(name));
    if (linked.length > 0 && owner.kind !== 'object') return env.fail(`bone "${p.owner}" has no delta transform (Blender's deltas are an object's)`, linked[0][0]);
    // A driven delta gives the object deltas (identity until driven) if it had none.
    if (linked.length > 0) owner.deltas ??= createDeltaChannels({});
    const deltas = owner.kind === 'object' ? owner.deltas : undefined;
    return {
      played: owner.channelAnimation && played(owner.channelAnimation, mode, env),
      owner: owner as State['owner'],
      t: { rotation_mode: mode, location: new Float64Array(3), rotation_euler: owner.liveEuler ?? new Float64Array(3), rotation_quaternion: new Float64Array(4), rotation_axis_angle: new Float64Array(4), scale: new Float64Array(3) },
      deltas,
      deltaInputs: linked.map(([name]) => name), deltaTo: linked.map(([, channel]) => deltas![channel]), deltaAt: Int32Array.from(linked.map(([, , i]) => i)),
    };
  },
  kernel(io, _p, { played, owner, t, deltas, deltaInputs, deltaTo, deltaAt }) {
    const i = io.in;
    if (played !== undefined) {
      // Blender's order: the action writes the channels, the drivers replace theirs, the basis is built.
      played.animation.play(played.frame);
      const { inputs, to, at } = played;
      for (let k = 0; k < inputs.length; k++) to[k][at[k]] = i[inputs[k]][0];
      for (let k = 0; k < deltaTo.length; k++) deltaTo[k][deltaAt[k]] = i[deltaInputs[k]][0];
      if (deltas === undefined) basisMatrix(owner.basis, played.animation.basis);
      else objectBasisMatrix(owner.basis, played.animation.basis, deltas);
      return;
    }
    t.location[0] = i.locX[0]; t.location[1] = i.locY[0]; t.location[2] = i.locZ[0];
    t.rotation_euler[0] = i.rotX[0]; t.rotation_euler[1] = i.rotY[0]; t.rotation_euler[2] = i.rotZ[0];
    // The scene keeps quaternions as [x, y, z, w] and axis-angle as [angle, x, y, z].
    t.rotation_quaternion[0] = i.rotX[0]; t.rotation_quaternion[1] = i.rotY[0]; t.rotation_quaternion[2] = i.rotZ[0]; t.rotation_quaternion[3] = i.rotW[0];
    t.rotation_axis_angle[0] = i.rotW[0]; t.rotation_axis_angle[1] = i.rotX[0]; t.rotation_axis_angle[2] = i.rotY[0]; t.rotation_axis_angle[3] = i.rotZ[0];
    t.scale[0] = i.scaleX[0]; t.scale[1] = i.scaleY[0]; t.scale[2] = i.scaleZ[0];
    if (deltas === undefined) {
      basisMatrix(owner.basis, t);
      return;
    }
    for (let k = 0; k < deltaTo.length; k++) deltaTo[k][deltaAt[k]] = i[deltaInputs[k]][0];
    objectBasisMatrix(owner.basis, t, deltas);
  },
});

/**
 * Where each linked channel input goes among an animated owner's channels: location and scale by
 * index, the rotation inputs into the one rotation the mode reads (quaternions kept [x, y, z, w],
 * axis-angle [angle, x, y, z], as the scene keeps them). Reading the frame makes the node run again
 * when the frame changes.
 */
function played(animation: ChannelAnimation, mode: (typeof ROTATION_MODES)[number], env: BindEnv): Played {
  const b = animation.basis;
  type Slot = readonly [Float64Array, number];
  const r = mode === 'QUATERNION' ? b.rotation_quaternion : mode === 'AXIS_ANGLE' ? b.rotation_axis_angle : b.rotation_euler;
  const rotation: Record<string, Slot> = mode === 'QUATERNION' ? { rotX: [r, 0], rotY: [r, 1], rotZ: [r, 2], rotW: [r, 3] }
    : mode === 'AXIS_ANGLE' ? { rotW: [r, 0], rotX: [r, 1], rotY: [r, 2], rotZ: [r, 3] }
    : { rotX: [r, 0], rotY: [r, 1], rotZ: [r, 2] };
  const targets: Record<string, Slot> = {
    locX: [b.location, 0], locY: [b.location, 1], locZ: [b.location, 2],
    scaleX: [b.scale, 0], scaleY: [b.scale, 1], scaleZ: [b.scale, 2],
    ...rotation,
  };
  const linked = Object.keys(targets).filter((name) => env.connected(name));
  return {
    animation,
    frame: env.sceneTime,
    inputs: linked,
    to: linked.map((name) => targets[name][0]),
    at: Int32Array.from(linked.map((name) => targets[name][1])),
  };
}
