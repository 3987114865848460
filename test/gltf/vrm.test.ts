// VRMC_node_constraint (VRM 1.0) imported as Sinew nodes, checked against the spec's own pseudocode
// (specification/VRMC_node_constraint-1.0/README.md) computed here on glTF quaternions, on a small
// file made in the test: aim, roll (the spec's twist-bone hierarchy, and siblings with turned rests)
// and rotation (weights 1 and 0.5).
import { describe, expect, it } from 'vitest';
import { compile } from '../../runtime/eval/compile';
import { SINEW_TO_GLTF } from '../../runtime/io/gltf/axes';
import { readGltf, writeGlb } from '../../runtime/io/gltf/container';
import { hierarchy } from '../../runtime/io/gltf/hierarchy';
import { importGltf } from '../../runtime/io/gltf/import';
import { maxDiff, mul, trs } from '../../runtime/io/gltf/mat';
import type { GltfJson } from '../../runtime/io/gltf/types';
import { invertQuat, multiplyQuat, normalizeQuat, rotateVec3ByQuat, slerpQuat } from '../../nodes/math/quaternion';
import { rotationBetweenToQuat } from '../../nodes/math/rotation-between';
import type { SceneBone } from '../../runtime/rig/scene/types';

type Q = Float64Array;
const q = (x: number, y: number, z: number, w: number): Q => { const r = Float64Array.of(x, y, z, w); normalizeQuat(r, r); return r; };
const qmul = (...qs: Q[]) => qs.reduce((a, b) => multiplyQuat(new Float64Array(4), a, b));
const qinv = (a: Q) => invertQuat(new Float64Array(4), a);
const rot = (a: Q, v: number[]) => Array.from(rotateVec3ByQuat(new Float64Array(3), a, v));
const between = (a: number[], b: number[]) => rotationBetweenToQuat(new Float64Array(4), a, b);
const slerp = (a: Q, b: Q, t: number) => slerpQuat(new Float64Array(4), a, b, t);

const qA = q(0.1, -0.2, 0.35, 0.9); // UpperArm rest
const qB = q(0.3, 0.1, -0.1, 0.9); // SubArm rest
const qC = q(-0.2, 0.4, 0.1, 0.85); // Roll2 rest
const qS = q(0.05, 0.3, -0.2, 0.9); // Sleeve rest
const poseUpper = q(0.25, 0.4, -0.15, 0.85); // swing and twist together
const poseLower = q(0.3, 0.5, 0.1, 0.8);

const vrm = (constraint: object) => ({ VRMC_node_constraint: { specVersion: '1.0', constraint } });
const file: GltfJson = {
  asset: { version: '2.0', generator: 'sinew test' },
  extensionsUsed: ['VRMC_node_constraint'],
  scene: 0,
  scenes: [{ nodes: [0] }],
  nodes: [
    { name: 'Hips', translation: [0, 1, 0], children: [1, 4, 5, 6, 8] },
    { name: 'UpperArm', translation: [0.2, 0.4, 0], rotation: Array.from(qA), children: [2] },
    { name: 'LowerArm', translation: [0, 0.3, 0], children: [3, 7] },
    { name: 'Hand', translation: [0, 0.25, 0] },
    { name: 'SubArm', translation: [0.1, 0.4, 0.05], rotation: Array.from(qB), extensions: vrm({ rotation: { source: 1 } }) },
    { name: 'SubArm2', translation: [0.1, 0.35, -0.05], rotation: Array.from(qB), extensions: vrm({ rotation: { source: 1, weight: 0.5 } }) },
    { name: 'Sleeve', translation: [0.25, 0.35, 0.1], rotation: Array.from(qS), extensions: vrm({ aim: { source: 2, aimAxis: 'NegativeZ' } }) },
    { name: 'Twist', translation: [0, 0.15, 0], extensions: vrm({ roll: { source: 2, rollAxis: 'Y' } }) },
    { name: 'Roll2', translation: [-0.1, 0.4, 0], rotation: Array.from(qC), extensions: vrm({ roll: { source: 1, rollAxis: 'X' } }) },
  ],
  skins: [{ joints: [0, 1, 2, 3, 4, 5, 6, 7, 8] }],
};

/** The spec's pseudocode: each node's local rotation once the sources are posed. */
function expectedLocalRotations(): Map<number, Q> {
  const rest = (i: number) => Float64Array.from(file.nodes![i].rotation ?? [0, 0, 0, 1]);
  const out = new Map<number, Q>([[1, qmul(qA, poseUpper)], [2, poseLower]]);
  // rotation: dst = slerp(dstRest, dstRest · srcRest⁻¹ · src, weight)
  out.set(4, qmul(qB, poseUpper));
  out.set(5, slerp(qB, qmul(qB, poseUpper), 0.5));
  // roll
  const roll = (dstRest: Q, srcRest: Q, delta: Q, axis: number[]) => {
    const inParent = qmul(srcRest, delta, qinv(srcRest));
    const inDst = qmul(qinv(dstRest), inParent, dstRest);
    const fromTo = between(axis, rot(inDst, axis));
    return qmul(dstRest, qinv(fromTo), inDst);
  };
  out.set(7, roll(rest(7), rest(2), poseLower, [0, 1, 0]));
  out.set(8, roll(qC, qA, poseUpper, [1, 0, 0]));
  return out;
}

describe('VRMC_node_constraint import', () => {
  const asset = readGltf(writeGlb({ json: file, buffers: [] }));
  const imported = importGltf(asset);

  it('turns each constraint into Owner In → constraint → Owner Out with its source read', () => {
    expect(imported.notes).toEqual([]);
    const types = imported.graph.nodes.filter((n) => n.type.startsWith('constraint/')).map((n) => [n.type, n.params.influence]);
    expect(types).toEqual([
      ['constraint/copy-rotation', 1], ['constraint/copy-rotation', 0.5], ['constraint/damped-track', 1],
      ['constraint/transformation', 1], ['constraint/transformation', 1],
    ]);
    expect(imported.graph.nodes.find((n) => n.id === 'vrm2-aim')!.params.trackAxis).toBe('TRACK_NEGATIVE_Z');
    expect(imported.graph.nodes.find((n) => n.id === 'vrm0-in')!.params.owner).toBe('Armature/SubArm');
    expect(imported.graph.nodes.find((n) => n.id === 'vrm0-source')!.params.owner).toBe('Armature/UpperArm');
  });

  it('evaluates as the spec\'s pseudocode does', () => {
    const scene = structuredClone(imported.scene);
    const bones = new Map(scene.objects[0].bones!.map((b) => [b.name, b] as [string, SceneBone]));
    // Pose the sources (a pose is the rotation from rest, in the bone's own axes = the joint's here).
    bones.get('UpperArm')!.pose = { rotation_mode: 'QUATERNION', rotation_quaternion: Array.from(poseUpper) };
    bones.get('LowerArm')!.pose = { rotation_mode: 'QUATERNION', rotation_quaternion: Array.from(poseLower) };
    const program = compile({ ...imported.graph, scene: undefined }, scene);
    expect(program.warnings).toEqual([]);
    program.evaluate(1);

    // Expected glTF world matrices, node by node.
    const h = hierarchy(file);
    const local = expectedLocalRotations();
    const world: Float64Array[] = [];
    for (const i of h.order) {
      const n = file.nodes![i];
      let r = local.get(i) ?? Float64Array.from(n.rotation ?? [0, 0, 0, 1]);
      if (i === 6) {
        // aim: dst = slerp(dstRest, parentWorld⁻¹ · fromTo · parentWorld · dstRest, weight)
        const parentQ = Float64Array.of(0, 0, 0, 1); // Hips has no rotation
        const fromVec = rot(qmul(parentQ, qS), [0, 0, -1]);
        const src = world[2], p = world[0];
        const here = mul(p, trs(n.translation, undefined, undefined));
        const toVec = [src[12] - here[12], src[13] - here[13], src[14] - here[14]];
        r = qmul(qinv(parentQ), between(fromVec, toVec), parentQ, qS);
      }
      const m = trs(n.translation, r, undefined);
      world[i] = h.parent[i] < 0 ? m : mul(world[h.parent[i]], m);
    }
    for (const [i, name] of [[4, 'SubArm'], [5, 'SubArm2'], [6, 'Sleeve'], [7, 'Twist'], [8, 'Roll2']] as const) {
      const b = imported.bindings[i];
      const got = mul(mul(SINEW_TO_GLTF, program.ownerMatrix(b.owner)!), b.offset);
      expect(maxDiff(got, world[i]), name).toBeLessThan(1e-9);
      expect(maxDiff(world[i], h.world[i]), `${name} moved from rest`).toBeGreaterThan(0.01);
    }
  });

  it('names constraints it cannot read and skips them', () => {
    const bad = structuredClone(file);
    bad.nodes![4].extensions = vrm({ rotation: { source: 99 } });
    bad.nodes![5].extensions = vrm({ aim: { source: 1, aimAxis: 'Up' } });
    bad.nodes![6].extensions = vrm({ aim: { source: 1, aimAxis: 'PositiveX' }, roll: { source: 1, rollAxis: 'X' } });
    const r = importGltf({ json: bad, buffers: [] });
    expect(r.notes).toEqual([
      'node 4: VRMC_node_constraint rotation has source 99, which is not another node; skipped',
      'node 5: aimAxis "Up" is not one of PositiveX, NegativeX, PositiveY, NegativeY, PositiveZ, NegativeZ; skipped',
      'node 6: VRMC_node_constraint must hold exactly one of aim, roll, rotation; skipped',
    ]);
    expect(r.constraints.map((c) => c.node)).toEqual([7, 8]);
  });
});
