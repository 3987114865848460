// Nothing lost: nodes of kinds this build does not know load as opaque nodes and save back
// unchanged; migrations keep every field; random valid graphs round-trip through save and load.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadGraph } from '../../graph/load';
import type { Migration, RawGraph } from '../../graph/migrate';
import { saveGraph } from '../../graph/save';
import type { GraphDocument, GraphNode, JsonValue } from '../../graph/types';
import { defaultCatalog, graphCatalog } from '../../nodes/catalog';
import { compile } from '../../runtime/eval/compile';
import { CompileFailure } from '../../runtime/eval/errors';
import { loadScene } from '../../runtime/io/scene/load';
import { degenerateRig } from './rigs';

const catalog = graphCatalog();

/** JSON values as a newer Sinew or a plugin might write them: numbers Sinew's canonical save keeps as they are. */
const plainNumber = fc.oneof(fc.integer({ min: -1e9, max: 1e9 }), fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((x) => Number(x.toPrecision(9)) + 0));
const opaqueValue: fc.Arbitrary<JsonValue> = fc.letrec<{ v: JsonValue }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    plainNumber,
    fc.string({ maxLength: 8 }),
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'type')), tie('v'), { maxKeys: 4 }),
  ),
})).v;

/** A node of a kind no build knows, with params and extra keys of any shape. */
const opaqueNode = (id: string): fc.Arbitrary<GraphNode & Record<string, JsonValue>> =>
  fc
    .record({
      type: fc.constantFrom('future/warp-deformer', 'plugin:acme/muscle', 'constraint/not-yet', 'x'),
      params: fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), opaqueValue, { maxKeys: 6 }),
      position: fc.tuple(plainNumber, plainNumber),
      extra: fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }).filter((k) => !['id', 'type', 'params', 'position', 'group', 'collapsed'].includes(k)), opaqueValue, { maxKeys: 3 }),
    })
    .map(({ extra, ...n }) => ({ ...extra, id, ...n }));

/** A catalog-valid rig graph with opaque nodes mixed in, linked to and from known ones, and unknown top-level keys. */
const mixedGraph = degenerateRig().chain(({ scene, graph }) =>
  fc
    .tuple(
      fc.array(fc.nat(), { maxLength: 4 }).chain((slots) => fc.tuple(...slots.map((_, i) => opaqueNode(`opaque${i}`)))),
      fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }).filter((k) => !['format', 'version', 'nodes', 'links', 'scene', 'view', '$schema', 'groups', 'frames'].includes(k)), opaqueValue, { maxKeys: 3 }),
      fc.nat(),
    )
    .map(([opaque, extras, pick]): GraphDocument => {
      const nodes = [...graph.nodes];
      opaque.forEach((o, i) => nodes.splice((pick + i) % (nodes.length + 1), 0, o));
      const links = [...graph.links];
      // Links into and out of opaque nodes: kept as they are, their sockets unchecked.
      const withOutput = graph.nodes.filter((n) => Object.keys(defaultCatalog.get(n.type)!.outputs).length > 0);
      if (opaque.length > 0 && withOutput.length > 0) {
        const known = withOutput[pick % withOutput.length];
        const socket = Object.keys(defaultCatalog.get(known.type)!.outputs)[0];
        links.push({ from: { node: known.id, socket }, to: { node: opaque[0].id, socket: 'in' } });
      }
      if (opaque.length > 1) links.push({ from: { node: opaque[0].id, socket: 'out' }, to: { node: opaque[1].id, socket: 'in' } });
      return { ...extras, ...graph, nodes, links, scene: scene as unknown as JsonValue };
    }),
);

describe('unknown node types are kept as opaque nodes', () => {
  it('a file from a newer build loads with a warning per opaque node and saves back byte for byte', () => {
    fc.assert(
      fc.property(mixedGraph, (graph) => {
        const text = saveGraph(graph); // the file as that newer build wrote it (canonical form)
        const loaded = loadGraph(text, catalog);
        if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors.slice(0, 3)));
        const opaque = graph.nodes.filter((n) => catalog.get(n.type) === undefined);
        expect(loaded.warnings.filter((w) => w.code === 'unknown-node-type').map((w) => w.nodeId)).toEqual(opaque.map((n) => n.id));
        expect(saveGraph(loaded.graph)).toBe(text);
        // Every opaque node's params, position and unknown keys are exactly what the file held.
        for (const n of opaque) expect(loaded.graph.nodes.find((m) => m.id === n.id)).toEqual(JSON.parse(JSON.stringify(n)));
      }),
      { numRuns: 200 },
    );
  });

  it('compiling skips opaque nodes and their links, and evaluates the rest as without them', () => {
    fc.assert(
      fc.property(mixedGraph, (graph) => {
        const loaded = loadGraph(graph, catalog);
        if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors.slice(0, 3)));
        const s = loadScene(loaded.graph.scene);
        if (!s.ok) throw new Error('scene');
        const known = new Set(graph.nodes.filter((n) => catalog.get(n.type) !== undefined).map((n) => n.id));
        const without: GraphDocument = {
          ...loaded.graph,
          nodes: loaded.graph.nodes.filter((n) => known.has(n.id)),
          links: loaded.graph.links.filter((l) => known.has(l.from.node) && known.has(l.to.node)),
        };
        const attempt = (g: GraphDocument) => {
          try {
            return compile(g, s.scene).evaluate(1);
          } catch (e) {
            if (e instanceof CompileFailure) return 'does not compile';
            throw e;
          }
        };
        const a = attempt(loaded.graph);
        const b = attempt(without);
        if (typeof a === 'string' || typeof b === 'string') { expect(a).toBe(b); return; }
        expect(a.result()).toEqual(b.result());
        expect(a.warnings.filter((w) => w.code === 'unknown-node-type').length).toBe(graph.nodes.length - known.size);
      }),
      { numRuns: 100 },
    );
  });

  it('numbers with more than 12 significant digits in opaque data survive a save (e.g. a millisecond timestamp)', () => {
    // Canonical save rounds every number to 12 significant digits to remove float noise. For data
    // Sinew does not understand, that is a change: an id or a timestamp is corrupted.
    const text = `{"format":"sinew-graph","version":1,"generator":{"savedAt":1718000000123,"seed":9007199254740993},"nodes":[{"id":"p","type":"plugin:acme/muscle","params":{"hash":123456789012345,"k":0.12345678901234},"position":[0,0]}],"links":[]}`;
    const loaded = loadGraph(text, catalog);
    if (!loaded.ok) throw new Error('load');
    const saved = JSON.parse(saveGraph(loaded.graph));
    expect(saved.generator.savedAt).toBe(1718000000123);
    expect(saved.nodes[0].params.hash).toBe(123456789012345);
  });
});

describe('migrations keep every field', () => {
  /** A registered fake 1 → 2 step: renames one node kind, moves one param, touches nothing else. */
  const step: Migration = (file) => ({
    ...file,
    nodes: (file['nodes'] as RawGraph[]).map((n) => {
      if (n['type'] !== 'plugin:acme/muscle') return n;
      const { params, ...rest } = n as { params: Record<string, unknown> };
      const { stiffness, ...others } = params;
      return { ...rest, type: 'plugin:acme/muscle2', params: stiffness === undefined ? others : { ...others, k: stiffness } };
    }),
  });
  const table = new Map([[1, step]]);

  it('a version 1 file upgraded to version 2 keeps every key and value the step does not change', () => {
    fc.assert(
      fc.property(mixedGraph, (graph) => {
        const text = saveGraph({ ...graph, version: 1 });
        const up = loadGraph(text, catalog, { migrations: table, version: 2 });
        if (!up.ok) throw new Error(JSON.stringify(up.errors.slice(0, 3)));
        const expected = JSON.parse(text) as RawGraph;
        expected['version'] = 2;
        for (const n of expected['nodes'] as RawGraph[]) {
          if (n['type'] !== 'plugin:acme/muscle') continue;
          n['type'] = 'plugin:acme/muscle2';
          const p = n['params'] as Record<string, unknown>;
          if (Object.hasOwn(p, 'stiffness')) {
            const v = p['stiffness'];
            delete p['stiffness'];
            p['k'] = v;
          }
        }
        expect(JSON.parse(saveGraph(up.graph))).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('a file newer than the build is refused naming both versions, before any other check', () => {
    const r = loadGraph('{"format":"sinew-graph","version":9,"nodes":"whatever"}', catalog);
    expect(r).toMatchObject({ ok: false, errors: [{ code: 'newer-version', pointer: '/version', message: 'this file is version 9; this build of Sinew reads up to version 2. Open it with a newer Sinew.' }] });
  });
});

describe('random valid graphs round-trip', () => {
  it('load(save(g)) equals g, and save is byte-stable', () => {
    fc.assert(
      fc.property(mixedGraph, (graph) => {
        const text = saveGraph(graph);
        const loaded = loadGraph(text, catalog);
        if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors.slice(0, 3)));
        expect(loaded.graph).toEqual(JSON.parse(text));
        expect(saveGraph(loaded.graph)).toBe(text);
        const again = loadGraph(saveGraph(loaded.graph), catalog);
        expect(again.ok && saveGraph(again.graph)).toBe(text);
      }),
      { numRuns: 200 },
    );
  });
});
