// Owners' matrices standing in for the owner nodes' copies (runtime/eval/owner-views.ts): the same
// bits as a program that copies, on random rigs; and where a copy must stay (two readers, an IK
// chain, a dependency cycle), it stays.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRAPH_FORMAT, type GraphDocument, type JsonValue } from '../../graph/types';
import { compile } from '../../runtime/eval/compile';
import { CompileFailure } from '../../runtime/eval/errors';
import type { Program } from '../../runtime/eval/program';
import { SCENE_FORMAT, type SceneDocument } from '../../runtime/rig/scene/types';
import { degenerateRig } from '../reliability/rigs';

const node = (id: string, type: string, params: Record<string, JsonValue> = {}) => ({ id, type, params, position: [0, 0] as [number, number] });
const link = (from: string, fs: string, to: string, ts: string) => ({ from: { node: from, socket: fs }, to: { node: to, socket: ts } });

const scene: SceneDocument = {
  format: SCENE_FORMAT,
  version: 1,
  objects: [
    { name: 'T', type: 'EMPTY', location: [1, 2, 3] },
    { name: 'C', type: 'EMPTY', location: [9, 9, 9] },
    { name: 'Free', type: 'EMPTY', location: [0, 1, 0], parent: 'C' },
    {
      name: 'Rig', type: 'ARMATURE',
      bones: [
        { name: 'a', length: 1, matrix_local: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] },
        { name: 'b', parent: 'a', use_connect: true, length: 1, matrix_local: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 1] },
      ],
    },
  ],
};

function stack(extra: Partial<GraphDocument> = {}): GraphDocument {
  return {
    format: GRAPH_FORMAT,
    version: 1,
    nodes: [
      node('in', 'owner/input', { owner: 'C' }),
      node('t', 'owner/read', { owner: 'T' }),
      node('loc', 'constraint/copy-location', { influence: 0.5 }),
      node('out', 'owner/output', { owner: 'C' }),
      ...(extra.nodes ?? []),
    ],
    links: [
      link('in', 'transform', 'loc', 'owner'),
      link('t', 'transform', 'loc', 'target'),
      link('loc', 'owner', 'out', 'transform'),
      ...(extra.links ?? []),
    ],
  };
}

const socket = (p: Program, id: string, side: 'input' | 'output', name: string) => p.socketValue(id, side, name)!.view;
const labels = (p: Program) => p.steps.map((s) => p.units.label(s.unit));

/** Every owner's final matrix as the bits of its doubles (−0 and NaN payloads count), and the warnings. */
function bits(p: Program): { owners: Record<string, string>; warnings: string[] } {
  const owners: Record<string, string> = {};
  for (const o of p.owners) owners[o.id] = [...new BigUint64Array(Float64Array.from(o.final).buffer)].map((b) => b.toString(16)).join(' ');
  return { owners, warnings: p.warnings.map((w) => `${w.code} ${w.message} ${w.count ?? ''}`) };
}

describe('owner views', () => {
  it('an Owner In is its owner\'s pre matrix, the node wired into an Owner Out writes the final one, and neither owner node has a step', () => {
    const p = compile(stack(), scene).evaluate(1);
    const c = p.owner('C')!;
    expect(socket(p, 'in', 'output', 'transform')).toBe(c.pre);
    expect(socket(p, 't', 'output', 'transform')).toBe(p.owner('T')!.final);
    expect(socket(p, 'loc', 'output', 'owner')).toBe(c.final);
    expect(labels(p)).not.toContain('node:in');
    expect(labels(p)).not.toContain('node:out');
    // Owners nothing writes have one matrix: no stack step copies it.
    expect(p.owner('T')!.pre).toBe(p.owner('T')!.final);
    expect(labels(p)).not.toContain('stack:T');
    expect(Array.from(c.final)).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 5.5, 6, 1]);
  });

  it('a connected bone\'s constraint writes its final matrix, and its head stays on the parent\'s tail as Blender keeps it', () => {
    const g: GraphDocument = {
      format: GRAPH_FORMAT, version: 1,
      nodes: [node('bin', 'owner/input', { owner: 'Rig/b' }), node('t', 'owner/read', { owner: 'T' }), node('loc', 'constraint/copy-location'), node('bout', 'owner/output', { owner: 'Rig/b' })],
      links: [link('bin', 'transform', 'loc', 'owner'), link('t', 'transform', 'loc', 'target'), link('loc', 'owner', 'bout', 'transform')],
    };
    const p = compile(g, scene).evaluate(1);
    const b = p.owner('Rig/b')!;
    expect(socket(p, 'loc', 'output', 'owner')).toBe(b.final);
    expect(labels(p)).not.toContain('node:bout');
    expect(Array.from(b.final.subarray(12, 15))).toEqual([0, 1, 0]);
    expect(bits(p)).toEqual(bits(compile(g, scene, { ownerViews: false }).evaluate(1)));
  });

  it('keeps the copy when the last output has a second reader, and the second reader sees the stack\'s result', () => {
    const g = stack({
      nodes: [node('in2', 'owner/input', { owner: 'Free' }), node('copy', 'constraint/copy-transforms'), node('out2', 'owner/output', { owner: 'Free' })],
      links: [link('in2', 'transform', 'copy', 'owner'), link('loc', 'owner', 'copy', 'target'), link('copy', 'owner', 'out2', 'transform')],
    });
    const p = compile(g, scene).evaluate(1);
    expect(socket(p, 'loc', 'output', 'owner')).not.toBe(p.owner('C')!.final);
    expect(labels(p)).toContain('node:out');
    expect(Array.from(p.owner('Free')!.final)).toEqual(Array.from(p.owner('C')!.final));
  });

  it('keeps the copies of an IK chain and of every owner in a program with a dependency cycle', () => {
    const bones = compile({
      format: GRAPH_FORMAT, version: 1,
      nodes: [
        node('bin', 'owner/input', { owner: 'Rig/b' }), node('t', 'owner/read', { owner: 'T' }),
        node('ik', 'constraint/ik', { chainCount: 2 }), node('bout', 'owner/output', { owner: 'Rig/b' }),
      ],
      links: [link('bin', 'transform', 'ik', 'owner'), link('t', 'transform', 'ik', 'target'), link('ik', 'owner', 'bout', 'transform')],
    }, scene).evaluate(1);
    for (const id of ['Rig/a', 'Rig/b']) expect(bones.owner(id)!.pre).not.toBe(bones.owner(id)!.final);
    expect(labels(bones)).toContain('node:bout');
    // C's stack reads Free, a child of C: a cycle; every copy stays.
    const withCycle = stack();
    withCycle.nodes = withCycle.nodes.map((n) => (n.id === 't' ? node('t', 'owner/read', { owner: 'Free' }) : n));
    const p = compile(withCycle, scene).evaluate(1);
    expect(p.schedule.cycles.length).toBeGreaterThan(0);
    expect(labels(p)).toEqual(expect.arrayContaining(['node:in', 'node:out', 'stack:T']));
  });

  it('an Owner read wired by its transform only has no step, and a watch on its head still reads the owner as it is now', () => {
    const p = compile(stack(), scene);
    expect(labels(p)).not.toContain('node:t');
    // T moves between evaluations: a value left from an earlier one would show.
    for (const location of [[1, 2, 3], [4, -2, 7], [0.5, 0, -1]]) {
      p.setOwnerBasis('T', { location }).evaluate(1);
      const t = p.owner('T')!.final;
      expect([t[12], t[13], t[14]]).toEqual(location);
      expect(Array.from(socket(p, 't', 'output', 'head'))).toEqual(location);
    }
    // Its head read by another node: the step is back in the frame, and the reader sees it.
    const read = compile(stack({ nodes: [node('v', 'math/vector', { operation: 'length' })], links: [link('t', 'head', 'v', 'a')] }), scene).evaluate(1);
    expect(labels(read)).toContain('node:t');
    expect(socket(read, 'v', 'output', 'value')[0]).toBeCloseTo(Math.hypot(1, 2, 3), 12);
  });

  it('random rigs: the same bits and warnings as a program that copies, frame after frame', () => {
    const run = (graph: GraphDocument, s: SceneDocument, ownerViews: boolean) => {
      let p: Program;
      try {
        p = compile(graph, s, { ownerViews });
      } catch (e) {
        if (e instanceof CompileFailure) return 'refused';
        throw e;
      }
      return [1, 2, 2.5].map((f) => bits(p.evaluate(f)));
    };
    fc.assert(
      fc.property(degenerateRig(), ({ scene: s, graph }) => {
        expect(run(graph, s, true)).toEqual(run(graph, s, false));
      }),
      { numRuns: 150 },
    );
  });
});
