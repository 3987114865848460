// A glTF skeleton as game and VRM files make them (not Blender's): joints with no rotation, so a
// bone's Y has to be turned towards its child; a scaled root node; a non-joint node stored as a
// matrix between two joints; an object hanging under a joint. Import, bake with no constraints,
// and bake an IK played back by three.js must all agree with the file and with Sinew.
import { describe, expect, it } from 'vitest';
import { loadGraph } from '../../graph/load';
import { saveGraph } from '../../graph/save';
import type { GraphDocument } from '../../graph/types';
import { compile } from '../../runtime/eval/compile';
import { SINEW_TO_GLTF } from '../../runtime/io/gltf/axes';
import { bakeAnimation } from '../../runtime/io/gltf/bake';
import { readGltf, writeGlb } from '../../runtime/io/gltf/container';
import { hierarchy } from '../../runtime/io/gltf/hierarchy';
import { importGltf } from '../../runtime/io/gltf/import';
import { maxDiff, mul } from '../../runtime/io/gltf/mat';
import type { GltfJson } from '../../runtime/io/gltf/types';
import { objectsByNode, parseGlb, sampler } from './three-sample';

const c30 = Math.cos(Math.PI / 6), s30 = Math.sin(Math.PI / 6);
const file: GltfJson = {
  asset: { version: '2.0', generator: 'a game exporter' },
  scene: 0,
  scenes: [{ nodes: [0] }],
  nodes: [
    { name: 'Root', scale: [0.5, 0.5, 0.5], children: [1] },
    { name: 'hips', translation: [0, 2, 0], children: [2, 6] },
    { name: 'spine', translation: [0, 0.5, 0], children: [3] },
    { name: 'upperarm', translation: [0.3, 0.4, 0], children: [4] },
    // 30° about Z and 0.5 along X, as a matrix (column-major).
    { name: 'elbowSocket', matrix: [c30, s30, 0, 0, -s30, c30, 0, 0, 0, 0, 1, 0, 0.5, 0, 0, 1], children: [5] },
    { name: 'forearm', rotation: [0, 0, -Math.sin(Math.PI / 12), Math.cos(Math.PI / 12)], children: [7] },
    { name: 'leg', translation: [0.2, -0.1, 0], children: [9] },
    { name: 'hand', translation: [0.45, 0, 0], children: [8] },
    { name: 'prop', translation: [0.1, 0, 0.05] },
    { name: 'foot', translation: [0, -0.9, 0] },
  ],
  skins: [{ joints: [1, 2, 3, 5, 7, 6, 9] }],
};
const asset = readGltf(writeGlb({ json: file, buffers: [] }));
const imported = importGltf(asset);
const h = hierarchy(file);

describe('a skeleton whose joints do not run along Y', () => {
  const bones = new Map(imported.scene.objects[0].bones!.map((b) => [b.name, b]));

  it('turns each bone\'s Y towards its child and folds non-joint nodes into the rest', () => {
    expect(imported.notes).toEqual([]);
    expect([...bones.values()].map((b) => [b.name, b.parent])).toEqual([
      ['hips', null], ['spine', 'hips'], ['upperarm', 'spine'], ['forearm', 'upperarm'], ['hand', 'forearm'], ['leg', 'hips'], ['foot', 'leg'],
    ]);
    for (const [name, child] of [['upperarm', 5], ['forearm', 7], ['leg', 9], ['hips', 2]] as const) {
      const b = bones.get(name)!;
      const m = b.matrix_local;
      const tail = [m[12] + m[4] * b.length, m[13] + m[5] * b.length, m[14] + m[6] * b.length];
      const w = h.world[child];
      expect(maxDiff(tail, [w[12], w[13], w[14]]), name).toBeLessThan(1e-12);
    }
    // The upper arm is world-scaled by 0.5 and points along +X: its bone says so; the joint offset keeps the scale.
    const ua = bones.get('upperarm')!;
    expect(ua.length).toBeCloseTo(0.25, 12);
    expect(maxDiff(ua.matrix_local.slice(4, 7), [1, 0, 0])).toBeLessThan(1e-12);
    expect(imported.bindings[3].offset[0]).toBeCloseTo(0, 12); // joint X is the bone's -Y…
    expect(Math.hypot(...imported.bindings[3].offset.slice(0, 3))).toBeCloseTo(0.5, 12); // …at scale 0.5
    // Non-joint nodes are empties: the socket and the prop hang from bones.
    const objects = Object.fromEntries(imported.scene.objects.map((o) => [o.name, o]));
    expect([objects.elbowSocket.parent_type, objects.elbowSocket.parent_bone]).toEqual(['BONE', 'upperarm']);
    expect([objects.prop.parent_type, objects.prop.parent_bone]).toEqual(['BONE', 'hand']);
    expect(objects.Root.parent).toBe('Armature');
  });

  it('writes its graph in the current file version, so a saved import reopens to the same text', () => {
    const text = saveGraph(imported.graph);
    const reopened = loadGraph(text);
    expect(reopened.ok).toBe(true);
    // A version-1 graph is migrated on opening: the reopened file would say version 2.
    if (reopened.ok) expect(saveGraph(reopened.graph)).toBe(text);
  });

  it('bakes the rest pose back with no constraints, and the empties sit where the file puts them', () => {
    const empty: GraphDocument = { format: 'sinew-graph', version: 1, nodes: [], links: [] };
    const program = compile(empty, imported.scene).evaluate(1);
    for (const [i, b] of imported.bindings.entries()) {
      const got = mul(mul(SINEW_TO_GLTF, program.ownerMatrix(b.owner)!), b.offset);
      expect(maxDiff(got, h.world[i]), file.nodes![i].name).toBeLessThan(1e-12);
    }
    const baked = bakeAnimation(program, { asset, bindings: imported.bindings }, { start: 1, end: 2 });
    expect(baked.nodes).toEqual([1, 2, 3, 5, 6, 7, 9]); // joints only: nothing else moved
    expect(baked.asset.json.nodes![4].matrix).toEqual(file.nodes![4].matrix);
  });

  it('bakes an IK that three.js plays back as Sinew evaluated it', async () => {
    const scene = structuredClone(imported.scene);
    scene.objects.push({ name: 'Goal', type: 'EMPTY', location: [0.4, -0.2, 1.3] });
    const graph: GraphDocument = {
      format: 'sinew-graph', version: 1,
      nodes: [
        { id: 'in', type: 'owner/input', position: [0, 0], params: { owner: 'Armature/forearm' } },
        { id: 'goal', type: 'owner/read', position: [0, 100], params: { owner: 'Goal' } },
        { id: 'ik', type: 'constraint/ik', position: [200, 0], params: { chainCount: 2 } },
        { id: 'out', type: 'owner/output', position: [400, 0], params: { owner: 'Armature/forearm' } },
      ],
      links: [
        { from: { node: 'in', socket: 'transform' }, to: { node: 'ik', socket: 'owner' } },
        { from: { node: 'goal', socket: 'transform' }, to: { node: 'ik', socket: 'target' } },
        { from: { node: 'ik', socket: 'owner' }, to: { node: 'out', socket: 'transform' } },
      ],
    };
    const program = compile(graph, scene);
    expect(program.warnings).toEqual([]);
    const baked = bakeAnimation(program, { asset, bindings: imported.bindings }, { start: 1, end: 2 });
    // The socket between upper arm and forearm moves with the upper arm, not from it: no channels.
    expect(baked.nodes).toEqual([1, 2, 3, 5, 6, 7, 9]);
    const gltf = await parseGlb(writeGlb(baked.asset));
    const objects = objectsByNode(gltf);
    sampler(gltf)(0);
    program.evaluate(1);
    const forearm = program.ownerMatrix('Armature/forearm')!;
    const goal = program.ownerMatrix('Goal')!;
    const len = imported.scene.objects[0].bones!.find((b) => b.name === 'forearm')!.length;
    expect(maxDiff([forearm[12] + forearm[4] * len, forearm[13] + forearm[5] * len, forearm[14] + forearm[6] * len], [goal[12], goal[13], goal[14]])).toBeLessThan(1e-6);
    for (const [i, b] of imported.bindings.entries()) {
      const expected = mul(mul(SINEW_TO_GLTF, program.ownerMatrix(b.owner)!), b.offset);
      expect(maxDiff(objects.get(i)!.matrixWorld.elements, expected), file.nodes![i].name).toBeLessThan(1e-5);
    }
    // The prop hanging from the hand moved with it.
    expect(maxDiff(objects.get(8)!.matrixWorld.elements, h.world[8])).toBeGreaterThan(0.05);
  });
});
