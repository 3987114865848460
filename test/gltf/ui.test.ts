// ui/gltf in Node (three.js needs no DOM for this): an imported character's joints follow the owners
// Sinew evaluated, its skinned mesh deforms with them, and the app's export gives the CLI's bake.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { compile } from '../../runtime/eval/compile';
import { readGltf } from '../../runtime/io/gltf/container';
import { maxDiff } from '../../runtime/io/gltf/mat';
import { openGraph } from '../../runtime/io/files';
import { bakeGlbBytes, characterForScene, exportGlb, importGltfBytes, isGltfFileName, type GltfCharacter } from '../../ui/gltf';

const examples = join(__dirname, '../../examples');
const bytes = new Uint8Array(readFileSync(join(examples, 'assets/mannequin.glb')));

describe('ui/gltf', () => {
  it('imports dropped bytes as graph, scene and character', async () => {
    expect(isGltfFileName('Hero.VRM')).toBe(true);
    expect(isGltfFileName('rig.scene.json')).toBe(false);
    const r = await importGltfBytes(bytes, 'mannequin.glb');
    expect(r.notes).toEqual([]);
    expect((r.scene.objects[0] as { gltf_file?: string }).gltf_file).toBe('mannequin.glb');
    expect(r.graph.nodes).toEqual([]);
    expect(r.character.object.children).toHaveLength(1);
  });

  it('poses the character from the evaluated owners, and its skinned mesh follows', async () => {
    const opened = openGraph(join(examples, 'mannequin.sinew.json'));
    if (!opened.ok) throw new Error(JSON.stringify(opened.errors));
    const character = (await characterForScene(opened.scene, (path) => Promise.resolve(readFileSync(join(examples, path)))))!;
    expect(character).toBeDefined();
    const program = compile(opened.graph, opened.scene);
    const mesh = character.gltf.scene.getObjectByProperty('type', 'SkinnedMesh') as THREE.SkinnedMesh;
    // A vertex bound to one bone only keeps its place in that bone's frame.
    const skin = mesh.geometry.getAttribute('skinWeight');
    const index = mesh.geometry.getAttribute('skinIndex');
    let vertex = -1;
    for (let i = 0; i < skin.count && vertex < 0; i++) if (skin.getX(i) > 0.9999 && mesh.skeleton.bones[index.getX(i)].name === 'handL') vertex = i;
    expect(vertex).toBeGreaterThanOrEqual(0);
    const bone = mesh.skeleton.bones[index.getX(vertex)];
    const inBone = (frame: number) => {
      program.evaluate(frame);
      character.update((id) => program.ownerMatrix(id));
      character.object.updateMatrixWorld(true); // what the renderer does before drawing
      // Every bound node sits where its owner is.
      for (const b of character.source.bindings) {
        if (!b?.joint) continue;
        const o = character.gltf.scene.getObjectByProperty('uuid', findUuid(character, b.node))!;
        const expected = new THREE.Matrix4().fromArray(Array.from(program.ownerMatrix(b.owner)!)).multiply(new THREE.Matrix4().fromArray(Array.from(b.offset)));
        expect(maxDiff(o.matrixWorld.elements, expected.elements)).toBeLessThan(1e-9);
      }
      mesh.skeleton.update();
      const v = mesh.applyBoneTransform(vertex, new THREE.Vector3().fromBufferAttribute(mesh.geometry.getAttribute('position'), vertex));
      v.applyMatrix4(mesh.matrixWorld);
      return v.applyMatrix4(bone.matrixWorld.clone().invert());
    };
    const a = inBone(1), b = inBone(13);
    expect(a.distanceTo(b)).toBeLessThan(1e-6);
    // …and the hand did move between those frames.
    program.evaluate(1);
    const h1 = Array.from(program.ownerMatrix('Armature/hand.L')!);
    program.evaluate(13);
    expect(maxDiff(h1, program.ownerMatrix('Armature/hand.L')!)).toBeGreaterThan(0.05);
  });

  it('exports the bake the CLI writes', async () => {
    const opened = openGraph(join(examples, 'mannequin.sinew.json'));
    if (!opened.ok) throw new Error(JSON.stringify(opened.errors));
    const character = await characterForScene(opened.scene, (path) => Promise.resolve(readFileSync(join(examples, path))));
    const blob = exportGlb(opened.graph, opened.scene, { start: 1, end: 12 }, character);
    expect(blob.type).toBe('model/gltf-binary');
    const file = readGltf(new Uint8Array(await blob.arrayBuffer()));
    expect(file.json.meshes).toHaveLength(1);
    expect(file.json.animations![0].channels).toHaveLength(65 * 3);
    // Without a character: a skeleton made from the scene.
    const bare = readGltf(bakeGlbBytes(opened.graph, opened.scene, { start: 1, end: 2 }));
    expect(bare.json.meshes).toBeUndefined();
    expect(bare.json.skins![0].joints).toHaveLength(65);
  });
});

function findUuid(character: GltfCharacter, node: number): string {
  let uuid = '';
  character.gltf.scene.traverse((o) => { if (!uuid && character.gltf.parser.associations.get(o)?.nodes === node) uuid = o.uuid; });
  return uuid;
}
