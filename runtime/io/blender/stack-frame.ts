// The frame an imported owner's constraint stack goes in: named after the bone (or the object, for
// an object owner), coloured from a small palette so neighbouring stacks tell apart.
import type { GraphFrame } from '../../../graph/types';

/** Muted colours that keep node text readable on top of them. */
export const FRAME_COLORS = ['#3a5f7d', '#5d4a7a', '#3f6b4f', '#7a5a3a', '#6b3f4f', '#4a6b6b'] as const;

/** `ownerId` is `Armature/Bone` or an object's name; `label` the bone's name, or the object's. */
export function stackFrame(ownerId: string, label: string, index: number, nodes: string[]): GraphFrame {
  return { id: `frame:${ownerId}`, label, color: FRAME_COLORS[index % FRAME_COLORS.length], nodes };
}
