// nodes/drivers/transform-channel.ts — the Transform Channel driver variable (Blender 3.4's
// `dvar_eval_transChan`, fcurve_driver.c): one location, rotation or scale channel of an object or
// bone, read in world space (its final matrix), transform space (its own transform channels, before
// constraints) or local space (the final matrix in its LOCAL constraint space): local-space.ts.
import { defineNode, float, param, transform } from '../define';
import { compatibleEuler, mat4ToEuler, type EulerOrder } from '../math/euler';
import { volumeScaleInto } from '../math/finite';
import { hypot3Into } from '../math/hypot';
import { createSpaceReader, DRIVER_SPACES, readInSpace, spaceProblem } from './local-space';
import { mat4ToQuat } from '../math/quaternion';
import { splitQuatSwingAndTwist } from '../math/swing-twist';

export const TRANSFORM_CHANNELS = ['LOC_X', 'LOC_Y', 'LOC_Z', 'ROT_X', 'ROT_Y', 'ROT_Z', 'ROT_W', 'SCALE_X', 'SCALE_Y', 'SCALE_Z', 'SCALE_AVG'] as const;
export const TRANSFORM_SPACES = DRIVER_SPACES;
export const TRANSFORM_ROTATION_MODES = ['AUTO', 'XYZ', 'XZY', 'YXZ', 'YZX', 'ZXY', 'ZYX', 'QUATERNION', 'SWING_TWIST_X', 'SWING_TWIST_Y', 'SWING_TWIST_Z'] as const;
export type TransformChannel = (typeof TRANSFORM_CHANNELS)[number];
export type TransformRotationMode = (typeof TRANSFORM_ROTATION_MODES)[number];

/**
 * Blender's `BKE_driver_target_matrix_to_rot_channels` (angles = false) then the channel: `buf` is
 * Blender's [w, x, y, z] / [_, ex, ey, ez] buffer, and the channel is left in `buf[channel]` (not
 * returned: V8 boxes a double returned from a call it does not inline). `old` (the owner's Euler
 * channels) is used in AUTO mode when the owner rotates by Euler angles, as `compatible_eul`.
 * Scratch: q, s (4 each).
 */
export function rotationChannelInto(m: ArrayLike<number>, channel: 0 | 1 | 2 | 3, mode: TransformRotationMode, autoOrder: EulerOrder, old: ArrayLike<number> | null, scratch: { q: Float64Array; s: Float64Array; e: Float64Array; buf: Float64Array }): void {
  const { q, s, e, buf } = scratch;
  for (let i = 0; i < buf.length; i++) buf[i] = 0;
  if (mode === 'AUTO' || (mode !== 'QUATERNION' && !mode.startsWith('SWING_TWIST'))) {
    mat4ToEuler(e, m, mode === 'AUTO' ? autoOrder : (mode as EulerOrder));
    if (mode === 'AUTO' && old) compatibleEuler(e, e, old);
    buf[1] = e[0]; buf[2] = e[1]; buf[3] = e[2];
  } else if (mode === 'QUATERNION') {
    mat4ToQuat(q, m);
    buf[0] = q[3]; buf[1] = q[0]; buf[2] = q[1]; buf[3] = q[2];
  } else {
    const axis = (mode === 'SWING_TWIST_X' ? 0 : mode === 'SWING_TWIST_Y' ? 1 : 2);
    mat4ToQuat(q, m);
    let twist: number;
    if (channel === axis + 1) twist = splitQuatSwingAndTwist(q, axis, null, null);
    else {
      twist = splitQuatSwingAndTwist(q, axis, s, null);
      buf[0] = s[3]; buf[1] = s[0]; buf[2] = s[1]; buf[3] = s[2];
      // quaternion_to_angles for the one channel: 2·acos(w) or 2·asin(component), clamped.
      buf[channel] = channel === 0 ? 2 * Math.acos(Math.max(-1, Math.min(1, buf[0]))) : 2 * Math.asin(Math.max(-1, Math.min(1, buf[channel])));
    }
    buf[axis + 1] = twist;
  }
}

/**
 * One channel of matrix `m` as `dvar_eval_transChan` reads it, written to out[0] (per frame the
 * number stays in arrays: hypot3Into is Math.hypot bit for bit without its allocation).
 */
export function transformChannelInto(out: Float64Array, m: ArrayLike<number>, channel: TransformChannel, mode: TransformRotationMode, autoOrder: EulerOrder, old: ArrayLike<number> | null, scratch: { q: Float64Array; s: Float64Array; e: Float64Array; buf: Float64Array }): void {
  switch (channel) {
    case 'LOC_X': out[0] = m[12]; return;
    case 'LOC_Y': out[0] = m[13]; return;
    case 'LOC_Z': out[0] = m[14]; return;
    case 'SCALE_X': hypot3Into(out, 0, m, 0); return;
    case 'SCALE_Y': hypot3Into(out, 0, m, 4); return;
    case 'SCALE_Z': hypot3Into(out, 0, m, 8); return;
    // Cube root of the volume change (signed, as Blender's cbrtf of mat4_to_volume_scale).
    case 'SCALE_AVG': volumeScaleInto(out, 0, m); return;
    case 'ROT_W': rotationChannelInto(m, 0, mode, autoOrder, old, scratch); out[0] = scratch.buf[0]; return;
    case 'ROT_X': rotationChannelInto(m, 1, mode, autoOrder, old, scratch); out[0] = scratch.buf[1]; return;
    case 'ROT_Y': rotationChannelInto(m, 2, mode, autoOrder, old, scratch); out[0] = scratch.buf[2]; return;
    case 'ROT_Z': rotationChannelInto(m, 3, mode, autoOrder, old, scratch); out[0] = scratch.buf[3]; return;
  }
}

export const driverTransform = defineNode({
  type: 'driver/transform',
  label: 'Driver transform',
  category: 'Driver',
  doc: "A Transform Channel driver variable (TRANSFORMS): one location, rotation or scale channel of an object or bone, as Blender 3.4 reads it. World space: its final world matrix; transform space: its own transform channels (before parent, rest and constraints); local space: its final matrix in its LOCAL space (after constraints, without its parent and rest). Rotations in the owner's Euler order (AUTO), a chosen order, quaternion components, or swing + twist about an axis.",
  inputs: { target: transform({ doc: 'The object or bone read (from its Owner node).', required: true }) },
  outputs: { value: float({ doc: 'The channel: a location, an angle in radians, a quaternion component or a scale.' }) },
  params: {
    channel: param.choice(TRANSFORM_CHANNELS, 'LOC_X', 'Which channel (ROT_W: the quaternion W, for QUATERNION and SWING_TWIST modes).'),
    space: param.choice(TRANSFORM_SPACES, 'WORLD_SPACE', 'World (final world matrix), transform (its own channels, before constraints) or local (its final matrix without parent and rest) space.'),
    rotationMode: param.choice(TRANSFORM_ROTATION_MODES, 'AUTO', "How rotations are read: AUTO in the owner's Euler order, an Euler order, QUATERNION, or SWING_TWIST about X, Y or Z."),
    euler: param.string('', "The owner's Euler angles 'x, y, z' when it rotates by Euler angles (AUTO keeps the reading compatible with them, or with this frame's when an action, clip or driver sets them); empty: it does not."),
  },
  bind(env, p) {
    const owner = env.sourceOwner('target');
    const euler = p.euler.trim();
    let old: Float64Array | null = null;
    if (euler !== '') {
      const v = euler.split(',').map(Number);
      if (v.length !== 3 || !v.every(Number.isFinite)) return env.fail(`the Euler angles "${euler}" are not three numbers`, 'euler');
      // Blender reads the owner's Euler angles as they are when its drivers run: animated or driven,
      // this frame's (`liveEuler`, written before the owner's pre step, which this node comes after).
      old = owner?.liveEuler ?? Float64Array.from(v);
    }
    // Choices come resolved (nodes/resolve-params.ts): one of their options, else the default.
    const channel = p.channel;
    const mode = p.rotationMode;
    const space = p.space;
    const problem = spaceProblem(owner, space);
    if (problem) return env.fail(problem, 'target');
    return { reader: createSpaceReader(owner, space), channel, mode, old, scratch: { q: new Float64Array(4), s: new Float64Array(4), e: new Float64Array(3), buf: new Float64Array(4) } };
  },
  kernel(io, _p, st) {
    const m = readInSpace(st.reader, io.in.target);
    transformChannelInto(io.out.value, m, st.channel, st.mode, st.reader.owner?.rotationOrder ?? 'XYZ', st.old, st.scratch);
  },
});
