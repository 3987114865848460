// The Action constraint's action is an `action` param: the graph layer sees that kind in the
// catalog, a file naming an action as a string loads and saves back as it was (files written
// before the kind existed included), and a value that is not a name is refused where it is.
import { describe, expect, it } from 'vitest';
import { loadGraph } from '../../graph/load';
import { saveGraph } from '../../graph/save';
import { graphCatalog } from '../../nodes/catalog';

const catalog = graphCatalog();

function file(action: unknown): string {
  return JSON.stringify({
    format: 'sinew-graph', version: 2, links: [],
    nodes: [{ id: 'act', type: 'constraint/action', params: { action, frameEnd: 10 }, position: [0, 0] }],
  });
}

describe('an action param in a graph file', () => {
  it('is of kind action in the catalog the loader checks against', () => {
    expect(catalog.get('constraint/action')?.params.action).toEqual({ kind: 'action' });
  });

  it('loads a name, whether or not a scene has it, and saves it back unchanged', () => {
    for (const name of ['Smile', '', 'Not In Any Scene']) {
      const r = loadGraph(file(name), catalog);
      expect(r).toMatchObject({ ok: true, warnings: [] });
      if (r.ok) expect(JSON.parse(saveGraph(r.graph))).toEqual(JSON.parse(file(name)));
    }
  });

  it('refuses a value that is not a name, naming the node, the pointer and what was expected', () => {
    const r = loadGraph(file(7), catalog);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toEqual([{ code: 'invalid-param', pointer: '/nodes/0/params/action', nodeId: 'act', message: expect.stringContaining("expected the name of one of the scene's actions (a string), got 7") }]);
  });
});
