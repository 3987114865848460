// Runs a Relationship kernel outside a program, or a one-constraint graph over a small scene, and
// random matrices / scenes for the property tests.
import fc from 'fast-check';
import { GRAPH_FORMAT, GRAPH_VERSION, type GraphDocument, type GraphLink, type GraphNode, type JsonValue } from '../../../../graph/types';
import type { BindEnv, KernelIO, NodeDefinition, OwnerHandle, Params } from '../../../../nodes/define';
import { compile } from '../../../../runtime/compile';
import type { Program } from '../../../../runtime/program';
import { SCENE_FORMAT, SCENE_VERSION, type SceneDocument, type SceneObject, type TransformProps } from '../../../../runtime/scene/types';

export const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

/** Every param present, defaults filled in, as compile.ts resolves them. */
export function resolveParams(def: NodeDefinition<any>, given: Record<string, JsonValue> = {}): Params {
  const out: Params = {};
  for (const [k, s] of Object.entries(def.inputs)) if (s.default !== undefined) out[k] = (Array.isArray(s.default) ? [...s.default] : s.default) as JsonValue;
  for (const [k, p] of Object.entries(def.params)) out[k] = p.default;
  return { ...out, ...given };
}

export function env(sources: Record<string, OwnerHandle> = {}, stackOwner?: OwnerHandle): BindEnv {
  return {
    nodeId: 'n',
    owner: () => undefined,
    sourceOwner: (input) => sources[input],
    connected: (input) => sources[input] !== undefined,
    warn: () => {},
    stackOwner: () => stackOwner,
    frame: new Float64Array([1]),
    fail: (m) => { throw new Error(m); },
  };
}

/** A bound kernel: call it with owner and target matrices (already in their spaces), get the owner out. */
export function bound(def: NodeDefinition<any>, given: Record<string, JsonValue> = {}, sources: Record<string, OwnerHandle> = {}, stackOwner?: OwnerHandle) {
  const params = resolveParams(def, given);
  const state = def.bind?.(env(sources, stackOwner), params);
  const io: KernelIO = { in: {}, out: { owner: new Float64Array(16) } };
  for (const [k, s] of Object.entries(def.inputs)) {
    const size = s.type === 'transform' || s.type === 'curve' ? 16 : s.type === 'float' || s.type === 'bool' ? 1 : s.type === 'quaternion' ? 4 : 3;
    io.in[k] = new Float64Array(size);
    if (s.type === 'transform' || s.type === 'curve') io.in[k].set(IDENTITY);
    else if (typeof s.default === 'number') io.in[k][0] = s.default;
  }
  const run = (owner: ArrayLike<number>, target: ArrayLike<number> = IDENTITY, extra: Record<string, ArrayLike<number>> = {}): Float64Array => {
    io.in.owner.set(owner);
    if (io.in.target) io.in.target.set(target);
    for (const [k, v] of Object.entries(extra)) io.in[k].set(v);
    io.out.owner.fill(-12345.678);
    def.kernel(io, params, state);
    return io.out.owner;
  };
  return Object.assign(run, { state, io, params });
}

export function allFinite(m: ArrayLike<number>): boolean {
  for (let i = 0; i < m.length; i++) if (!Number.isFinite(m[i])) return false;
  return true;
}

export function translation(x: number, y: number, z: number): Float64Array {
  const m = new Float64Array(IDENTITY);
  m[12] = x; m[13] = y; m[14] = z;
  return m;
}

/** Column k (0..2) of a 4x4 as a vector. */
export function column(m: ArrayLike<number>, k: number): [number, number, number] {
  return [m[4 * k], m[4 * k + 1], m[4 * k + 2]];
}

export function mul(a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  const out = new Float64Array(16);
  for (let c = 0; c < 4; c++) for (let r = 0; r < 4; r++) {
    let s = 0;
    for (let k = 0; k < 4; k++) s += a[4 * k + r] * b[4 * c + k];
    out[4 * c + r] = s;
  }
  return out;
}

/** Largest absolute difference between two arrays. */
export function maxDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
}

const coord = fc.double({ min: -10, max: 10, noNaN: true });
export const vec3 = fc.tuple(coord, coord, coord);
export const quaternion = fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }))
  .filter((q) => Math.hypot(...q) > 0.1);
const scaleComponent = fc.oneof(fc.double({ min: 0.2, max: 3, noNaN: true }), fc.double({ min: -3, max: -0.2, noNaN: true }));
const degenerateScale = fc.oneof(scaleComponent, fc.constantFrom(0, 1e-12, 1e-300, 1e6));

/** T(t)·R(q)·S(s), with an optional shear of Y along X. */
export function trs(t: readonly number[], q: readonly number[], s: readonly number[], shear = 0): Float64Array {
  const l = Math.hypot(q[0], q[1], q[2], q[3]);
  const x = q[0] / l, y = q[1] / l, z = q[2] / l, w = q[3] / l;
  const r = [
    1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w),
    2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w),
    2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y),
  ];
  const out = new Float64Array(16);
  for (let c = 0; c < 3; c++) for (let k = 0; k < 3; k++) out[4 * c + k] = r[3 * c + k] * s[c];
  if (shear) { out[4] += out[0] * shear; out[5] += out[1] * shear; out[6] += out[2] * shear; }
  out[12] = t[0]; out[13] = t[1]; out[14] = t[2]; out[15] = 1;
  return out;
}

/** A positive-scale, shear-free matrix. */
export const rigid: fc.Arbitrary<Float64Array> = fc.tuple(vec3, quaternion, fc.double({ min: 0.2, max: 3, noNaN: true })).map(([t, q, s]) => trs(t, q, [s, s * 1.3, s * 0.7]));

/** A well-conditioned matrix: rotation, non-zero scale (some negative), location. */
export const wellConditioned: fc.Arbitrary<Float64Array> = fc.tuple(vec3, quaternion, fc.tuple(scaleComponent, scaleComponent, scaleComponent)).map(([t, q, s]) => trs(t, q, s));

/** Any finite matrix of rig kind: zero, tiny and huge scales, shear, far locations. */
export const anyMatrix: fc.Arbitrary<Float64Array> = fc.tuple(
  fc.oneof(vec3, fc.constantFrom([0, 0, 0], [1e300, -1e300, 1e300], [1e-300, 0, 0])),
  quaternion,
  fc.tuple(degenerateScale, degenerateScale, degenerateScale),
  fc.oneof(fc.constant(0), fc.double({ min: -2, max: 2, noNaN: true })),
).map(([t, q, s, sh]) => trs(t, q, s, sh));

/** Influence values including the ones a wired math node can produce outside 0…1. */
export const anyInfluence = fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(-1, -1e-9, 0, 1, 1.5, 1e9, -1e300, 1e300));

/** An object for a scene, from a location, a quaternion and a scale. */
export function sceneObject(name: string, t: readonly number[], q: readonly number[], s: readonly number[], extra: Partial<SceneObject> = {}): SceneObject {
  return { name, type: 'EMPTY', location: [...t], rotation_mode: 'QUATERNION', rotation_quaternion: [...q], scale: [...s], ...extra };
}

export const sceneTransform = fc.tuple(
  fc.oneof(vec3, fc.constant([0, 0, 0])),
  quaternion,
  fc.oneof(fc.tuple(fc.double({ min: 0.2, max: 3, noNaN: true }), fc.double({ min: 0.2, max: 3, noNaN: true }), fc.double({ min: 0.2, max: 3, noNaN: true })), fc.constantFrom([0, 0, 0], [1, 0, 1], [1e-12, 1, 1])),
);

/**
 * A graph Owner In → node → Owner Out over `scene`, with `targets` wired from Owner nodes
 * (input name → owner id; curve inputs take the Owner node's `curve` output).
 */
export function oneNodeGraph(def: NodeDefinition<any>, ownerId: string, params: Record<string, JsonValue>, targets: Record<string, string>): GraphDocument {
  const nodes: GraphNode[] = [
    { id: 'in', type: 'owner/input', params: { owner: ownerId }, position: [0, 0] },
    { id: 'c', type: def.type, params, position: [200, 0] },
    { id: 'out', type: 'owner/output', params: { owner: ownerId }, position: [400, 0] },
  ];
  const links: GraphLink[] = [
    { from: { node: 'in', socket: 'transform' }, to: { node: 'c', socket: 'owner' } },
    { from: { node: 'c', socket: 'owner' }, to: { node: 'out', socket: 'transform' } },
  ];
  for (const [input, id] of Object.entries(targets)) {
    nodes.push({ id: `read:${input}`, type: 'owner/read', params: { owner: id }, position: [-200, 100] });
    links.push({ from: { node: `read:${input}`, socket: def.inputs[input].type === 'curve' ? 'curve' : 'transform' }, to: { node: 'c', socket: input } });
  }
  return { format: GRAPH_FORMAT, version: GRAPH_VERSION, nodes, links };
}

export function scene(objects: SceneObject[]): SceneDocument {
  return { format: SCENE_FORMAT, version: SCENE_VERSION, objects };
}

/** Compiles and evaluates once; returns the program. */
export function evaluateGraph(graph: GraphDocument, sc: SceneDocument): Program {
  return compile(graph, sc).evaluate(1);
}

/** A two-bone armature (Bone, Other) plus room for more objects; bones along +Y from the origin. */
export function armatureObject(name = 'Arm', t: readonly number[] = [0, 0, 0], q: readonly number[] = [0, 0, 0, 1], s: readonly number[] = [1, 1, 1], poses: Record<string, TransformProps> = {}): SceneObject {
  const bone = (b: string, head: number[], parent: string | null, connected = false) => ({
    name: b,
    parent,
    head_local: head,
    tail_local: [head[0], head[1] + 1, head[2]],
    matrix_local: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, head[0], head[1], head[2], 1],
    length: 1,
    use_connect: connected,
    pose: { location: [0, 0, 0], rotation_mode: 'QUATERNION' as const, rotation_quaternion: [0, 0, 0, 1], scale: [1, 1, 1], ...poses[b] },
  });
  return {
    ...sceneObject(name, t, q, s, { type: 'ARMATURE' }),
    bones: [bone('Bone', [0, 0, 0], null), bone('Other', [2, 0, 0], null), bone('Child', [0, 1, 0], 'Bone', true)],
  };
}
