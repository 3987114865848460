// Blender RNA paths of animated properties, as F-curves name them: `location`, `rotation_euler`,
// `rotation_quaternion`, `rotation_axis_angle`, `scale` on the object, the same after
// `pose.bones["Name"].` on a pose bone, an object's delta transform (`delta_location`,
// `delta_rotation_euler`, `delta_rotation_quaternion`, `delta_scale`: pose bones have none), and
// `["prop"]` for a custom property.

/** The transform channels an action can drive, with their place in an owner's channel array. */
export const CHANNELS = {
  location: { offset: 0, size: 3 },
  rotation_euler: { offset: 3, size: 3 },
  rotation_quaternion: { offset: 6, size: 4 },
  rotation_axis_angle: { offset: 10, size: 4 },
  scale: { offset: 14, size: 3 },
  delta_location: { offset: 17, size: 3 },
  delta_rotation_euler: { offset: 20, size: 3 },
  delta_rotation_quaternion: { offset: 23, size: 4 },
  delta_scale: { offset: 27, size: 3 },
} as const;
export type ChannelName = keyof typeof CHANNELS;
/** Numbers in an owner's channel array. */
export const CHANNEL_COUNT = 30;
/**
 * Where an owner's animation keeps its rotation mode as the number a `rotation_mode` curve holds
 * (Blender's rotmode: 0 quaternion, 1-6 the Euler orders, -1 axis-angle), after the transform
 * channels; the NLA blends it as one more channel (nodes/math/rotation-mode-change.ts).
 */
export const MODE_SLOT = CHANNEL_COUNT;
/** Numbers in an animated owner's channel array: the transform channels and the mode. */
export const ANIMATED_COUNT = CHANNEL_COUNT + 1;

/** Whether a channel is one of an object's delta transform (Blender has no such channel on a pose bone). */
export function isDeltaChannel(channel: ChannelName): boolean {
  return channel.startsWith('delta_');
}

export type DataPath =
  | { kind: 'transform'; bone: string | null; channel: ChannelName }
  | { kind: 'custom'; bone: string | null; property: string }
  | { kind: 'other'; bone: string | null; property: string };

/** Parses a data path; undefined when it is not a path at all. */
export function parseDataPath(path: string): DataPath | undefined {
  let bone: string | null = null;
  let rest = path;
  const poseBone = /^pose\.bones\["((?:[^"\\]|\\.)*)"\]\.?/.exec(path);
  if (poseBone) {
    bone = unescape(poseBone[1]);
    rest = path.slice(poseBone[0].length);
  }
  const custom = /^\["((?:[^"\\]|\\.)*)"\]$/.exec(rest);
  if (custom) return { kind: 'custom', bone, property: unescape(custom[1]) };
  if (!/^[A-Za-z_][A-Za-z0-9_.[\]"]*$/.test(rest)) return undefined;
  if (Object.hasOwn(CHANNELS, rest) && !(bone !== null && isDeltaChannel(rest as ChannelName))) return { kind: 'transform', bone, channel: rest as ChannelName };
  return { kind: 'other', bone, property: rest };
}

/** Whether a parsed path is an owner's `rotation_mode`, which an action may key. */
export function isRotationModePath(path: DataPath | undefined): boolean {
  return path?.kind === 'other' && path.property === 'rotation_mode';
}

/**
 * Where Blender's array index lands in the channel array: quaternion curves count W, X, Y, Z while
 * the scene stores quaternions as [x, y, z, w].
 */
export function channelSlot(channel: ChannelName, arrayIndex: number): number | undefined {
  const { offset, size } = CHANNELS[channel];
  if (!Number.isInteger(arrayIndex) || arrayIndex < 0 || arrayIndex >= size) return undefined;
  return offset + (channel === 'rotation_quaternion' || channel === 'delta_rotation_quaternion' ? [3, 0, 1, 2][arrayIndex] : arrayIndex);
}

/** The [start, end) of the channel (a whole property: location, a quaternion, …) a slot of the channel array belongs to. */
export function channelSpan(slot: number): readonly [number, number] {
  for (const { offset, size } of Object.values(CHANNELS)) if (slot >= offset && slot < offset + size) return [offset, offset + size];
  return [slot, slot + 1];
}

function unescape(s: string): string {
  return s.replace(/\\(.)/g, '$1');
}
