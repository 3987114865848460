// glTF clips as the pose under the constraints, checked against three.js's AnimationMixer playing
// the same file: every node's world matrix (Sinew's evaluated owners mapped back onto the file's
// nodes, as bake does) at integer and fractional frames, for the mannequin's Walk and Wave (LINEAR)
// and for a generated file with STEP, LINEAR and CUBICSPLINE channels of different lengths on
// joints, an object hung from a joint and a non-joint node between two joints.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Object3D } from 'three';
import { describe, expect, it } from 'vitest';
import { GRAPH_FORMAT, GRAPH_VERSION, type GraphDocument } from '../../graph/types';
import { run } from '../../runtime/cli/main';
import { compile } from '../../runtime/eval/compile';
import { openGraph } from '../../runtime/io/files';
import { playingClip } from '../../runtime/rig/scene/playback';
import { gltfWorlds } from '../../runtime/io/gltf/bake';
import { packSampler, sampleAt } from '../../nodes/math/clip-sampler';
import { readAccessor, readGltf, writeGlb } from '../../runtime/io/gltf/container';
import { hierarchy } from '../../runtime/io/gltf/hierarchy';
import { importGltf } from '../../runtime/io/gltf/import';
import type { GltfAsset, GltfJson } from '../../runtime/io/gltf/types';
import type { SceneDocument } from '../../runtime/rig/scene/types';
import { objectsByNode, parseGlb, sampler } from './three-sample';
import { SHARED_DIR } from '../shared-path';

const emptyGraph: GraphDocument = { format: GRAPH_FORMAT, version: GRAPH_VERSION, nodes: [], links: [] };
const FPS = 24;

/** Sinew's and three.js's world matrix of every node, at each frame, for one clip; the largest difference. */
async function compareClip(asset: GltfAsset, clip: string, frames: number[]): Promise<{ worst: number; where: string; compared: number }> {
  const imported = importGltf(asset);
  const scene: SceneDocument = { ...imported.scene, playback: { clip, fps: FPS, loop: false } };
  const program = compile(emptyGraph, scene);
  const gltf = await parseGlb(writeGlb(asset));
  const play = sampler(gltf, clip);
  const objects = objectsByNode(gltf);
  const h = hierarchy(asset.json);
  let worst = 0, where = '', compared = 0;
  for (const f of frames) {
    program.evaluate(f);
    // Before the first key both hold it (three's LoopOnce action would count negative time as an end).
    play(Math.max(0, (f - 1) / FPS));
    const sinew = gltfWorlds(program, { asset, bindings: imported.bindings }, h);
    for (const i of h.order) {
      const o: Object3D | undefined = objects.get(i);
      if (!o || !imported.bindings[i]) continue;
      const three = o.matrixWorld.elements;
      // three's scene root holds the file's scene space: compare in it.
      for (let k = 0; k < 16; k++) {
        const d = Math.abs(sinew[i][k] - three[k]);
        compared++;
        if (!(d <= worst)) { worst = d; where = `node ${i} (${asset.json.nodes![i].name}) [${k}] at frame ${f}: sinew ${Array.from(sinew[i]).map((x) => x.toFixed(3))} three ${three.map((x) => x.toFixed(3))}`; }
      }
    }
  }
  return { worst, where, compared };
}

const frames = (last: number) => [-3, 1, 1.5, 2, 5.25, 9, 12.75, Math.floor(last / 2), last - 0.5, last, last + 4];

describe('glTF clips against three.js AnimationMixer', () => {
  const mannequin = readGltf(new Uint8Array(readFileSync(join(SHARED_DIR, 'assets/mannequin-anim.glb'))));
  for (const [clip, seconds] of [['Walk', 4 / 3], ['Wave', 2]] as const) {
    it(`mannequin-anim.glb "${clip}" (LINEAR): every node's world matrix within 1e-5`, async () => {
      const r = await compareClip(mannequin, clip, frames(1 + seconds * FPS));
      expect(r.compared).toBeGreaterThan(1000);
      expect(r.worst, r.where).toBeLessThan(1e-5);
    });
  }

  const generated = generatedAsset();
  for (const clip of ['Steps', 'Cubic', 'Mixed']) {
    it(`generated file "${clip}": every node's world matrix within 1e-5`, async () => {
      const r = await compareClip(generated, clip, frames(1 + 1.5 * FPS));
      expect(r.compared).toBeGreaterThan(100);
      expect(r.worst, r.where).toBeLessThan(1e-5);
    });
  }

  it('every channel kind (STEP, LINEAR, CUBICSPLINE × translation, rotation, scale) samples as three.js does, within 1e-6', async () => {
    const gltf = await parseGlb(writeGlb(generated));
    const objects = objectsByNode(gltf);
    const time = new Float64Array(1), out = new Float64Array(4);
    const kinds = new Set<string>();
    let worst = 0, where = '';
    for (const a of generated.json.animations!) {
      const play = sampler(gltf, a.name);
      for (const seconds of [0, 0.1, 0.25, 0.4, 0.55, 0.75, 0.9, 1.2, 1.5, 1.7]) {
        play(seconds);
        for (const ch of a.channels) {
          const s = a.samplers[ch.sampler];
          const path = ch.target.path as 'translation' | 'rotation' | 'scale';
          const size = path === 'rotation' ? 4 : 3;
          kinds.add(`${s.interpolation}/${path}`);
          const packed = packSampler(readAccessor(generated, s.input), readAccessor(generated, s.output), size, s.interpolation ?? 'LINEAR', path === 'rotation');
          time[0] = seconds;
          sampleAt(packed, time, out, 0);
          const o = objects.get(ch.target.node!)!;
          const three: number[] = path === 'translation' ? o.position.toArray() : path === 'scale' ? o.scale.toArray() : o.quaternion.toArray();
          const sign = path === 'rotation' && out[3] * three[3] + out[0] * three[0] + out[1] * three[1] + out[2] * three[2] < 0 ? -1 : 1;
          for (let k = 0; k < size; k++) {
            const d = Math.abs(sign * out[k] - three[k]);
            if (!(d <= worst)) { worst = d; where = `${a.name} ${s.interpolation} ${path} of node ${ch.target.node} at ${seconds} s`; }
          }
        }
      }
    }
    expect([...kinds].sort()).toEqual(['CUBICSPLINE/rotation', 'CUBICSPLINE/scale', 'CUBICSPLINE/translation', 'LINEAR/rotation', 'LINEAR/scale', 'LINEAR/translation', 'STEP/rotation', 'STEP/scale', 'STEP/translation']);
    expect(worst, where).toBeLessThan(1e-6);
  });

  it('imports every clip of the file, each animating the owners its channels target', () => {
    const scene = importGltf(generated).scene;
    expect(scene.clips!.map((c) => c.name)).toEqual(['Steps', 'Cubic', 'Mixed']);
    expect(scene.clips!.map((c) => c.tracks.map((t) => t.owner).sort())).toEqual([
      ['Armature/j0', 'Armature/j1'],
      ['Armature/j1', 'Armature/j3', 'mid'],
      ['Armature/j2', 'Armature/j3', 'prop'],
    ]);
  });
});

/**
 * A skeleton j0 → j1 → mid (not a joint) → j3, j1 → j2, and "prop" (not a joint) under j2; three
 * clips of different lengths: STEP, CUBICSPLINE (tangents), LINEAR.
 */
function generatedAsset(): GltfAsset {
  const chunks: number[] = [];
  const accessors: GltfJson['accessors'] = [];
  const views: GltfJson['bufferViews'] = [];
  const add = (values: number[], type: 'SCALAR' | 'VEC3' | 'VEC4') => {
    const n = { SCALAR: 1, VEC3: 3, VEC4: 4 }[type];
    views.push({ buffer: 0, byteOffset: chunks.length * 4, byteLength: values.length * 4 });
    chunks.push(...values);
    const acc: NonNullable<GltfJson['accessors']>[number] = { bufferView: views.length - 1, componentType: 5126, count: values.length / n, type };
    if (type === 'SCALAR') { acc.min = [Math.min(...values)]; acc.max = [Math.max(...values)]; }
    accessors.push(acc);
    return accessors.length - 1;
  };
  const quat = (axis: number[], angle: number) => { const s = Math.sin(angle / 2), l = Math.hypot(...axis); return [axis[0] / l * s, axis[1] / l * s, axis[2] / l * s, Math.cos(angle / 2)]; };
  const animations: NonNullable<GltfJson['animations']> = [];
  const clip = (name: string, channels: [number, 'translation' | 'rotation' | 'scale', 'STEP' | 'LINEAR' | 'CUBICSPLINE', number[], number[]][]) => {
    const samplers = channels.map(([, path, interpolation, times, values]) => ({ input: add(times, 'SCALAR'), output: add(values, path === 'rotation' ? 'VEC4' : 'VEC3'), interpolation }));
    animations.push({ name, samplers, channels: channels.map(([node, path], i) => ({ sampler: i, target: { node, path } })) });
  };
  const t4 = [0, 0.4, 0.9, 1.5];
  clip('Steps', [
    [0, 'translation', 'STEP', t4, [0, 0, 0, 0.1, 0, 0, 0.1, 0.2, 0, -0.1, 0, 0.3]],
    [0, 'rotation', 'STEP', t4, [...quat([0, 0, 1], 0), ...quat([0, 0, 1], 0.6), ...quat([1, 1, 0], 1.2), ...quat([0, 1, 0], -0.4)]],
    [1, 'scale', 'STEP', t4, [1, 1, 1, 1.2, 1, 1, 1, 0.8, 1.1, 1, 1, 1]],
  ]);
  // CUBICSPLINE: per key in-tangent, value, out-tangent.
  const q0 = quat([1, 0, 0], 0.2), q1 = quat([1, 0.5, 0], 1.1), q2 = quat([0, 0, 1], -0.7);
  clip('Cubic', [
    [1, 'rotation', 'CUBICSPLINE', [0, 0.5, 0.75], [0, 0, 0, 0, ...q0, 0.3, 0, 0, 0, -0.2, 0.1, 0, 0, ...q1, 0.4, -0.3, 0, 0, 0, 0, 0, 0, ...q2, 0, 0, 0, 0]],
    [3, 'translation', 'CUBICSPLINE', [0, 0.25, 0.75], [0, 0, 0, 0, 0.5, 0, 1, 0, 0, 0, 0, 0, 0.1, 0.6, 0, -1, 0, 0, 0, 0, 0, 0, 0.4, 0.2, 0, 0, 0]],
    [4, 'scale', 'CUBICSPLINE', [0, 0.6], [0, 0, 0, 1, 1, 1, 0.5, 0, 0, 0, 0, 0, 1.3, 0.9, 1, 0, 0, 0]],
  ]);
  clip('Mixed', [
    [2, 'rotation', 'LINEAR', [0, 0.3, 1.5], [...quat([0, 0, 1], 0), ...quat([0, 1, 1], 2.5), ...quat([0, 0, 1], -2.9)]],
    [5, 'translation', 'LINEAR', [0.2, 1.0], [0, 0.3, 0, 0.2, 0.5, -0.1]],
    [4, 'rotation', 'LINEAR', [0, 1.2], [...quat([1, 0, 0], 0.3), ...quat([1, 0, 0], -1.3)]],
    [5, 'scale', 'LINEAR', [0, 0.8], [1, 1, 1, 0.7, 1.2, 1]],
  ]);
  const bin = new Uint8Array(new Float32Array(chunks).buffer);
  const json: GltfJson = {
    asset: { version: '2.0', generator: 'sinew test' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [
      { name: 'j0', translation: [0, 0, 0.2], children: [1] },
      { name: 'j1', translation: [0, 1, 0], rotation: quat([0, 0, 1], 0.3), children: [2, 3] },
      { name: 'j2', translation: [0, 0.8, 0], children: [5] },
      { name: 'mid', translation: [0.3, 0.2, 0], children: [4] },
      { name: 'j3', translation: [0, 0.5, 0], scale: [1, 1, 1] },
      { name: 'prop', translation: [0.1, 0.4, 0] },
    ],
    skins: [{ joints: [0, 1, 2, 4] }],
    accessors,
    bufferViews: views,
    buffers: [{ byteLength: bin.byteLength }],
    animations,
  };
  return { json, buffers: [bin] };
}

describe('sinew eval and bake with --clip', () => {
  const anim = join(SHARED_DIR, 'assets/mannequin-anim.glb');
  const graph = join(__dirname, '../../examples/mannequin.sinew.json');
  const dir = mkdtempSync(join(tmpdir(), 'sinew-clips-'));
  const cli = (...argv: string[]) => {
    const out: string[] = [], err: string[] = [];
    const code = run(argv, { out: (s) => out.push(s), err: (s) => err.push(s) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  it('eval --clip NAME --frame N poses the character by the clip under the graph\'s constraints', () => {
    const at = (frame: string) => (JSON.parse(cli('eval', graph, '--scene', anim, '--clip', 'Walk', '--frame', frame).out) as { owners: Record<string, number[]> }).owners;
    const still = (JSON.parse(cli('eval', graph, '--scene', anim, '--frame', '9').out) as { owners: Record<string, number[]> }).owners;
    const walking = at('9');
    const thigh = 'Armature/thigh.L';
    expect(Math.abs(walking[thigh][5] - still[thigh][5])).toBeGreaterThan(1e-3);
    // One loop later the walk is where it was.
    const loop = at(String(9 + (4 / 3) * 24));
    walking[thigh].forEach((x, k) => { expect(loop[thigh][k]).toBeCloseTo(x, 7); });
  });

  it('names the clips a scene has when --clip names another', () => {
    const r = cli('eval', graph, '--scene', anim, '--clip', 'Run');
    expect(r.code).toBe(1);
    expect(r.err).toBe(`${anim}: --clip: the scene has no clip "Run"; it has "Walk" and "Wave"`);
  });

  it('bake --clip writes the constraints on top of the clip as "NAME+Sinew" over the clip\'s frames, keeps the other clips, and three.js plays it as Sinew evaluated it', async () => {
    const out = join(dir, 'walk.glb');
    const r = cli('bake', graph, '--scene', anim, '--clip', 'Walk', '-o', out);
    expect(r.code, r.err).toBe(0);
    const baked = readGltf(new Uint8Array(readFileSync(out)));
    const original = readGltf(new Uint8Array(readFileSync(anim)));
    expect(baked.json.animations!.map((a) => a.name)).toEqual(['Walk', 'Wave', 'Walk+Sinew']);
    // The file's own clips sample exactly as before.
    for (const a of original.json.animations!) {
      const b = baked.json.animations!.find((x) => x.name === a.name)!;
      expect(b.channels).toEqual(a.channels);
      a.samplers.forEach((s, i) => {
        expect(Array.from(readAccessor(baked, b.samplers[i].input))).toEqual(Array.from(readAccessor(original, s.input)));
        expect(Array.from(readAccessor(baked, b.samplers[i].output))).toEqual(Array.from(readAccessor(original, s.output)));
      });
    }
    // 4/3 s at 24 fps: frames 1..33.
    const times = readAccessor(baked, baked.json.animations![2].samplers[0].input);
    expect(times.length).toBe(33);
    const opened = openGraph(graph, anim);
    if (!opened.ok) throw new Error('cannot open');
    const playing = playingClip(opened.scene, 'Walk', FPS);
    if (!playing.ok) throw new Error(playing.message);
    const program = compile(opened.graph, playing.scene);
    const gltf = await parseGlb(writeGlb(baked));
    const play = sampler(gltf, 'Walk+Sinew');
    const objects = objectsByNode(gltf);
    const h = hierarchy(baked.json);
    let worst = 0;
    // Baked keys are whole frames; between them three interpolates.
    for (const f of [1, 4, 10, 17, 33]) {
      program.evaluate(f);
      play((f - 1) / FPS);
      const sinew = gltfWorlds(program, { asset: opened.gltf!.asset, bindings: opened.gltf!.bindings }, h);
      for (const j of baked.json.skins![0].joints) {
        const three = objects.get(j)!.matrixWorld.elements;
        for (let k = 0; k < 16; k++) worst = Math.max(worst, Math.abs(three[k] - sinew[j][k]));
      }
    }
    expect(worst).toBeLessThan(1e-5);
  });
});
