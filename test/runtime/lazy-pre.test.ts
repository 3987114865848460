// Matrices before constraints made only when read (runtime/eval/lazy-pre.ts): an owner whose first
// constraint is a Copy Transforms replacing its matrix gets no pre-constraint product while that
// constraint ignores it. Checked against a program that makes every matrix every frame (`lazyPre:
// false`): the same bits on random rigs — connected bones (whose head alone is kept), objects, every
// space, influences and modes changed between frames, edits through `update`, watches.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRAPH_FORMAT, type GraphDocument, type GraphLink, type GraphNode, type JsonValue } from '../../graph/types';
import { compile } from '../../runtime/eval/compile';
import { connectedPreHead, computePre } from '../../runtime/rig/pose';
import { SCENE_FORMAT, type SceneDocument } from '../../runtime/rig/scene/types';
import { restMatrix } from '../bench/rigs';
import { copyTransformsRigs, ops, run } from './copy-transforms-rigs';

const rigs = copyTransformsRigs();

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
      expect(run(rig, steps, { lazyPre: true })).toEqual(run(rig, steps, { lazyPre: false }));
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
