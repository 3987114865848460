// driver/curve-time: a curve's Evaluation Time set from a link, read by what follows the path — an
// object parented to it (Path Animation) and Follow Path — in full and incremental evaluation; and
// beside an action on the curve's own transform (owner role `setting`, not `basis`). Positions are
// checked against the path itself: a straight POLY line of length 4 along X, Path Duration 10, so
// Evaluation Time t puts what follows at x = 0.4 t from the curve's origin.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRAPH_FORMAT, type GraphDocument, type GraphNode } from '../../../graph/types';
import { compile } from '../../../runtime/eval/compile';
import { SCENE_FORMAT, type SceneDocument } from '../../../runtime/rig/scene/types';

const node = (id: string, type: string, params: GraphNode['params']): GraphNode => ({ id, type, params, position: [0, 0] });
const link = (a: string, b: string, c: string, d: string) => ({ from: { node: a, socket: b }, to: { node: c, socket: d } });

const scene = (animated: boolean): SceneDocument => ({
  format: SCENE_FORMAT, version: 1,
  objects: [
    {
      name: 'Line', type: 'CURVE', location: [0, 1, 0],
      curve: { splines: [{ points: [[0, 0, 0], [4, 0, 0]] }], use_path: true, use_path_clamp: true, path_duration: 10, eval_time: 2 },
      ...(animated ? { animation_data: { action: 'Slide' } } : {}),
    },
    { name: 'Rider', type: 'EMPTY', parent: 'Line' },
    { name: 'Follower', type: 'EMPTY' },
  ],
  ...(animated ? { actions: [{ name: 'Slide', fcurves: [{ data_path: 'location', array_index: 2, keyframes: [{ co: [1, 0], interpolation: 'LINEAR' }, { co: [11, 5], interpolation: 'LINEAR' }] }] }] } : {}),
});

const graph: GraphDocument = {
  format: GRAPH_FORMAT, version: 1,
  nodes: [
    node('t', 'value/float', { value: 5 }),
    node('time', 'driver/curve-time', { owner: 'Line' }),
    node('line', 'owner/read', { owner: 'Line' }),
    node('in', 'owner/input', { owner: 'Follower' }),
    node('fp', 'constraint/follow-path', {}),
    node('out', 'owner/output', { owner: 'Follower' }),
  ],
  links: [
    link('t', 'value', 'time', 'value'),
    link('in', 'transform', 'fp', 'owner'), link('line', 'curve', 'fp', 'target'), link('fp', 'owner', 'out', 'transform'),
  ],
};

const at = (p: ReturnType<typeof compile>, id: string) => Array.from(p.ownerMatrix(id)!.slice(12, 15));

describe('driver/curve-time', () => {
  it('places the path child and the Follow Path owner at the Evaluation Time it is given, in full and incremental evaluation', () => {
    const p = compile(graph, scene(false)).evaluate(1);
    for (const id of ['Rider', 'Follower']) at(p, id).forEach((v, i) => { expect(v).toBeCloseTo([2, 1, 0][i], 12); });
    fc.assert(fc.property(fc.double({ min: 0, max: 10, noNaN: true }), (t) => {
      expect(p.setParam('t', 'value', t)).toBe('applied');
      p.update();
      for (const id of ['Rider', 'Follower']) at(p, id).forEach((v, i) => { expect(v).toBeCloseTo([0.4 * t, 1, 0][i], 9); });
    }), { numRuns: 50 });
  });

  it('works beside an action on the curve\u2019s own transform, which moves what follows', () => {
    const p = compile(graph, scene(true)).evaluate(6); // the action lifts the curve to z = 2.5
    for (const id of ['Rider', 'Follower']) at(p, id).forEach((v, i) => { expect(v).toBeCloseTo([2, 1, 2.5][i], 9); });
  });

  it('refuses an owner that is not a curve, by name', () => {
    const g: GraphDocument = { ...graph, nodes: graph.nodes.map((n) => (n.id === 'time' ? { ...n, params: { owner: 'Rider' } } : n)) };
    expect(() => compile(g, scene(false))).toThrow(/owner "Rider" is not a curve: it has no Evaluation Time/);
  });
});
