// glTF in and out on the Blender-made mannequin: the import keeps joints, names and hierarchy; a bake
// with no constraints gives back the rest pose; and a baked clip played by three.js's GLTFLoader and
// AnimationMixer gives, at every frame, the world matrices Sinew evaluated.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GraphDocument } from '../../graph/types';
import { compile } from '../../runtime/eval/compile';
import { SINEW_TO_GLTF } from '../../runtime/io/gltf/axes';
import { bakeAnimation, type BakeTarget } from '../../runtime/io/gltf/bake';
import { readAccessor, readGltf, writeGlb } from '../../runtime/io/gltf/container';
import { hierarchy } from '../../runtime/io/gltf/hierarchy';
import { importGltf } from '../../runtime/io/gltf/import';
import { maxDiff, mul, trs } from '../../runtime/io/gltf/mat';
import { openGraph } from '../../runtime/io/files';
import { bakeTargetFor } from '../../runtime/io/gltf/bake-target';
import type { Program } from '../../runtime/eval/program';
import { objectsByNode, parseGlb, sampler } from './three-sample';

const examples = join(__dirname, '../../examples');
const glbPath = join(examples, 'assets/mannequin.glb');
const asset = readGltf(new Uint8Array(readFileSync(glbPath)));
const imported = importGltf(asset);
const emptyGraph: GraphDocument = { format: 'sinew-graph', version: 1, nodes: [], links: [] };

/** Each animated node's local matrix at key k, from the baked file's own accessors. */
function keyedLocal(file: ReturnType<typeof readGltf>, node: number, k: number): Float64Array | undefined {
  const anim = file.json.animations?.[0];
  const channel = (path: string) => anim?.channels.find((c) => c.target.node === node && c.target.path === path);
  const values = (path: string) => {
    const c = channel(path);
    return c && readAccessor(file, anim!.samplers[c.sampler].output);
  };
  const t = values('translation'), r = values('rotation'), s = values('scale');
  if (!t || !r || !s) return undefined;
  return trs(t.subarray(3 * k, 3 * k + 3), r.subarray(4 * k, 4 * k + 4), s.subarray(3 * k, 3 * k + 3));
}

describe('import of a glTF skin', () => {
  const json = asset.json;
  const joints = json.skins![0].joints;
  const armature = imported.scene.objects[0];
  const bones = new Map(armature.bones!.map((b) => [b.name, b]));
  const h = hierarchy(json);

  it('makes every joint a bone with its name, and its nearest joint ancestor its parent', () => {
    expect(armature.type).toBe('ARMATURE');
    expect(bones.size).toBe(joints.length);
    for (const j of joints) {
      const bone = bones.get(json.nodes![j].name!);
      expect(bone, json.nodes![j].name).toBeDefined();
      let p = h.parent[j];
      while (p >= 0 && !joints.includes(p)) p = h.parent[p];
      expect(bone!.parent ?? null).toBe(p >= 0 ? json.nodes![p].name : null);
    }
    // Other nodes are objects under the armature, in the file's hierarchy.
    const names = imported.scene.objects.slice(1).map((o) => [o.name, o.type, o.parent]);
    expect(names).toEqual([['mannequin', 'EMPTY', 'Armature'], ['body', 'EMPTY', 'mannequin']]);
  });

  it('puts each bone at its joint, Y along the bone towards its child, and reaching it', () => {
    for (const j of joints) {
      const bone = bones.get(json.nodes![j].name!)!;
      const w = h.world[j];
      const m = bone.matrix_local;
      expect(maxDiff([m[12], m[13], m[14]], [w[12], w[13], w[14]])).toBeLessThan(1e-12);
      const y = [m[4], m[5], m[6]];
      expect(Math.hypot(...y)).toBeCloseTo(1, 12);
      const child = joints.find((c) => h.parent[c] === j && Math.abs(h.local[c][12]) < 1e-6 && Math.abs(h.local[c][14]) < 1e-6);
      if (child !== undefined) {
        // The child's head is the bone's tail.
        const cw = h.world[child];
        const tail = [m[12] + y[0] * bone.length, m[13] + y[1] * bone.length, m[14] + y[2] * bone.length];
        expect(maxDiff(tail, [cw[12], cw[13], cw[14]])).toBeLessThan(1e-6);
      }
    }
  });

  it('keeps the file\'s coordinates inside an armature turned from Y-up to Z-up', () => {
    const program = compile(emptyGraph, imported.scene).evaluate(1);
    const head = program.ownerMatrix('Armature/spine.006')!;
    // The mannequin stands up the world Z axis and faces -Y, as it does in Blender.
    expect(head[14]).toBeGreaterThan(1.7);
    expect(head[6]).toBeGreaterThan(0.99); // the head bone's Y runs up
    expect(head[9]).toBeLessThan(-0.99); // its Z looks forward (-Y)
  });
});

describe('bake with no constraints', () => {
  const program = compile(emptyGraph, imported.scene);
  const target: BakeTarget = { asset, bindings: imported.bindings };
  const baked = bakeAnimation(program, target, { start: 1, end: 3 });
  const file = readGltf(writeGlb(baked.asset));
  const before = asset.json, after = file.json;

  it('keeps joint names, hierarchy and everything else in the file', () => {
    expect(after.nodes).toEqual(before.nodes);
    expect(after.skins).toEqual(before.skins);
    expect(after.meshes).toEqual(before.meshes);
    expect(after.scenes).toEqual(before.scenes);
    expect(after.accessors!.slice(0, before.accessors!.length)).toEqual(before.accessors);
    // The original data is byte for byte where it was.
    const n = before.buffers![0].byteLength;
    expect(Buffer.from(file.buffers[0].subarray(0, n)).equals(Buffer.from(asset.buffers[0].subarray(0, n)))).toBe(true);
    expect(after.animations).toHaveLength(1);
    expect(after.animations![0].channels).toHaveLength(3 * before.skins![0].joints.length);
  });

  it('keys the rest pose on every joint (local and world matrices within 1e-6)', () => {
    const h = hierarchy(before);
    for (let k = 0; k < 3; k++) {
      const world: Float64Array[] = [];
      for (const i of h.order) {
        const local = keyedLocal(file, i, k) ?? h.local[i];
        if (before.skins![0].joints.includes(i)) expect(maxDiff(local, h.local[i])).toBeLessThan(1e-6);
        world[i] = h.parent[i] < 0 ? local : mul(world[h.parent[i]], local);
        expect(maxDiff(world[i], h.world[i])).toBeLessThan(1e-6);
      }
    }
  });
});

/** Plays a baked GLB in three.js and compares every bound node's world matrix with Sinew's, per frame. */
async function compareWithThree(program: Program, target: BakeTarget, start: number, end: number, fps = 24) {
  const baked = bakeAnimation(program, target, { start, end, fps });
  const gltf = await parseGlb(writeGlb(baked.asset));
  const objects = objectsByNode(gltf);
  const pose = sampler(gltf);
  const finals = new Map(program.owners.map((o) => [o.id, o.final]));
  let worst = 0;
  let compared = 0;
  for (const frame of baked.frames) {
    program.evaluate(frame);
    pose(Math.fround((frame - start) / fps));
    target.bindings.forEach((b, node) => {
      if (!b?.joint) return;
      const object = objects.get(node);
      expect(object, `node ${node}`).toBeDefined();
      // Sinew's bone, in glTF space, carrying the joint's frame.
      const expected = mul(mul(SINEW_TO_GLTF, finals.get(b.owner)!), b.offset);
      worst = Math.max(worst, maxDiff(object!.matrixWorld.elements, expected));
      compared++;
    });
  }
  return { worst, compared, gltf };
}

describe('a baked clip played by three.js', () => {
  it('gives the mannequin example\'s evaluated world matrices at every frame (within 1e-5)', async () => {
    const opened = openGraph(join(examples, 'mannequin.sinew.json'));
    if (!opened.ok) throw new Error(JSON.stringify(opened.errors));
    const { graph, scene } = opened;
    const { target, source } = bakeTargetFor(opened);
    expect(source).toBe(glbPath); // baked onto the character file itself
    const program = compile(graph, scene);
    expect(program.warnings).toEqual([]);
    const { worst, compared, gltf } = await compareWithThree(program, target, 1, 48);
    expect(compared).toBe(48 * 65);
    expect(worst).toBeLessThan(1e-5);
    // The skinned mesh came through with its skeleton.
    let skinned = 0;
    gltf.scene.traverse((o) => { if ((o as { isSkinnedMesh?: boolean }).isSkinnedMesh) skinned++; });
    expect(skinned).toBe(1);
  });

  it('gives a scene file\'s evaluated matrices too (skeleton made from the scene)', async () => {
    const opened = openGraph(join(examples, 'arm-ik.sinew.json'));
    if (!opened.ok) throw new Error(JSON.stringify(opened.errors));
    const { graph, scene } = opened;
    const { target } = bakeTargetFor(opened);
    const program = compile(graph, scene);
    const { worst, compared } = await compareWithThree(program, target, 1, 5);
    expect(compared).toBeGreaterThan(0);
    expect(worst).toBeLessThan(1e-5);
  });
});
