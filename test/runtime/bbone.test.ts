// B-Bones in the runtime: the B-Bone node computes a bone's shape after the bone and its handles
// have moved, and the constraints wired from it read that shape (the Armature constraint by the
// segments around its owner, Follow B-Bone at Head/Tail on the curve). Checked here: the handle rule,
// a straight B-Bone read on its curve is the straight reading, an Armature over a B-Bone at rest
// moves nothing, linked settings replace the scene's, and what the compiler refuses or warns of.
// Against Blender: test/blender/bbone.test.ts (and the spline itself: test/nodes/math/bbone.test.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRAPH_FORMAT, type GraphDocument, type GraphLink, type GraphNode, type JsonValue } from '../../graph/types';
import { compile } from '../../runtime/eval/compile';
import { CompileFailure } from '../../runtime/eval/errors';
import { loadScene } from '../../runtime/io/scene/load';
import { bboneHandleNames } from '../../runtime/rig/bbone';
import { SCENE_FORMAT, type SceneBone, type SceneDocument } from '../../runtime/rig/scene/types';
import { bone, bboneRig } from './bbone-rig';

const node = (id: string, type: string, params: Record<string, JsonValue> = {}): GraphNode => ({ id, type, params, position: [0, 0] });
const link = (a: string, b: string, c: string, d: string): GraphLink => ({ from: { node: a, socket: b }, to: { node: c, socket: d } });
const graph = (nodes: GraphNode[], links: GraphLink[]): GraphDocument => ({ format: GRAPH_FORMAT, version: 1, nodes, links });
const sceneOf = (bones: SceneBone[], pose: Partial<SceneDocument['objects'][number]> = {}): SceneDocument => ({
  format: SCENE_FORMAT, version: 1, objects: [{ name: 'Arm', type: 'ARMATURE', bones, ...pose }],
});

/** Owner `owner` constrained by one node of `type` with `params`, its `target` (or `bone1`) wired from `from`. */
function constrained(owner: string, type: string, params: Record<string, JsonValue>, from: string): { nodes: GraphNode[]; links: GraphLink[] } {
  const c = `c:${owner}`;
  return {
    nodes: [node(`in:${owner}`, 'owner/input', { owner: `Arm/${owner}` }), node(c, type, params), node(`out:${owner}`, 'owner/output', { owner: `Arm/${owner}` })],
    links: [link(`in:${owner}`, 'transform', c, 'owner'), link(from, 'transform', c, type === 'constraint/armature' ? 'bone1' : 'target'), link(c, 'owner', `out:${owner}`, 'transform')],
  };
}

function maxDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
}

function compileErrors(g: GraphDocument, s: SceneDocument) {
  try {
    compile(g, s);
  } catch (e) {
    if (e instanceof CompileFailure) return e.errors;
    throw e;
  }
  throw new Error('expected a compile failure');
}

describe('B-Bone handles (Blender\'s BKE_pchan_bbone_handles_get)', () => {
  it('AUTO: the parent when connected to it, the last connected child; custom handles otherwise, or none', () => {
    const bones: SceneBone[] = [
      bone('P', [0, 0, 0], [0, 0, 1]),
      bone('B', [0, 0, 1], [0, 0, 2], { parent: 'P', use_connect: true, bbone_segments: 4 }),
      bone('C1', [0, 0, 2], [0, 1, 2], { parent: 'B', use_connect: true }),
      bone('C2', [0, 0, 2], [1, 0, 2], { parent: 'B', use_connect: true }),
      bone('C3', [0, 0, 2.5], [1, 0, 3], { parent: 'B' }),
      bone('D', [0, 0, 1], [0, 0, 2], { parent: 'P', bbone_segments: 4, bbone_handle_type_start: 'TANGENT', bbone_custom_handle_start: 'C3', bbone_handle_type_end: 'RELATIVE' }),
    ];
    expect(bboneHandleNames(bones, 1)).toEqual({ start: 'P', end: 'C2' });
    expect(bboneHandleNames(bones, 5)).toEqual({ start: 'C3', end: undefined });
    expect(bboneHandleNames(bones, 2)).toEqual({ start: 'B', end: undefined });
  });
});

describe('B-Bone shapes read by constraints', () => {
  it('a straight B-Bone (no handles, no settings) read on its curve is read as the straight bone, at any Head/Tail and pose', () => {
    const rot = fc.tuple(fc.double({ min: -2, max: 2, noNaN: true }), fc.double({ min: -2, max: 2, noNaN: true }), fc.double({ min: -2, max: 2, noNaN: true }));
    fc.assert(fc.property(fc.integer({ min: 2, max: 32 }), fc.double({ min: 0, max: 1, noNaN: true }), rot, rot, (segments, headTail, r1, r2) => {
      const s = sceneOf([
        bone('B', [0.1, 0.2, 0], [0.3, 0.1, 1.7], { bbone_segments: segments, pose: { rotation_mode: 'XYZ', rotation_euler: r1, location: [0.2, 0, 0.1] } }),
        ...['L1', 'L2', 'T1', 'T2'].map((n, i) => bone(n, [1 + i, 0, 0], [1 + i, 0, 1], { pose: { rotation_mode: 'XYZ', rotation_euler: r2 } })),
      ], { rotation_euler: [0.3, 0.1, 0.2], scale: [1.3, 1.3, 1.3] });
      const parts = [
        constrained('L1', 'constraint/copy-location', { useBBoneShape: true, headTail }, 'bb'), constrained('L2', 'constraint/copy-location', { headTail }, 'bb'),
        constrained('T1', 'constraint/copy-transforms', { useBBoneShape: true, headTail }, 'bb'), constrained('T2', 'constraint/copy-transforms', { headTail }, 'bb'),
      ];
      const p = compile(graph([node('bb', 'owner/bbone', { owner: 'Arm/B' }), ...parts.flatMap((x) => x.nodes)], parts.flatMap((x) => x.links)), s).evaluate(1);
      expect(maxDiff(p.ownerMatrix('Arm/L1')!, p.ownerMatrix('Arm/L2')!)).toBeLessThan(1e-9);
      expect(maxDiff(p.ownerMatrix('Arm/T1')!, p.ownerMatrix('Arm/T2')!)).toBeLessThan(1e-9);
    }), { numRuns: 60 });
  });

  it('at rest, an Armature constraint over a curved B-Bone leaves its owners where they are (every segment deforms by identity)', () => {
    const setting = fc.double({ min: -0.5, max: 0.5, noNaN: true });
    fc.assert(fc.property(fc.integer({ min: 2, max: 32 }), setting, setting, setting, fc.boolean(), fc.constantFrom('AUTO', 'ABSOLUTE', 'RELATIVE', 'TANGENT'), (segments, curve, roll, ease, dq, type) => {
      const s = sceneOf([
        bone('P', [0, 0, 0], [0, 0.3, 1]),
        bone('B', [0, 0.3, 1], [0.2, 0.2, 2.5], {
          parent: 'P', use_connect: true, bbone_segments: segments, bbone_curveinx: curve, bbone_curveoutz: -curve, bbone_rollin: roll, bbone_easein: 1 + ease,
          bbone_scalein: [1 + ease, 1 - ease / 2, 1], bbone_handle_type_end: type === 'AUTO' ? 'AUTO' : type, bbone_custom_handle_end: 'H',
        }),
        bone('H', [0.3, 0.2, 2.7], [0.5, 0.4, 3.4]),
        ...[0.1, 0.45, 0.8, 1.3].map((f, i) => bone(`O${i}`, [0.1 + 0.2 * f, 0.3 - 0.1 * f, 1 + 1.5 * f], [0.1 + 0.2 * f, 0.3 - 0.1 * f, 1.5 + 1.5 * f])),
      ], { location: [0.3, 0, 0.2], rotation_euler: [0.2, 0.1, 0] });
      const parts = [0, 1, 2, 3].map((i) => constrained(`O${i}`, 'constraint/armature', { targets: 1, useDeformPreserveVolume: dq }, 'bb'));
      const nodes = [node('bb', 'owner/bbone', { owner: 'Arm/B' }), node('rP', 'owner/read', { owner: 'Arm/P' }), node('rH', 'owner/read', { owner: 'Arm/H' }), ...parts.flatMap((x) => x.nodes)];
      const links = [link('rP', 'transform', 'bb', 'start'), ...(type === 'AUTO' ? [] : [link('rH', 'transform', 'bb', 'end')]), ...parts.flatMap((x) => x.links)];
      const p = compile(graph(nodes, links), s).evaluate(1);
      for (let i = 0; i < 4; i++) {
        const before = compile(graph([], []), s).evaluate(1).ownerMatrix(`Arm/O${i}`)!;
        expect(maxDiff(p.ownerMatrix(`Arm/O${i}`)!, before), `O${i}`).toBeLessThan(1e-9);
      }
    }), { numRuns: 40 });
  });

  it('a linked setting replaces the scene\'s each evaluation (pose and rest settings alike); unlinked, the scene\'s holds', () => {
    const { graph: g, scene: s } = bboneRig(false);
    const base = compile(g, s).evaluate(4);
    // The same values linked from value nodes: the same result.
    const withValues = (easeIn: number, restEaseIn: number): GraphDocument => ({
      ...g,
      nodes: [...g.nodes, node('e', 'value/float', { value: easeIn }), node('r', 'value/float', { value: restEaseIn })],
      links: [...g.links, link('e', 'value', 'bb', 'easeIn'), link('r', 'value', 'bb', 'restEaseIn')],
    });
    const same = compile(withValues(0, 1.2), s).evaluate(4); // the scene's: pose ease 0 (absent), rest ease 1.2
    for (const o of ['Arm/O1', 'Arm/O2', 'Arm/O3']) expect(maxDiff(same.ownerMatrix(o)!, base.ownerMatrix(o)!), o).toBeLessThan(1e-12);
    const p = compile(withValues(0.7, 1.2), s).evaluate(4);
    expect(maxDiff(p.ownerMatrix('Arm/O3')!, base.ownerMatrix('Arm/O3')!)).toBeGreaterThan(1e-3);
    // A new value reaches the shape without a recompile, rest settings too.
    const moved = Array.from(p.ownerMatrix('Arm/O1')!);
    expect(p.setParam('r', 'value', 0.4)).toBe('applied');
    p.evaluate(4);
    expect(maxDiff(p.ownerMatrix('Arm/O1')!, moved)).toBeGreaterThan(1e-3);
  });

  it('Follow B-Bone on a target from an Owner node (not a B-Bone node) reads the straight bone', () => {
    const s = sceneOf([bone('B', [0, 0, 0], [0, 0, 2], { bbone_segments: 6, bbone_curveinx: 0.5 }), bone('F', [1, 0, 0], [1, 0, 1]), bone('S', [2, 0, 0], [2, 0, 1])]);
    const a = constrained('F', 'constraint/copy-location', { useBBoneShape: true, headTail: 0.5 }, 'r');
    const b = constrained('S', 'constraint/copy-location', { headTail: 0.5 }, 'r');
    const p = compile(graph([node('r', 'owner/read', { owner: 'Arm/B' }), ...a.nodes, ...b.nodes], [...a.links, ...b.links]), s).evaluate(1);
    expect(maxDiff(p.ownerMatrix('Arm/F')!.subarray(12, 15), [0, 0, 1])).toBeLessThan(1e-12);
    expect(maxDiff(p.ownerMatrix('Arm/S')!.subarray(12, 15), [0, 0, 1])).toBeLessThan(1e-12);
  });
});

describe('B-Bone errors and warnings', () => {
  const bones = [bone('P', [0, 0, 0], [0, 0, 1]), bone('B', [0, 0, 1], [0, 0, 2], { parent: 'P', use_connect: true, bbone_segments: 4 }), bone('O', [1, 0, 0], [1, 0, 1])];
  const s = sceneOf(bones);

  it('refuses a B-Bone node on a bone of one segment, naming it', () => {
    const errors = compileErrors(graph([node('bb', 'owner/bbone', { owner: 'Arm/P' })], []), s);
    expect(errors[0]).toMatchObject({ code: 'bind-failed', nodeId: 'bb', pointer: '/nodes/0/params/owner' });
    expect(errors[0].message).toContain('"Arm/P" is not a bone with B-Bone segments');
  });

  it('refuses a handle not wired from its bone: the shape must come after the handle moves', () => {
    const errors = compileErrors(graph([node('bb', 'owner/bbone', { owner: 'Arm/B' })], []), s);
    expect(errors[0]).toMatchObject({ nodeId: 'bb', pointer: '/nodes/0/params/start' });
    expect(errors[0].message).toContain('input start must be wired from bone "Arm/P"');
  });

  it('refuses a second B-Bone node for one bone', () => {
    const nodes = [node('r', 'owner/read', { owner: 'Arm/P' }), node('b1', 'owner/bbone', { owner: 'Arm/B' }), node('b2', 'owner/bbone', { owner: 'Arm/B' })];
    const errors = compileErrors(graph(nodes, [link('r', 'transform', 'b1', 'start'), link('r', 'transform', 'b2', 'start')]), s);
    expect(errors[0].message).toContain('already computed by node "b1"');
  });

  it('warns when an Armature target that is a B-Bone is wired from an Owner node (it then deforms as a whole bone)', () => {
    const a = constrained('O', 'constraint/armature', { targets: 1 }, 'r');
    const p = compile(graph([node('r', 'owner/read', { owner: 'Arm/B' }), ...a.nodes], a.links), s);
    expect(p.warnings.map((w) => w.message).join('\n')).toContain('wire bone1 from its B-Bone node to deform by them');
  });

  it('refuses a scene whose custom handle names no bone of the armature, at its pointer', () => {
    const r = loadScene(sceneOf([bone('B', [0, 0, 0], [0, 0, 1], { bbone_segments: 3, bbone_handle_type_end: 'ABSOLUTE', bbone_custom_handle_end: 'Nope' })]));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toMatchObject({ pointer: '/objects/0/bones/0/bbone_custom_handle_end', message: expect.stringContaining('"Nope"') as unknown });
  });
});
