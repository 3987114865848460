// A driver without scripts, through the real compiler: the distance between two owners, mapped to
// a range, scales a third owner; the time in seconds moves it. No constraint involved.
import { describe, expect, it } from 'vitest';
import { GRAPH_FORMAT, type GraphDocument, type JsonValue } from '../../../graph/types';
import { compile } from '../../../runtime/eval/compile';
import { SCENE_FORMAT, type SceneDocument } from '../../../runtime/rig/scene/types';

const scene: SceneDocument = {
  format: SCENE_FORMAT,
  version: 1,
  objects: [
    { name: 'A', type: 'EMPTY', location: [1, 1, 1] },
    { name: 'B', type: 'EMPTY', location: [4, 5, 1] },
    { name: 'C', type: 'EMPTY', location: [9, 9, 9] },
  ],
};

const node = (id: string, type: string, params: Record<string, JsonValue> = {}) => ({ id, type, params, position: [0, 0] as [number, number] });
const link = (from: string, fs: string, to: string, ts: string) => ({ from: { node: from, socket: fs }, to: { node: to, socket: ts } });

const graph: GraphDocument = {
  format: GRAPH_FORMAT,
  version: 1,
  nodes: [
    node('a', 'owner/read', { owner: 'A' }),
    node('b', 'owner/read', { owner: 'B' }),
    node('dist', 'math/vector', { operation: 'distance' }),
    node('map', 'math/float', { operation: 'map-range', fromMin: 0, fromMax: 10, toMin: 0, toMax: 4, clamp: true }),
    node('scale', 'math/vector', { operation: 'scale', a: [1, 1, 1] }),
    node('time', 'value/time', { fps: 24 }),
    node('move', 'math/vector', { operation: 'scale', a: [1, 0, 0] }),
    node('compose', 'math/matrix', { operation: 'compose' }),
    node('out', 'owner/output', { owner: 'C' }),
  ],
  links: [
    link('a', 'head', 'dist', 'a'),
    link('b', 'head', 'dist', 'b'),
    link('dist', 'value', 'map', 'a'),
    link('map', 'value', 'scale', 'scale'),
    link('scale', 'vector', 'compose', 'scale'),
    link('time', 'seconds', 'move', 'scale'),
    link('move', 'vector', 'compose', 'location'),
    link('compose', 'transform', 'out', 'transform'),
  ],
};

describe('math nodes in a compiled program', () => {
  it('drive an owner from the distance between two others and from time', () => {
    const program = compile(graph, scene);
    expect(program.warnings).toEqual([]);
    // |B − A| = 5, mapped from [0, 10] to [0, 4] = 2; frame 48 at 24 fps = 2 s.
    expect(Array.from(program.evaluate(48).ownerMatrix('C')!)).toEqual([2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 2, 0, 0, 1]);
    expect(Array.from(program.evaluate(12).ownerMatrix('C')!)).toEqual([2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0.5, 0, 0, 1]);
    // The read owners are untouched.
    expect(Array.from(program.ownerMatrix('B')!.subarray(12, 15))).toEqual([4, 5, 1]);
  });

  it('refuses a float wired into a vector input', () => {
    const bad: GraphDocument = { ...graph, links: [...graph.links.filter((l) => l.to.node !== 'compose' || l.to.socket !== 'scale'), link('map', 'value', 'compose', 'scale')] };
    expect(() => compile(bad, scene)).toThrow(/takes a vector/);
  });
});
