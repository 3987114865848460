import { describe, expect, it } from 'vitest';
import * as graph from '../../graph/index';

describe('graph/index', () => {
  it('exports the public API', () => {
    for (const name of ['loadGraph', 'saveGraph', 'migrate', 'applyEdit', 'addNode', 'removeNode', 'connect', 'disconnect', 'setParam', 'moveNode', 'batch', 'History', 'schedule', 'formatGraphError', 'checkParam']) {
      expect(typeof (graph as Record<string, unknown>)[name], name).toBe('function');
    }
    expect(graph.GRAPH_VERSION).toBe(2);
  });

  it('a graph edited through the API saves and loads back the same', () => {
    const history = new graph.History();
    let doc: graph.GraphDocument = { format: 'sinew-graph', version: 1, nodes: [], links: [] };
    doc = history.perform(doc, graph.addNode({ id: 'arm', type: 'object/owner', params: { owner: 'Arm' }, position: [0, 0] }));
    doc = history.perform(doc, graph.addNode({ id: 'track', type: 'constraint/damped-track', params: {}, position: [200, 0] }));
    doc = history.perform(doc, graph.connect({ node: 'arm', socket: 'final' }, { node: 'track', socket: 'target' }));
    doc = history.perform(doc, graph.setParam('track', 'influence', 0.1 + 0.2));
    const loaded = graph.loadGraph(graph.saveGraph(doc));
    expect(loaded.ok && loaded.graph.nodes[1].params['influence']).toBe(0.3);
    expect(graph.schedule(doc.nodes.map((n) => n.id), doc.links.map((l) => [l.from.node, l.to.node])).order).toEqual(['arm', 'track']);
  });
});
