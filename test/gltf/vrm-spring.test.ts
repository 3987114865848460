// VRMC_springBone 1.0 imported as Spring Bone nodes, on a small .vrm written in the test
// (writeGlb): a hair chain on the head in world space, a tail chain in the hips' center space, a
// sphere on the head and a capsule on the chest. The same bytes are loaded by three.js's GLTFLoader
// with @pixiv/three-vrm-springbone's loader plugin, the hips swayed the same way in both, and
// every joint's glTF world matrix compared over 240 frames.
import { VRMSpringBoneLoaderPlugin, type VRMSpringBoneManager } from '@pixiv/three-vrm-springbone';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../runtime/cli/main';
import { compile } from '../../runtime/eval/compile';
import { SINEW_TO_GLTF } from '../../runtime/io/gltf/axes';
import { readGltf, writeGlb } from '../../runtime/io/gltf/container';
import { importGltf } from '../../runtime/io/gltf/import';
import { mul } from '../../runtime/io/gltf/mat';
import type { GltfJson } from '../../runtime/io/gltf/types';
import type { Program } from '../../runtime/eval/program';
import { updateJoints } from '../nodes/physics/three-vrm-update';

function sinew(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = run(argv, { out: (s) => out.push(s), err: (s) => err.push(s) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const q = (x: number, y: number, z: number, w: number) => { const l = Math.hypot(x, y, z, w); return [x / l, y / l, z / l, w / l]; };

function vrmFile(extra: Record<string, unknown> = {}): GltfJson {
  return {
    asset: { version: '2.0', generator: 'sinew test' },
    extensionsUsed: ['VRMC_springBone'],
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [
      { name: 'Hips', translation: [0, 1, 0], children: [1, 7] },
      { name: 'Chest', translation: [0, 0.3, 0], children: [2] },
      { name: 'Head', translation: [0, 0.35, 0], rotation: q(0.05, 0.1, 0, 1), children: [3] },
      { name: 'Hair0', translation: [0.05, 0.05, -0.1], rotation: q(0.6, 0.1, 0.2, 1), children: [4] },
      { name: 'Hair1', translation: [0, 0.1, 0], rotation: q(0.2, 0, 0.1, 1), children: [5] },
      { name: 'Hair2', translation: [0.02, 0.1, 0.01], children: [6] },
      { name: 'Hair3', translation: [0, 0.09, 0] },
      { name: 'Tail0', translation: [0, -0.05, -0.12], rotation: q(-0.7, 0, 0, 1), children: [8] },
      { name: 'Tail1', translation: [0, 0.15, 0], children: [9] },
      { name: 'Tail2', translation: [0, 0.15, 0] },
    ],
    skins: [{ joints: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] }],
    extensions: {
      VRMC_springBone: {
        specVersion: '1.0',
        colliders: [
          { node: 2, shape: { sphere: { offset: [0, 0.08, 0], radius: 0.09 } } },
          { node: 1, shape: { capsule: { offset: [0, 0, 0.02], tail: [0, 0.25, 0.02], radius: 0.08 } } },
        ],
        colliderGroups: [{ name: 'head', colliders: [0] }, { name: 'body', colliders: [1] }],
        springs: [
          { name: 'hair', joints: [{ node: 3, stiffness: 0.8, gravityPower: 0.5, dragForce: 0.3, hitRadius: 0.02 }, { node: 4, stiffness: 0.8, gravityPower: 0.5, dragForce: 0.3, hitRadius: 0.02 }, { node: 5, stiffness: 0.6, gravityPower: 0.6, gravityDir: [0.2, -0.98, 0], dragForce: 0.35, hitRadius: 0.02 }, { node: 6 }], colliderGroups: [0, 1] },
          { name: 'tail', joints: [{ node: 7, stiffness: 1.5, gravityPower: 1, dragForce: 0.5 }, { node: 8, stiffness: 1.5, gravityPower: 1, dragForce: 0.5 }, { node: 9 }], colliderGroups: [1], center: 0 },
        ],
        ...extra,
      },
    },
  };
}

/** Sways the imported hips with an action keyed at every frame. */
function sway(scene: ReturnType<typeof importGltf>['scene'], frames: number): void {
  const arm = scene.objects[0];
  arm.animation_data = { action: 'sway' };
  const hips = arm.bones!.find((b) => b.name === 'Hips')!;
  hips.pose = { rotation_mode: 'XYZ' };
  const keys = (v: (t: number) => number) => Array.from({ length: frames + 1 }, (_, f) => ({ co: [f, v(f / 60)] as [number, number], interpolation: 'LINEAR' as const }));
  scene.actions = [{
    name: 'sway',
    fcurves: [
      { data_path: 'pose.bones["Hips"].location', array_index: 0, keyframes: keys((t) => 0.3 * Math.sin(2 * Math.PI * 0.8 * t)) },
      { data_path: 'pose.bones["Hips"].location', array_index: 2, keyframes: keys((t) => 0.1 * Math.sin(2 * Math.PI * 1.7 * t)) },
      { data_path: 'pose.bones["Hips"].rotation_euler', array_index: 1, keyframes: keys((t) => 0.8 * Math.sin(2 * Math.PI * 0.6 * t)) },
      { data_path: 'pose.bones["Hips"].rotation_euler', array_index: 0, keyframes: keys((t) => 0.3 * Math.sin(2 * Math.PI * 1.1 * t)) },
    ],
  }];
}

async function loadWithThree(bytes: Uint8Array): Promise<{ scene: THREE.Group; manager: VRMSpringBoneManager }> {
  const loader = new GLTFLoader();
  loader.register((parser) => new VRMSpringBoneLoaderPlugin(parser));
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const gltf = await loader.parseAsync(buffer, '');
  return { scene: gltf.scene, manager: gltf.userData.vrmSpringBoneManager as VRMSpringBoneManager };
}

describe('VRMC_springBone import', () => {
  it('makes one Spring Bone node per joint but the last, with the spec values, Y-up gravity turned to Z-up, colliders and center wired', () => {
    const imp = importGltf(readGltf(writeGlb({ json: vrmFile(), buffers: [] })));
    expect(imp.notes).toEqual([]);
    const springs = imp.graph.nodes.filter((n) => n.type === 'physics/spring-bone');
    expect(springs.map((n) => n.id)).toEqual(['spring0-0-spring', 'spring0-1-spring', 'spring0-2-spring', 'spring1-0-spring', 'spring1-1-spring']);
    const hair2 = springs[2].params;
    expect(hair2.stiffness).toBe(0.6);
    expect(hair2.gravityDir).toEqual([0.2, -0, -0.98]);
    expect(springs[0].params.gravityDir).toEqual([0, -0, -1]);
    expect(hair2.collider1Shape).toBe('SPHERE');
    expect(hair2.collider2Shape).toBe('CAPSULE');
    expect(springs[3].params.dragForce).toBe(0.5);
    const wired = (id: string, socket: string) => imp.graph.links.some((l) => l.to.node === id && l.to.socket === socket);
    expect(wired('spring1-0-spring', 'center') && !wired('spring0-0-spring', 'center')).toBe(true);
    expect(wired('spring1-0-spring', 'collider1') && !wired('spring1-0-spring', 'collider2')).toBe(true);
    // The tail is the next joint's rest position: Hair1 is 0.1 along Hair0's Y, and bones keep on-axis joints' axes.
    const t = springs[0].params.tail as number[];
    expect(Math.hypot(t[0], t[1], t[2])).toBeCloseTo(0.1, 12);
    const p = compile(imp.graph, imp.scene);
    expect(p.warnings).toEqual([]);
    expect(p.stateful).toBe(true);
  });

  it('names what it cannot carry over, with a JSON pointer', () => {
    const bad = vrmFile({
      colliders: [{ node: 99, shape: { sphere: { radius: 1 } } }, { node: 1, shape: {} }],
      colliderGroups: [{ colliders: [0, 1, 5] }],
      springs: [{ joints: [{ node: 3 }] }, { joints: [{ node: 3 }, { node: 4 }], colliderGroups: [0, 3], center: -1 }],
    });
    const imp = importGltf(readGltf(writeGlb({ json: bad, buffers: [] })));
    expect(imp.notes).toEqual(expect.arrayContaining([
      expect.stringMatching(/^\/extensions\/VRMC_springBone\/colliders\/0\/node: 99 is not a node/),
      expect.stringMatching(/^\/extensions\/VRMC_springBone\/colliders\/1\/shape: has neither/),
      expect.stringMatching(/^\/extensions\/VRMC_springBone\/springs\/0: fewer than two joints/),
      expect.stringMatching(/^\/extensions\/VRMC_springBone\/springs\/1\/colliderGroups\/1: 3 is not a collider group/),
      expect.stringMatching(/^\/extensions\/VRMC_springBone\/springs\/1\/center: -1 is not a node/),
    ]));
    expect(imp.graph.nodes.filter((n) => n.type === 'physics/spring-bone')).toHaveLength(1);
    expect(compile(imp.graph, imp.scene).warnings).toEqual([]);
  });

  it('moves as three-vrm moves the same file: every joint within 1e-5 over 240 frames', async () => {
    const bytes = writeGlb({ json: vrmFile(), buffers: [] });
    const imp = importGltf(readGltf(bytes), { springFps: 60 });
    sway(imp.scene, 240);
    const program: Program = compile(imp.graph, imp.scene);
    const still = compile({ ...imp.graph, nodes: [], links: [] }, imp.scene);
    const three = await loadWithThree(bytes);
    const nodes = imp.bindings.map((b) => three.scene.getObjectByName(b ? (imp.scene.objects[0].bones!.find((x) => `${imp.armature}/${x.name}` === b.owner)?.name ?? '') : '')!);
    const gltfWorld = (i: number) => mul(mul(SINEW_TO_GLTF, program.ownerMatrix(imp.bindings[i].owner)!), imp.bindings[i].offset);
    const hips = nodes[0];
    hips.matrixAutoUpdate = false;
    const follow = () => {
      hips.matrix.fromArray(gltfWorld(0)); // Hips is a top node of the scene
      three.scene.updateMatrixWorld(true);
    };
    program.evaluate(0);
    follow();
    three.manager.setInitState();
    three.scene.updateMatrixWorld(true);
    let err = 0;
    let where = '';
    let swing = 0;
    for (let f = 0; f < 240; f++) {
      if (f > 0) {
        program.evaluate(f);
        follow();
        updateJoints(three.manager, 1 / 60);
        three.scene.updateMatrixWorld(true);
      }
      for (const i of [3, 4, 5, 6, 7, 8, 9]) {
        const mine = gltfWorld(i);
        const theirs = nodes[i].matrixWorld.elements;
        for (const k of [0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14]) {
          const d = Math.abs(mine[k] - theirs[k]);
          if (!(d <= err)) { err = d; where = `node ${i}[${k}] at frame ${f}`; }
        }
      }
      // How far the springs carry the hair's tip from where it would be without them.
      const rigid = still.evaluate(f).ownerMatrix(imp.bindings[6].owner)!;
      const tip = program.ownerMatrix(imp.bindings[6].owner)!;
      swing = Math.max(swing, Math.hypot(tip[12] - rigid[12], tip[13] - rigid[13], tip[14] - rigid[14]));
    }
    expect(err, where).toBeLessThan(1e-5);
    expect(swing).toBeGreaterThan(0.02);
    if (process.env.SPRING_REPORT) console.log({ err, where, swing });
  });
});

describe('VRM spring bones from the command line', () => {
  it('import-gltf makes a graph whose eval at frame N equals a program played to N, and bake plays it in order', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sinew-vrm-spring-'));
    const vrmPath = join(dir, 'hair.vrm');
    writeFileSync(vrmPath, writeGlb({ json: vrmFile(), buffers: [] }));
    const graphPath = join(dir, 'hair.sinew.json');
    const imported = sinew('import-gltf', vrmPath, '-o', graphPath);
    expect(imported.code, imported.err).toBe(0);
    expect(imported.out).toContain('5 VRM spring joints');
    // Sway the hips in the saved graph's scene, so the springs have something to follow.
    const doc = JSON.parse(readFileSync(graphPath, 'utf8'));
    sway(doc.scene, 48);
    writeFileSync(graphPath, JSON.stringify(doc));
    const evaluated = sinew('eval', graphPath, '--frame', '30');
    expect(evaluated.code, evaluated.err).toBe(0);
    const played = compile(doc.graph ?? doc, doc.scene);
    for (let f = 0; f <= 30; f++) played.evaluate(f);
    const owners = JSON.parse(evaluated.out).owners as Record<string, number[]>;
    // JSON writes −0 as 0; every other number round-trips exactly.
    for (const o of played.owners) expect(owners[o.id], o.id).toEqual(Array.from(o.final, (x) => (x === 0 ? 0 : x)));
    const baked = sinew('bake', graphPath, '--frames', '0..24', '-o', join(dir, 'baked.glb'));
    expect(baked.code, baked.err).toBe(0);
    // Within the CLI's frame range (±1,048,574) but more ticks from the start than one call replays.
    const far = sinew('eval', graphPath, '--frame', '1040000');
    expect(far.code).toBe(1);
    expect(far.err).toMatch(/--frame: evaluate: frame 1040000 is 1040000 frames after .* replays at most 1000000/);
  });
});
