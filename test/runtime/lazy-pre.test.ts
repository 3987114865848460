// Matrices before constraints made only when read (runtime/eval/lazy-pre.ts): an owner whose first
// constraint is a Copy Transforms replacing its matrix gets no pre-constraint product while that
// constraint ignores it. Checked against a program that makes every matrix every frame (`lazyPre:
// false`): the same bits on random rigs — connected bones (whose head alone is kept), objects, every
// space, influences and modes changed between frames, edits through `update`, watches.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRAPH_FORMAT, type GraphDocument, type GraphLink, type GraphNode, type JsonValue } from '../../graph/types';
import { compile } from '../../runtime/eval/compile';
import type { Program } from '../../runtime/eval/program';
import { connectedPreHead, computePre } from '../../runtime/rig/pose';
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

interface Rig { scene: SceneDocument; graph: GraphDocument; stacks: string[] }

/** An armature of six bones (each connected to its parent or not) and two empties, with stacks led by a Copy Transforms. */
const rigs: fc.Arbitrary<Rig> = fc.record({
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
    ownerSpace: fc.constantFrom(...SPACES),
    targetSpace: fc.constantFrom(...SPACES),
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

function tailOf(head: readonly number[], d: readonly number[]): [number, number, number] {
  // A bone of length 0 has no direction: give it one.
  const len = Math.hypot(d[0], d[1], d[2]);
  return len < 1e-3 ? [head[0], head[1] + 1, head[2]] : [head[0] + d[0], head[1] + d[1], head[2] + d[2]];
}

/** What a step of the scenario does to both programs. */
type Op =
  | { kind: 'evaluate'; frame: number }
  | { kind: 'influence'; stack: number; value: number }
  | { kind: 'mix'; stack: number; value: (typeof MIXES)[number] }
  | { kind: 'move'; owner: number; location: [number, number, number] }
  | { kind: 'watch'; stack: number };

const ops: fc.Arbitrary<Op[]> = fc.array(fc.oneof(
  fc.record({ kind: fc.constant('evaluate' as const), frame: fc.integer({ min: 1, max: 9 }) }),
  fc.record({ kind: fc.constant('influence' as const), stack: fc.nat(), value: fc.oneof(fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })) }),
  fc.record({ kind: fc.constant('mix' as const), stack: fc.nat(), value: fc.constantFrom(...MIXES) }),
  fc.record({ kind: fc.constant('move' as const), owner: fc.nat({ max: BONES - 1 }), location: v3(coord) }),
  fc.record({ kind: fc.constant('watch' as const), stack: fc.nat() }),
), { minLength: 1, maxLength: 10 });

/** Every owner's final matrix, bit for bit (−0 counts), and what a watch read. */
function run(rig: Rig, steps: Op[], lazyPre: boolean): string[] {
  const p = compile(rig.graph, rig.scene, { lazyPre });
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

describe('matrices before constraints made only when read', () => {
  it('leave a Copy Transforms (Replace, influence 1) owner\'s matrix unmade, connected bones\' heads kept, and give the bits of a program that makes every one', () => {
    const scene: SceneDocument = {
      format: SCENE_FORMAT, version: 1,
      objects: [{
        name: 'Arm', type: 'ARMATURE', location: [0.3, -1, 0.5], rotation_euler: [0.2, 0.1, 0.4],
        bones: [
          { name: 'a', parent: null, length: 1, matrix_local: restMatrix([0.1, 0.2, 0.3], [0.2, 1.2, 0.4]) },
          { name: 'b', parent: 'a', use_connect: true, length: 1, matrix_local: restMatrix([0.2, 1.2, 0.4], [0.5, 2, 0.1]), pose: { rotation_mode: 'XYZ', rotation_euler: [0.3, 0.1, 0] } },
          { name: 'c', parent: 'a', length: 1, matrix_local: restMatrix([0.5, 0.5, 0.5], [1, 1, 1]) },
          { name: 'ctl', parent: null, length: 1, matrix_local: restMatrix([1, 0, 0], [1, 1, 0]), pose: { rotation_mode: 'XYZ', rotation_euler: [0.5, -0.2, 0.7], location: [0.1, 0.2, 0.3] } },
        ],
      }],
    };
    const graph: GraphDocument = {
      format: GRAPH_FORMAT, version: 1,
      nodes: ['b', 'c'].flatMap((b): GraphNode[] => [
        { id: `in-${b}`, type: 'owner/input', params: { owner: `Arm/${b}` }, position: [0, 0] },
        { id: `ct-${b}`, type: 'constraint/copy-transforms', params: {}, position: [0, 0] },
        { id: `out-${b}`, type: 'owner/output', params: { owner: `Arm/${b}` }, position: [0, 0] },
      ]).concat([{ id: 'ctl', type: 'owner/read', params: { owner: 'Arm/ctl' }, position: [0, 0] }]),
      links: ['b', 'c'].flatMap((b) => [
        { from: { node: `in-${b}`, socket: 'transform' }, to: { node: `ct-${b}`, socket: 'owner' } },
        { from: { node: 'ctl', socket: 'transform' }, to: { node: `ct-${b}`, socket: 'target' } },
        { from: { node: `ct-${b}`, socket: 'owner' }, to: { node: `out-${b}`, socket: 'transform' } },
      ]),
    };
    const lazy = compile(graph, scene).evaluate(1);
    const eager = compile(graph, scene, { lazyPre: false }).evaluate(1);
    for (const id of ['Arm/b', 'Arm/c']) {
      // Left unmade (still zeros) in the lazy program, made in the other; the finals the same.
      expect(Array.from(lazy.owner(id)!.pre), id).not.toEqual(Array.from(eager.owner(id)!.pre));
      expect(Array.from(lazy.owner(id)!.final), id).toEqual(Array.from(eager.owner(id)!.final));
    }
    // b is connected: its head stays where its matrix before constraints has it, not at the control's.
    const b = lazy.owner('Arm/b')!.final, made = eager.owner('Arm/b')!.pre;
    expect([b[12], b[13], b[14]]).toEqual([made[12], made[13], made[14]]);
    expect(b[12]).not.toBe(lazy.owner('Arm/ctl')!.final[12]);
    // A watch on the owner input makes the matrix first.
    expect(Array.from(lazy.socketValue('ct-c', 'input', 'owner')!.view)).toEqual(Array.from(eager.owner('Arm/c')!.pre));
    // An influence below 1 reads it: made that frame, and blended as before.
    // (The parent moves too: the matrix the watch made is a frame old.)
    for (const q of [lazy, eager]) {
      expect(q.setParam('ct-c', 'influence', 0.4)).toBe('applied');
      q.setOwnerBasis('Arm/a', { location: [0.2, -0.1, 0.3] }).evaluate(2);
    }
    expect(Array.from(lazy.owner('Arm/c')!.pre)).toEqual(Array.from(eager.owner('Arm/c')!.pre));
    expect(Array.from(lazy.owner('Arm/c')!.final)).toEqual(Array.from(eager.owner('Arm/c')!.final));
  });

  it('makes the matrix of an IK chain\'s bone every frame: a watch after the solve must not make it from a parent the IK moved', () => {
    const scene: SceneDocument = {
      format: SCENE_FORMAT, version: 1,
      objects: [
        { name: 'Goal', type: 'EMPTY', location: [1.5, 0.5, 0.5] },
        {
          name: 'Arm', type: 'ARMATURE',
          bones: [
            { name: 'a', parent: null, length: 1, matrix_local: restMatrix([0, 0, 0], [0, 1, 0]) },
            { name: 'b', parent: 'a', use_connect: true, length: 1, matrix_local: restMatrix([0, 1, 0], [0, 2, 0.2]) },
            { name: 'c', parent: 'b', use_connect: true, length: 1, matrix_local: restMatrix([0, 2, 0.2], [0, 3, 0]) },
          ],
        },
      ],
    };
    const n = (id: string, type: string, params: Record<string, JsonValue>): GraphNode => ({ id, type, params, position: [0, 0] });
    const l = (from: string, fs: string, to: string, ts: string): GraphLink => ({ from: { node: from, socket: fs }, to: { node: to, socket: ts } });
    const graph: GraphDocument = {
      format: GRAPH_FORMAT, version: 1,
      nodes: [
        n('in-b', 'owner/input', { owner: 'Arm/b' }), n('ct-b', 'constraint/copy-transforms', {}), n('out-b', 'owner/output', { owner: 'Arm/b' }),
        n('goal', 'owner/read', { owner: 'Goal' }), n('in-c', 'owner/input', { owner: 'Arm/c' }),
        n('ik', 'constraint/ik', { chainCount: 3 }), n('out-c', 'owner/output', { owner: 'Arm/c' }),
      ],
      links: [
        l('in-b', 'transform', 'ct-b', 'owner'), l('goal', 'transform', 'ct-b', 'target'), l('ct-b', 'owner', 'out-b', 'transform'),
        l('in-c', 'transform', 'ik', 'owner'), l('goal', 'transform', 'ik', 'target'), l('ik', 'owner', 'out-c', 'transform'),
      ],
    };
    const lazy = compile(graph, scene).evaluate(1), eager = compile(graph, scene, { lazyPre: false }).evaluate(1);
    // The IK turned a: the matrix b had before constraints is not a's final times b's offset now.
    expect(Array.from(lazy.owner('Arm/a')!.final)).not.toEqual(Array.from(lazy.owner('Arm/a')!.pre));
    expect(Array.from(lazy.socketValue('ct-b', 'input', 'owner')!.view)).toEqual(Array.from(eager.owner('Arm/b')!.pre));
  });

  it('random rigs: the same bits as a program that makes every matrix, through frames, param changes, edits and watches', () => {
    let unmade = 0;
    fc.assert(fc.property(rigs, ops, (rig, steps) => {
      expect(run(rig, steps, true)).toEqual(run(rig, steps, false));
      // Whether this rig left any matrix unmade in its first frame (so the runs test something).
      const lazy = compile(rig.graph, rig.scene).evaluate(1), eager = compile(rig.graph, rig.scene, { lazyPre: false }).evaluate(1);
      if (lazy.owners.some((o, i) => o.pre.some((x, k) => !Object.is(x, eager.owners[i].pre[k])))) unmade++;
    }), { numRuns: 300 });
    expect(unmade).toBeGreaterThan(60);
  });

  it('a connected bone\'s head alone is the head of its whole matrix whenever it is given', () => {
    let given = 0, refused = 0;
    fc.assert(fc.property(rigs, fc.array(fc.oneof(fc.constant(0), fc.constant(-0), fc.constant(1e308), fc.double({ noNaN: true })), { minLength: 16, maxLength: 16 }), (rig, parent) => {
      const p = compile(rig.graph, rig.scene, { lazyPre: false }).evaluate(1);
      const head = new Float64Array(3);
      for (const o of p.owners) {
        if (o.kind !== 'bone' || !o.parentBone) continue;
        // Any parent matrix: huge, zero, signed zeros.
        o.parentBone.final.set(parent);
        if (!connectedPreHead(head, o)) { refused++; continue; }
        given++;
        computePre(o);
        expect([...new BigUint64Array(head.buffer)]).toEqual([...new BigUint64Array(o.pre.slice(12, 15).buffer)]);
      }
    }), { numRuns: 300 });
    // Both ways were taken, many times.
    expect(given).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
  });
});
