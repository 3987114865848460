// Compile errors name the node and socket (or pointer) and say what is wrong; they never crash.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GRAPH_FORMAT, type GraphDocument, type GraphLink, type GraphNode } from '../../graph/types';
import { compile } from '../../runtime/eval/compile';
import { CompileFailure } from '../../runtime/eval/errors';
import type { SceneDocument } from '../../runtime/rig/scene/types';

const scene = JSON.parse(readFileSync(join(__dirname, '../../examples/rig.scene.json'), 'utf8')) as SceneDocument;
const graph = (nodes: GraphNode[], links: GraphLink[]): GraphDocument => ({ format: GRAPH_FORMAT, version: 1, nodes, links });
const node = (id: string, type: string, params: GraphNode['params'] = {}): GraphNode => ({ id, type, params, position: [0, 0] });

function errorsOf(g: GraphDocument) {
  try {
    compile(g, scene);
  } catch (e) {
    if (e instanceof CompileFailure) return e.errors;
    throw e;
  }
  throw new Error('expected a compile failure');
}

describe('compile errors', () => {
  it('refuses a float wired into a transform input, naming node and socket', () => {
    const errors = errorsOf(graph(
      [node('a', 'owner/read', { owner: 'HandTarget' }), node('out', 'owner/output', { owner: 'Drone' })],
      [{ from: { node: 'a', socket: 'length' }, to: { node: 'out', socket: 'transform' } }],
    ));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'type-mismatch', pointer: '/links/0', nodeId: 'out' });
    expect(errors[0].message).toContain('"transform" takes a transform');
    expect(errors[0].message).toContain('gives a float');
  });

  it('reports an owner that is not in the scene at the param that names it', () => {
    const errors = errorsOf(graph([node('in', 'owner/input', { owner: 'Rig/Tail' })], []));
    expect(errors[0]).toMatchObject({ code: 'missing-owner', pointer: '/nodes/0/params/owner', nodeId: 'in' });
    expect(errors[0].message).toContain('"Rig/Tail"');
  });

  it('reports a dangling link and a missing socket', () => {
    const errors = errorsOf(graph(
      [node('a', 'owner/read', { owner: 'HandTarget' }), node('out', 'owner/output', { owner: 'Drone' })],
      [
        { from: { node: 'ghost', socket: 'transform' }, to: { node: 'out', socket: 'transform' } },
        { from: { node: 'a', socket: 'nope' }, to: { node: 'out', socket: 'transform' } },
      ],
    ));
    expect(errors.map((e) => e.code)).toEqual(['dangling-link', 'missing-socket']);
    expect(errors[0].pointer).toBe('/links/0/from/node');
    expect(errors[1].message).toContain('has no output "nope"');
  });

  it('keeps unknown node types out of evaluation with a warning, and evaluates the rest', () => {
    const program = compile(graph(
      [node('x', 'plugin/teleport', { strength: 3 }), node('in', 'owner/input', { owner: 'Drone' }), node('out', 'owner/output', { owner: 'Drone' })],
      [{ from: { node: 'in', socket: 'transform' }, to: { node: 'out', socket: 'transform' } }],
    ), scene);
    expect(program.warnings.map((w) => w.code)).toContain('unknown-node-type');
    expect(Array.from(program.evaluate(1).ownerMatrix('Drone')!)).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
  });
});

describe('owner stacks', () => {
  it('a child follows its parent\'s final (constrained) matrix', () => {
    const s: SceneDocument = { format: 'sinew-scene', version: 1, objects: [
      { name: 'P', type: 'EMPTY', location: [1, 0, 0] },
      { name: 'C', type: 'EMPTY', parent: 'P', location: [0, 2, 0] },
      { name: 'T', type: 'EMPTY', location: [5, 5, 5] },
    ] };
    // P's stack takes T's matrix outright: C must then sit at T + (0, 2, 0).
    const program = compile(graph(
      [node('t', 'owner/read', { owner: 'T' }), node('out', 'owner/output', { owner: 'P' })],
      [{ from: { node: 't', socket: 'transform' }, to: { node: 'out', socket: 'transform' } }],
    ), s).evaluate(1);
    expect(Array.from(program.ownerMatrix('C')!.slice(12, 15))).toEqual([5, 7, 5]);
  });

  it('reports a cycle through two owners and still evaluates everything', () => {
    const s: SceneDocument = { format: 'sinew-scene', version: 1, objects: [
      { name: 'A', type: 'EMPTY', location: [1, 0, 0] },
      { name: 'B', type: 'EMPTY', location: [0, 1, 0] },
      { name: 'Off', type: 'EMPTY', location: [0, 0, 3] },
    ] };
    const program = compile(graph(
      [node('ra', 'owner/read', { owner: 'A' }), node('ob', 'owner/output', { owner: 'B' }), node('rb', 'owner/read', { owner: 'B' }), node('oa', 'owner/output', { owner: 'A' })],
      [
        { from: { node: 'ra', socket: 'transform' }, to: { node: 'ob', socket: 'transform' } },
        { from: { node: 'rb', socket: 'transform' }, to: { node: 'oa', socket: 'transform' } },
      ],
    ), s).evaluate(1);
    expect(program.schedule.cycles).toHaveLength(1);
    expect(program.schedule.cycles[0].owners.sort()).toEqual(['A', 'B']);
    expect(program.warnings.some((w) => w.code === 'cycle')).toBe(true);
    expect(Array.from(program.ownerMatrix('Off')!.slice(12, 15))).toEqual([0, 0, 3]);
    for (const o of program.owners) expect(Array.from(o.final).every(Number.isFinite)).toBe(true);
  });
});
