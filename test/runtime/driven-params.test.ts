// A link into a param (a driver into a Limit Distance's distance, a Limit Rotation's limit and its
// switch): each frame the linked value is written into the param as Blender writes a driver (int
// truncated, bool from the truncated int, clamped to the param's range), and the node gives, bit for
// bit, what `setParam` of that value gives. Links into params the schedule depends on are refused.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRAPH_FORMAT, type GraphDocument, type GraphLink, type GraphNode, type JsonValue } from '../../graph/types';
import { loadGraph } from '../../graph/load';
import { saveGraph } from '../../graph/save';
import { graphCatalog } from '../../nodes/catalog';
import { compile } from '../../runtime/eval/compile';
import { drivenParamValue } from '../../runtime/eval/driven-params';
import { CompileFailure } from '../../runtime/eval/errors';
import type { SceneDocument } from '../../runtime/rig/scene/types';
import { param } from '../../nodes/params';
import { EULER_ORDER_CHOICES } from '../../nodes/constraints/euler-order';

const scene: SceneDocument = { format: 'sinew-scene', version: 1, objects: [
  { name: 'A', type: 'EMPTY', location: [3, 1, 0], rotation_euler: [0.3, -0.2, 1.4] },
  { name: 'T', type: 'EMPTY', location: [0, 0, 0] },
] };
const node = (id: string, type: string, params: Record<string, JsonValue> = {}): GraphNode => ({ id, type, params, position: [0, 0] });
const link = (from: string, fs: string, to: string, ts: string): GraphLink => ({ from: { node: from, socket: fs }, to: { node: to, socket: ts } });

/** A's stack: Limit Distance from T, then Limit Rotation on Z; `driven` links value nodes into those params. */
function graph(driven: boolean): GraphDocument {
  const nodes = [
    node('in', 'owner/input', { owner: 'A' }), node('t', 'owner/read', { owner: 'T' }),
    node('ld', 'constraint/limit-distance', { distance: 1 }),
    node('lr', 'constraint/limit-rotation', { useLimitZ: true, minZ: -0.5, maxZ: 0.5 }),
    node('out', 'owner/output', { owner: 'A' }),
  ];
  const links = [link('in', 'transform', 'ld', 'owner'), link('t', 'transform', 'ld', 'target'), link('ld', 'owner', 'lr', 'owner'), link('lr', 'owner', 'out', 'transform')];
  if (driven) {
    nodes.push(node('d', 'value/float'), node('z', 'value/float'), node('on', 'value/float', { value: 1 }));
    links.push(link('d', 'value', 'ld', 'distance'), link('z', 'value', 'lr', 'maxZ'), link('on', 'value', 'lr', 'useLimitZ'));
  }
  return { format: GRAPH_FORMAT, version: 1, nodes, links };
}

const value = fc.double({ min: -5, max: 5, noNaN: true });

describe('driven params', () => {
  it('a driven param gives what setParam of the same value gives, bit for bit, frame after frame', () => {
    const driven = compile(graph(true), scene);
    const set = compile(graph(false), scene);
    const ld = { spec: param.float(0, '', { min: 0 }) };
    fc.assert(fc.property(fc.array(fc.tuple(value, value, value), { minLength: 1, maxLength: 6 }), (frames) => {
      for (const [d, z, on] of frames) {
        expect(driven.setParam('d', 'value', d)).toBe('applied');
        expect(driven.setParam('z', 'value', z)).toBe('applied');
        expect(driven.setParam('on', 'value', on)).toBe('applied');
        driven.update(1);
        set.setParam('ld', 'distance', drivenParamValue(ld.spec, d, 0));
        set.setParam('lr', 'maxZ', z);
        set.setParam('lr', 'useLimitZ', Math.trunc(on) !== 0);
        set.update(1);
        expect(Array.from(driven.ownerMatrix('A')!)).toEqual(Array.from(set.ownerMatrix('A')!));
      }
    }), { numRuns: 60 });
  });

  it('coerces as Blender writes a driver: int truncated toward zero, bool from the truncated int, clamped to the range', () => {
    fc.assert(fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (v) => {
      expect(drivenParamValue(param.int(0, '', { min: -3, max: 7 }), v, 0)).toBe(Math.min(7, Math.max(-3, Math.trunc(v))));
      expect(drivenParamValue(param.bool(false, ''), v, false)).toBe(Math.trunc(v) !== 0);
      // Blender's CLAMP: below the minimum takes the minimum, so −0 (not below 0) stays −0, unlike Math.max.
      expect(drivenParamValue(param.float(0, '', { min: 0 }), v, 0)).toBe(v < 0 ? 0 : v);
    }));
    expect(drivenParamValue(param.float(0, ''), Number.NaN, 2)).toBe(2);
    expect(drivenParamValue(param.float(0, '', { min: 0 }), -0, 0)).toBe(-0);
  });

  it('the loader takes a link into a param, and still refuses one into a name the node lacks', () => {
    const ok = loadGraph(saveGraph(graph(true)), graphCatalog());
    expect(ok.ok ? [] : ok.errors).toEqual([]);
    const bad = graph(true);
    bad.links.push(link('d', 'value', 'ld', 'distanse'));
    expect(loadGraph(saveGraph(bad), graphCatalog()).ok).toBe(false);
  });

  it('a link into a choice param picks the option at its position (a driven Blender enum), and one where there is none keeps the choice', () => {
    const g = graph(true);
    g.nodes.push(node('k', 'value/float'));
    g.links.push(link('k', 'value', 'lr', 'eulerOrder'));
    const driven = compile(g, scene);
    const set = compile(graph(true), scene);
    const options: readonly string[] = EULER_ORDER_CHOICES;
    let kept: string = 'AUTO';
    // Positions in order, out of range, back: -1 and 9 name no option, so the last choice stays.
    for (const k of [2, 5.7, -1, 9, 0, 6, 3]) {
      expect(driven.setParam('k', 'value', k)).toBe('applied');
      driven.update(1);
      if (options[Math.trunc(k)] !== undefined) kept = options[Math.trunc(k)];
      set.setParam('lr', 'eulerOrder', kept);
      set.update(1);
      expect(Array.from(driven.ownerMatrix('A')!), `position ${k}`).toEqual(Array.from(set.ownerMatrix('A')!));
    }
    expect(drivenParamValue(param.choice(['A', 'B'] as const, 'A', ''), 1.9, 'A')).toBe('B');
    expect(drivenParamValue(param.choice(['A', 'B'] as const, 'A', ''), 2, 'A')).toBe('A');
  });

  it('refuses a link into a param twice', () => {
    const twice = graph(true);
    twice.links.push(link('z', 'value', 'ld', 'distance'));
    expect(() => compile(twice, scene)).toThrow(CompileFailure);
  });

  it("drives an IK's iteration count, and refuses a link into what decides its chain (chain length, use tail)", () => {
    const rig: SceneDocument = { format: 'sinew-scene', version: 1, objects: [
      { name: 'T', type: 'EMPTY', location: [1, 1.5, 0.5] },
      { name: 'Rig', type: 'ARMATURE', bones: [
        { name: 'a', length: 1, matrix_local: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] },
        { name: 'b', parent: 'a', use_connect: true, length: 1, matrix_local: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 1] },
      ] },
    ] };
    const ik = (into: string): GraphDocument => ({
      format: GRAPH_FORMAT, version: 1,
      nodes: [node('in', 'owner/input', { owner: 'Rig/b' }), node('t', 'owner/read', { owner: 'T' }), node('ik', 'constraint/ik', { chainCount: 2 }), node('out', 'owner/output', { owner: 'Rig/b' }), node('n', 'value/float', { value: 1 })],
      links: [link('in', 'transform', 'ik', 'owner'), link('t', 'transform', 'ik', 'target'), link('ik', 'owner', 'out', 'transform'), link('n', 'value', 'ik', into)],
    });
    expect(compile(ik('iterations'), rig).setParam('n', 'value', 3)).toBe('applied');
    for (const param of ['chainCount', 'useTail']) expect(() => compile(ik(param), rig)).toThrow(new RegExp(`param "${param}" decides what the node writes`));
  });
});
