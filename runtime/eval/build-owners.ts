// Compile phase 2, build owners: the scene's objects and bones with their matrix slots, what poses
// them each frame (actions, clips), which owner each owner node names and whose stack a node is in.
import type { BBoneInfo, PropertyAnimation } from '../../nodes/define';
import { ROTATION_MODES } from '../../nodes/drivers/pose-channels';
import type { RotationMode } from '../../nodes/math/basis';
import { animateOwner, buildAnimation, playChannels, playChannelsInto } from '../rig/animation';
import { channelSlot, CHANNELS, type ChannelName } from '../rig/scene/data-path';
import { clipChannelAnimation } from '../rig/clip-channels';
import { buildClipPlayback, playTrack } from '../rig/clip-playback';
import { curveTimeSource } from '../rig/curve-time';
import { nlaPlayers } from '../rig/property-nla';
import { buildRig, SceneError, type RigOwner } from '../rig/rig';
import type { SceneAction, SceneDocument } from '../rig/scene/types';
import { capacity } from './capacity';
import type { CompiledNode, NodeTable } from './compiled-node';
import type { Problems } from './errors';
import type { ResolvedGraph } from './resolve-nodes';
import type { SharedBuffer } from './wasm/shared-memory';
import { SlotAllocator } from './slots';

export interface Owners {
  owners: RigOwner[];
  byId: Map<string, RigOwner>;
  /** Owner → its index in `owners`. */
  index: Map<RigOwner, number>;
  /** The program's one buffer; every later phase takes its views from it. */
  slots: SlotAllocator;
  /** The frame being evaluated (the timeline's). */
  frame: Float64Array;
  /**
   * The scene's animation time: the frame times the scene's `time_scale` (Blender's time remapping),
   * which actions, NLA, clips and keyed values play at; `frame` itself when the scene has none.
   */
  time: Float64Array;
  /** `time_scale`, 1 when the scene has none: the program writes time = frame · scale before each pass. */
  timeScale: number;
  /** What writes an owner's basis at each frame before its pre step (actions, then the playing clip), and a curve's keyed Evaluation Time (curve-time.ts). */
  poseSources: Map<RigOwner, (() => void)[]>;
  /** The scene's actions by name, for nodes that read one at bind time (the Action constraint). */
  actions: ReadonlyMap<string, SceneAction>;
  /** A custom property of an owner as its object's NLA plays it (property-nla.ts), for its node. */
  propertyAnimation: (holder: string, name: string, fallback: number) => PropertyAnimation | undefined;
  /** A setting of an object as its NLA plays it (property-nla.ts), for the node that reads it. */
  pathAnimation: (object: string, dataPath: string, index: number, fallback: number) => PropertyAnimation | undefined;
  /** Owners whose rotation mode an action or NLA keys: each keeps its mode (and what a change converts) from one evaluation to the next. */
  modeKeyed: RigOwner[];
}

export function buildOwners(scene: SceneDocument, { compiled, live }: ResolvedGraph, problems: Problems, wasm: boolean, shared?: SharedBuffer): Owners {
  const slots = new SlotAllocator(capacity(scene, compiled), wasm, shared);
  let rig: ReturnType<typeof buildRig>;
  try {
    rig = buildRig(scene, (n) => slots.alloc(n), (n) => slots.allocCold(n));
  } catch (e) {
    if (!(e instanceof SceneError)) throw e;
    problems.errors.push({ code: 'bad-scene', pointer: `/scene${e.pointer}`, message: e.detail });
    return problems.fail();
  }
  const frame = slots.alloc(1);
  const timeScale = scene.time_scale ?? 1;
  const time = timeScale === 1 ? frame : slots.alloc(1);
  const { warnings } = problems;
  // Nodes that set an owner's channels (driver/pose-channels): an action of that owner plays in them.
  const basisNodes = new Map<RigOwner, CompiledNode>();
  for (const c of live) {
    if (!c.def.owner) continue;
    const id = String(c.params[c.def.owner.param] ?? '');
    const o = rig.byId.get(id);
    if (!o) problems.errors.push({ code: 'missing-owner', pointer: `/nodes/${c.index}/params/${c.def.owner.param}`, nodeId: c.node.id, message: id ? `node "${c.node.id}" names owner "${id}", which is not in the scene` : `node "${c.node.id}" names no owner` });
    else c.owner = o;
    if (o && c.def.owner.role === 'basis') basisNodes.set(o, c);
  }
  const poseSources = new Map<RigOwner, (() => void)[]>();
  const addPoseSource = (o: RigOwner, apply: () => void) => poseSources.set(o, [...(poseSources.get(o) ?? []), apply]);
  const modeKeyed: RigOwner[] = [];
  for (const a of buildAnimation(scene, rig.owners, rig.byId, warnings)) {
    if (a.keysMode) modeKeyed.push(a.owner);
    // Blender runs an owner's animation, then its drivers, then builds its basis: where a node sets
    // some of its channels, that node plays the action first and builds the basis after.
    const basisNode = basisNodes.get(a.owner);
    if (basisNode && a.keysMode) {
      warnings.push({ code: 'unsupported-channel', pointer: `/nodes/${basisNode.index}/params/rotationMode`, nodeId: basisNode.node.id, message: `owner "${a.owner.id}": its action keys its rotation mode and node "${basisNode.node.id}" sets some of its channels; that node's rotation inputs go to the channels of its Rotation Mode param (${rotationModeOf(basisNode)}) whatever mode the action keys` });
    }
    if (basisNode) a.owner.channelAnimation = { play: (f) => { playChannels(a, f); }, basis: a.basis };
    else addPoseSource(a.owner, () => { animateOwner(a, time); });
    a.owner.liveEuler = a.basis.rotation_euler;
    const initial = Float64Array.from(a.channels);
    a.owner.played = { initial, slotOf: playedSlot, playInto: (f, out) => { playChannelsInto(a, f, out); } };
  }
  for (const t of buildClipPlayback(scene, rig.owners, rig.byId, warnings)) {
    if (poseSources.has(t.owner) || t.owner.channelAnimation) warnings.push({ code: 'two-pose-sources', pointer: '/scene/playback', message: `owner "${t.owner.id}" has an action and a clip track; the clip is applied after the action` });
    // The clip replaces the action's channels, as it replaces its basis where no node sets any.
    const node = basisNodes.get(t.owner);
    if (node) {
      t.owner.channelAnimation = clipChannelAnimation(t, rotationModeOf(node));
      t.owner.liveEuler = t.owner.channelAnimation.basis.rotation_euler;
    } else {
      addPoseSource(t.owner, () => { playTrack(t, time); });
      t.owner.liveEuler = undefined;
    }
  }
  for (const o of rig.owners) {
    const keyedTime = curveTimeSource(o, time);
    if (keyedTime) addPoseSource(o, keyedTime);
  }
  // A node that sets an owner's channels without an action writes its Euler angles here (pose-channels.ts).
  for (const o of basisNodes.keys()) o.liveEuler ??= new Float64Array(3);
  problems.failIfAny();
  const index = new Map<RigOwner, number>();
  rig.owners.forEach((o, i) => index.set(o, i));
  const actions = new Map((scene.actions ?? []).map((a) => [a.name, a] as const));
  return { owners: rig.owners, byId: rig.byId, index, slots, frame, time, timeScale, poseSources, actions, modeKeyed, ...nlaPlayers(scene, rig.byId) };
}

/** Where a channel's element (RNA index) lands in an owner's played channels; undefined for no channel. */
function playedSlot(property: string, index: number): number | undefined {
  return Object.hasOwn(CHANNELS, property) ? channelSlot(property as ChannelName, index) : undefined;
}

/** The rotation mode of a node that sets an owner's channels (driver/pose-channels' `rotationMode`). */
function rotationModeOf(c: CompiledNode): RotationMode {
  const mode = c.params.rotationMode;
  return typeof mode === 'string' && (ROTATION_MODES as readonly string[]).includes(mode) ? (mode as RotationMode) : 'XYZ';
}

/**
 * The owner whose stack a node is in: an owner-in node's own; else, following the stack upstream,
 * that of its `owner` input, or of its first wired transform input (so a math node placed inside a
 * stack keeps the stack's owner). Worked out once per node.
 */
export function stackOwnerOf(c: CompiledNode, compiled: NodeTable, depth = 0): RigOwner | undefined {
  if (c.stackOwnerKnown) return c.stackOwner;
  let o: RigOwner | undefined;
  if (c.def.owner?.role === 'pre') o = c.owner;
  else {
    const firstTransform = Object.entries(c.def.inputs).find(([n, s]) => s.type === 'transform' && c.sources.has(n))?.[0];
    const src = c.sources.get('owner') ?? (firstTransform ? c.sources.get(firstTransform) : undefined);
    const up = src && compiled[src[0]];
    // A cycle of math nodes has no stack owner: the depth bound ends the walk.
    if (up && depth < compiled.length) o = stackOwnerOf(up, compiled, depth + 1);
  }
  c.stackOwnerKnown = true;
  c.stackOwner = o;
  return o;
}

/** The owner an input reads, when it is wired straight from an owner node that reads one. */
export function sourceOwnerOf(c: CompiledNode, input: string, compiled: NodeTable): RigOwner | undefined {
  const src = c.sources.get(input);
  const up = src && compiled[src[0]];
  return up && (up.def.owner?.role === 'read' || up.def.owner?.role === 'pre') ? up.owner : undefined;
}

/**
 * The B-Bone an input reads with its shape: when it is wired straight from a node that computes the
 * shape of its bone (`bboneShape` owner nodes, the B-Bone node), the link ordering that node first.
 */
export function sourceShapeOf(c: CompiledNode, input: string, compiled: NodeTable): BBoneInfo | undefined {
  const src = c.sources.get(input);
  const up = src && compiled[src[0]];
  return up?.def.owner?.bboneShape === true ? up.owner?.bone?.bbone : undefined;
}
