import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addNode,
  applyEdit,
  batch,
  connect,
  disconnect,
  GraphEditError,
  labelOf,
  moveNode,
  removeNode,
  setParam,
  type Edit,
} from '../../graph/edits';
import { History } from '../../graph/history';
import type { GraphDocument, GraphNode, JsonValue } from '../../graph/types';
import { awkwardNumber, deepFreeze, graphDocument } from './arbitraries';

const node = (id: string, params: Record<string, JsonValue> = {}): GraphNode => ({ id, type: 'object/owner', params, position: [0, 0] });

/** a → c.target, b → c.owner, c → d.owner; frozen, so an edit that mutates its input throws. */
function sample(): GraphDocument {
  return deepFreeze({
    format: 'sinew-graph',
    version: 1,
    nodes: [node('a'), node('b'), node('c', { influence: 0.5 }), node('d')],
    links: [
      { from: { node: 'a', socket: 'final' }, to: { node: 'c', socket: 'target' } },
      { from: { node: 'c', socket: 'owner' }, to: { node: 'd', socket: 'owner' } },
      { from: { node: 'b', socket: 'final' }, to: { node: 'c', socket: 'owner' } },
    ],
  });
}

/** Deep equality that also tells an absent key from one holding undefined, and ignores key order. */
function snapshot(value: unknown): string {
  const sortKeys = (v: unknown): unknown => {
    if (v === undefined) return '<undefined>';
    if (Array.isArray(v)) return v.map(sortKeys);
    if (typeof v === 'object' && v !== null) {
      return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]));
    }
    return Object.is(v, -0) ? '<-0>' : v;
  };
  return JSON.stringify(sortKeys(value));
}

/**
 * True when a and b hold the same data: same keys (an absent key is not one holding undefined), same
 * numbers (-0 is not 0), key order ignored. Shared subtrees are equal at once, which keeps the
 * 1,000-step property fast: edits share every node they do not touch.
 */
function identical(a: unknown, b: unknown): boolean {
  if (a === b) return Object.is(a, b);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return Object.is(a, b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  return ka.every((k) => Object.hasOwn(rb, k) && identical(ra[k], rb[k]));
}

/** Applies an edit, checks that its inverse restores the input exactly, and returns the result. */
function applyAndCheckUndo(graph: GraphDocument, edit: Edit): GraphDocument {
  const { graph: after, inverse } = applyEdit(graph, edit);
  const back = applyEdit(deepFreeze(after), inverse);
  expect(snapshot(back.graph)).toBe(snapshot(graph));
  expect(snapshot(applyEdit(back.graph, back.inverse).graph)).toBe(snapshot(after));
  return after;
}

describe('edits', () => {
  it('addNode appends, or inserts at an index', () => {
    expect(applyAndCheckUndo(sample(), addNode(node('e'))).nodes.map((n) => n.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(applyAndCheckUndo(sample(), addNode(node('e'), 1)).nodes.map((n) => n.id)).toEqual(['a', 'e', 'b', 'c', 'd']);
  });

  it('removeNode removes its links, and undo restores them at their original indices', () => {
    const graph = sample();
    const { graph: after, inverse } = applyEdit(graph, removeNode('c'));
    expect(after.nodes.map((n) => n.id)).toEqual(['a', 'b', 'd']);
    expect(after.links).toEqual([]);
    expect(inverse).toEqual({ kind: 'add-node', node: graph.nodes[2], index: 2, links: graph.links.map((link, index) => ({ index, link })) });
    expect(applyEdit(after, inverse).graph).toEqual(graph);
    applyAndCheckUndo(graph, removeNode('a'));
  });

  it('connect appends a link, or replaces the link into the same input in place', () => {
    const added = applyAndCheckUndo(sample(), connect({ node: 'a', socket: 'final' }, { node: 'b', socket: 'target' }));
    expect(added.links).toHaveLength(4);
    const replaced = applyAndCheckUndo(sample(), connect({ node: 'd', socket: 'final' }, { node: 'c', socket: 'target' }));
    expect(replaced.links).toHaveLength(3);
    expect(replaced.links[0]).toEqual({ from: { node: 'd', socket: 'final' }, to: { node: 'c', socket: 'target' } });
  });

  it('disconnect removes a link, and undo puts it back at its index', () => {
    const after = applyAndCheckUndo(sample(), disconnect({ node: 'c', socket: 'owner' }, { node: 'd', socket: 'owner' }));
    expect(after.links.map((l) => l.from.node)).toEqual(['a', 'b']);
  });

  it('setParam sets, changes and clears, and undo restores absence', () => {
    const graph = sample();
    const set = applyAndCheckUndo(graph, setParam('a', 'headTail', 0.25));
    expect(set.nodes[0].params).toEqual({ headTail: 0.25 });
    const { inverse } = applyEdit(graph, setParam('a', 'headTail', 0.25));
    expect(inverse).toEqual({ kind: 'set-param', node: 'a', name: 'headTail' });
    expect(Object.hasOwn(applyEdit(set, inverse).graph.nodes[0].params, 'headTail')).toBe(false);
    expect(applyAndCheckUndo(graph, setParam('c', 'influence', 1)).nodes[2].params).toEqual({ influence: 1 });
    expect(Object.keys(applyAndCheckUndo(graph, setParam('c', 'influence', undefined)).nodes[2].params)).toEqual([]);
    expect(applyEdit(graph, setParam('a', 'nothing', undefined)).graph).toBe(graph);
  });

  it('setParam keeps a "__proto__" param as data', () => {
    const after = applyAndCheckUndo(sample(), setParam('a', '__proto__', { polluted: true }));
    expect(Object.hasOwn(after.nodes[0].params, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('moveNode moves, and does not share the caller\'s position array', () => {
    const position: [number, number] = [5, 6];
    const after = applyAndCheckUndo(sample(), moveNode('b', position));
    position[0] = 99;
    expect(after.nodes[1].position).toEqual([5, 6]);
  });

  it('batch applies edits in order and undoes them in reverse', () => {
    const edit = batch('Delete selection', [removeNode('a'), removeNode('d'), setParam('c', 'influence', 0)]);
    const after = applyAndCheckUndo(sample(), edit);
    expect(after.nodes.map((n) => n.id)).toEqual(['b', 'c']);
    expect(labelOf(edit)).toBe('Delete selection');
  });

  it('keeps unknown top-level keys and shares untouched nodes', () => {
    const graph = deepFreeze({ ...sample(), generator: 'export.py' } as GraphDocument);
    const after = applyEdit(graph, moveNode('a', [1, 1])).graph;
    expect((after as unknown as Record<string, unknown>)['generator']).toBe('export.py');
    expect(after.nodes[1]).toBe(graph.nodes[1]);
  });

  it('refuses edits that name what is not there, with a clear message', () => {
    const graph = sample();
    const refused = (edit: Edit) => {
      try {
        applyEdit(graph, edit);
      } catch (e) {
        return e instanceof GraphEditError ? `${e.code}: ${e.message}` : 'not a GraphEditError';
      }
      return 'applied';
    };
    expect(refused(addNode(node('a')))).toBe('duplicate-node-id: a node with id "a" already exists');
    expect(refused(addNode(node('e'), 9))).toBe('bad-index: cannot insert a node at index 9; there are 4');
    expect(refused(removeNode('z'))).toBe('no-such-node: there is no node with id "z"');
    expect(refused(connect({ node: 'z', socket: 'x' }, { node: 'a', socket: 'y' }))).toBe('no-such-node: cannot link z.x: there is no node with id "z"');
    expect(refused(disconnect({ node: 'a', socket: 'final' }, { node: 'd', socket: 'owner' }))).toBe('no-such-link: there is no link from a.final to d.owner');
    expect(refused(setParam('z', 'p', 1))).toBe('no-such-node: there is no node with id "z"');
  });

  it('labels edits for menus', () => {
    expect(labelOf(moveNode('arm', [0, 0]))).toBe('Move node "arm"');
    expect(labelOf(connect({ node: 'a', socket: 'final' }, { node: 'c', socket: 'target' }))).toBe('Connect a.final to c.target');
    expect(labelOf(setParam('c', 'influence', undefined))).toBe('Reset c.influence');
  });
});

describe('History', () => {
  it('undoes and redoes, and a new edit clears redo', () => {
    const history = new History();
    const g0 = sample();
    expect(history.canUndo()).toBe(false);
    const g1 = history.perform(g0, moveNode('a', [1, 2]));
    const g2 = history.perform(g1, removeNode('c'));
    expect(history.undoLabel()).toBe('Remove node "c"');
    expect(history.undo(g2)).toEqual(g1);
    expect(history.canRedo()).toBe(true);
    expect(history.redoLabel()).toBe('Remove node "c"');
    expect(history.redo(g1)).toEqual(g2);
    history.undo(g2);
    history.perform(g1, setParam('a', 'x', 1));
    expect(history.canRedo()).toBe(false);
    expect(history.undo(history.undo(history.perform(g0, addNode(node('z')))))).toBeDefined();
  });

  it('returns the document unchanged when there is nothing to undo or redo', () => {
    const history = new History();
    const graph = sample();
    expect(history.undo(graph)).toBe(graph);
    expect(history.redo(graph)).toBe(graph);
  });

  it('forgets the oldest steps past its limit', () => {
    const history = new History(3);
    let graph = sample();
    for (let i = 0; i < 5; i++) graph = history.perform(graph, moveNode('a', [i, i]));
    let undos = 0;
    while (history.canUndo()) {
      graph = history.undo(graph);
      undos++;
    }
    expect(undos).toBe(3);
    expect(graph.nodes[0].position).toEqual([1, 1]);
    expect(() => new History(0)).toThrow('limit must be a whole number of at least 1');
  });

  it('keeps a step whose undo fails, so nothing is lost', () => {
    const history = new History();
    const g1 = history.perform(sample(), addNode(node('e')));
    expect(() => history.undo(sample())).toThrow(GraphEditError); // the wrong document: it has no "e"
    expect(history.canUndo()).toBe(true);
    expect(history.undo(g1)).toEqual(sample());
  });
});

/** A random edit that fits `graph`, driven by numbers so fast-check can generate and shrink it. */
type Dice = [number, number, number, number, JsonValue, number, number];
// Small values keep 1,000-step runs quick; the save tests cover awkward JSON on its own.
const paramValue: fc.Arbitrary<JsonValue> = fc.oneof(awkwardNumber, fc.string({ maxLength: 3 }), fc.constantFrom(null, true, [1, 2, 3], { nested: [0] }));
const dice: fc.Arbitrary<Dice> = fc.tuple(fc.nat(7), fc.nat(), fc.nat(), fc.nat(), paramValue, awkwardNumber, awkwardNumber);
const SOCKETS = ['owner', 'target', 'final', 'influence'];
const PARAMS = ['influence', 'trackAxis', '__proto__', 'x'];

function editFor(graph: GraphDocument, [kind, r1, r2, r3, value, x, y]: Dice, serial: number): Edit {
  const { nodes, links } = graph;
  const pick = <T>(items: readonly T[], r: number): T => items[r % items.length];
  if (nodes.length === 0 || kind === 0) {
    return addNode({ id: `added-${serial}`, type: 'object/owner', params: r3 % 2 === 0 ? {} : { x: value }, position: [x, y] }, r1 % (nodes.length + 1));
  }
  const id = pick(nodes, r1).id;
  switch (kind) {
    case 1:
      return removeNode(id);
    case 2:
    case 3:
      if (kind === 3 && links.length > 0) {
        const link = pick(links, r2);
        return disconnect(link.from, link.to);
      }
      return connect({ node: id, socket: pick(SOCKETS, r3) }, { node: pick(nodes, r2).id, socket: pick(SOCKETS, r3 >> 2) });
    case 4:
      return setParam(id, pick(PARAMS, r2), r3 % 3 === 0 ? undefined : value);
    case 5:
      return moveNode(id, [x, y]);
    default:
      return batch('Move and set', [moveNode(id, [y, x]), setParam(id, pick(PARAMS, r3), value), addNode(node(`batch-${serial}`), 0)]);
  }
}

/** Performs `rolls` through a History, undoes all, redoes all, comparing with the forward states at every step. */
function undoRedoRoundTrip(start: GraphDocument, rolls: readonly Dice[]): void {
  const history = new History(1000);
  const states = [deepFreeze(start)];
  rolls.forEach((roll, i) => {
    const current = states[states.length - 1];
    states.push(deepFreeze(history.perform(current, editFor(current, roll, i))));
  });
  let graph = states[states.length - 1];
  for (let i = states.length - 2; i >= 0; i--) {
    graph = deepFreeze(history.undo(graph));
    if (!identical(graph, states[i])) {
      expect(snapshot(graph)).toBe(snapshot(states[i])); // shows the difference
      throw new Error(`after undo the document differs from state ${i}`);
    }
  }
  expect(history.canUndo()).toBe(false);
  expect(graph).toEqual(start);
  for (let i = 1; i < states.length; i++) {
    graph = deepFreeze(history.redo(graph));
    if (!identical(graph, states[i])) {
      expect(snapshot(graph)).toBe(snapshot(states[i])); // shows the difference
      throw new Error(`after redo the document differs from state ${i}`);
    }
  }
  expect(history.canRedo()).toBe(false);
  expect(graph).toEqual(states[states.length - 1]);
}

describe('History property', () => {
  it('short random edit sequences undo and redo exactly (shrinks to a small counterexample)', () => {
    fc.assert(fc.property(graphDocument, fc.array(dice, { maxLength: 40 }), undoRedoRoundTrip), { numRuns: 200 });
  });

  it('1,000 random edits, undo all, redo all: identical to the forward states at every step', () => {
    // No shrinking: on 1,000 steps it takes minutes; the short runs above give small counterexamples.
    fc.assert(fc.property(graphDocument, fc.array(dice, { minLength: 1000, maxLength: 1000 }), undoRedoRoundTrip), { numRuns: 10, endOnFailure: true });
  });
});
