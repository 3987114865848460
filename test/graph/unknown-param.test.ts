// A misspelt or foreign param on a known node kind: one warning naming the node, the key and the
// nearest known name; the value kept in the file and saved back unchanged; never seen by a kernel.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadGraph } from '../../graph/load';
import { describeValue } from '../../graph/messages';
import { pointerOf } from '../../graph/pointer';
import { saveGraph } from '../../graph/save';
import type { GraphDocument, GraphError } from '../../graph/types';
import { createCatalog, defaultCatalog, graphCatalog, type NodeCatalog } from '../../nodes/catalog';
import type { NodeDefinition } from '../../nodes/define';
import { compile } from '../../runtime/eval/compile';
import { CompileFailure } from '../../runtime/eval/errors';
import type { SceneDocument } from '../../runtime/rig/scene/types';
import { jsonValue } from './arbitraries';
import { ALL_KINDS, degenerateRig } from '../reliability/rigs';

const catalog = graphCatalog();

function graphWith(type: string, params: Record<string, unknown>): string {
  return JSON.stringify({ format: 'sinew-graph', version: 1, nodes: [{ id: 'ik', type, params, position: [0, 0] }], links: [] });
}

function warningsOf(text: string): GraphError[] {
  const r = loadGraph(text, catalog);
  if (!r.ok) throw new Error(`expected the graph to load: ${JSON.stringify(r.errors)}`);
  return r.warnings;
}

describe('an unknown param on a known node kind', () => {
  it('is a warning naming the node, the key and the nearest known name', () => {
    expect(warningsOf(graphWith('constraint/ik', { influnce: 0.5, chainCount: 2 }))).toEqual([
      {
        code: 'unknown-param',
        pointer: '/nodes/0/params/influnce',
        nodeId: 'ik',
        message: 'node "ik": unknown param "influnce" (did you mean "influence"?); it is kept in the file but not used',
      },
    ]);
  });

  it.each([
    ['infleunce', 'influence'],
    ['Iterations', 'iterations'],
    ['polAngle', 'poleAngle'],
    ['chain_count', 'chainCount'],
    ['targt', 'target'], // an input without a stored default is a known name too
  ])('%j suggests %j', (key, known) => {
    expect(warningsOf(graphWith('constraint/ik', { [key]: 1 })).map((w) => w.message)).toEqual([
      `node "ik": unknown param "${key}" (did you mean "${known}"?); it is kept in the file but not used`,
    ]);
  });

  it('suggests nothing when no known name is close, "__proto__" and "constructor" included', () => {
    const text = '{"format":"sinew-graph","version":1,"links":[],"nodes":[{"id":"ik","type":"constraint/ik","position":[0,0],' +
      '"params":{"__proto__":{"chainCount":9},"constructor":{"prototype":{"polluted":1}},"mixMode":"ADD"}}]}';
    expect(warningsOf(text).map((w) => [w.pointer, w.message])).toEqual([
      ['/nodes/0/params/__proto__', 'node "ik": unknown param "__proto__"; it is kept in the file but not used'],
      ['/nodes/0/params/constructor', 'node "ik": unknown param "constructor"; it is kept in the file but not used'],
      ['/nodes/0/params/mixMode', 'node "ik": unknown param "mixMode"; it is kept in the file but not used'],
    ]);
  });

  it('does not warn for a param, a defaulted input, or an input that holds a matrix', () => {
    const identity = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
    expect(warningsOf(graphWith('constraint/ik', { chainCount: 2, influence: 0.5, target: identity, pole: identity }))).toEqual([]);
    expect(warningsOf(graphWith('math/matrix', { a: identity, b: identity, factor: 0.5, operation: 'multiply' }))).toEqual([]);
  });

  it('names a node without a readable id by its kind and place, and cuts a long key short', () => {
    const text = JSON.stringify({ format: 'sinew-graph', version: 1, nodes: [{ id: '', type: 'value/float', params: { ['k'.repeat(500)]: 1 }, position: [0, 0] }], links: [] });
    const r = loadGraph(text, catalog);
    expect(r.warnings.find((w) => w.code === 'unknown-param')?.message).toBe(
      `the value/float node at /nodes/0: unknown param ${describeValue('k'.repeat(500))}; it is kept in the file but not used`,
    );
  });

  it('says nothing about params of a kind this build does not know (that node has its own warning)', () => {
    expect(warningsOf(graphWith('plugin/acme', { influnce: 1 })).map((w) => w.code)).toEqual(['unknown-node-type']);
  });
});

// ------------------------------------------------------------------ the property

const KNOWN = new Map([...defaultCatalog].map(([type, d]) => [type, new Set([...Object.keys(d.params), ...Object.keys(d.inputs)])]));

/** Keys a file might carry by mistake: typos of real names, prototype names, anything at all. */
function extraKey(known: ReadonlySet<string>): fc.Arbitrary<string> {
  const names = [...known];
  const typo = fc.tuple(fc.constantFrom(...names), fc.nat(), fc.constantFrom('drop', 'swap', 'case', 'add')).map(([name, at, how]) => {
    const i = at % name.length;
    if (how === 'drop') return name.slice(0, i) + name.slice(i + 1);
    if (how === 'swap') return name.slice(0, i) + name.slice(i + 1, i + 2) + name.slice(i, i + 1) + name.slice(i + 2);
    if (how === 'case') return name.toUpperCase();
    return name.slice(0, i) + 'x' + name.slice(i);
  });
  const hostile = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '');
  return fc.oneof(typo, hostile, fc.string({ maxLength: 12 })).filter((k) => !known.has(k));
}

/** Every kernel call's params, as JSON, in evaluation order: what the kernels saw. */
function spyingCatalog(seen: string[]): NodeCatalog {
  return createCatalog(
    [...defaultCatalog.values()].map((d): NodeDefinition => ({
      ...d,
      kernel: (io, params, state) => {
        seen.push(JSON.stringify(Object.getOwnPropertyNames(params).sort().map((k) => [k, params[k]])));
        d.kernel(io, params, state);
      },
    })),
  );
}

type Outcome = { errors: GraphError[] } | { result: unknown; warnings: GraphError[]; seen: string[] };

function compiled(graph: GraphDocument, scene: SceneDocument): Outcome {
  const seen: string[] = [];
  try {
    const program = compile(graph, scene, { catalog: spyingCatalog(seen) });
    const result = program.evaluate(1).result();
    return { result, warnings: program.warnings, seen };
  } catch (e) {
    if (e instanceof CompileFailure) return { errors: e.errors };
    throw e;
  }
}

describe('unknown params, over random rigs of every node kind', () => {
  const rigWithExtras = fc.constantFrom(...ALL_KINDS).chain((focus) =>
    degenerateRig([focus]).chain(({ scene, graph }) =>
      fc
        .tuple(...graph.nodes.map((n) => fc.option(fc.uniqueArray(fc.tuple(extraKey(KNOWN.get(n.type)!), jsonValue), { minLength: 1, maxLength: 3, selector: ([k]) => k }), { freq: 2 })))
        .map((extras) => ({ scene, graph, extras })),
    ),
  );

  it('each warns exactly once naming node and key, survives save byte for byte, and changes nothing compile does', () => {
    fc.assert(
      fc.property(rigWithExtras, ({ scene, graph, extras }) => {
        // Built with defined (not assigned) keys, so "__proto__" is an own key as JSON.parse makes it.
        const withExtras: GraphDocument = {
          ...graph,
          nodes: graph.nodes.map((n, i) => ({ ...n, params: Object.fromEntries([...Object.entries(n.params), ...(extras[i] ?? [])]) })),
        };
        const text = JSON.stringify(withExtras);
        const loaded = loadGraph(text, catalog);
        const plain = loadGraph(JSON.stringify(graph), catalog);
        if (!loaded.ok || !plain.ok) throw new Error(`expected both to load: ${JSON.stringify(loaded.ok ? plain : loaded)}`);

        // Exactly one warning per added key, naming the node and the key; none for a known key.
        const expected = graph.nodes.flatMap((n, i) => (extras[i] ?? []).map(([key]) => pointerOf('nodes', i, 'params', key))).sort();
        const warned = loaded.warnings.filter((w) => w.code === 'unknown-param');
        expect(warned.map((w) => w.pointer).sort()).toEqual(expected);
        expect(plain.warnings.filter((w) => w.code === 'unknown-param')).toEqual([]);
        for (const w of warned) {
          const i = Number(/^\/nodes\/(\d+)\//.exec(w.pointer)![1]);
          const key = w.pointer.slice(pointerOf('nodes', i, 'params').length + 1).replaceAll('~1', '/').replaceAll('~0', '~');
          expect(w.nodeId).toBe(graph.nodes[i].id);
          expect(w.message).toContain(`node "${graph.nodes[i].id}": unknown param ${describeValue(key)}`);
        }

        // Saved back byte for byte as the file had them, and again after a second round.
        const saved = saveGraph(loaded.graph);
        expect(saved).toBe(saveGraph(JSON.parse(text) as GraphDocument));
        const again = loadGraph(saved, catalog);
        expect(again.ok && saveGraph(again.graph)).toBe(saved);

        // Compile answers as for the graph without them: same result, warnings and kernel params.
        expect(compiled(loaded.graph, scene)).toEqual(compiled(plain.graph, scene));
      }),
    );
  });
});
