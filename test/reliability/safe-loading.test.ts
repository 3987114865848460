// Safe loading: every graph and scene file is untrusted. Limits on size, depth and counts with
// messages naming the limit and the value; numbers past a double refused; "__proto__",
// "constructor" and "prototype" keys kept as plain data that change no prototype.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../graph/limits';
import { loadGraph } from '../../graph/load';
import { inspectJson, readJson, scanDepth } from '../../graph/safe-json';
import { saveGraph } from '../../graph/save';
import { graphCatalog } from '../../nodes/catalog';
import { compile } from '../../runtime/eval/compile';
import { defaultCatalog } from '../../nodes/catalog';
import { readText } from '../../runtime/io/files';
import { loadScene, MAX_PARENT_DEPTH } from '../../runtime/io/scene/load';
import { graphOfSize, sceneOfSize } from './files-of-size';

const graphOf = (extra: Record<string, unknown> = {}) => ({ format: 'sinew-graph', version: 1, nodes: [], links: [], ...extra });
const sceneOf = (objects: unknown[]) => ({ format: 'sinew-scene', version: 1, objects });
const nested = (depth: number): string => '['.repeat(depth - 1) + '[]' + ']'.repeat(depth - 1);

function errorsOf(r: { ok: boolean; errors?: unknown }): { code: string; pointer: string; message: string }[] {
  expect(r.ok).toBe(false);
  return (r as { errors: { code: string; pointer: string; message: string }[] }).errors;
}

describe('size limit', () => {
  it('refuses graph and scene text past maxTextLength, naming the limit and the size', () => {
    const text = JSON.stringify(graphOf({ pad: 'x'.repeat(2000) }));
    const [e] = errorsOf(loadGraph(text, undefined, { limits: { maxTextLength: 1024 } }));
    expect(e).toMatchObject({ code: 'limit-exceeded', pointer: '' });
    expect(e.message).toBe(`the graph is 2 KiB (${text.length} characters); Sinew reads at most 1 KiB (limit maxTextLength)`);
    const scene = JSON.stringify({ ...sceneOf([]), pad: 'x'.repeat(2000) });
    expect(errorsOf(loadScene(scene, { limits: { maxTextLength: 1024 } }))[0].message).toMatch(/^the scene is 2 KiB .*limit maxTextLength/);
  });

  it('the default is 32 MiB', () => {
    expect(DEFAULT_LIMITS.maxTextLength).toBe(32 * 1024 * 1024);
    const big = '[' + ' '.repeat(32 * 1024 * 1024) + ']';
    expect(errorsOf(loadGraph(big))[0].message).toContain('Sinew reads at most 32 MiB (limit maxTextLength)');
  });

  it('a file on disk is refused by its size before it is read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sinew-'));
    const file = join(dir, 'big.sinew.json');
    writeFileSync(file, JSON.stringify(graphOf({ pad: 'x'.repeat(5000) })));
    const r = readText(file, 4096);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toMatchObject({ file, code: 'limit-exceeded', message: expect.stringMatching(/^the file is 4\.9 KiB \(\d+ bytes\); Sinew reads at most 4 KiB \(limit maxTextLength\)$/) });
  });

  it('a parsed value handed in is measured as JSON text too', () => {
    expect(errorsOf(loadGraph(graphOf({ pad: 'x'.repeat(2000) }), undefined, { limits: { maxTextLength: 1024 } }))[0].code).toBe('limit-exceeded');
  });
});

describe('depth limit', () => {
  it('refuses nesting past 64 levels at the pointer where it happens', () => {
    const deep = `{"format":"sinew-graph","version":1,"nodes":[],"links":[],"x":${nested(64)}}`;
    const [e] = errorsOf(loadGraph(deep));
    expect(e).toMatchObject({ code: 'limit-exceeded', pointer: '/x' + '/0'.repeat(63) });
    expect(e.message).toBe('the file nests 65 levels deep here; Sinew reads at most 64 levels (limit maxDepth)');
    expect(loadGraph(`{"format":"sinew-graph","version":1,"nodes":[],"links":[],"x":${nested(63)}}`).ok).toBe(true);
  });

  it('a million levels do not overflow the stack', () => {
    // A scan that recursed would overflow here; one that went back over the text would not end
    // (how long the scan takes is measured by `npm run bench`, never by a test).
    expect(errorsOf(loadGraph(nested(1_000_000)))[0].code).toBe('limit-exceeded');
    expect(errorsOf(loadScene(nested(1_000_000)))[0].code).toBe('limit-exceeded');
    expect(errorsOf(loadGraph('['.repeat(1_000_000)))[0].code).toBe('limit-exceeded');
    expect(errorsOf(loadGraph('['.repeat(60)))[0].code).toBe('json-syntax');
  });

  it('a parsed value nested too deeply to copy is refused in words', () => {
    let v: unknown = [];
    for (let i = 0; i < 200_000; i++) v = [v];
    expect(errorsOf(loadGraph(v))[0]).toMatchObject({ code: 'not-json', message: 'the graph is not plain JSON data: it is nested too deeply to read' });
  });
});

describe('count limits', () => {
  it('nodes and links', () => {
    const nodes = Array.from({ length: 3 }, (_, i) => ({ id: `n${i}`, type: 'x', params: {}, position: [0, 0] }));
    const link = { from: { node: 'n0', socket: 'a' }, to: { node: 'n1', socket: 'b' } };
    expect(errorsOf(loadGraph(graphOf({ nodes }), undefined, { limits: { maxNodes: 2 } }))).toEqual([
      { code: 'limit-exceeded', pointer: '/nodes', message: 'the graph has 3 nodes; Sinew reads at most 2 (limit maxNodes)' },
    ]);
    expect(errorsOf(loadGraph(graphOf({ nodes, links: [link, link] }), undefined, { limits: { maxLinks: 1 } }))[0].message).toBe(
      'the graph has 2 links; Sinew reads at most 1 (limit maxLinks)',
    );
  });

  it('objects, bones (all armatures together) and curve points', () => {
    const bone = (name: string) => ({ name, length: 1, matrix_local: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] });
    const arm = (name: string) => ({ name, type: 'ARMATURE', bones: [bone('a'), bone('b')] });
    const curve = { name: 'C', type: 'CURVE', curve: { splines: [{ points: [[0, 0, 0], [1, 0, 0]] }, { points: [[0, 0, 0]] }] } };
    expect(errorsOf(loadScene(sceneOf([arm('A'), arm('B')]), { limits: { maxObjects: 1 } }))[0].message).toBe('the scene has 2 objects; Sinew reads at most 1 (limit maxObjects)');
    expect(errorsOf(loadScene(sceneOf([arm('A'), arm('B')]), { limits: { maxBones: 3 } }))[0].message).toBe('the scene has 4 bones; Sinew reads at most 3 (limit maxBones)');
    expect(errorsOf(loadScene(sceneOf([curve]), { limits: { maxPoints: 2 } }))[0].message).toBe('the scene has 3 curve points; Sinew reads at most 2 (limit maxPoints)');
    expect(loadScene(sceneOf([arm('A'), arm('B'), curve])).ok).toBe(true);
    // A mesh's vertices and triangles count with the curve points: each is read per Shrinkwrap per frame.
    const mesh = { name: 'M', type: 'EMPTY', mesh: { vertices: [0, 0, 0, 1, 0, 0, 0, 1, 0], triangles: [0, 1, 2], normals: Array(9).fill(0) } };
    expect(errorsOf(loadScene(sceneOf([curve, mesh]), { limits: { maxPoints: 6 } }))[0].message).toBe('the scene has 7 curve points, mesh vertices and mesh triangles; Sinew reads at most 6 (limit maxPoints)');
    expect(loadScene(sceneOf([curve, mesh]), { limits: { maxPoints: 7 } }).ok).toBe(true);
  });

  it('a graph and a scene at the default count limits load, and one more is refused', () => {
    // How long they take, and that the time grows with the count and not its square, is measured
    // by `npm run bench` (load_graph_ms, load_growth): a CPU-time bound here failed under load.
    const catalog = graphCatalog();
    const n = DEFAULT_LIMITS.maxNodes;
    const m = DEFAULT_LIMITS.maxObjects;
    expect(loadGraph(graphOfSize(n), catalog).ok).toBe(true);
    expect(loadScene(sceneOfSize(m)).ok).toBe(true);
    expect(errorsOf(loadGraph(graphOf({ nodes: [...graphOfSize(n).nodes as object[], { id: 'extra', type: 'value/float', params: {}, position: [0, 0] }] })))[0].code).toBe('limit-exceeded');
    expect(errorsOf(loadScene(sceneOfSize(m + 1)))[0].code).toBe('limit-exceeded');
  });
});

describe('numbers', () => {
  it('a number too large for a double is refused at its pointer, not turned into null or Infinity', () => {
    const text = '{"format":"sinew-graph","version":1,"links":[],"nodes":[{"id":"a","type":"future/x","params":{"v":[1,-1e400]},"position":[0,0]}]}';
    expect(errorsOf(loadGraph(text))).toEqual([
      { code: 'number-out-of-range', pointer: '/nodes/0/params/v/1', message: 'this number is too large to store: a number in a Sinew file must lie within ±1.7976931348623157e308' },
    ]);
    const scene = '{"format":"sinew-scene","version":1,"objects":[{"name":"E","type":"EMPTY","location":[1e999,0,0]}]}';
    expect(errorsOf(loadScene(scene))[0]).toMatchObject({ code: 'number-out-of-range', pointer: '/objects/0/location/0' });
  });

  it('1e300 and 5e-324 are numbers like any other', () => {
    expect(loadScene('{"format":"sinew-scene","version":1,"objects":[{"name":"E","type":"EMPTY","location":[1e300,5e-324,-1e300]}]}').ok).toBe(true);
  });
});

describe('prototype keys are plain data', () => {
  const hostile = '{"__proto__":{"polluted":1,"ownerSpace":"LOCAL"},"constructor":{"prototype":{"polluted":2}},"prototype":{"polluted":3}}';

  it('a graph keeps them as own keys, changes no prototype, and saves them back unchanged', () => {
    const text = `{"format":"sinew-graph","version":1,"links":[],"extra":${hostile},"nodes":[{"id":"__proto__","type":"constraint/copy-location","params":${hostile},"position":[0,0],"__proto__":{"x":1}}]}`;
    const r = loadGraph(text, graphCatalog());
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const params = r.graph.nodes[0].params;
    expect(Object.getPrototypeOf(params)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(r.graph.nodes[0])).toBe(Object.prototype);
    expect(Object.hasOwn(params, '__proto__')).toBe(true);
    expect((params as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(r.warnings.map((w) => w.code)).toContain('unknown-param');
    const again = loadGraph(saveGraph(r.graph), graphCatalog());
    if (!again.ok) throw new Error('reload failed');
    expect(saveGraph(again.graph)).toBe(saveGraph(r.graph));
    expect(JSON.parse(saveGraph(r.graph)).nodes[0].params).toEqual(JSON.parse(hostile));
  });

  it('compiling a node whose params carry "__proto__" uses only its own, validated params', () => {
    const scene = sceneOf([{ name: 'A', type: 'EMPTY' }, { name: 'B', type: 'EMPTY', location: [1, 2, 3] }]);
    const text = JSON.stringify({
      format: 'sinew-graph', version: 1, scene,
      nodes: [
        { id: 'in', type: 'owner/input', params: { owner: 'A' }, position: [0, 0] },
        { id: 'b', type: 'owner/read', params: { owner: 'B' }, position: [0, 0] },
        { id: 'c', type: 'constraint/copy-location', params: JSON.parse('{"__proto__":{"useX":false,"ownerSpace":"NOT_A_SPACE"}}'), position: [0, 0] },
        { id: 'out', type: 'owner/output', params: { owner: 'A' }, position: [0, 0] },
      ],
      links: [
        { from: { node: 'in', socket: 'transform' }, to: { node: 'c', socket: 'owner' } },
        { from: { node: 'b', socket: 'transform' }, to: { node: 'c', socket: 'target' } },
        { from: { node: 'c', socket: 'owner' }, to: { node: 'out', socket: 'transform' } },
      ],
    }).replace('"params":{}', '"params":{"__proto__":{"useX":false,"ownerSpace":"NOT_A_SPACE"}}');
    const r = loadGraph(text, graphCatalog());
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const s = loadScene(r.graph.scene);
    if (!s.ok) throw new Error(JSON.stringify(s.errors));
    const m = compile(r.graph, s.scene).evaluate(1).ownerMatrix('A')!;
    expect([m[12], m[13], m[14]]).toEqual([1, 2, 3]); // useX stayed true: the injected value was not read
  });

  it('a scene keeps them as data too', () => {
    const r = loadScene(`{"format":"sinew-scene","version":1,"objects":[{"name":"E","type":"EMPTY","__proto__":{"type":"ARMATURE","bones":[1]}, "pose":${hostile}}]}`);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const o = r.scene.objects[0];
    expect(Object.getPrototypeOf(o)).toBe(Object.prototype);
    expect(o.bones).toBeUndefined();
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

describe('scene structure is checked at load, so a scene that loads also builds', () => {
  const E = (name: string, extra: Record<string, unknown> = {}) => ({ name, type: 'EMPTY', ...extra });
  const I4 = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
  const cases: [string, unknown[], { code: string; pointer: string; message: string }][] = [
    ['a duplicate object name', [E('A'), E('A')], { code: 'duplicate-name', pointer: '/objects/1/name', message: 'object name "A" is already used by /objects/0; every object needs its own name' }],
    ['a missing parent', [E('A', { parent: 'Nope' })], { code: 'missing-parent', pointer: '/objects/0/parent', message: 'parent object "Nope" is not in the scene' }],
    ['a parenting loop', [E('A', { parent: 'B' }), E('B', { parent: 'A' })], { code: 'parent-loop', pointer: '/objects/0/parent', message: 'object "A" is its own ancestor (a parenting loop)' }],
    ['a parent bone that is not there', [{ name: 'Arm', type: 'ARMATURE', bones: [] }, E('A', { parent: 'Arm', parent_type: 'BONE', parent_bone: 'x' })], { code: 'missing-parent', pointer: '/objects/1/parent_bone', message: 'parent bone "x" is not a bone of armature "Arm"' }],
    ['a bone parent listed after', [{ name: 'Arm', type: 'ARMATURE', bones: [{ name: 'b', parent: 'a', length: 1, matrix_local: Array(16).fill(0) }, { name: 'a', length: 1, matrix_local: Array(16).fill(0) }] }], { code: 'missing-parent', pointer: '/objects/0/bones/0/parent', message: 'parent bone "a" must be listed before "b" in armature "Arm"' }],
    ['an object named as a bone is as an owner', [{ name: 'A', type: 'ARMATURE', bones: [{ name: 'B', length: 1, matrix_local: Array(16).fill(0) }] }, E('A/B')], { code: 'duplicate-name', pointer: '/objects/0/bones/0/name', message: 'bone "B" of "A" is named "A/B" as an owner, and so is an object; rename one of them' }],
    ['two armatures\' bones with one owner id ("A" + "B/C", "A/B" + "C")', [{ name: 'A', type: 'ARMATURE', bones: [{ name: 'B/C', length: 1, matrix_local: Array(16).fill(0) }] }, { name: 'A/B', type: 'ARMATURE', bones: [{ name: 'C', length: 1, matrix_local: Array(16).fill(0) }] }], { code: 'duplicate-name', pointer: '/objects/1/bones/0/name', message: 'bone "C" of "A/B" is named "A/B/C" as an owner, and so is a bone of "A"; rename one of them' }],
    ['a vertex parent without its point', [E('P'), E('A', { parent: 'P', parent_type: 'VERTEX' })], { code: 'invalid-parent', pointer: '/objects/1/parent_vertices', message: 'parent type VERTEX hangs the object from one point of its parent; parent_vertices holds 0' }],
    ['a triangle parent with two points', [E('P'), E('A', { parent: 'P', parent_type: 'VERTEX_3', parent_vertices: [[0, 0, 0], [1, 0, 0]] })], { code: 'invalid-parent', pointer: '/objects/1/parent_vertices', message: 'parent type VERTEX_3 hangs the object from three points of its parent; parent_vertices holds 2' }],
    ['a vertex skin naming no armature', [E('P'), E('A', { parent: 'P', parent_type: 'VERTEX', parent_vertices: [[0, 0, 0]], parent_skin: { armature: 'P', points: [{ bones: [], weights: [] }] } })], { code: 'invalid-parent', pointer: '/objects/1/parent_skin/armature', message: 'the armature deforming the parent\'s vertices, "P", is not an armature of the scene' }],
    ['a vertex skin naming a bone the armature lacks', [{ name: 'Arm', type: 'ARMATURE', bones: [{ name: 'b', length: 1, matrix_local: Array(16).fill(0) }] }, E('P'), E('A', { parent: 'P', parent_type: 'VERTEX', parent_vertices: [[0, 0, 0]], parent_skin: { armature: 'Arm', points: [{ bones: ['b', 'x'], weights: [1, 1] }] } })], { code: 'invalid-parent', pointer: '/objects/2/parent_skin/points/0/bones/1', message: 'bone "x" is not a bone of armature "Arm"' }],
    ['a vertex skin with a weight missing', [{ name: 'Arm', type: 'ARMATURE', bones: [{ name: 'b', length: 1, matrix_local: Array(16).fill(0) }] }, E('P'), E('A', { parent: 'P', parent_type: 'VERTEX', parent_vertices: [[0, 0, 0]], parent_skin: { armature: 'Arm', points: [{ bones: ['b'], weights: [] }] } })], { code: 'invalid-parent', pointer: '/objects/2/parent_skin/points/0/weights', message: 'point 0 has 1 bones and 0 weights; it needs one weight per bone' }],
    ['a radius list of the wrong length', [{ name: 'C', type: 'CURVE', curve: { splines: [{ points: [[0, 0, 0], [1, 0, 0]], radius: [1] }] } }], { code: 'invalid-value', pointer: '/objects/0/curve/splines/0/radius', message: 'expected one radius value per point (2), got 1' }],
    ['a tangent list of the wrong length', [{ name: 'C', type: 'CURVE', curve: { twist_mode: 'TANGENT', splines: [{ points: [[0, 0, 0], [1, 0, 0]], tangents: [[0, 0, 1]] }] } }], { code: 'invalid-value', pointer: '/objects/0/curve/splines/0/tangents', message: 'expected one tangent per point (2), got 1' }],
    ['a wrong type', [{ name: 'A', type: 'MESH' }], { code: 'invalid-value', pointer: '/objects/0/type', message: 'expected one of "EMPTY", "ARMATURE" or "CURVE", got "MESH"' }],
    ['a mesh with a vertex cut short', [E('M', { mesh: { vertices: [0, 0, 0, 1, 0], triangles: [], normals: [] } })], { code: 'invalid-mesh', pointer: '/objects/0/mesh/vertices', message: 'the mesh has 5 vertex coordinates, not three per vertex' }],
    ['a mesh triangle naming a vertex it lacks', [E('M', { mesh: { vertices: [0, 0, 0, 1, 0, 0, 0, 1, 0], triangles: [0, 1, 3], normals: Array(9).fill(0) } })], { code: 'invalid-mesh', pointer: '/objects/0/mesh/triangles/2', message: 'triangle corner 2 names vertex 3; the mesh has 3 vertices' }],
    ['a mesh without a normal at each corner', [E('M', { mesh: { vertices: [0, 0, 0, 1, 0, 0, 0, 1, 0], triangles: [0, 1, 2], normals: [0, 0, 1] } })], { code: 'invalid-mesh', pointer: '/objects/0/mesh/normals', message: 'the mesh has 3 normal coordinates; its 1 triangles need 9 (a normal at each corner)' }],
    ['a mesh triangle index that is not a whole number', [E('M', { mesh: { vertices: [0, 0, 0], triangles: [0.5], normals: [] } })], { code: 'invalid-value', pointer: '/objects/0/mesh/triangles/0', message: 'expected a whole number, 0 or more, got 0.5' }],
    ['a mesh with triangles and no normals of either kind', [E('M', { mesh: { vertices: [0, 0, 0, 1, 0, 0, 0, 1, 0], triangles: [0, 1, 2] } })], { code: 'invalid-mesh', pointer: '/objects/0/mesh/normals', message: 'the mesh has neither corner normals (normals) nor vertex normals (vertex_normals); Shrinkwrap needs one of them' }],
    ['a vertex group with a weight missing', [E('M', { mesh: { vertices: [0, 0, 0, 1, 0, 0], triangles: [], normals: [], vertex_groups: { G: { indices: [0, 1], weights: [1] } } } })], { code: 'invalid-mesh', pointer: '/objects/0/mesh/vertex_groups/G/weights', message: 'vertex group "G" has 2 vertices and 1 weights; it needs one weight per vertex' }],
    ['a vertex group naming a vertex the mesh lacks', [E('M', { mesh: { vertices: [0, 0, 0], triangles: [], normals: [], vertex_groups: { 'a/b': { indices: [4], weights: [1] } } } })], { code: 'invalid-mesh', pointer: '/objects/0/mesh/vertex_groups/a~1b/indices/0', message: 'vertex group "a/b" names vertex 4; the mesh has 1 vertices' }],
    ['a mesh skin naming no armature', [E('P'), E('M', { mesh: { vertices: [0, 0, 0, 1, 0, 0, 0, 1, 0], triangles: [], normals: [], skin: { ...{ armature: 'Arm', vertices: [0, 1, 2], rest: Array(9).fill(0), points: [{ bones: ['b'], weights: [1] }, { bones: [], weights: [] }, { bones: [], weights: [] }], polygons: [[0, 1, 2]] }, armature: 'P' } } })], { code: 'invalid-mesh', pointer: '/objects/1/mesh/skin/armature', message: 'the armature deforming the mesh, "P", is not an armature of the scene' }],
    ['a mesh skin naming a vertex the mesh lacks', [{ name: 'Arm', type: 'ARMATURE', bones: [{ name: 'b', length: 1, matrix_local: Array(16).fill(0) }] }, E('M', { mesh: { vertices: [0, 0, 0, 1, 0, 0, 0, 1, 0], triangles: [], normals: [], skin: { ...{ armature: 'Arm', vertices: [0, 1, 2], rest: Array(9).fill(0), points: [{ bones: ['b'], weights: [1] }, { bones: [], weights: [] }, { bones: [], weights: [] }], polygons: [[0, 1, 2]] }, vertices: [0, 1, 5] } } })], { code: 'invalid-mesh', pointer: '/objects/1/mesh/skin/vertices/2', message: 'the skin names vertex 5; the mesh has 3 vertices' }],
    ['a mesh skin with a rest position cut short', [{ name: 'Arm', type: 'ARMATURE', bones: [{ name: 'b', length: 1, matrix_local: Array(16).fill(0) }] }, E('M', { mesh: { vertices: [0, 0, 0, 1, 0, 0, 0, 1, 0], triangles: [], normals: [], skin: { ...{ armature: 'Arm', vertices: [0, 1, 2], rest: Array(9).fill(0), points: [{ bones: ['b'], weights: [1] }, { bones: [], weights: [] }, { bones: [], weights: [] }], polygons: [[0, 1, 2]] }, rest: Array(8).fill(0) } } })], { code: 'invalid-mesh', pointer: '/objects/1/mesh/skin/rest', message: 'the skin has 8 rest coordinates; its 3 vertices need 9' }],
    ['a mesh skin naming a bone the armature lacks', [{ name: 'Arm', type: 'ARMATURE', bones: [{ name: 'b', length: 1, matrix_local: Array(16).fill(0) }] }, E('M', { mesh: { vertices: [0, 0, 0, 1, 0, 0, 0, 1, 0], triangles: [], normals: [], skin: { ...{ armature: 'Arm', vertices: [0, 1, 2], rest: Array(9).fill(0), points: [{ bones: ['b'], weights: [1] }, { bones: [], weights: [] }, { bones: [], weights: [] }], polygons: [[0, 1, 2]] }, points: [{ bones: ['x'], weights: [1] }, { bones: [], weights: [] }, { bones: [], weights: [] }] } } })], { code: 'invalid-mesh', pointer: '/objects/1/mesh/skin/points/0/bones/0', message: 'bone "x" is not a bone of armature "Arm"' }],
    ['a surface skin giving its one triangle no polygon', [{ name: 'Arm', type: 'ARMATURE', bones: [{ name: 'b', length: 1, matrix_local: Array(16).fill(0) }] }, E('M', { mesh: { vertices: [0, 0, 0, 1, 0, 0, 0, 1, 0], triangles: [0, 1, 2], normals: [], skin: { ...{ armature: 'Arm', vertices: [0, 1, 2], rest: Array(9).fill(0), points: [{ bones: ['b'], weights: [1] }, { bones: [], weights: [] }, { bones: [], weights: [] }], polygons: [[0, 1, 2]] }, surface: { triangle_polygons: [], flat_polygons: [] } } } })], { code: 'invalid-mesh', pointer: '/objects/1/mesh/skin/surface/triangle_polygons', message: 'the surface gives 0 triangles a polygon; the mesh has 1 triangles' }],
    ['a surface skin naming a flat polygon it lacks', [{ name: 'Arm', type: 'ARMATURE', bones: [{ name: 'b', length: 1, matrix_local: Array(16).fill(0) }] }, E('M', { mesh: { vertices: [0, 0, 0, 1, 0, 0, 0, 1, 0], triangles: [0, 1, 2], normals: [], skin: { ...{ armature: 'Arm', vertices: [0, 1, 2], rest: Array(9).fill(0), points: [{ bones: ['b'], weights: [1] }, { bones: [], weights: [] }, { bones: [], weights: [] }], polygons: [[0, 1, 2]] }, surface: { triangle_polygons: [0], flat_polygons: [3] } } } })], { code: 'invalid-mesh', pointer: '/objects/1/mesh/skin/surface/flat_polygons/0', message: 'polygon 3 is not among the skin\'s 1 polygons' }],
    ['a surface skin missing a vertex', [{ name: 'Arm', type: 'ARMATURE', bones: [{ name: 'b', length: 1, matrix_local: Array(16).fill(0) }] }, E('M', { mesh: { vertices: [0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0], triangles: [0, 1, 2], normals: [], skin: { ...{ armature: 'Arm', vertices: [0, 1, 2], rest: Array(9).fill(0), points: [{ bones: ['b'], weights: [1] }, { bones: [], weights: [] }, { bones: [], weights: [] }], polygons: [[0, 1, 2]] }, surface: { triangle_polygons: [0], flat_polygons: [] } } } })], { code: 'invalid-mesh', pointer: '/objects/1/mesh/skin/vertices', message: 'a skin with a surface moves every vertex: its vertices are 0, 1, 2 … up to the mesh\'s last' }],
    ['a mesh skin polygon through a vertex it does not hold', [{ name: 'Arm', type: 'ARMATURE', bones: [{ name: 'b', length: 1, matrix_local: Array(16).fill(0) }] }, E('M', { mesh: { vertices: [0, 0, 0, 1, 0, 0, 0, 1, 0], triangles: [], normals: [], skin: { ...{ armature: 'Arm', vertices: [0, 1, 2], rest: Array(9).fill(0), points: [{ bones: ['b'], weights: [1] }, { bones: [], weights: [] }, { bones: [], weights: [] }], polygons: [[0, 1, 2]] }, vertices: [0, 1], rest: Array(6).fill(0), points: [{ bones: [], weights: [] }, { bones: [], weights: [] }] } } })], { code: 'invalid-mesh', pointer: '/objects/1/mesh/skin/polygons/0/2', message: 'polygon 0 names vertex 2, which is not among the skin\'s vertices' }],
    ['a mesh skin polygon of two corners', [{ name: 'Arm', type: 'ARMATURE', bones: [{ name: 'b', length: 1, matrix_local: Array(16).fill(0) }] }, E('M', { mesh: { vertices: [0, 0, 0, 1, 0, 0, 0, 1, 0], triangles: [], normals: [], skin: { ...{ armature: 'Arm', vertices: [0, 1, 2], rest: Array(9).fill(0), points: [{ bones: ['b'], weights: [1] }, { bones: [], weights: [] }, { bones: [], weights: [] }], polygons: [[0, 1, 2]] }, polygons: [[0, 1]] } } })], { code: 'invalid-value', pointer: '/objects/1/mesh/skin/polygons/0', message: 'expected a list of at least 3 items, got [0,1]' }],
    ['a lattice group with a count missing', [E('L', { mesh: { lattice: true, vertices: [0, 0, 0, 1, 0, 0], triangles: [], vertex_groups: { G: { indices: [0, 1], weights: [1, 1], counts: [2] } } } })], { code: 'invalid-mesh', pointer: '/objects/0/mesh/vertex_groups/G/counts', message: 'vertex group "G" has 2 vertices and 1 counts; it needs one count per vertex' }],
    ['a hooked curve without control points', [E('T'), { name: 'C', type: 'CURVE', curve: { splines: [{ points: [[0, 0, 0], [0, 0, 1]] }], hooks: [{ object: 'T', matrix_inverse: I4, indices: [0] }] } }], { code: 'invalid-curve', pointer: '/objects/1/curve/splines/0/control', message: 'the curve has hooks, which move the control points of its first spline; that spline needs them (control)' }],
    ['a hook following an object not in the scene', [{ name: 'C', type: 'CURVE', curve: { splines: [{ points: [[0, 0, 0], [0, 0, 1]], control: { co: [[0, 0, 0], [0, 0, 1]] } }], hooks: [{ name: 'H', object: 'Gone', matrix_inverse: I4, indices: [0] }] } }], { code: 'missing-target', pointer: '/objects/0/curve/hooks/0/object', message: 'hook "H" follows object "Gone", which is not in the scene' }],
    ['a hook following a bone the armature lacks', [{ name: 'Arm', type: 'ARMATURE', bones: [] }, { name: 'C', type: 'CURVE', curve: { splines: [{ points: [[0, 0, 0], [0, 0, 1]], control: { co: [[0, 0, 0], [0, 0, 1]] } }], hooks: [{ name: 'H', object: 'Arm', bone: 'x', matrix_inverse: I4, indices: [0] }] } }], { code: 'missing-bone', pointer: '/objects/1/curve/hooks/0/bone', message: 'hook "H" follows bone "x", which is not a bone of armature "Arm"' }],
    ['a hook moving a point past the spline\'s', [E('T'), { name: 'C', type: 'CURVE', curve: { splines: [{ points: [[0, 0, 0], [0, 0, 1]], control: { co: [[0, 0, 0], [0, 0, 1]] } }], hooks: [{ name: 'H', object: 'T', matrix_inverse: I4, indices: [0, 2] }] } }], { code: 'invalid-curve', pointer: '/objects/1/curve/hooks/0/indices/1', message: 'hook "H" moves point 2; the spline has 2 (one a POLY or NURBS point)' }],
    ['hooked Bezier control points making another count of path points', [E('T'), { name: 'C', type: 'CURVE', curve: { splines: [{ points: [[0, 0, 0], [0, 0, 1]], control: { co: [[0, 0, 0], [0, 0, 1]], handle_left: [[0, 0, -1], [0, 0, 0]], handle_right: [[0, 0, 0], [0, 0, 2]], handle_types: [['AUTO', 'AUTO'], ['AUTO', 'AUTO']], resolution: 4 } }], hooks: [{ object: 'T', matrix_inverse: I4, indices: [1] }] } }], { code: 'invalid-curve', pointer: '/objects/1/curve/splines/0/points', message: 'the control points make 5 path points; the spline has 2' }],
    ['a hooked Bezier missing a handle', [E('T'), { name: 'C', type: 'CURVE', curve: { splines: [{ points: [[0, 0, 0], [0, 0, 1]], control: { co: [[0, 0, 0], [0, 0, 1]], handle_left: [[0, 0, -1]], handle_right: [[0, 0, 0], [0, 0, 2]], handle_types: [['VECTOR', 'VECTOR'], ['VECTOR', 'VECTOR']], resolution: 4 } }], hooks: [{ object: 'T', matrix_inverse: I4, indices: [1] }] } }], { code: 'invalid-curve', pointer: '/objects/1/curve/splines/0/control/handle_left', message: 'a Bezier spline\'s handle_left has one entry per control point (2), got 1' }],
    ['a curve\'s keyed Evaluation Time with a key that is no point', [{ name: 'C', type: 'CURVE', curve: { splines: [{ points: [[0, 0, 0], [1, 0, 0]] }], eval_time_fcurve: { data_path: 'eval_time', array_index: 0, keyframes: [{ co: [1, 0] }, { co: true }] } } }], { code: 'invalid-value', pointer: '/objects/0/curve/eval_time_fcurve/keyframes/1/co', message: 'expected an array of 2 numbers, got true' }],
    ['a short vector', [E('A', { location: [1, 2] })], { code: 'invalid-value', pointer: '/objects/0/location', message: 'expected an array of 3 numbers, got [1,2]' }],
    ['a missing name', [{ type: 'EMPTY' }], { code: 'missing-field', pointer: '/objects/0/name', message: 'required field "name" is missing' }],
  ];
  for (const [name, objects, error] of cases) {
    it(name, () => { expect(errorsOf(loadScene(sceneOf(objects)))).toContainEqual(error); });
  }

  it('a newer scene is refused naming both versions; a fractional version is a plain error', () => {
    expect(errorsOf(loadScene({ ...sceneOf([]), version: 7 }))).toEqual([
      { code: 'newer-version', pointer: '/version', message: 'this scene is version 7; this build of Sinew reads scene files up to version 1. Open it with a newer Sinew.' },
    ]);
    expect(errorsOf(loadScene({ ...sceneOf([]), version: 1.5 }))[0]).toMatchObject({ code: 'invalid-value', pointer: '/version' });
  });

  it('a parenting chain deeper than the limit is refused; one listed children-first at the limit builds', () => {
    const chain = (n: number) => Array.from({ length: n }, (_, i) => E(`o${i}`, i < n - 1 ? { parent: `o${i + 1}` } : {}));
    const [e] = errorsOf(loadScene(sceneOf(chain(MAX_PARENT_DEPTH + 2))));
    expect(e).toMatchObject({ code: 'limit-exceeded', pointer: '/objects/0/parent' });
    expect(e.message).toBe(`object "o0" hangs ${MAX_PARENT_DEPTH + 1} parents deep; Sinew reads parenting chains at most ${MAX_PARENT_DEPTH} deep`);
    const ok = loadScene(sceneOf(chain(MAX_PARENT_DEPTH + 1)));
    if (!ok.ok) throw new Error(JSON.stringify(ok.errors));
    const program = compile({ format: 'sinew-graph', version: 1, nodes: [], links: [] }, ok.scene).evaluate(0);
    expect(program.owners).toHaveLength(MAX_PARENT_DEPTH + 1);
  });
});

describe('readJson', () => {
  it('names the deep place by pointer through keys with escapes, strings holding brackets, and indices', () => {
    const text = `{"a\\\\\\"/b":[0,"[[[[",{"k~":${nested(3)}}]}`;
    expect(JSON.parse(text)).toBeTruthy();
    expect(scanDepth(text, 4)).toMatchObject({ pointer: '/a\\"~1b/2/k~0/0' });
    expect(scanDepth(text, 6)).toBeUndefined();
  });

  it('reports every out-of-range number up to 20, and keeps going past a too-deep branch', () => {
    const r = readJson(`[${Array(30).fill('1e999').join(',')}]`);
    expect(errorsOf(r)).toHaveLength(20);
    const mixed = inspectJson(JSON.parse(`{"a":${nested(70)},"b":1e999}`));
    expect(mixed.map((e) => [e.code, e.pointer.slice(0, 4)]).sort()).toEqual([['limit-exceeded', '/a/0'], ['number-out-of-range', '/b']]);
  });
});

describe('compiled params', () => {
  it('a kernel sees only the keys its definition knows: "__proto__", "constructor" and typos stay in the file', () => {
    const seen: unknown[] = [];
    const spy = { ...defaultCatalog.get('value/float')!, type: 'value/float', kernel: (io: { out: Record<string, Float64Array> }, params: Record<string, unknown>) => { seen.push(params); io.out['value'][0] = 0; } };
    const catalog = new Map(defaultCatalog);
    catalog.set('value/float', spy);
    const params = JSON.parse('{"value": 2, "__proto__": {"value": 5, "polluted": true}, "constructor": {"prototype": {"polluted": 2}}, "valeu": 3}');
    const known = [...Object.keys(spy.inputs), ...Object.keys(spy.params)].sort();
    compile({ format: 'sinew-graph', version: 1, nodes: [{ id: 'f', type: 'value/float', params, position: [0, 0] }], links: [] }, { format: 'sinew-scene', version: 1, objects: [] }, { catalog }).evaluate(0);
    const resolved = seen[0] as Record<string, unknown>;
    expect(Object.getPrototypeOf(resolved)).toBe(Object.prototype);
    expect(Object.keys(resolved).sort()).toEqual(known);
    expect(Object.getOwnPropertyNames(resolved).sort()).toEqual(known);
    expect(resolved['value']).toBe(2);
    expect(resolved['polluted']).toBeUndefined();
    expect(resolved.constructor).toBe(Object);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
