// `sinew import-gltf` and `sinew bake` as a user runs them.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../runtime/cli/main';
import { readGltf } from '../../runtime/io/gltf/container';
import { parseGlb } from './three-sample';

function sinew(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = run(argv, { out: (s) => out.push(s), err: (s) => err.push(s) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const examples = join(__dirname, '../../examples');
const glb = join(examples, 'assets/mannequin.glb');
const dir = mkdtempSync(join(tmpdir(), 'sinew-gltf-cli-'));

describe('sinew import-gltf', () => {
  it('writes a scene file whose armature names its glTF file', () => {
    const out = join(dir, 'mannequin.scene.json');
    const r = sinew('import-gltf', glb, '-o', out);
    expect(r.code).toBe(0);
    expect(r.out).toBe(`wrote ${out} (65 bones, 2 other objects)`);
    const scene = JSON.parse(readFileSync(out, 'utf8'));
    expect(scene.format).toBe('sinew-scene');
    expect(scene.objects[0].gltf_file).toMatch(/examples\/assets\/mannequin\.glb$/);
    expect(sinew('validate', out).code).toBe(0);
  });

  it('writes a graph with the scene inline when OUT is a .sinew.json', () => {
    const out = join(dir, 'imported.sinew.json');
    const r = sinew('import-gltf', glb, '-o', out, '--armature', 'Rig');
    expect(r.code).toBe(0);
    const graph = JSON.parse(readFileSync(out, 'utf8'));
    expect(graph.scene.objects[0].name).toBe('Rig');
    expect(sinew('validate', out).code).toBe(0);
  });

  it('says what is wrong with a file that is not glTF', () => {
    const bad = join(dir, 'bad.glb');
    writeFileSync(bad, 'not a model');
    const r = sinew('import-gltf', bad, '-o', join(dir, 'x.json'));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(new RegExp(`^${bad}: \\(file\\): neither a GLB file nor glTF JSON \\(`));
    writeFileSync(bad, 'glTF but not really');
    expect(sinew('import-gltf', bad, '-o', join(dir, 'x.json')).err).toBe(`${bad}: (file): GLB version 1953849888; Sinew reads glTF 2.0`);
    expect(sinew('import-gltf', join(dir, 'none.glb'), '-o', join(dir, 'x.json')).err).toBe(`${join(dir, 'none.glb')}: (file): no such file`);
  });
});

describe('sinew bake', () => {
  it('bakes the mannequin example onto its own file, loadable by three.js', async () => {
    const out = join(dir, 'baked.glb');
    const r = sinew('bake', join(examples, 'mannequin.sinew.json'), '--frames', '1..24', '-o', out);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toBe(`wrote ${out} (24 frames at 24 fps, 65 animated nodes, skeleton from ${glb})`);
    const gltf = await parseGlb(new Uint8Array(readFileSync(out)));
    expect(gltf.animations).toHaveLength(1);
    expect(gltf.animations[0].name).toBe('Sinew');
    expect(gltf.animations[0].duration).toBeCloseTo(23 / 24, 6);
  });

  it('takes --scene as a scene file imported from glTF, and still writes onto the glTF file', () => {
    const scene = join(dir, 'mannequin-for-bake.scene.json');
    expect(sinew('import-gltf', glb, '-o', scene).code).toBe(0);
    const out = join(dir, 'from-scene.glb');
    const r = sinew('bake', join(examples, 'mannequin.sinew.json'), '--scene', scene, '--frames', '1..3', '--fps', '30', '-o', out);
    expect(r.code).toBe(0);
    expect(r.err).toBe(`${join(examples, 'mannequin.sinew.json')}: helper objects from the graph's scene: HandTarget.L, ElbowPole.L, HandTarget.R, ElbowPole.R, LookTarget`);
    expect(r.out).toContain(`skeleton from ${glb}`);
    const file = readGltf(new Uint8Array(readFileSync(out)));
    expect(file.json.meshes).toHaveLength(1);
  });

  it('bakes a graph on a plain scene file onto a skeleton made from it', () => {
    const out = join(dir, 'arm.glb');
    const r = sinew('bake', join(examples, 'arm-ik.sinew.json'), '--frames', '1..2', '-o', out);
    expect(r.code).toBe(0);
    const file = readGltf(new Uint8Array(readFileSync(out)));
    expect(file.json.skins![0].name).toBe('Rig');
    expect(file.json.nodes!.map((n) => n.name)).toContain('Forearm.L');
  });

  it('refuses bad frames and reports graphs that do not fit the skeleton', () => {
    expect(sinew('bake', join(examples, 'mannequin.sinew.json'), '--frames', '1-24', '-o', join(dir, 'x.glb'))).toMatchObject({ code: 2, err: '--frames: expected A..B with A ≤ B, each a frame from -1048574 to 1048574 (e.g. 1..48), got "1-24"' });
    expect(sinew('bake', join(examples, 'mannequin.sinew.json'), '--frames', '5..1', '-o', join(dir, 'x.glb')).err).toContain('the last frame (1) comes before the first (5)');
    // The arm example names bones the mannequin does not have.
    const r = sinew('bake', join(examples, 'arm-ik.sinew.json'), '--scene', glb, '--frames', '1..2', '-o', join(dir, 'x.glb'));
    expect(r.code).toBe(1);
    expect(r.err).toContain('names owner "Rig/Forearm.L", which is not in the scene');
  });

  it('reads .gltf files with external buffers and writes one GLB', async () => {
    const src = readGltf(new Uint8Array(readFileSync(glb)));
    const json = structuredClone(src.json);
    json.buffers = [{ byteLength: json.buffers![0].byteLength, uri: 'mannequin%20data.bin' }];
    writeFileSync(join(dir, 'mannequin data.bin'), src.buffers[0]);
    // An external image too (no texture uses it; it only has to travel).
    const png = Uint8Array.from([137, 80, 78, 71, 13, 10, 26, 10]);
    writeFileSync(join(dir, 'skin.png'), png);
    json.images = [{ uri: 'skin.png' }];
    writeFileSync(join(dir, 'mannequin.gltf'), JSON.stringify(json));
    const out = join(dir, 'from-gltf.glb');
    const r = sinew('bake', join(examples, 'mannequin.sinew.json'), '--scene', join(dir, 'mannequin.gltf'), '--frames', '1..2', '-o', out);
    expect(r.code).toBe(0);
    const gltf = await parseGlb(new Uint8Array(readFileSync(out)));
    expect(gltf.animations[0].tracks.length).toBe(65 * 3);
    const file = readGltf(new Uint8Array(readFileSync(out)));
    expect(file.json.buffers).toEqual([{ byteLength: file.buffers[0].byteLength }]);
    const image = file.json.images![0];
    expect(image).toEqual({ bufferView: image.bufferView, mimeType: 'image/png' });
    const view = file.json.bufferViews![image.bufferView!];
    expect(Array.from(file.buffers[0].subarray(view.byteOffset, view.byteOffset! + view.byteLength))).toEqual(Array.from(png));
  });
});
