import { describe, expect, it } from 'vitest';
import { addNode, connect, setParam } from '../../graph/edits';
import { History } from '../../graph/history';
import { loadGraph } from '../../graph/load';
import { saveGraph } from '../../graph/save';
import { schedule } from '../../graph/schedule';
import type { GraphDocument } from '../../graph/types';

describe('the graph layer end to end', () => {
  it('a graph edited through History saves and loads back the same, and schedules in link order', () => {
    const history = new History();
    let doc: GraphDocument = { format: 'sinew-graph', version: 1, nodes: [], links: [] };
    doc = history.perform(doc, addNode({ id: 'arm', type: 'object/owner', params: { owner: 'Arm' }, position: [0, 0] }));
    doc = history.perform(doc, addNode({ id: 'track', type: 'constraint/damped-track', params: {}, position: [200, 0] }));
    doc = history.perform(doc, connect({ node: 'arm', socket: 'final' }, { node: 'track', socket: 'target' }));
    doc = history.perform(doc, setParam('track', 'influence', 0.1 + 0.2));
    const loaded = loadGraph(saveGraph(doc));
    expect(loaded.ok && loaded.graph.nodes[1].params['influence']).toBe(0.3);
    expect(schedule(doc.nodes.map((n) => n.id), doc.links.map((l) => [l.from.node, l.to.node])).order).toEqual(['arm', 'track']);
  });
});
