// Random rigs of Copy Transforms stacks and what a scenario does to them, for tests that compare two
// ways of compiling the same rig bit for bit (lazy-pre.test.ts, copy-target-step.test.ts): an
// armature of six bones (connected or not), empties and a control armature; each stack a Copy
// Transforms (any mode, space, influence, head/tail), now and then followed by a Copy Location.
import fc from 'fast-check';
import { GRAPH_FORMAT, type GraphDocument, type GraphLink, type GraphNode, type JsonValue } from '../../graph/types';
import { compile, type CompileOptions } from '../../runtime/eval/compile';
import type { Program } from '../../runtime/eval/program';
import { SCENE_FORMAT, type SceneDocument } from '../../runtime/rig/scene/types';
import { restMatrix } from '../bench/rigs';

const MIXES = ['REPLACE', 'BEFORE_FULL', 'BEFORE', 'BEFORE_SPLIT', 'AFTER_FULL', 'AFTER', 'AFTER_SPLIT'] as const;
const SPACES = ['WORLD', 'LOCAL', 'POSE', 'LOCAL_WITH_PARENT'] as const;
const BONES = 6;

/** A coordinate that is often exactly 0 (a head on an axis plane: the head path's zero case). */
const coord = fc.oneof(fc.constant(0), fc.double({ min: -2, max: 2, noNaN: true }));
const angle = fc.double({ min: -1.5, max: 1.5, noNaN: true });
const scale = fc.oneof(fc.constant(1), fc.constant(0), fc.double({ min: 0.3, max: 2.5, noNaN: true }));
const v3 = <T>(a: fc.Arbitrary<T>) => fc.tuple(a, a, a);

export interface Rig { scene: SceneDocument; graph: GraphDocument; stacks: string[] }

/** Rigs of an armature of six bones (each connected to its parent or not) and two empties, with stacks led by a Copy Transforms. */
/** Such rigs, their stacks' owner and target spaces drawn from `spaces`. */
export function copyTransformsRigs(spaces: readonly (typeof SPACES)[number][] = SPACES): fc.Arbitrary<Rig> {
  return fc.record({
  connected: fc.array(fc.boolean(), { minLength: BONES, maxLength: BONES }),
  parents: fc.array(fc.nat(), { minLength: BONES, maxLength: BONES }),
  tails: fc.array(v3(coord), { minLength: BONES, maxLength: BONES }),
  poses: fc.array(fc.record({ rotation: v3(angle), location: v3(coord), scale: v3(scale) }), { minLength: BONES, maxLength: BONES }),
  arm: fc.record({ location: v3(coord), rotation: v3(angle), scale: v3(scale) }),
  stacks: fc.uniqueArray(fc.record({
    owner: fc.nat({ max: BONES + 1 }),
    // Mostly the controls (no stack of theirs: no dependency cycle, which turns laziness off), now and then any owner.
    target: fc.oneof({ arbitrary: fc.integer({ min: BONES + 2, max: BONES + 4 }), weight: 4 }, { arbitrary: fc.nat({ max: BONES + 1 }), weight: 1 }),
    mix: fc.oneof(fc.constant('REPLACE' as const), fc.constantFrom(...MIXES)),
    influence: fc.oneof({ arbitrary: fc.constant(1), weight: 3 }, fc.constant(0), fc.double({ min: 0, max: 1, noNaN: true })),
    removeTargetShear: fc.oneof({ arbitrary: fc.constant(false), weight: 3 }, fc.constant(true)),
    ownerSpace: fc.constantFrom(...spaces),
    targetSpace: fc.constantFrom(...spaces),
    headTail: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1, noNaN: true })),
    second: fc.boolean(),
  }), { minLength: 1, maxLength: 5, selector: (s) => s.owner }),
}).map(({ connected, parents, tails, poses, arm, stacks }) => {
  const heads: [number, number, number][] = [];
  const bones = poses.map((p, i) => {
    const parent = i === 0 ? null : parents[i] % i;
    const connect = parent !== null && connected[i];
    const head: [number, number, number] = connect ? [...tailOf(heads[parent], tails[parent])] : [i * 0.3, 0, i * 0.1];
    heads.push(head);
    return {
      name: `b${i}`, parent: parent === null ? null : `b${parent}`, use_connect: connect, length: 1,
      matrix_local: restMatrix(head, tailOf(head, tails[i])),
      pose: { rotation_mode: 'XYZ' as const, rotation_euler: p.rotation, location: p.location, scale: p.scale },
    };
  });
  const scene: SceneDocument = {
    format: SCENE_FORMAT, version: 1,
    objects: [
      { name: 'Arm', type: 'ARMATURE', location: arm.location, rotation_euler: arm.rotation, scale: arm.scale, bones },
      { name: 'E', type: 'EMPTY', location: [0.5, 0, 0], parent: 'Arm', parent_type: 'BONE', parent_bone: 'b1' },
      { name: 'F', type: 'EMPTY', location: [0, 1, 0], rotation_euler: [0.3, 0, 0.2], parent: 'E' },
      { name: 'G', type: 'EMPTY', location: [1, -0.5, 2], rotation_euler: [0.1, 0.7, -0.4], scale: [1, 2, 0.5] },
      { name: 'Ctl', type: 'ARMATURE', location: [0, 0.5, 0], bones: [
        { name: 'c0', parent: null, length: 1, matrix_local: restMatrix([0, 0, 0], [0, 1, 0]), pose: { rotation_mode: 'XYZ', rotation_euler: [0.2, 0.4, 0.1], location: [0.3, 0, 0] } },
        { name: 'c1', parent: null, length: 1, matrix_local: restMatrix([1, 0, 1], [1, 0, 2]), pose: { rotation_mode: 'XYZ', rotation_euler: [-0.5, 0, 0.9], scale: [1, 1.5, 1] } },
      ] },
    ],
  };
  const owners = [...bones.map((b) => `Arm/${b.name}`), 'E', 'F', 'G', 'Ctl/c0', 'Ctl/c1'];
  const nodes: GraphNode[] = [];
  const links: GraphLink[] = [];
  const node = (id: string, type: string, params: Record<string, JsonValue>) => nodes.push({ id, type, params, position: [0, 0] });
  const link = (from: string, fs: string, to: string, ts: string) => links.push({ from: { node: from, socket: fs }, to: { node: to, socket: ts } });
  for (const s of stacks) {
    const o = owners[s.owner], k = s.owner;
    node(`in${k}`, 'owner/input', { owner: o });
    node(`t${k}`, 'owner/read', { owner: owners[s.target] });
    node(`ct${k}`, 'constraint/copy-transforms', { mixMode: s.mix, influence: s.influence, removeTargetShear: s.removeTargetShear, ownerSpace: s.ownerSpace, targetSpace: s.targetSpace, headTail: s.headTail });
    node(`out${k}`, 'owner/output', { owner: o });
    link(`in${k}`, 'transform', `ct${k}`, 'owner');
    link(`t${k}`, 'transform', `ct${k}`, 'target');
    if (s.second) {
      node(`loc${k}`, 'constraint/copy-location', { influence: 0.5 });
      link(`ct${k}`, 'owner', `loc${k}`, 'owner');
      link(`t${k}`, 'transform', `loc${k}`, 'target');
      link(`loc${k}`, 'owner', `out${k}`, 'transform');
    } else link(`ct${k}`, 'owner', `out${k}`, 'transform');
  }
  return { scene, graph: { format: GRAPH_FORMAT, version: 1, nodes, links }, stacks: stacks.map((s) => `ct${s.owner}`) };
});
}

function tailOf(head: readonly number[], d: readonly number[]): [number, number, number] {
  // A bone of length 0 has no direction: give it one.
  const len = Math.hypot(d[0], d[1], d[2]);
  return len < 1e-3 ? [head[0], head[1] + 1, head[2]] : [head[0] + d[0], head[1] + d[1], head[2] + d[2]];
}

/** What a step of the scenario does to both programs. */
export type Op =
  | { kind: 'evaluate'; frame: number }
  | { kind: 'influence'; stack: number; value: number }
  | { kind: 'mix'; stack: number; value: (typeof MIXES)[number] }
  | { kind: 'move'; owner: number; location: [number, number, number] }
  | { kind: 'watch'; stack: number };

export const ops: fc.Arbitrary<Op[]> = fc.array(fc.oneof(
  fc.record({ kind: fc.constant('evaluate' as const), frame: fc.integer({ min: 1, max: 9 }) }),
  fc.record({ kind: fc.constant('influence' as const), stack: fc.nat(), value: fc.oneof(fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })) }),
  fc.record({ kind: fc.constant('mix' as const), stack: fc.nat(), value: fc.constantFrom(...MIXES) }),
  fc.record({ kind: fc.constant('move' as const), owner: fc.nat({ max: BONES - 1 }), location: v3(coord) }),
  fc.record({ kind: fc.constant('watch' as const), stack: fc.nat() }),
), { minLength: 1, maxLength: 10 });

/** Every owner's final matrix, bit for bit (−0 counts), and what a watch read. */
export function run(rig: Rig, steps: Op[], options: CompileOptions): string[] {
  const p = compile(rig.graph, rig.scene, options);
  const seen: string[] = [];
  const record = (what: string, m: ArrayLike<number>) => seen.push(`${what} ${[...new BigUint64Array(Float64Array.from(m).buffer)].join(',')}`);
  const finals = (q: Program) => { for (const o of q.owners) record(o.id, o.final); };
  p.evaluate(1);
  finals(p);
  for (const op of steps) {
    const ct = rig.stacks[(op.kind === 'influence' || op.kind === 'mix' || op.kind === 'watch') ? op.stack % rig.stacks.length : 0];
    if (op.kind === 'evaluate') p.evaluate(op.frame);
    else if (op.kind === 'influence') p.setParam(ct, 'influence', op.value);
    else if (op.kind === 'mix') p.setParam(ct, 'mixMode', op.value);
    else if (op.kind === 'move') p.setOwnerBasis(`Arm/b${op.owner}`, { location: op.location });
    else record(`watch ${ct}`, p.socketValue(ct, 'input', 'owner')!.view);
    if (op.kind !== 'evaluate' && op.kind !== 'watch') p.update();
    finals(p);
  }
  return seen;
}
