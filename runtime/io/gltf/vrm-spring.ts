// VRMC_springBone 1.0 (VRM 1.0) as Sinew nodes: every joint of a spring but its last becomes a
// Spring Bone node in its owner's stack (Owner In → Spring Bone → Owner Out), the next joint's rest
// position as its tail. The spring's colliders (the union of its collider groups, in order) are
// wired from Owner nodes of the collider nodes, their offsets and capsule tails carried into those
// owners' frames; the spring's center is wired the same way. Gravity turns from the file's Y-up to
// Sinew's Z-up. Missing joint values take the spec's defaults (stiffness 1, gravityPower 0,
// gravityDir [0, −1, 0], dragForce 0.5, hitRadius 0). What cannot be carried over is named in notes.
import type { GraphLink, GraphNode, JsonValue } from '../../../graph/types';
import { SPRING_COLLIDER_SLOTS } from '../../../nodes/physics/spring-bone';
import { describeValue } from '../../../graph/messages';
import { inverse, mul, type M4 } from './mat';
import type { GltfJson } from './types';

export interface VrmSpringCollider {
  node: number;
  shape: 'SPHERE' | 'CAPSULE';
  /** In the collider node's frame. */
  offset: [number, number, number];
  tail: [number, number, number];
  radius: number;
}

export interface VrmSpringJoint {
  node: number;
  hitRadius: number;
  stiffness: number;
  gravityPower: number;
  /** In the file's (Y-up) coordinates, as given. */
  gravityDir: [number, number, number];
  dragForce: number;
}

export interface VrmSpring {
  name: string;
  joints: VrmSpringJoint[];
  /** Indices into the file's colliders, groups flattened in order, each once. */
  colliders: number[];
  center: number | undefined;
}

export interface VrmSprings {
  springs: VrmSpring[];
  colliders: (VrmSpringCollider | undefined)[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const vec3 = (v: unknown, fallback: [number, number, number]): [number, number, number] =>
  Array.isArray(v) && v.length === 3 && v.every((x) => typeof x === 'number' && Number.isFinite(x)) ? [v[0] as number, v[1] as number, v[2] as number] : fallback;

/** The VRMC_springBone springs and colliders of a file; what cannot be read is named in `notes` (with its JSON pointer). */
export function readVrmSprings(json: GltfJson, notes: string[]): VrmSprings {
  const ext = (json.extensions as Json | undefined)?.VRMC_springBone;
  if (ext === undefined) return { springs: [], colliders: [] };
  const at = '/extensions/VRMC_springBone';
  if (!isObject(ext)) { notes.push(`${at}: is not an object; spring bones skipped`); return { springs: [], colliders: [] }; }
  if (ext.specVersion !== '1.0') notes.push(`${at}/specVersion: "${String(ext.specVersion)}" read as 1.0`);
  const nodeCount = json.nodes?.length ?? 0;
  const isNode = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) < nodeCount;

  const colliders = (Array.isArray(ext.colliders) ? ext.colliders : []).map((c, i): VrmSpringCollider | undefined => {
    const p = `${at}/colliders/${i}`;
    if (!isObject(c) || !isNode(c.node)) return void notes.push(`${p}/node: ${isObject(c) ? String(c.node) : 'the collider'} is not a node; collider skipped`);
    const shape = isObject(c.shape) ? c.shape : {};
    if (isObject(shape.sphere)) {
      return { node: c.node, shape: 'SPHERE', offset: vec3(shape.sphere.offset, [0, 0, 0]), tail: [0, 0, 0], radius: Math.max(0, num(shape.sphere.radius, 0)) };
    }
    if (isObject(shape.capsule)) {
      return { node: c.node, shape: 'CAPSULE', offset: vec3(shape.capsule.offset, [0, 0, 0]), tail: vec3(shape.capsule.tail, [0, 0, 0]), radius: Math.max(0, num(shape.capsule.radius, 0)) };
    }
    return void notes.push(`${p}/shape: has neither a sphere nor a capsule; collider skipped`);
  });
  const groups = (Array.isArray(ext.colliderGroups) ? ext.colliderGroups : []).map((g, i) => {
    const list = isObject(g) && Array.isArray(g.colliders) ? g.colliders : [];
    return list.filter((c, k) => {
      const ok = Number.isInteger(c) && colliders[c as number] !== undefined;
      if (!ok) notes.push(`${at}/colliderGroups/${i}/colliders/${k}: ${String(c)} is not a collider that could be read; skipped`);
      return ok;
    }) as number[];
  });

  const springs: VrmSpring[] = [];
  (Array.isArray(ext.springs) ? ext.springs : []).forEach((s, si) => {
    const p = `${at}/springs/${si}`;
    if (!isObject(s) || !Array.isArray(s.joints)) return void notes.push(`${p}: has no joints; skipped`);
    const joints: VrmSpringJoint[] = [];
    for (const [k, j] of s.joints.entries()) {
      if (!isObject(j) || !isNode(j.node)) {
        notes.push(`${p}/joints/${k}/node: ${isObject(j) ? String(j.node) : 'the joint'} is not a node; the spring ends before it`);
        break;
      }
      joints.push({
        node: j.node,
        hitRadius: Math.max(0, num(j.hitRadius, 0)),
        stiffness: Math.max(0, num(j.stiffness, 1)),
        gravityPower: Math.max(0, num(j.gravityPower, 0)),
        gravityDir: vec3(j.gravityDir, [0, -1, 0]),
        dragForce: Math.min(1, Math.max(0, num(j.dragForce, 0.5))),
      });
    }
    if (joints.length < 2) return void notes.push(`${p}: fewer than two joints; a spring needs a joint and the next one as its tail; skipped`);
    const flat: number[] = [];
    for (const [k, g] of (Array.isArray(s.colliderGroups) ? s.colliderGroups : []).entries()) {
      if (!Number.isInteger(g) || groups[g as number] === undefined) { notes.push(`${p}/colliderGroups/${k}: ${String(g)} is not a collider group; skipped`); continue; }
      for (const c of groups[g as number]) if (!flat.includes(c)) flat.push(c);
    }
    let center: number | undefined;
    if (s.center !== undefined) {
      if (isNode(s.center)) center = s.center;
      else notes.push(`${p}/center: ${describeValue(s.center)} is not a node; the spring works in world space`);
    }
    springs.push({ name: typeof s.name === 'string' ? s.name : `spring ${si}`, joints, colliders: flat, center });
  });
  return { springs, colliders };
}

/** What the graph builder needs of the import: owners, their rest frames and the file's hierarchy. */
export interface SpringGraphContext {
  ownerOf(node: number): string;
  /** The node's rest world matrix in the file (glTF scene space). */
  world(node: number): M4;
  /** The node's frame relative to its owner's (binding.ts GltfBinding.offset). */
  offset(node: number): M4;
  parent(node: number): number;
  /** Owners that already have a stack (VRMC_node_constraint): a spring is not added to them. */
  stacked: ReadonlySet<string>;
  fps: number;
}

/** Graph nodes and links for the springs. */
export function vrmSpringGraph(v: VrmSprings, ctx: SpringGraphContext, notes: string[]): { nodes: GraphNode[]; links: GraphLink[] } {
  const nodes: GraphNode[] = [];
  const links: GraphLink[] = [];
  const link = (from: string, fromSocket: string, to: string, toSocket: string) => links.push({ from: { node: from, socket: fromSocket }, to: { node: to, socket: toSocket } });
  const reads = new Map<string, string>();
  const read = (owner: string) => {
    let id = reads.get(owner);
    if (!id) {
      id = `spring-read${reads.size}`;
      reads.set(owner, id);
      nodes.push({ id, type: 'owner/read', position: [-280, 200 * reads.size], params: { owner } });
    }
    return id;
  };
  const used = new Set<string>();
  /** A point in a node's frame, in its owner's frame. */
  const inOwner = (node: number, p: readonly number[]): [number, number, number] => {
    const m = ctx.offset(node);
    return [0, 1, 2].map((r) => m[r] * p[0] + m[4 + r] * p[1] + m[8 + r] * p[2] + m[12 + r]) as [number, number, number];
  };
  let row = 0;
  v.springs.forEach((s, si) => {
    const cols = s.colliders.map((c) => v.colliders[c]!);
    if (cols.length > SPRING_COLLIDER_SLOTS) {
      notes.push(`spring "${s.name}" (${si}): ${cols.length} colliders; a Spring Bone node takes ${SPRING_COLLIDER_SLOTS}, the first ${SPRING_COLLIDER_SLOTS} are kept`);
    }
    const kept = cols.slice(0, SPRING_COLLIDER_SLOTS);
    for (let k = 0; k + 1 < s.joints.length; k++) {
      const j = s.joints[k];
      const next = s.joints[k + 1];
      const owner = ctx.ownerOf(j.node);
      if (used.has(owner) || ctx.stacked.has(owner)) {
        notes.push(`spring "${s.name}" (${si}) joint ${k}: node ${j.node} already has ${used.has(owner) ? 'a spring' : 'a VRMC_node_constraint'}; this joint is skipped (VRM forbids a joint in two springs)`);
        continue;
      }
      if (ctx.parent(next.node) !== j.node) notes.push(`spring "${s.name}" (${si}) joint ${k + 1}: node ${next.node} is not a child of node ${j.node}; it is the tail all the same`);
      used.add(owner);
      // The next joint's rest position in this joint's owner's frame.
      const ownerRest = mul(ctx.world(j.node), inverse(ctx.offset(j.node)));
      const t = mul(inverse(ownerRest), ctx.world(next.node));
      const g = j.gravityDir;
      const params: Record<string, JsonValue> = {
        stiffness: j.stiffness, gravityPower: j.gravityPower, dragForce: j.dragForce, hitRadius: j.hitRadius,
        gravityDir: [g[0], -g[2], g[1]], // glTF (x, y, z) → Sinew (x, −z, y)
        tail: [t[12], t[13], t[14]],
        fps: ctx.fps,
      };
      kept.forEach((c, i) => {
        params[`collider${i + 1}Shape`] = c.shape;
        params[`collider${i + 1}Offset`] = inOwner(c.node, c.offset);
        params[`collider${i + 1}Tail`] = inOwner(c.node, c.tail);
        params[`collider${i + 1}Radius`] = c.radius;
      });
      const id = `spring${si}-${k}`;
      const y = 200 * row++;
      nodes.push({ id: `${id}-in`, type: 'owner/input', position: [0, y], params: { owner } });
      nodes.push({ id: `${id}-spring`, type: 'physics/spring-bone', position: [280, y], params });
      nodes.push({ id: `${id}-out`, type: 'owner/output', position: [560, y], params: { owner } });
      link(`${id}-in`, 'transform', `${id}-spring`, 'owner');
      link(`${id}-spring`, 'owner', `${id}-out`, 'transform');
      kept.forEach((c, i) => link(read(ctx.ownerOf(c.node)), 'transform', `${id}-spring`, `collider${i + 1}`));
      if (s.center !== undefined) link(read(ctx.ownerOf(s.center)), 'transform', `${id}-spring`, 'center');
    }
  });
  return { nodes, links };
}
