// Runs node kernels outside a program (alone, or wrapped by the runtime's constraint step), builds
// one-node graphs over small scenes, and gives the random matrices, targets and params the node
// property tests draw from. Shared by test/nodes/constraints/* and test/nodes/values.
import fc from 'fast-check';
import { GRAPH_FORMAT, GRAPH_VERSION, type GraphDocument, type GraphLink, type GraphNode, type JsonValue, type SocketType } from '../../graph/types';
import type { ActionSource, BindEnv, CurveInfo, KernelIO, NodeDefinition, OwnerHandle, Params } from '../../nodes/define';
import { resolveParams as resolveNodeParams } from '../../nodes/resolve-params';
import { compile } from '../../runtime/eval/compile';
import { constraintStep } from '../../runtime/eval/constraint-step';
import type { Program } from '../../runtime/eval/program';
import { SCENE_FORMAT, SCENE_VERSION, type SceneDocument, type SceneObject, type TransformProps } from '../../runtime/rig/scene/types';
import { SlotAllocator } from '../../runtime/eval/slots';

export const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
/** Numbers in a slot of each socket type. */
export const SIZE: Record<SocketType, number> = { transform: 16, curve: 16, vector: 3, quaternion: 4, float: 1, bool: 1, owner: 1 };
/** Params a property test leaves alone: the runtime, not the kernel, applies spaces. */
export const SPACE_PARAMS = ['ownerSpace', 'targetSpace'];

// ---- running a kernel ----

/** Every param present, each of its kind: input defaults, then param defaults, then the given values (as compile.ts). */
export function resolveParams(def: NodeDefinition, given: Record<string, JsonValue> = {}): Params {
  return resolveNodeParams(def, given);
}

/** A bind environment: inputs fed by the owners in `sources` (the rest unconnected), an optional stack owner, a frame. */
export function bindEnv(o: { sources?: Record<string, OwnerHandle>; stackOwner?: OwnerHandle; frame?: number; actions?: readonly ActionSource[] } = {}): BindEnv {
  const sources = o.sources ?? {};
  const actions = o.actions ?? [];
  const frame = new Float64Array([o.frame ?? 1]);
  return {
    nodeId: 'n',
    owner: () => undefined,
    sourceOwner: (input) => sources[input],
    sourceShape: () => undefined,
    connected: (input) => sources[input] !== undefined,
    warn: () => {},
    stackOwner: () => o.stackOwner,
    frame,
    sceneTime: frame,
    action: (name) => actions.find((a) => a.name === name),
    actionNames: () => actions.map((a) => a.name),
    fail: (m) => { throw new Error(m); },
  };
}

/**
 * A bound constraint kernel: call it with owner and target matrices (already in their spaces) and
 * any other inputs, get the owner out. Unconnected inputs hold their defaults (transforms the identity).
 */
export function bound<S>(def: NodeDefinition<S>, given: Record<string, JsonValue> = {}, sources: Record<string, OwnerHandle> = {}, stackOwner?: OwnerHandle) {
  const params = resolveParams(def, given);
  // A kind without bind gets undefined as its state, as the runtime gives it.
  const state = (def.bind ? def.bind(bindEnv({ sources, stackOwner }), params) : undefined) as S;
  const io: KernelIO = { in: {}, out: { owner: new Float64Array(16) } };
  for (const [k, s] of Object.entries(def.inputs)) {
    io.in[k] = new Float64Array(SIZE[s.type]);
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

/**
 * The constraint kernel as the runtime runs it (runtime/eval/constraint-step.ts): world spaces, no scene
 * owner, the result blended with the owner by `influence` (which may lie outside 0…1).
 */
export function stepped(def: NodeDefinition, given: Record<string, JsonValue> = {}) {
  const params = resolveParams(def, given);
  const state = def.bind?.(bindEnv(), params);
  const slots = new SlotAllocator(256);
  const io: KernelIO = {
    in: { owner: slots.alloc(16), target: slots.alloc(16), space: slots.identity(), influence: slots.alloc(1) },
    out: { owner: slots.alloc(16) },
  };
  const run = constraintStep({ def, params, state, io, stackOwner: undefined, targetOwners: {}, targetShapes: {}, custom: undefined, active: true }, slots);
  return (owner: ArrayLike<number>, target: ArrayLike<number>, influence: number): Float64Array => {
    io.in.owner.set(owner);
    io.in.target.set(target);
    io.in.influence[0] = influence;
    run();
    return io.out.owner;
  };
}

export interface Run {
  out: Record<string, Float64Array>;
  io: KernelIO;
}

/**
 * Runs any node once. Inputs not given take their param value (or default; transforms the identity),
 * as an unconnected input does in a program. Outputs start filled with a sentinel so unwritten ones show.
 */
export function run(def: NodeDefinition, inputs: Record<string, ArrayLike<number> | number> = {}, given: Record<string, JsonValue> = {}, env = bindEnv()): Run {
  const params = resolveParams(def, given);
  const io: KernelIO = { in: {}, out: {} };
  for (const [name, s] of Object.entries(def.inputs)) {
    const v = new Float64Array(SIZE[s.type]);
    const x = inputs[name] ?? (params[name] as JsonValue | undefined);
    if (typeof x === 'number') v[0] = x;
    else if (typeof x === 'boolean') v[0] = x ? 1 : 0;
    else if (x && typeof x === 'object' && 'length' in x) v.set(Array.from(x).map(Number));
    else if (s.type === 'transform') v.set(IDENTITY);
    else if (s.type === 'quaternion') v[3] = 1;
    io.in[name] = v;
  }
  for (const [name, s] of Object.entries(def.outputs)) io.out[name] = new Float64Array(SIZE[s.type]).fill(-12345.678);
  const state = def.bind?.(env, params);
  def.kernel(io, params, state);
  return { out: io.out, io };
}

/** A curve object's handle as a bind environment hands it to Follow Path or Clamp To. */
export function curveHandle(points: number[][], cyclic = false, extra: Partial<CurveInfo> = {}): OwnerHandle {
  const curve: CurveInfo = {
    points: Float64Array.from(points.flat()),
    radius: Float64Array.from(points.map(() => 1)),
    cyclic, pathDuration: 100, evalTime: 0, useClamp: true, twist: 'MINIMUM', ...extra,
  };
  return { id: 'Path', kind: 'object', objectType: 'CURVE', rotationOrder: 'XYZ', pre: new Float64Array(IDENTITY), final: new Float64Array(IDENTITY), curve };
}

// ---- params ----

/** Every combination of a definition's choice and bool params, except those in `skip`. */
export function paramCombos(def: NodeDefinition, skip: readonly string[] = []): Record<string, JsonValue>[] {
  let combos: Record<string, JsonValue>[] = [{}];
  for (const [k, p] of Object.entries(def.params)) {
    if (skip.includes(k)) continue;
    const values: JsonValue[] | undefined = p.kind === 'choice' ? [...p.options] : p.kind === 'bool' ? [false, true] : undefined;
    if (!values) continue;
    combos = combos.flatMap((c) => values.map((v) => ({ ...c, [k]: v })));
  }
  return combos;
}

/** Random values for a node's params: every choice option, both bools, floats in a range (with zero). */
export function anyParams(def: NodeDefinition, skip: readonly string[] = [...SPACE_PARAMS, 'headTail']): fc.Arbitrary<Record<string, JsonValue>> {
  const parts: Record<string, fc.Arbitrary<JsonValue>> = {};
  for (const [k, p] of Object.entries(def.params)) {
    if (skip.includes(k)) continue;
    if (p.kind === 'choice') parts[k] = fc.constantFrom(...p.options);
    else if (p.kind === 'bool') parts[k] = fc.boolean();
    else if (p.kind === 'float') parts[k] = fc.oneof(fc.double({ min: -4, max: 4, noNaN: true }), fc.constantFrom(0, 1, -1, 1e-9, 1e6, -1e6));
    else if (p.kind === 'vector') parts[k] = fc.array(fc.oneof(fc.double({ min: -4, max: 4, noNaN: true }), fc.constantFrom(0, 1e6)), { minLength: p.size, maxLength: p.size });
  }
  return fc.record(parts);
}

// ---- matrices and vectors ----

export function allFinite(m: ArrayLike<number>): boolean {
  for (let i = 0; i < m.length; i++) if (!Number.isFinite(m[i])) return false;
  return true;
}

export function translation(x: number, y: number, z: number): Float64Array {
  const m = new Float64Array(IDENTITY);
  m[12] = x; m[13] = y; m[14] = z;
  return m;
}

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

/** Inverse of T·R·S (a shear-free transform with non-zero scale). */
export function inverseTRS(m: Float64Array): Float64Array {
  const r = new Float64Array(16);
  const s = [0, 1, 2].map((c) => m[4 * c] ** 2 + m[4 * c + 1] ** 2 + m[4 * c + 2] ** 2);
  for (let c = 0; c < 3; c++) for (let k = 0; k < 3; k++) r[4 * c + k] = m[4 * k + c] / s[k];
  for (let k = 0; k < 3; k++) r[12 + k] = -(r[k] * m[12] + r[4 + k] * m[13] + r[8 + k] * m[14]);
  r[15] = 1;
  return r;
}

/** a·b for 4x4 matrices. */
export function mul(a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  const out = new Float64Array(16);
  for (let c = 0; c < 4; c++) for (let r = 0; r < 4; r++) {
    let s = 0;
    for (let k = 0; k < 4; k++) s += a[4 * k + r] * b[4 * c + k];
    out[4 * c + r] = s;
  }
  return out;
}

/** Column k (0..2) of a 4x4 as a vector. */
export function column(m: ArrayLike<number>, k: number): [number, number, number] {
  return [m[4 * k], m[4 * k + 1], m[4 * k + 2]];
}

/** Length of column k (0..2) of a 4x4. */
export function axisLength(m: ArrayLike<number>, k: number): number {
  return Math.hypot(m[4 * k], m[4 * k + 1], m[4 * k + 2]);
}

export function unit(v: readonly number[]): number[] {
  const l = Math.hypot(v[0], v[1], v[2]);
  return l > 0 ? v.map((x) => x / l) : [0, 0, 0];
}

export function dot(a: readonly number[], b: readonly number[]): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/** Largest absolute difference between two arrays. */
export function maxDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
}

/** Largest absolute entry. */
export function maxAbs(m: ArrayLike<number>): number {
  let x = 0;
  for (let i = 0; i < m.length; i++) x = Math.max(x, Math.abs(m[i]));
  return x;
}

// ---- random matrices, targets, influences ----

export const coord = fc.double({ min: -10, max: 10, noNaN: true });
export const vec3 = fc.tuple(coord, coord, coord);
export const quaternion = fc
  .tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }))
  .filter((q) => Math.hypot(...q) > 0.1);
const positiveScale = fc.double({ min: 0.2, max: 3, noNaN: true });
const scaleComponent = fc.oneof(positiveScale, fc.double({ min: -3, max: -0.2, noNaN: true }));
const degenerateScale = fc.oneof(scaleComponent, fc.constantFrom(0, 1e-12, 1e-300, 1e6));

/** Positive, shear-free scale (each axis its own) and a rotation: a well-conditioned transform. */
export const positiveScaled: fc.Arbitrary<Float64Array> = fc
  .tuple(vec3, quaternion, fc.tuple(positiveScale, positiveScale, positiveScale))
  .map(([t, q, s]) => trs(t, q, s));

/** A positive-scale, shear-free matrix with scale (s, 1.3s, 0.7s), for exact geometric properties. */
export const rigid: fc.Arbitrary<Float64Array> = fc.tuple(vec3, quaternion, positiveScale).map(([t, q, s]) => trs(t, q, [s, s * 1.3, s * 0.7]));

/** A well-conditioned matrix: rotation, non-zero scale (some negative), location. */
export const wellConditioned: fc.Arbitrary<Float64Array> = fc.tuple(vec3, quaternion, fc.tuple(scaleComponent, scaleComponent, scaleComponent)).map(([t, q, s]) => trs(t, q, s));

/** Any finite matrix of rig kind: zero, tiny, huge and negative scales, shear, far locations. */
export const anyMatrix: fc.Arbitrary<Float64Array> = fc
  .tuple(
    fc.oneof(vec3, fc.constantFrom([0, 0, 0], [1e300, -1e300, 1e300], [1e-300, 0, 0], [-1e300, 1e300, 0])),
    quaternion,
    fc.tuple(degenerateScale, degenerateScale, degenerateScale),
    fc.oneof(fc.constant(0), fc.double({ min: -2, max: 2, noNaN: true })),
  )
  .map(([t, q, s, sh]) => trs(t, q, s, sh));

/** Targets: random, on the owner, at 1e300, nearly on the owner; rotated and scaled (Target Z matters). */
export function anyTarget(owner: Float64Array): fc.Arbitrary<Float64Array> {
  const at = (p: readonly number[]) => fc.tuple(quaternion, fc.tuple(degenerateScale, degenerateScale, degenerateScale)).map(([q, s]) => trs(p, q, s));
  return fc.oneof(
    fc.tuple(vec3, quaternion, fc.tuple(degenerateScale, degenerateScale, degenerateScale)).map(([t, q, s]) => trs(t, q, s)),
    at([owner[12], owner[13], owner[14]]),
    at([1e300, -1e300, 1e300]),
    at([owner[12] + 1e-300, owner[13], owner[14]]),
    at([owner[12], owner[13] + 1e-9, owner[14]]),
    at([owner[12] + owner[8], owner[13] + owner[9], owner[14] + owner[10]]), // along the owner's Z
  );
}

/** A random owner together with a random (possibly degenerate) target. */
export const ownerAndTarget: fc.Arbitrary<[Float64Array, Float64Array]> = anyMatrix.chain((o) => anyTarget(o).map((t): [Float64Array, Float64Array] => [o, t]));

/** Influence values, including the ones a wired math node can produce outside 0…1. */
export const anyInfluence = fc.oneof(
  fc.double({ min: 0, max: 1, noNaN: true }),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }),
  fc.constantFrom(0, 1, -1, 2, 1.5, -1e-9, 1e9, 1e300, -1e300),
);

// ---- random socket values (any finite double) ----

/** Finite doubles, weighted towards the degenerate ones: zeros, ±1e300, ±MAX_VALUE, tiny and subnormal. */
export const degenerate = fc.constantFrom(0, -0, 1, -1, 0.5, 1e300, -1e300, 1e-300, -1e-300, Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE, -Number.MIN_VALUE, 1e-18, 1e18);
export const anyFinite = fc.oneof(
  { weight: 3, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 3, arbitrary: degenerate },
  { weight: 3, arbitrary: fc.double({ min: -10, max: 10, noNaN: true }) },
);

/** A finite value for one socket: random numbers, all-same degenerate values, or the socket's special shapes. */
export function socketValue(type: SocketType): fc.Arbitrary<number[]> {
  const n = SIZE[type];
  if (type === 'bool') return fc.constantFrom([0], [1]);
  const mixed = fc.array(anyFinite, { minLength: n, maxLength: n });
  const uniform = degenerate.map((x) => Array.from({ length: n }, () => x));
  if (type === 'transform') {
    const structured = fc.constantFrom(
      IDENTITY,
      new Array(16).fill(0),
      [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 1],
      [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], // a flattened axis
      [1e300, 0, 0, 0, 0, 1e300, 0, 0, 0, 0, 1e300, 0, 1e300, -1e300, 5, 1],
      [1e-300, 0, 0, 0, 0, 1e-300, 0, 0, 0, 0, 1e-300, 0, 1e300, 0, 0, 1],
      [-1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
    );
    const affine = fc.array(anyFinite, { minLength: 12, maxLength: 12 }).map((a) => [a[0], a[1], a[2], 0, a[3], a[4], a[5], 0, a[6], a[7], a[8], 0, a[9], a[10], a[11], 1]);
    return fc.oneof(mixed, uniform, structured, affine);
  }
  return fc.oneof(mixed, uniform);
}

// ---- one-node graphs over small scenes ----

/** An object for a scene, from a location, a quaternion and a scale. */
export function sceneObject(name: string, t: readonly number[], q: readonly number[], s: readonly number[], extra: Partial<SceneObject> = {}): SceneObject {
  return { name, type: 'EMPTY', location: [...t], rotation_mode: 'QUATERNION', rotation_quaternion: [...q], scale: [...s], ...extra };
}

/** Location, quaternion and scale for a scene object (scales include zero and flat ones). */
export const sceneTransform = fc.tuple(
  fc.oneof(vec3, fc.constant([0, 0, 0])),
  quaternion,
  fc.oneof(fc.tuple(positiveScale, positiveScale, positiveScale), fc.constantFrom([0, 0, 0], [1, 0, 1], [1e-12, 1, 1])),
);

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

export function scene(objects: SceneObject[]): SceneDocument {
  return { format: SCENE_FORMAT, version: SCENE_VERSION, objects };
}

/**
 * A graph Owner In → node → Owner Out over `scene`, with `targets` wired from Owner nodes
 * (input name → owner id; curve inputs take the Owner node's `curve` output).
 */
export function oneNodeGraph(def: NodeDefinition, ownerId: string, params: Record<string, JsonValue>, targets: Record<string, string>): GraphDocument {
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

/** Compiles and evaluates once; returns the program. */
export function evaluateGraph(graph: GraphDocument, sc: SceneDocument): Program {
  return compile(graph, sc).evaluate(1);
}
