import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalNumber, formatNumber } from '../../graph/canonical-number';
import { loadGraph } from '../../graph/load';
import { saveGraph } from '../../graph/save';
import type { GraphDocument, GraphNode } from '../../graph/types';
import { deepFreeze, graphDocument, normalized } from './arbitraries';

function reload(text: string): GraphDocument {
  const result = loadGraph(text);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.graph;
}

describe('canonical numbers', () => {
  it('removes float noise, keeps integers whole and turns -0 into 0', () => {
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatNumber(1 - 0.9)).toBe('0.1');
    expect(formatNumber(-0)).toBe('0');
    expect(formatNumber(-1e-30 * 0)).toBe('0');
    expect(formatNumber(42)).toBe('42');
    expect(formatNumber(1.5e-7)).toBe('1.5e-7');
    expect(formatNumber(1e21)).toBe('1e+21');
    // More digits than a double holds, on purpose: the double's own value is what is saved.
    // eslint-disable-next-line no-loss-of-precision
    expect(formatNumber(123456789.123456789)).toBe('123456789.123');
    expect(formatNumber(Number.NaN)).toBe('null');
  });

  it('is idempotent: rounding twice changes nothing', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const once = canonicalNumber(x);
        expect(Object.is(canonicalNumber(once), once)).toBe(true);
        expect(Object.is(Number(formatNumber(x)), once)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('saveGraph', () => {
  it('writes known keys in reading order, other keys sorted, numbers plain, one final newline', () => {
    const graph = {
      zeta: true,
      links: [{ to: { socket: 'target', node: 'b' }, from: { socket: 'final', node: 'a' } }],
      nodes: [
        { params: { z: 1, a: [0.1 + 0.2, -0], m: { y: 2, x: 1 } }, position: [10, -0] as [number, number], type: 'object/owner', id: 'a', note: 'hi' },
        { position: [0, 0] as [number, number], params: {}, id: 'b', type: 'constraint/damped-track' },
      ] as GraphNode[],
      view: { zoom: 2, x: 1 },
      scene: 'rig.scene.json',
      version: 1,
      format: 'sinew-graph' as const,
      alpha: { b: [], a: {} },
      '10': 'ten',
      '2': 'two',
    };
    expect(saveGraph(graph)).toBe(
      [
        '{',
        '  "format": "sinew-graph",',
        '  "version": 1,',
        '  "scene": "rig.scene.json",',
        '  "view": {',
        '    "x": 1,',
        '    "zoom": 2',
        '  },',
        '  "nodes": [',
        '    {',
        '      "id": "a",',
        '      "type": "object/owner",',
        '      "position": [10, 0],',
        '      "params": {',
        '        "a": [0.3, 0],',
        '        "m": {',
        '          "x": 1,',
        '          "y": 2',
        '        },',
        '        "z": 1',
        '      },',
        '      "note": "hi"',
        '    },',
        '    {',
        '      "id": "b",',
        '      "type": "constraint/damped-track",',
        '      "position": [0, 0],',
        '      "params": {}',
        '    }',
        '  ],',
        '  "links": [',
        '    {',
        '      "from": {',
        '        "node": "a",',
        '        "socket": "final"',
        '      },',
        '      "to": {',
        '        "node": "b",',
        '        "socket": "target"',
        '      }',
        '    }',
        '  ],',
        '  "10": "ten",',
        '  "2": "two",',
        '  "alpha": {',
        '    "a": {},',
        '    "b": []',
        '  },',
        '  "zeta": true',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('leaves out absent scene and view, and keys holding undefined', () => {
    const text = saveGraph({ format: 'sinew-graph', version: 1, nodes: [], links: [], scene: undefined });
    expect(text).toBe('{\n  "format": "sinew-graph",\n  "version": 1,\n  "nodes": [],\n  "links": []\n}\n');
  });

  it('keeps a "__proto__" key as data', () => {
    const params = JSON.parse('{"__proto__": {"polluted": 1}}') as Record<string, never>;
    const text = saveGraph({ format: 'sinew-graph', version: 1, nodes: [{ id: 'a', type: 't', params, position: [0, 0] }], links: [] });
    expect(text).toContain('"__proto__": {');
    expect(reload(text).nodes[0].params).toEqual(params);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('round-trips random graphs: load(save(g)) equals g normalized, and saving again gives the same bytes', () => {
    fc.assert(
      fc.property(graphDocument, (graph) => {
        const text = saveGraph(graph);
        const loaded = reload(text);
        expect(loaded).toEqual(normalized(graph));
        expect(saveGraph(loaded)).toBe(text);
        expect(saveGraph(reload(saveGraph(loaded)))).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it('does not change the graph it saves', () => {
    fc.assert(
      fc.property(graphDocument, (graph) => {
        const text = saveGraph(deepFreeze(graph)); // a write to the graph would throw
        expect(saveGraph(graph)).toBe(text);
      }),
      { numRuns: 100 },
    );
  });
});
