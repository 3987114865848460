// examples/mannequin.sinew.json: both arms on IK with poles, the head on a look-at, its targets moved
// by math nodes — on the mannequin it was made on, and unchanged on another character with the same
// bone names.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile } from '../../runtime/eval/compile';
import { readGltf, writeGlb } from '../../runtime/io/gltf/container';
import { importGltf } from '../../runtime/io/gltf/import';
import { maxDiff } from '../../runtime/io/gltf/mat';
import { bakeTargetFor } from '../../runtime/io/gltf/bake-target';
import { openGraph } from '../../runtime/io/files';
import type { Program } from '../../runtime/eval/program';

const examples = join(__dirname, '../../examples');
const graphFile = join(examples, 'mannequin.sinew.json');
const glbPath = join(examples, 'assets/mannequin.glb');

const at = (m: ArrayLike<number>) => [m[12], m[13], m[14]];
const sub = (a: number[], b: number[]) => a.map((x, i) => x - b[i]);
const len = (a: number[]) => Math.hypot(...a);
const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i], 0);

/** Checks what the example says it does, at a frame. */
function checkPose(p: Program, frame: number) {
  p.evaluate(frame);
  const m = (id: string) => p.ownerMatrix(id)!;
  for (const side of ['L', 'R']) {
    const shoulder = at(m(`Armature/upper_arm.${side}`));
    const elbow = at(m(`Armature/forearm.${side}`));
    const forearm = m(`Armature/forearm.${side}`);
    const target = at(m(`HandTarget.${side}`));
    const pole = at(m(`ElbowPole.${side}`));
    // The forearm's tail is on its target (the targets stay within reach).
    const bone = p.owners.find((o) => o.id === `Armature/forearm.${side}`)!.bone!;
    const tail = [forearm[12] + forearm[4] * bone.length, forearm[13] + forearm[5] * bone.length, forearm[14] + forearm[6] * bone.length];
    expect(len(sub(tail, target)), `hand ${side} at frame ${frame}`).toBeLessThan(1e-6);
    // The elbow bends towards its pole: both on the same side of the shoulder-target line.
    const line = sub(target, shoulder);
    const off = (q: number[]) => { const v = sub(q, shoulder); const k = dot(v, line) / dot(line, line); return v.map((x, i) => x - k * line[i]); };
    const e = off(elbow), q = off(pole);
    expect(dot(e, q) / (len(e) * len(q)), `elbow ${side} towards its pole at frame ${frame}`).toBeGreaterThan(0.9);
  }
  // The head's Z axis (its face) points at the look target, its Y stays as upright as it can.
  const head = m('Armature/spine.006');
  const aim = sub(at(m('LookTarget')), at(head));
  expect(dot([head[8], head[9], head[10]], aim) / len(aim)).toBeGreaterThan(1 - 1e-9);
}

describe('examples/mannequin.sinew.json', () => {
  it('holds the skeleton a fresh import of its glTF file gives', () => {
    const opened = openGraph(graphFile);
    if (!opened.ok) throw new Error(JSON.stringify(opened.errors));
    const fresh = importGltf(readGltf(new Uint8Array(readFileSync(glbPath)))).scene.objects[0];
    const inline = opened.scene.objects[0] as typeof fresh & { gltf_file?: string };
    expect(inline.gltf_file).toBe('assets/mannequin.glb');
    expect(inline.bones!.map((b) => [b.name, b.parent])).toEqual(fresh.bones!.map((b) => [b.name, b.parent]));
    inline.bones!.forEach((b, i) => {
      expect(maxDiff(b.matrix_local, fresh.bones![i].matrix_local)).toBeLessThan(1e-9);
      expect(Math.abs(b.length - fresh.bones![i].length)).toBeLessThan(1e-9);
    });
  });

  it('reaches both hand targets, bends the elbows to their poles and looks at the target', () => {
    const opened = openGraph(graphFile);
    if (!opened.ok) throw new Error(JSON.stringify(opened.errors));
    const p = compile(opened.graph, opened.scene);
    expect(p.warnings).toEqual([]);
    for (const frame of [1, 7, 13, 25, 37]) checkPose(p, frame);
    // The targets move: the pose differs from frame to frame.
    const hand = (f: number) => at(p.evaluate(f).ownerMatrix('Armature/hand.L')!);
    expect(len(sub(hand(1), hand(13)))).toBeGreaterThan(0.05);
  });

  it('runs unchanged on another character with the same bone names (--scene)', () => {
    // Another character: a smaller mannequin under another root name, in another file.
    const other = readGltf(new Uint8Array(readFileSync(glbPath)));
    const joints = new Set(other.json.skins![0].joints);
    other.json.nodes!.forEach((n, i) => {
      if (joints.has(i) && n.translation) n.translation = n.translation.map((x) => x * 0.93);
      if (n.name === 'mannequin') n.name = 'Robin';
    });
    const dir = mkdtempSync(join(tmpdir(), 'sinew-gltf-'));
    const file = join(dir, 'robin.glb');
    writeFileSync(file, writeGlb(other));
    const opened = openGraph(graphFile, file);
    if (!opened.ok) throw new Error(JSON.stringify(opened.errors));
    expect(opened.carried).toEqual(['HandTarget.L', 'ElbowPole.L', 'HandTarget.R', 'ElbowPole.R', 'LookTarget']);
    expect(bakeTargetFor(opened).source).toBe(file);
    const p = compile(opened.graph, opened.scene);
    expect(p.warnings).toEqual([]);
    for (const frame of [1, 13, 25]) checkPose(p, frame);
  });
});
