import { describe, expect, it } from 'vitest';
import { loadGraph, type LoadResult } from '../../graph/load';
import { formatGraphError } from '../../graph/messages';
import type { GraphError } from '../../graph/types';
import { fakeCatalog } from './fake-catalog';
import type { ParsedJson } from '../parsed-json';

/** A small valid rig: an owner, a target and a damped track between them. */
function validFile(): Record<string, ParsedJson> {
  return {
    format: 'sinew-graph',
    version: 2,
    nodes: [
      { id: 'arm', type: 'object/owner', params: { owner: 'Arm' }, position: [0, 0] },
      { id: 'goal', type: 'object/owner', params: { owner: 'Goal' }, position: [0, 200] },
      { id: 'track', type: 'constraint/damped-track', params: { trackAxis: '+Y', influence: 0.5 }, position: [300, 100] },
    ],
    links: [
      { from: { node: 'arm', socket: 'pre' }, to: { node: 'track', socket: 'owner' } },
      { from: { node: 'goal', socket: 'final' }, to: { node: 'track', socket: 'target' } },
    ],
  };
}

function load(file: unknown): LoadResult {
  return loadGraph(typeof file === 'string' ? file : JSON.stringify(file), fakeCatalog);
}

function errorsOf(result: LoadResult): GraphError[] {
  expect(result.ok).toBe(false);
  return result.ok ? [] : result.errors;
}

/** The file fails with exactly this one error. */
function expectOnlyError(file: unknown, expected: Partial<GraphError>): void {
  const errors = errorsOf(load(file));
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatchObject(expected);
}

describe('loadGraph: a valid file', () => {
  it('loads with no errors or warnings and keeps every value', () => {
    const result = load(validFile());
    expect(result).toEqual({ ok: true, graph: validFile(), warnings: [] });
  });

  it('still opens a version 1 file, upgraded to the current version', () => {
    const result = load({ ...validFile(), version: 1 });
    expect(result).toEqual({ ok: true, graph: validFile(), warnings: [] });
  });

  it('accepts an already parsed value and does not keep a reference to it', () => {
    const input = validFile();
    const result = loadGraph(input, fakeCatalog);
    if (!result.ok) throw new Error('expected ok');
    input.nodes[0].params.owner = 'Changed';
    expect(result.graph.nodes[0].params['owner']).toBe('Arm');
  });

  it('loads without a catalog, checking structure and links but not node kinds', () => {
    const file = validFile();
    file.nodes[2].type = 'somebody/else';
    file.nodes[2].params.influence = 'high';
    expect(loadGraph(JSON.stringify(file))).toMatchObject({ ok: true, warnings: [] });
  });

  it('keeps unknown top-level keys and unknown node keys, with a warning each', () => {
    const file = validFile();
    file.generator = { name: 'export.py', at: [1, 2] };
    file.nodes[0].color = '#ff0000';
    const result = load(file);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect((result.graph as unknown as Record<string, unknown>)['generator']).toEqual({ name: 'export.py', at: [1, 2] });
    expect((result.graph.nodes[0] as unknown as Record<string, unknown>)['color']).toBe('#ff0000');
    expect(result.warnings.map((w) => [w.code, w.pointer])).toEqual([
      ['extra-field', '/generator'],
      ['extra-field', '/nodes/0/color'],
    ]);
  });

  it('accepts "$schema" without a warning, and a byte-order mark before the JSON', () => {
    const file = { $schema: './sinew-graph.schema.json', ...validFile() };
    expect(loadGraph('\uFEFF' + JSON.stringify(file), fakeCatalog)).toMatchObject({ ok: true, warnings: [] });
  });

  it('accepts scene as a path or an inline object, and a view', () => {
    expect(load({ ...validFile(), scene: 'rig.scene.json', view: { x: 1, y: -2, zoom: 0.5 } }).ok).toBe(true);
    expect(load({ ...validFile(), scene: { objects: [] }, view: {} }).ok).toBe(true);
  });
});

describe('loadGraph: files that are not graph files', () => {
  it('reports a JSON syntax error with its line and column', () => {
    expectOnlyError('{\n  "format": "sinew-graph",\n  "version": 1,\n}', {
      code: 'json-syntax',
      pointer: '',
      message: 'the file is not valid JSON: a comma before "}" is not allowed in JSON at line 3, column 15',
    });
  });

  it('refuses a JSON array', () => {
    expectOnlyError('[1, 2]', { code: 'wrong-format', pointer: '', message: 'this is not a Sinew graph file: expected a JSON object with "format": "sinew-graph", got [1,2]' });
  });

  it('refuses a file without a format', () => {
    const { format: _f, ...file } = validFile();
    expectOnlyError(file, { code: 'wrong-format', pointer: '/format', message: 'this is not a Sinew graph file: it has no "format" (expected "sinew-graph")' });
  });

  it('refuses a file of another format, naming it', () => {
    expectOnlyError({ ...validFile(), format: 'sinew-scene' }, {
      code: 'wrong-format',
      pointer: '/format',
      message: 'this is a "sinew-scene" file, not a Sinew graph file (expected "format": "sinew-graph")',
    });
  });

  it('refuses a newer version, naming both versions', () => {
    expectOnlyError({ ...validFile(), version: 3, nodes: 'whatever' }, {
      code: 'newer-version',
      pointer: '/version',
      message: 'this file is version 3; this build of Sinew reads up to version 2. Open it with a newer Sinew.',
    });
  });

  it('refuses a value that is not JSON data, without a stack trace', () => {
    const cyclic: Record<string, unknown> = { ...validFile() };
    cyclic['self'] = cyclic;
    expect(loadGraph(cyclic)).toEqual({
      ok: false,
      errors: [{ code: 'not-json', pointer: '', message: 'the graph is not plain JSON data: it refers to itself' }],
      warnings: [],
    });
  });
});

describe('loadGraph: structural errors name the pointer and what was expected', () => {
  const cases: [string, (f: Record<string, ParsedJson>) => void, Partial<GraphError>][] = [
    ['version is a string', (f) => (f.version = '1'), { pointer: '/version', message: 'expected a whole number, 1 or more, got "1"' }],
    ['version is zero', (f) => (f.version = 0), { pointer: '/version', message: 'expected a whole number, 1 or more, got 0' }],
    ['nodes is missing', (f) => delete f.nodes, { code: 'missing-field', pointer: '/nodes', message: 'required field "nodes" is missing (expected a list of nodes)' }],
    ['links is an object', (f) => (f.links = {}), { pointer: '/links', message: 'expected a list of links, got {}' }],
    ['a node is a string', (f) => (f.nodes[1] = 'goal'), { pointer: '/nodes/1', message: 'expected a node (an object), got "goal"' }],
    ['a node has no id', (f) => delete f.nodes[0].id, { code: 'missing-field', pointer: '/nodes/0/id', message: 'required field "id" is missing (expected a non-empty string)' }],
    ['a node id is empty', (f) => (f.nodes[0].id = ''), { pointer: '/nodes/0/id', message: 'expected a non-empty string, got ""' }],
    ['a node type is a number', (f) => (f.nodes[0].type = 7), { pointer: '/nodes/0/type', message: 'expected a non-empty string, got 7' }],
    ['params is an array', (f) => (f.nodes[2].params = []), { pointer: '/nodes/2/params', message: 'expected an object, got []' }],
    ['position has 1 number', (f) => (f.nodes[2].position = [1]), { pointer: '/nodes/2/position', nodeId: 'track', message: 'expected an array of 2 numbers, got [1]' }],
    ['position has 3 numbers', (f) => (f.nodes[2].position = [1, 2, 3]), { pointer: '/nodes/2/position', message: 'expected an array of 2 numbers, got [1,2,3]' }],
    ['position is a string', (f) => (f.nodes[2].position = '1,2'), { pointer: '/nodes/2/position', message: 'expected an array of 2 numbers, got "1,2"' }],
    ['position holds a string', (f) => (f.nodes[2].position = [1, 'x']), { pointer: '/nodes/2/position/1', message: 'expected a number, got "x"' }],
    ['a link has no "to"', (f) => delete f.links[1].to, { code: 'missing-field', pointer: '/links/1/to', message: 'required field "to" is missing (expected a link end (an object))' }],
    ['a link end has a typo', (f) => (f.links[0].from = { node: 'arm', sokcet: 'pre' }), { code: 'missing-field', pointer: '/links/0/from/socket' }],
    ['a link has an extra key', (f) => (f.links[0].muted = true), { code: 'unknown-field', pointer: '/links/0/muted', message: 'unknown field "muted"; a link has only "from" and "to"' }],
    ['scene is a number', (f) => (f.scene = 4), { pointer: '/scene', message: 'expected an object or a string, got 4' }],
    ['zoom is zero', (f) => (f.view = { zoom: 0 }), { pointer: '/view/zoom', message: 'expected a number greater than 0, got 0' }],
  ];
  for (const [name, change, expected] of cases) {
    it(name, () => {
      const file = validFile();
      change(file);
      const errors = errorsOf(load(file));
      expect(errors).toContainEqual(expect.objectContaining(expected));
    });
  }

  it('a typo in a link end gives two errors at their own pointers, not a cascade', () => {
    const file = validFile();
    file.links[0].from = { node: 'arm', sokcet: 'pre' };
    expect(errorsOf(load(file)).map((e) => e.pointer)).toEqual(['/links/0/from/socket', '/links/0/from/sokcet']);
  });

  it('reports every problem in the file, not just the first', () => {
    const file = validFile();
    file.version = 'one';
    file.nodes[0].position = [0];
    file.nodes[1].id = 'arm'; // also orphans the link from "goal"
    file.links[1].to.node = 'nowhere';
    file.nodes[2].params.trackAxis = 'Q';
    expect(errorsOf(load(file)).map((e) => e.pointer).sort()).toEqual(
      ['/version', '/nodes/0/position', '/nodes/1/id', '/links/1/from/node', '/links/1/to/node', '/nodes/2/params/trackAxis'].sort(),
    );
  });

  it('formats an error as one line, pointer first', () => {
    const file = validFile();
    file.nodes[3] = { id: 'x', type: 'object/owner', params: {}, position: [1] };
    expect(errorsOf(load(file)).map(formatGraphError)).toEqual(['/nodes/3/position: expected an array of 2 numbers, got [1]']);
  });
});

describe('loadGraph: ids and links', () => {
  it('reports a duplicate id at the second node', () => {
    const file = validFile();
    file.nodes[2].id = 'arm';
    file.links = [];
    expectOnlyError(file, {
      code: 'duplicate-node-id',
      pointer: '/nodes/2/id',
      nodeId: 'arm',
      message: 'node id "arm" is already used by /nodes/0; every node needs its own id',
    });
  });

  it('reports a link from a missing node', () => {
    const file = validFile();
    file.links[0].from.node = 'ghost';
    expectOnlyError(file, { code: 'missing-node', pointer: '/links/0/from/node', message: 'this link starts at node "ghost", but there is no node with that id' });
  });

  it('reports a link to a missing node', () => {
    const file = validFile();
    file.links[1].to.node = 'ghost';
    expectOnlyError(file, { code: 'missing-node', pointer: '/links/1/to/node', message: 'this link ends at node "ghost", but there is no node with that id' });
  });

  it('reports a missing output socket and lists the outputs there are', () => {
    const file = validFile();
    file.links[0].from.socket = 'post';
    expectOnlyError(file, {
      code: 'missing-socket',
      pointer: '/links/0/from/socket',
      nodeId: 'arm',
      message: 'node "arm" (object/owner) has no output "post"; its outputs are "pre" and "final"',
    });
  });

  it('reports a missing input socket', () => {
    const file = validFile();
    file.links[1].to.socket = 'pole';
    expectOnlyError(file, {
      code: 'missing-socket',
      pointer: '/links/1/to/socket',
      message: 'node "track" (constraint/damped-track) has no input "pole"; its inputs are "owner", "target" and "influence"',
    });
  });

  it('reports a link that starts at an input', () => {
    const file = validFile();
    file.links.push({ from: { node: 'track', socket: 'target' }, to: { node: 'track', socket: 'influence' } });
    expectOnlyError(file, {
      code: 'link-from-input',
      pointer: '/links/2/from/socket',
      message: '"target" is an input of node "track" (constraint/damped-track); a link must start at an output',
    });
  });

  it('reports a link that ends at an output', () => {
    const file = validFile();
    file.links.push({ from: { node: 'track', socket: 'owner' }, to: { node: 'arm', socket: 'final' } });
    expectOnlyError(file, {
      code: 'link-to-output',
      pointer: '/links/2/to/socket',
      message: '"final" is an output of node "arm" (object/owner); a link must end at an input',
    });
  });

  it('reports a second link into the same input', () => {
    const file = validFile();
    file.links.push({ from: { node: 'arm', socket: 'final' }, to: { node: 'track', socket: 'target' } });
    expectOnlyError(file, {
      code: 'input-linked-twice',
      pointer: '/links/2/to',
      nodeId: 'track',
      message: 'input "target" of node "track" is already linked by /links/1; an input takes only one link',
    });
  });
});

describe('loadGraph: node kinds and params', () => {
  it('keeps a node of an unknown type with a warning, and does not check its sockets', () => {
    const file = validFile();
    file.nodes[2].type = 'constraint/from-the-future';
    file.nodes[2].params.anything = [1, { deep: true }];
    const result = load(file);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.graph.nodes[2]).toEqual(file.nodes[2]);
    expect(result.warnings).toEqual([
      {
        code: 'unknown-node-type',
        pointer: '/nodes/2/type',
        nodeId: 'track',
        message: 'unknown node type "constraint/from-the-future"; the node is kept as it is but does nothing in this build of Sinew',
      },
    ]);
  });

  it('keeps an unknown param on a known node, with a warning', () => {
    const file = validFile();
    file.nodes[2].params.mixMode = 'REPLACE';
    const result = load(file);
    expect(result).toMatchObject({ ok: true, graph: { nodes: [{}, {}, { params: { mixMode: 'REPLACE' } }] } });
    if (!result.ok) return;
    expect(result.warnings).toEqual([
      { code: 'unknown-param', pointer: '/nodes/2/params/mixMode', nodeId: 'track', message: 'node "track": unknown param "mixMode"; it is kept in the file but not used' },
    ]);
  });

  const paramCases: [string, string, unknown, string][] = [
    ['constraint/damped-track', 'influence', 'high', 'expected a number from 0 to 1, got "high"'],
    ['constraint/damped-track', 'influence', 1.5, 'expected a number from 0 to 1, got 1.5'],
    ['constraint/damped-track', 'trackAxis', 'Q', 'expected one of "+X", "+Y", "+Z", "-X", "-Y", "-Z", got "Q"'],
    ['test/everything', 'any', null, 'expected a number, got null'],
    ['test/everything', 'atLeast', -1, 'expected a number, 0 or more, got -1'],
    ['test/everything', 'count', 2.5, 'expected a whole number from 0 to 10, got 2.5'],
    ['test/everything', 'count', 11, 'expected a whole number from 0 to 10, got 11'],
    ['test/everything', 'enabled', 'yes', 'expected true or false, got "yes"'],
    ['test/everything', 'label', 3, 'expected a string, got 3'],
    ['test/everything', 'offset', [1, 2], 'expected an array of 3 numbers, got [1,2]'],
    ['test/everything', 'offset', [1, 2, '3'], 'expected an array of 3 numbers, got [1,2,"3"]'],
    ['test/everything', 'rest', [1, 0, 0, 1], 'expected an array of 16 numbers (a 4×4 matrix, column by column), got [1,0,0,1]'],
    ['object/owner', 'owner', 12, 'expected the name of an object or bone (a string), got 12'],
    ['test/everything', 'clip', ['Walk'], 'expected the name of one of the scene\'s actions (a string), got ["Walk"]'],
  ];
  for (const [type, name, value, message] of paramCases) {
    it(`${type} ${name} = ${JSON.stringify(value)}`, () => {
      const file = validFile();
      file.links = [];
      file.nodes[2] = { id: 'n', type, params: { [name]: value }, position: [0, 0] };
      expectOnlyError(file, { code: 'invalid-param', pointer: `/nodes/2/params/${name}`, nodeId: 'n', message });
    });
  }

  it('accepts params at the ends of their ranges', () => {
    const file = validFile();
    file.links = [];
    const rest = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
    file.nodes[2] = { id: 'n', type: 'test/everything', params: { any: -1e9, atLeast: 0, count: 10, enabled: false, label: '', clip: '', offset: [0, 0, 0], rest }, position: [0, 0] };
    expect(load(file)).toMatchObject({ ok: true, warnings: [] });
  });

  it('escapes "/" and "~" in a param name in its pointer', () => {
    const file = validFile();
    file.nodes[2].params['a/b~c'] = 1;
    const result = load(file);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.warnings[0]?.pointer).toBe('/nodes/2/params/a~1b~0c');
  });
});
