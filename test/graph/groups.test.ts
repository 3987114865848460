// Groups compile away: a graph with a random subset grouped evaluates bit for bit as the flat graph,
// with the same number of steps; ungrouping and undo give the flat graph back; files round-trip.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEdit, editGroup, moveNode, setParam } from '../../graph/edits';
import { flattenGroups } from '../../graph/flatten';
import { groupSelection, ungroup } from '../../graph/grouping';
import { History } from '../../graph/history';
import { loadGraph } from '../../graph/load';
import { saveGraph } from '../../graph/save';
import type { GraphDocument } from '../../graph/types';
import { graphCatalog } from '../../nodes/catalog';
import { compile } from '../../runtime/eval/compile';
import { CompileFailure } from '../../runtime/eval/errors';
import type { SceneDocument } from '../../runtime/rig/scene/types';
import { degenerateRig } from '../reliability/rigs';

/**
 * Every owner's matrix as the bits of its doubles, so −0 and NaN payloads count too; and the step count.
 * Inside a dependency cycle the order is the graph's node order (graph/schedule.ts breaks a cycle
 * where the graph's order meets it, as Blender's sort does with its relations), and a group moves its
 * nodes in that order, so for a graph with a cycle the owners caught in cycles are compared, not bits.
 */
function run(graph: GraphDocument, scene: SceneDocument): { bits: Record<string, string>; steps: number } | { cycleOwners: string[]; steps: number } | 'fails' {
  let program;
  try {
    program = compile(graph, scene);
  } catch (e) {
    if (e instanceof CompileFailure) return 'fails';
    throw e;
  }
  program.evaluate(1);
  if (program.schedule.cycles.length > 0) {
    return { cycleOwners: program.schedule.cycles.flatMap((c) => c.owners).sort(), steps: program.steps.length };
  }
  const bits: Record<string, string> = {};
  for (const [id, m] of Object.entries(program.result().owners)) {
    bits[id] = [...new BigUint64Array(new Float64Array(m).buffer)].map((b) => b.toString(16)).join(' ');
  }
  return { bits, steps: program.steps.length };
}

const rigWithSubset = degenerateRig().chain(({ scene, graph }) =>
  fc.subarray(graph.nodes.map((n) => n.id), { minLength: 1 }).map((ids) => ({ scene, graph, ids })),
);

describe('node groups', () => {
  it('a grouped random subset evaluates bit for bit as the flat graph, in as many steps; ungroup and undo give it back', () => {
    fc.assert(
      fc.property(rigWithSubset, ({ scene, graph, ids }) => {
        const flat = run(graph, scene);
        const history = new History();
        const grouped = history.perform(graph, groupSelection(graph, ids).edit);
        expect(grouped.nodes.length).toBe(graph.nodes.length - ids.length + 1);
        expect(run(grouped, scene)).toEqual(flat);
        // Saved and loaded back: the same bytes again, and evaluating as the flat graph saved and loaded.
        const text = saveGraph(grouped);
        const loaded = loadGraph(text, graphCatalog());
        const flatLoaded = loadGraph(saveGraph(graph), graphCatalog());
        if (!loaded.ok || !flatLoaded.ok) throw new Error(JSON.stringify(loaded.ok ? flatLoaded : loaded));
        expect(saveGraph(loaded.graph)).toBe(text);
        expect(run(loaded.graph, scene)).toEqual(run(flatLoaded.graph, scene));
        // Ungrouping gives the nodes back under their own ids; undo gives the very document back.
        const ungrouped = applyEdit(grouped, ungroup(grouped, groupSelection(graph, ids).nodeId)).graph;
        expect(new Set(ungrouped.nodes.map((n) => n.id))).toEqual(new Set(graph.nodes.map((n) => n.id)));
        expect(ungrouped.groups).toBeUndefined();
        expect(run(ungrouped, scene)).toEqual(flat);
        expect(history.undo(grouped)).toEqual(graph);
      }),
      { numRuns: 60 },
    );
  });
});

/** A two-node chain on owner A; the chain is grouped, then used a second time on owner B. */
function twoUses(): { graph: GraphDocument; scene: SceneDocument } {
  const scene: SceneDocument = {
    format: 'sinew-scene',
    version: 1,
    objects: [
      { name: 'A', type: 'EMPTY', location: [1, 0, 0] },
      { name: 'B', type: 'EMPTY', location: [0, 2, 0] },
      { name: 'T', type: 'EMPTY', location: [0, 0, 3] },
    ],
  };
  const graph: GraphDocument = {
    format: 'sinew-graph',
    version: 2,
    nodes: [
      { id: 'inA', type: 'owner/input', params: { owner: 'A' }, position: [0, 0] },
      { id: 'target', type: 'owner/read', params: { owner: 'T' }, position: [0, 200] },
      { id: 'copy', type: 'constraint/copy-location', params: { influence: 0.5 }, position: [200, 0] },
      { id: 'outA', type: 'owner/output', params: { owner: 'A' }, position: [400, 0] },
    ],
    links: [
      { from: { node: 'inA', socket: 'transform' }, to: { node: 'copy', socket: 'owner' } },
      { from: { node: 'target', socket: 'transform' }, to: { node: 'copy', socket: 'target' } },
      { from: { node: 'copy', socket: 'owner' }, to: { node: 'outA', socket: 'transform' } },
    ],
  };
  return { graph, scene };
}

describe('a definition used twice', () => {
  it('is stored once, and editing it changes both uses; undo restores both', () => {
    const { graph, scene } = twoUses();
    const history = new History();
    const { edit, nodeId, groupId } = groupSelection(graph, ['copy']);
    let doc = history.perform(graph, edit);
    expect(doc.groups).toHaveLength(1);
    expect(doc.groups![0].inputs.map((i) => i.name)).toEqual(['owner', 'target']);
    expect(doc.groups![0].outputs.map((o) => o.name)).toEqual(['owner']);
    // A second use, on B.
    doc = history.perform(doc, {
      kind: 'batch',
      label: 'Use group on B',
      edits: [
        { kind: 'add-node', node: { id: 'inB', type: 'owner/input', params: { owner: 'B' }, position: [0, 400] } },
        { kind: 'add-node', node: { id: 'useB', type: 'group', group: groupId, params: {}, position: [200, 400] } },
        { kind: 'add-node', node: { id: 'outB', type: 'owner/output', params: { owner: 'B' }, position: [400, 400] } },
        { kind: 'connect', link: { from: { node: 'inB', socket: 'transform' }, to: { node: 'useB', socket: 'owner' } } },
        { kind: 'connect', link: { from: { node: 'target', socket: 'transform' }, to: { node: 'useB', socket: 'target' } } },
        { kind: 'connect', link: { from: { node: 'useB', socket: 'owner' }, to: { node: 'outB', socket: 'transform' } } },
      ],
    });
    const before = compile(doc, scene).evaluate(1).result().owners;
    // Half way from (1,0,0) to (0,0,3), and from (0,2,0) to (0,0,3).
    expect(before['A'].slice(12, 15)).toEqual([0.5, 0, 1.5]);
    expect(before['B'].slice(12, 15)).toEqual([0, 1, 1.5]);
    doc = history.perform(doc, editGroup(groupId, setParam('copy', 'influence', 1)));
    const after = compile(doc, scene).evaluate(1).result().owners;
    expect(after['A'].slice(12, 15)).toEqual([0, 0, 3]);
    expect(after['B'].slice(12, 15)).toEqual([0, 0, 3]);
    const flat = flattenGroups(doc);
    expect(flat.nodes.map((n) => n.id)).toContain(`${nodeId}/copy`);
    expect(flat.nodes.map((n) => n.id)).toContain('useB/copy');
    doc = history.undo(doc);
    expect(compile(doc, scene).evaluate(1).result().owners).toEqual(before);
    // Ungrouping one use keeps the definition for the other.
    const one = applyEdit(doc, ungroup(doc, 'useB')).graph;
    expect(one.groups).toHaveLength(1);
    expect(compile(one, scene).evaluate(1).result().owners).toEqual(before);
  });

  it('reports a group node naming a missing group, and a group that contains itself, in words', () => {
    const { graph, scene } = twoUses();
    const { edit, groupId } = groupSelection(graph, ['copy']);
    const doc = applyEdit(graph, edit).graph;
    const missing = { ...doc, groups: [] };
    expect(() => compile(missing, scene)).toThrow(/uses group "group", which is not in the file's "groups"/);
    const loaded = loadGraph(JSON.stringify(missing), graphCatalog());
    expect(!loaded.ok && loaded.errors.map((e) => e.code)).toEqual(['missing-group']);
    const self = applyEdit(doc, editGroup(groupId, { kind: 'add-node', node: { id: 'me', type: 'group', group: groupId, params: {}, position: [0, 0] } })).graph;
    expect(() => compile(self, scene)).toThrow(/group "group" contains itself \(group → group\)/);
    expect(() => applyEdit(doc, editGroup(groupId, moveNode('nope', [0, 0])))).toThrow(/no node with id "nope"/);
  });
});
