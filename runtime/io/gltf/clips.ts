// A glTF file's animations as scene clips (runtime/rig/clip-playback.ts plays them). Each bound node
// gets a track that writes its owner's basis:
//
// - An object (an EMPTY made of a node) takes the node's local transform, as at import.
// - A bone must put its joint where the clip puts it: its pose P (armature = glTF scene space)
//   times the joint's offset is the joint's glTF matrix G. With P = P_parent · R_parent⁻¹ · R · B
//   (full inheritance, R the rest matrices) and G = G_parentJoint · L_1 ⋯ L_k (the local transforms
//   of the nodes from below the parent joint down to the joint), the basis is
//   B = R⁻¹ · R_parent · offset_parent · L_1 ⋯ L_k · offset⁻¹ (for a root: R⁻¹ · L_root ⋯ L_k · offset⁻¹).
//   Fixed factors are multiplied at import; only animated nodes are sampled each frame.
import type { SceneClip, SceneClipFactor, SceneClipTrack, SceneSampler } from '../../rig/scene/types';
import { readAccessor } from './container';
import type { Hierarchy } from './hierarchy';
import type { GltfBinding } from './binding';
import { decompose, inverse, isIdentity, mul, type M4 } from './mat';
import type { GltfAsset } from './types';

type Path = 'translation' | 'rotation' | 'scale';
type NodeSamplers = Partial<Record<Path, SceneSampler>>;

export interface ClipSources {
  asset: GltfAsset;
  h: Hierarchy;
  /** Index = node index. */
  bindings: GltfBinding[];
  /** A joint's bone rest matrix (armature space), by node. */
  restOf: (node: number) => M4 | undefined;
  /** A joint's nearest ancestor joint, or −1. */
  jointParent: (node: number) => number;
}

/** Every animation of the file as a clip; `notes` gets what could not be carried (morph weights). */
export function gltfClips(src: ClipSources, notes: string[]): SceneClip[] {
  const { asset } = src;
  const taken = new Set<string>();
  return (asset.json.animations ?? []).map((a, ai) => {
    let name = typeof a.name === 'string' && a.name ? a.name : `animation${ai}`;
    for (let k = 1; taken.has(name); k++) name = `${a.name}.${String(k).padStart(3, '0')}`;
    taken.add(name);
    const animated = new Map<number, NodeSamplers>();
    let weights = 0;
    for (const ch of a.channels ?? []) {
      const node = ch.target?.node;
      const path = ch.target?.path;
      if (node === undefined || !src.bindings[node]) continue;
      if (path === 'weights') { weights++; continue; }
      const s = a.samplers?.[ch.sampler];
      if (!s || (path !== 'translation' && path !== 'rotation' && path !== 'scale')) continue;
      const entry = animated.get(node) ?? {};
      entry[path] = { interpolation: s.interpolation ?? 'LINEAR', input: Array.from(readAccessor(asset, s.input)), output: Array.from(readAccessor(asset, s.output)) };
      animated.set(node, entry);
    }
    if (weights) notes.push(`animation "${name}": ${weights} morph-weight channel${weights === 1 ? '' : 's'} not carried (Sinew animates transforms)`);
    return { name, tracks: tracksOf(src, animated) };
  });
}

function tracksOf(src: ClipSources, animated: Map<number, NodeSamplers>): SceneClipTrack[] {
  const { h, bindings } = src;
  const tracks: SceneClipTrack[] = [];
  for (const i of h.order) {
    const b = bindings[i];
    if (!b) continue;
    if (!b.joint) {
      const samplers = animated.get(i);
      if (samplers) tracks.push({ owner: b.owner, factors: [nodeFactor(h, i, samplers)] });
      continue;
    }
    // The nodes from below the parent joint down to this joint, top first.
    const p = src.jointParent(i);
    const chain: number[] = [];
    for (let n = i; n >= 0 && n !== p; n = h.parent[n]) chain.unshift(n);
    if (!chain.some((n) => animated.has(n))) continue;
    const rest = src.restOf(i)!;
    const first = p >= 0 ? mul(mul(inverse(rest), src.restOf(p)!), bindings[p].offset) : inverse(rest);
    const factors: SceneClipFactor[] = [];
    let fixed: M4 = first;
    for (const n of chain) {
      const samplers = animated.get(n);
      if (!samplers) { fixed = mul(fixed, h.local[n]); continue; }
      if (!isIdentity(fixed, 0)) factors.push({ matrix: Array.from(fixed) });
      factors.push(nodeFactor(h, n, samplers));
      fixed = new Float64Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    }
    fixed = mul(fixed, inverse(bindings[i].offset));
    if (!isIdentity(fixed, 0)) factors.push({ matrix: Array.from(fixed) });
    tracks.push({ owner: b.owner, factors });
  }
  return tracks;
}

/** A node's local transform at rest, with its animated parts. */
function nodeFactor(h: Hierarchy, n: number, samplers: NodeSamplers): SceneClipFactor {
  const { t, r, s } = decompose(h.local[n]);
  return { translation: Array.from(t), rotation: Array.from(r), scale: Array.from(s), samplers };
}
