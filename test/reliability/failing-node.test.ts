// A node whose evaluation fails is marked and the rest of the graph keeps evaluating: a kernel that
// throws or gives NaN/Infinity is skipped (its owner passes through), named once in the warnings,
// and every other owner evaluates exactly as without it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GraphDocument, GraphLink, GraphNode } from '../../graph/types';
import { createCatalog, defaultCatalog } from '../../nodes/catalog';
import { defineNode, influence, transform, type NodeDefinition } from '../../nodes/define';
import { compile } from '../../runtime/eval/compile';
import type { SceneDocument } from '../../runtime/rig/scene/types';

let mode: 'throw' | 'nan' | 'infinity' | 'ok' = 'ok';
const flaky = defineNode({
  type: 'test/flaky',
  label: 'Flaky',
  category: 'Test',
  doc: 'Moves its owner by +1 in X, or fails as the test says.',
  inputs: { owner: transform(), influence: influence() },
  outputs: { owner: transform() },
  params: {},
  constraint: { targets: [] },
  kernel(io) {
    if (mode === 'throw') throw new Error('kernel exploded');
    io.out.owner.set(io.in.owner);
    io.out.owner[12] += mode === 'nan' ? NaN : mode === 'infinity' ? Infinity : 1;
  },
});
const flakyValue = defineNode({
  type: 'test/flaky-value',
  label: 'Flaky Value',
  category: 'Test',
  doc: 'A transform that fails as the test says.',
  inputs: {},
  outputs: { transform: transform() },
  params: {},
  kernel(io) {
    if (mode === 'throw') throw new TypeError('cannot read properties of undefined');
    io.out.transform.fill(mode === 'nan' ? NaN : 0);
    io.out.transform[15] = 1;
    io.out.transform[0] = io.out.transform[5] = io.out.transform[10] = 1;
    io.out.transform[13] = 5;
  },
});
const catalog = createCatalog([...defaultCatalog.values(), flaky, flakyValue] as NodeDefinition[]);

const scene: SceneDocument = {
  format: 'sinew-scene',
  version: 1,
  objects: [
    { name: 'A', type: 'EMPTY', location: [1, 2, 3] },
    { name: 'B', type: 'EMPTY', location: [-1, 0, 0] },
    { name: 'Child', type: 'EMPTY', parent: 'A', location: [0, 0, 1] },
  ],
};
const node = (id: string, type: string, params: GraphNode['params'] = {}): GraphNode => ({ id, type, params, position: [0, 0] });
const link = (from: string, fs: string, to: string, ts: string): GraphLink => ({ from: { node: from, socket: fs }, to: { node: to, socket: ts } });
const graph: GraphDocument = {
  format: 'sinew-graph',
  version: 1,
  nodes: [
    node('inA', 'owner/input', { owner: 'A' }),
    node('flaky', 'test/flaky'),
    node('outA', 'owner/output', { owner: 'A' }),
    node('inB', 'owner/input', { owner: 'B' }),
    node('value', 'test/flaky-value'),
    node('copy', 'constraint/copy-location'),
    node('outB', 'owner/output', { owner: 'B' }),
  ],
  links: [
    link('inA', 'transform', 'flaky', 'owner'),
    link('flaky', 'owner', 'outA', 'transform'),
    link('inB', 'transform', 'copy', 'owner'),
    link('value', 'transform', 'copy', 'target'),
    link('copy', 'owner', 'outB', 'transform'),
  ],
};

const position = (m: Float64Array | undefined) => [m![12], m![13], m![14]];

describe('a failing node', () => {
  for (const failure of ['throw', 'nan', 'infinity'] as const) {
    it(`that ${failure === 'throw' ? 'throws' : `gives ${failure}`} is skipped and named once; everything else evaluates`, () => {
      mode = failure;
      const program = compile(graph, scene, { catalog });
      for (const frame of [1, 2, 3]) expect(() => program.evaluate(frame)).not.toThrow();
      const failed = program.warnings.filter((w) => w.code === 'node-failed');
      expect(failed.map((w) => w.nodeId).sort()).toEqual(failure === 'infinity' ? ['flaky'] : ['flaky', 'value']);
      expect(failed.find((w) => w.nodeId === 'flaky')!.message).toMatch(/^node "flaky" \(Flaky\) failed: .*; it is skipped and its owner passes through unchanged$/);
      if (failure === 'throw') expect(failed[0].message).toContain('kernel exploded');
      // A passes through its constraint; its child follows A as usual.
      expect(position(program.ownerMatrix('A'))).toEqual([1, 2, 3]);
      expect(position(program.ownerMatrix('Child'))).toEqual([1, 2, 4]);
      // B copies the value's location, or, when the value failed, its neutral identity (the origin).
      expect(position(program.ownerMatrix('B'))).toEqual(failure === 'infinity' ? [0, 5, 0] : [0, 0, 0]);
      for (const o of program.owners) expect(Array.from(o.final).every(Number.isFinite)).toBe(true);
    });
  }

  it('recovers on a later frame: the warning stays, the node evaluates again', () => {
    mode = 'throw';
    const program = compile(graph, scene, { catalog }).evaluate(1);
    mode = 'ok';
    program.evaluate(2);
    expect(position(program.ownerMatrix('A'))).toEqual([2, 2, 3]);
    expect(position(program.ownerMatrix('B'))).toEqual([0, 5, 0]);
  });

  it('a working graph has no failure warnings', () => {
    mode = 'ok';
    const program = compile(graph, scene, { catalog }).evaluate(1);
    expect(program.warnings.filter((w) => w.code === 'node-failed')).toEqual([]);
    expect(position(program.ownerMatrix('A'))).toEqual([2, 2, 3]);
  });
});

describe('frames checked at once (runtime/eval/frame-check.ts)', () => {
  it('failing or not, frame after frame: the same bits and warnings (with counts) as with every guard on; only failing frames run guarded', () => {
    const bits = (p: ReturnType<typeof compile>) => ({
      owners: p.owners.map((o) => [...new BigUint64Array(Float64Array.from(o.final).buffer)].join(' ')),
      warnings: p.warnings.map((w) => `${w.code} ${w.message} ×${w.count ?? ''}`),
    });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('ok', 'throw', 'nan', 'infinity'), fc.integer({ min: 0, max: 5 })), { minLength: 1, maxLength: 12 }), (steps) => {
        const checked = compile(graph, scene, { catalog });
        const guarded = compile(graph, scene, { catalog, frameCheck: false });
        for (const [m, frame] of steps) {
          mode = m;
          checked.evaluate(frame);
          guarded.evaluate(frame);
          expect(bits(checked)).toEqual(bits(guarded));
        }
        expect(checked.guardedPasses).toBe(steps.filter(([m]) => m !== 'ok').length);
        expect(guarded.guardedPasses).toBe(steps.length);
      }),
    );
  });
});

describe('an owner whose matrix before constraints overflows', () => {
  it('saturates to ±MAX_VALUE with a warning, and nothing downstream is NaN', () => {
    const far: SceneDocument = {
      format: 'sinew-scene',
      version: 1,
      objects: [
        { name: 'P', type: 'EMPTY', location: [1e300, 0, 0], scale: [1e10, 1, 1] },
        { name: 'C', type: 'EMPTY', parent: 'P', location: [1e300, 0, 0] },
      ],
    };
    const program = compile({ format: 'sinew-graph', version: 1, nodes: [], links: [] }, far).evaluate(0);
    expect(program.ownerMatrix('C')![12]).toBe(Number.MAX_VALUE);
    expect(program.warnings).toContainEqual(expect.objectContaining({ code: 'owner-overflow', message: expect.stringContaining('owner "C"') }));
  });
});
