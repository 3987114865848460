// The schedule phase (runtime/eval/schedule-units.ts) on the bench rigs: the order it gives keeps
// every edge (what a unit reads is written before it), and the owner edges it adds are there.
import { describe, expect, it } from 'vitest';
import { compile } from '../../runtime/eval/compile';
import type { UnitId } from '../../runtime/eval/unit';
import { parentOwnerOf } from '../../runtime/rig/rig';
import type { GraphDocument } from '../../graph/types';
import type { SceneDocument } from '../../runtime/rig/scene/types';
import { humanoid, largeRig } from '../bench/rigs';

describe('schedule units', () => {
  for (const rig of [humanoid(), largeRig()]) {
    it(`${rig.name}: every edge runs from an earlier unit to a later one, and owners run pre → stack → final after their parent`, () => {
      const p = compile(rig.graph, rig.scene);
      expect(p.schedule.cycles).toEqual([]);
      const { units, from, to } = p.dependencies!;
      const at = new Map(p.schedule.order.map((label, k) => [label, k]));
      expect(at.size).toBe(units.count);
      const pos = (u: UnitId) => at.get(units.label(u))!;
      for (let e = 0; e < from.length; e++) expect(pos(from[e] as UnitId)).toBeLessThan(pos(to[e] as UnitId));
      const edges = new Set(Array.from(from, (f, e) => `${f}>${to[e]}`));
      p.owners.forEach((o, i) => {
        expect(edges.has(`${units.pre(i)}>${units.stack(i)}`)).toBe(true);
        expect(edges.has(`${units.stack(i)}>${units.final(i)}`)).toBe(true);
        const parent = parentOwnerOf(o);
        if (parent) {
          const pi = p.owners.indexOf(parent);
          expect(edges.has(`${units.final(pi)}>${units.pre(i)}`) || edges.has(`${units.stack(pi)}>${units.pre(i)}`)).toBe(true);
        }
      });
      // Steps are in schedule order, one per unit at most.
      const stepPos = p.steps.map((s) => pos(s.unit));
      expect(stepPos).toEqual([...stepPos].sort((a, b) => a - b));
      expect(new Set(p.steps.map((s) => s.unit)).size).toBe(p.steps.length);
    });
  }

  it('an IK on an object under a bone writes no chain (it binds none), so it may target that bone', () => {
    // The scheduler once climbed from the object to its parent bone, as if the bone were in the
    // IK's chain: the bone's final waited on the IK, which waited on the bone's final, a cycle the
    // kernel never had (gatherChain binds no chain for an object). The groups test found it.
    const I = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
    const scene: SceneDocument = {
      format: 'sinew-scene',
      version: 1,
      objects: [
        { name: 'A', type: 'ARMATURE', bones: [{ name: 'b', matrix_local: I, length: 1 }] },
        { name: 'E', type: 'EMPTY', parent: 'A', parent_type: 'BONE', parent_bone: 'b' },
      ],
    };
    const node = (id: string, type: string, params: GraphDocument['nodes'][number]['params']) => ({ id, type, params, position: [0, 0] as [number, number] });
    const graph: GraphDocument = {
      format: 'sinew-graph',
      version: 1,
      nodes: [node('in', 'owner/input', { owner: 'E' }), node('bone', 'owner/read', { owner: 'A/b' }), node('ik', 'constraint/ik', { chainCount: 2 }), node('out', 'owner/output', { owner: 'E' })],
      links: [
        { from: { node: 'in', socket: 'transform' }, to: { node: 'ik', socket: 'owner' } },
        { from: { node: 'bone', socket: 'transform' }, to: { node: 'ik', socket: 'target' } },
        { from: { node: 'ik', socket: 'owner' }, to: { node: 'out', socket: 'transform' } },
      ],
    };
    const p = compile(graph, scene);
    expect(p.schedule.cycles).toEqual([]);
    const order = p.schedule.order;
    expect(order.indexOf('final:A/b')).toBeLessThan(order.indexOf('node:ik'));
  });

  it('a child in a chain with its parent starts from the parent\'s stack, whichever other chain holds the parent, in either node order', () => {
    // Two Spline IKs down one root: b1's chain is [b0, b1], b3's is [b0, b3]. Each child moves with
    // b0 in its own chain, so each starts from b0 before the solvers. The scheduler once kept one
    // chain a bone (the last node in the file), so one child waited on b0's final instead, and
    // grouping nodes (which moves them in the file) changed the edges. The groups test found it.
    const I = (y: number) => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, y, 0, 1];
    const scene: SceneDocument = {
      format: 'sinew-scene',
      version: 1,
      objects: [
        { name: 'A', type: 'ARMATURE', bones: [{ name: 'b0', matrix_local: I(0), length: 1 }, { name: 'b1', parent: 'b0', matrix_local: I(1), length: 1 }, { name: 'b3', parent: 'b0', matrix_local: I(1), length: 1 }] },
        { name: 'C', type: 'CURVE', curve: { splines: [{ type: 'POLY', points: [[0, 0, 0], [0.3, 1, 0], [0, 2, 0]] }] } },
      ],
    };
    const node = (id: string, type: string, params: GraphDocument['nodes'][number]['params']) => ({ id, type, params, position: [0, 0] as [number, number] });
    const stack = (bone: string) => [node(`in_${bone}`, 'owner/input', { owner: `A/${bone}` }), node(`ik_${bone}`, 'constraint/spline-ik', { chainCount: 2 }), node(`out_${bone}`, 'owner/output', { owner: `A/${bone}` })];
    const links = (bone: string) => [
      { from: { node: `in_${bone}`, socket: 'transform' }, to: { node: `ik_${bone}`, socket: 'owner' } },
      { from: { node: 'curve', socket: 'curve' }, to: { node: `ik_${bone}`, socket: 'target' } },
      { from: { node: `ik_${bone}`, socket: 'owner' }, to: { node: `out_${bone}`, socket: 'transform' } },
    ];
    const curve = node('curve', 'owner/read', { owner: 'C' });
    const edgesOf = (nodes: GraphDocument['nodes']) => {
      const p = compile({ format: 'sinew-graph', version: 1, nodes, links: [...links('b1'), ...links('b3')] }, scene);
      expect(p.schedule.cycles).toEqual([]);
      const { units, from, to } = p.dependencies!;
      return new Set(Array.from(from, (f, e) => `${units.label(f as UnitId)} > ${units.label(to[e] as UnitId)}`));
    };
    for (const edges of [edgesOf([curve, ...stack('b1'), ...stack('b3')]), edgesOf([curve, ...stack('b3'), ...stack('b1')])]) {
      expect(edges).toContain('stack:A/b0 > pre:A/b1');
      expect(edges).toContain('stack:A/b0 > pre:A/b3');
      expect(edges).not.toContain('final:A/b0 > pre:A/b1');
      expect(edges).not.toContain('final:A/b0 > pre:A/b3');
    }
  });
});
