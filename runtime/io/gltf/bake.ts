// Baking: evaluate a program at every frame and write what its owners did as a glTF animation on
// the file's own nodes. A joint's glTF world matrix is glTF-from-Sinew × the bone's final matrix ×
// the joint's offset from its bone (import.ts); its channel values are that matrix relative to its
// glTF parent node's matrix at the same frame, split into translation, rotation and scale (glTF
// animates nodes locally, and cannot hold shear: a sheared pose keeps its rotation and axis lengths).
//
// Joints always get all three channels. Other nodes get channels only when the graph moved them.
// Frame f is written at time (f − first) / fps, LINEAR, so the clip starts at 0 s.
import { compile } from '../../eval/compile';
import type { Program } from '../../eval/program';
import type { SceneDocument } from '../../rig/scene/types';
import { SINEW_TO_GLTF } from './axes';
import { appendToBuffer, GltfError, singleBuffer, writeGlb } from './container';
import { hierarchy } from './hierarchy';
import type { GltfBinding } from './binding';
import { decompose, identity4, inverse, mul, type M4 } from './mat';
import type { GltfAccessor, GltfAnimation, GltfAsset, GltfNode } from './types';

export interface BakeFrames {
  /** First frame baked. */
  start: number;
  /** Last frame baked (included). */
  end: number;
  /** Frames between samples; default 1. */
  step?: number;
  /** Frames per second of the clip's time line; default 24 (Blender's default). */
  fps?: number;
  /** Animation name; default "Sinew". */
  name?: string;
}

/** A glTF file and what each of its nodes is in the scene a program was compiled on. */
export interface BakeTarget {
  asset: GltfAsset;
  /** Index = node index; nodes without a binding keep their rest transform. */
  bindings: (GltfBinding | undefined)[];
}

export interface BakeResult {
  asset: GltfAsset;
  frames: number[];
  /** Nodes that got channels. */
  nodes: number[];
}

/** How many frames a bake samples (start ≤ end, step > 0): start, start + step, … up to end. */
export function bakeFrameCount(f: BakeFrames): number {
  return Math.floor((f.end - f.start) / (f.step ?? 1) + 1e-9) + 1;
}

/** The frames a bake samples: start, start + step, … up to end (included). */
export function bakeFrameList(f: BakeFrames): number[] {
  const step = f.step ?? 1;
  if (!(Number.isFinite(f.start) && Number.isFinite(f.end))) throw new GltfError('frames must be finite numbers');
  if (!(step > 0)) throw new GltfError(`step must be above 0, got ${step}`);
  if (f.end < f.start) throw new GltfError(`the last frame (${f.end}) comes before the first (${f.start})`);
  const n = bakeFrameCount(f);
  if (n > 100000) throw new GltfError(`${n} frames is more than a bake takes (100000)`);
  return Array.from({ length: n }, (_, k) => f.start + k * step);
}

/** Each node's glTF world matrix at the frame the program was last evaluated at. */
export function gltfWorlds(program: Program, target: BakeTarget, h = hierarchy(target.asset.json)): M4[] {
  const finals = new Map(program.owners.map((o) => [o.id, o.final] as const));
  const world = new Array<M4>(h.order.length);
  for (const i of h.order) {
    const b = target.bindings[i];
    const final = b && finals.get(b.owner);
    if (final) world[i] = mul(mul(SINEW_TO_GLTF, final), b.offset);
    else world[i] = h.parent[i] < 0 ? h.local[i] : mul(world[h.parent[i]], h.local[i]);
  }
  return world;
}

/** Evaluates `program` at every frame and returns the target file with the animation added. */
export function bakeAnimation(program: Program, target: BakeTarget, frames: BakeFrames): BakeResult {
  const list = bakeFrameList(frames);
  const fps = frames.fps ?? 24;
  if (!(fps > 0)) throw new GltfError(`fps must be above 0, got ${fps}`);
  const asset = singleBuffer(target.asset);
  const json = asset.json;
  const nodes = json.nodes ?? [];
  const h = hierarchy(json);

  // Per node and frame: translation (3), rotation (4), scale (3).
  const t = nodes.map(() => new Float64Array(list.length * 3));
  const r = nodes.map(() => new Float64Array(list.length * 4));
  const s = nodes.map(() => new Float64Array(list.length * 3));
  const moved = new Uint8Array(nodes.length);
  list.forEach((frame, k) => {
    program.evaluate(frame);
    const world = gltfWorlds(program, target, h);
    for (const i of h.order) {
      const local = h.parent[i] < 0 ? world[i] : mul(inverse(world[h.parent[i]]), world[i]);
      const d = decompose(local);
      t[i].set(d.t, 3 * k);
      s[i].set(d.s, 3 * k);
      // Keep each quaternion in the hemisphere of the one before, so keys interpolate the short way.
      const q = d.r;
      if (k > 0) {
        const p = r[i].subarray(4 * (k - 1), 4 * k);
        if (q[0] * p[0] + q[1] * p[1] + q[2] * p[2] + q[3] * p[3] < 0) for (let c = 0; c < 4; c++) q[c] = -q[c];
      }
      r[i].set(q, 4 * k);
      if (!moved[i] && target.bindings[i]?.joint !== true) {
        const rest = h.local[i];
        for (let c = 0; c < 16; c++) if (Math.abs(local[c] - rest[c]) > 1e-9 * (1 + Math.abs(rest[c]))) { moved[i] = 1; break; }
      }
    }
  });
  const animated = h.order.filter((i) => target.bindings[i]?.joint === true || moved[i]).sort((a, b) => a - b);

  // One bufferView holds the times and every output, tightly packed floats.
  const floats = list.length * (1 + animated.length * 10);
  const data = new Float32Array(floats);
  let at = 0;
  const accessors: GltfAccessor[] = [];
  const add = (values: ArrayLike<number>, type: 'SCALAR' | 'VEC3' | 'VEC4', minMax: boolean) => {
    const start = at;
    data.set(values, at);
    at += values.length;
    const acc: GltfAccessor = { bufferView: -1, byteOffset: start * 4, componentType: 5126, count: list.length, type };
    if (minMax) {
      acc.min = [Math.fround(Math.min(...Array.from(values)))];
      acc.max = [Math.fround(Math.max(...Array.from(values)))];
    }
    accessors.push(acc);
    return accessors.length - 1;
  };
  const times = add(list.map((f) => (f - list[0]) / fps), 'SCALAR', true);
  const anim: GltfAnimation = { name: frames.name ?? 'Sinew', channels: [], samplers: [] };
  for (const i of animated) {
    for (const [path, values, type] of [['translation', t[i], 'VEC3'], ['rotation', r[i], 'VEC4'], ['scale', s[i], 'VEC3']] as const) {
      anim.samplers.push({ input: times, output: add(values, type, false), interpolation: 'LINEAR' });
      anim.channels.push({ sampler: anim.samplers.length - 1, target: { node: i, path } });
    }
    // An animated node must use TRS, not `matrix`.
    const node: GltfNode = nodes[i];
    if (node.matrix) {
      const d = decompose(h.local[i]);
      delete node.matrix;
      node.translation = Array.from(d.t);
      node.rotation = Array.from(d.r);
      node.scale = Array.from(d.s);
    }
  }
  const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  const offset = appendToBuffer(asset, bytes);
  json.bufferViews ??= [];
  json.bufferViews.push({ buffer: 0, byteOffset: offset, byteLength: bytes.byteLength });
  const view = json.bufferViews.length - 1;
  json.accessors ??= [];
  const base = json.accessors.length;
  for (const a of accessors) json.accessors.push({ ...a, bufferView: view });
  for (const smp of anim.samplers) { smp.input += base; smp.output += base; }
  if (anim.channels.length) (json.animations ??= []).push(anim);
  return { asset, frames: list, nodes: animated };
}

/** The baked file as GLB bytes. */
export function bakeGlb(program: Program, target: BakeTarget, frames: BakeFrames): Uint8Array {
  return writeGlb(bakeAnimation(program, target, frames).asset);
}

/**
 * A glTF skeleton of a Sinew scene (for scenes that did not come from a glTF file): every object
 * becomes a node, every armature a node with one joint node per bone and a skin; coordinates go
 * back to Y-up. Joint frames are the bones' frames (Y along the bone).
 */
export function assetFromScene(scene: SceneDocument): BakeTarget {
  const program = compile({ format: 'sinew-graph', version: 1, nodes: [], links: [] }, scene).evaluate();
  const nodes: GltfNode[] = [];
  const bindings: GltfBinding[] = [];
  const world: M4[] = [];
  const nodeOf = new Map<string, number>();
  const roots: number[] = [];
  const skins = new Map<string, number[]>();
  for (const o of program.owners) {
    const offset = identity4();
    const w = mul(SINEW_TO_GLTF, o.final);
    const parentId = o.kind === 'bone' ? (o.parentBone ?? o.armatureOwner).id : o.parent?.id;
    const parent = parentId === undefined ? undefined : nodeOf.get(parentId);
    const local = parent === undefined ? w : mul(inverse(world[parent]), w);
    const d = decompose(local);
    const index = nodes.length;
    nodes.push({
      name: o.kind === 'bone' ? o.source.name : o.id,
      translation: Array.from(d.t),
      rotation: Array.from(d.r),
      scale: Array.from(d.s),
    });
    world.push(w);
    nodeOf.set(o.id, index);
    bindings.push({ node: index, owner: o.id, joint: o.kind === 'bone', offset });
    if (parent === undefined) roots.push(index);
    else (nodes[parent].children ??= []).push(index);
    if (o.kind === 'bone') skins.set(o.armatureOwner.id, [...(skins.get(o.armatureOwner.id) ?? []), index]);
  }
  const asset: GltfAsset = {
    json: { asset: { version: '2.0', generator: 'Sinew' }, scene: 0, scenes: [{ nodes: roots }], nodes },
    buffers: [],
  };
  for (const [armature, joints] of skins) {
    const ibm = new Float32Array(joints.length * 16);
    joints.forEach((j, k) => { ibm.set(inverse(world[j]), 16 * k); });
    const offset = appendToBuffer(asset, new Uint8Array(ibm.buffer));
    const json = asset.json;
    (json.bufferViews ??= []).push({ buffer: 0, byteOffset: offset, byteLength: ibm.byteLength });
    (json.accessors ??= []).push({ bufferView: json.bufferViews.length - 1, componentType: 5126, count: joints.length, type: 'MAT4' });
    (json.skins ??= []).push({ name: armature, joints, inverseBindMatrices: json.accessors.length - 1, skeleton: nodeOf.get(armature) });
  }
  return { asset, bindings };
}

/**
 * Bindings of a glTF file's nodes to the owners of a scene imported from it (by the `gltf_node`
 * keys import-gltf writes on bones and objects), so the scene — edited or not — bakes onto the
 * file again. A joint's offset is recomputed from the file: inverse(bone rest) × joint rest.
 * Returns undefined when the scene has no armature bound to a file.
 */
export function bindingsFromScene(scene: SceneDocument, asset: GltfAsset): GltfBinding[] | undefined {
  const nodes = asset.json.nodes ?? [];
  const h = hierarchy(asset.json);
  const bindings = new Array<GltfBinding>(nodes.length);
  const nodeOf = (v: unknown) => (Number.isInteger(v) && (v as number) >= 0 && (v as number) < nodes.length ? (v as number) : undefined);
  let any = false;
  for (const o of scene.objects) {
    if (o.type === 'ARMATURE') {
      if (typeof (o as { gltf_file?: unknown }).gltf_file !== 'string') continue;
      for (const b of o.bones ?? []) {
        const i = nodeOf((b as { gltf_node?: unknown }).gltf_node);
        if (i === undefined || bindings[i]) continue;
        bindings[i] = { node: i, owner: `${o.name}/${b.name}`, joint: true, offset: mul(inverse(b.matrix_local), h.world[i]) };
        any = true;
      }
    } else {
      const i = nodeOf((o as { gltf_node?: unknown }).gltf_node);
      if (i !== undefined && !bindings[i]) bindings[i] = { node: i, owner: o.name, joint: false, offset: identity4() };
    }
  }
  return any ? bindings : undefined;
}
