// Builds small armatures with an IK or Spline IK stack for the node-level property tests: bones from
// joint positions, a target and a pole empty, the graph Owner In → constraint → Owner Out.
import { GRAPH_FORMAT, GRAPH_VERSION, type GraphDocument, type GraphLink, type GraphNode, type JsonValue } from '../../../../graph/types';
import { compile } from '../../../../runtime/eval/compile';
import type { Program } from '../../../../runtime/eval/program';
import type { BoneOwner } from '../../../../runtime/rig/rig';
import { SCENE_FORMAT, SCENE_VERSION, type SceneBone, type SceneDocument, type SceneObject } from '../../../../runtime/rig/scene/types';

export type V3 = [number, number, number];

const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const len = (a: V3) => Math.hypot(a[0], a[1], a[2]);
const scale = (a: V3, k: number): V3 => [a[0] * k, a[1] * k, a[2] * k];
export const dist = (a: ArrayLike<number>, b: ArrayLike<number>) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** Rest matrix of a bone from head to tail; `xHint` picks the X axis (roll), made perpendicular to Y. */
export function restMatrix(head: V3, tail: V3, xHint: V3 = [1, 0, 0]): number[] {
  let y = sub(tail, head);
  const l = len(y);
  y = l > 0 ? scale(y, 1 / l) : [0, 1, 0];
  let x = sub(xHint, scale(y, xHint[0] * y[0] + xHint[1] * y[1] + xHint[2] * y[2]));
  if (len(x) < 1e-6) x = Math.abs(y[0]) < 0.9 ? cross(y, [1, 0, 0]) : cross(y, [0, 1, 0]);
  x = scale(x, 1 / len(x));
  const z = cross(x, y);
  return [x[0], x[1], x[2], 0, y[0], y[1], y[2], 0, z[0], z[1], z[2], 0, head[0], head[1], head[2], 1];
}

export interface ChainSpec {
  /** Joint positions in armature space: head of each bone, then the tail of the last. */
  joints: V3[];
  /** X axis hint per bone (roll). */
  xHints?: V3[];
  /** Bones connected to their parent (default true). */
  connected?: boolean;
  /** Armature object transform. */
  armature?: Partial<SceneObject>;
  /** An extra child bone below the last one (to check that children follow). */
  child?: boolean;
}

/** Armature "Arm" with bones B0…B(n−1) on the given joints (pose = rest). */
export function chainScene(spec: ChainSpec, extra: SceneObject[] = []): SceneDocument {
  const bones: SceneBone[] = [];
  const n = spec.joints.length - 1;
  for (let i = 0; i < n; i++) {
    const head = spec.joints[i], tail = spec.joints[i + 1];
    bones.push({
      name: `B${i}`,
      parent: i > 0 ? `B${i - 1}` : null,
      matrix_local: restMatrix(head, tail, spec.xHints?.[i]),
      length: len(sub(tail, head)),
      use_connect: i > 0 && spec.connected !== false,
    });
  }
  if (spec.child) {
    const t = spec.joints[n];
    bones.push({ name: 'Child', parent: `B${n - 1}`, matrix_local: restMatrix(t, [t[0], t[1], t[2] + 0.5]), length: 0.5, use_connect: true });
  }
  const arm: SceneObject = { name: 'Arm', type: 'ARMATURE', location: [0, 0, 0], scale: [1, 1, 1], ...spec.armature, bones };
  return { format: SCENE_FORMAT, version: SCENE_VERSION, objects: [arm, ...extra] };
}

export const empty = (name: string, location: V3): SceneObject => ({ name, type: 'EMPTY', location, scale: [1, 1, 1] });

export const curveObject = (name: string, points: V3[], opts: { cyclic?: boolean; radius?: number[] } = {}): SceneObject => ({
  name,
  type: 'CURVE',
  location: [0, 0, 0],
  scale: [1, 1, 1],
  curve: { splines: [{ type: 'POLY', points, cyclic: opts.cyclic ?? false, radius: opts.radius ?? points.map(() => 1) }] },
});

/** Owner In (owner) → node of `type` (params, inputs from owners) → Owner Out. */
export function stackGraph(scene: SceneDocument, owner: string, type: string, params: Record<string, JsonValue>, inputs: Record<string, { owner: string; socket?: string }>): GraphDocument {
  const nodes: GraphNode[] = [
    { id: 'in', type: 'owner/input', params: { owner }, position: [0, 0] },
    { id: 'c', type, params, position: [200, 0] },
    { id: 'out', type: 'owner/output', params: { owner }, position: [400, 0] },
  ];
  const links: GraphLink[] = [
    { from: { node: 'in', socket: 'transform' }, to: { node: 'c', socket: 'owner' } },
    { from: { node: 'c', socket: 'owner' }, to: { node: 'out', socket: 'transform' } },
  ];
  for (const [socket, src] of Object.entries(inputs)) {
    const id = `read:${src.owner}`;
    if (!nodes.some((n) => n.id === id)) nodes.push({ id, type: 'owner/read', params: { owner: src.owner }, position: [0, 200] });
    links.push({ from: { node: id, socket: src.socket ?? 'transform' }, to: { node: 'c', socket } });
  }
  return { format: GRAPH_FORMAT, version: GRAPH_VERSION, nodes, links, scene: scene as unknown as JsonValue };
}

export function evaluate(scene: SceneDocument, graph: GraphDocument): Program {
  return compile(graph, scene).evaluate(1);
}

/** World head and tail of a bone after evaluation. */
export function ends(program: Program, id: string): { head: number[]; tail: number[]; m: Float64Array } {
  const o = program.owners.find((x) => x.id === id) as BoneOwner;
  const f = o.final;
  const l = o.bone!.length;
  return { head: [f[12], f[13], f[14]], tail: [f[12] + f[4] * l, f[13] + f[5] * l, f[14] + f[6] * l], m: f };
}

export function allFinite(program: Program): boolean {
  return program.owners.every((o) => Array.from(o.final).every(Number.isFinite));
}

/** An owner's world matrix with no constraints at all. */
export function worldOf(scene: SceneDocument, id: string): Float64Array {
  const program = compile({ format: GRAPH_FORMAT, version: GRAPH_VERSION, nodes: [], links: [], scene: scene as unknown as JsonValue }, scene).evaluate(1);
  return program.owners.find((o) => o.id === id)!.final;
}
