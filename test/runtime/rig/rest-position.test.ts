// An armature in rest position (`pose_position` REST): Blender sets every bone's pose matrix to its
// rest matrix (BKE_pose_eval_bone), whatever its pose channels and inheritance say, and objects on
// its bones follow those rest matrices. The pose channels stay as authored (a driver reading them in
// transform space reads them, as in Blender); switching the armature back to POSE poses it again.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRAPH_FORMAT } from '../../../graph/types';
import { compile } from '../../../runtime/eval/compile';
import { SCENE_FORMAT, type InheritScale, type SceneBone, type SceneObject } from '../../../runtime/rig/scene/types';
import { euler, expectClose, vec3 } from '../../nodes/math/helpers';
import { finals, product, rigid } from './arbitraries';
import { mat4 } from 'gl-matrix';

const list = (a: fc.Arbitrary<Float64Array>) => a.map((v) => [...v]);
const positive = fc.double({ min: 0.3, max: 2, noNaN: true });
const INHERIT: InheritScale[] = ['FULL', 'FIX_SHEAR', 'ALIGNED', 'AVERAGE', 'NONE', 'NONE_LEGACY'];
const bone = fc.record({
  rest: rigid, length: fc.double({ min: 0.1, max: 3, noNaN: true }),
  pose: fc.record({ location: list(vec3), rotation_euler: list(euler), scale: fc.tuple(positive, positive, positive).map((v) => [...v]) }),
  connect: fc.boolean(), inheritRotation: fc.boolean(), localLocation: fc.boolean(), inheritScale: fc.constantFrom(...INHERIT),
});
const rig = fc.record({
  armature: fc.record({ location: list(vec3), rotation_euler: list(euler) }),
  bones: fc.array(bone, { minLength: 1, maxLength: 5 }),
  relative: fc.boolean(),
});

function scene(r: typeof rig extends fc.Arbitrary<infer T> ? T : never, position: 'POSE' | 'REST'): SceneObject[] {
  const bones: SceneBone[] = r.bones.map((b, i) => ({
    name: `B${i}`, parent: i > 0 ? `B${i - 1}` : null, matrix_local: b.rest, length: b.length, use_connect: i > 0 && b.connect,
    use_inherit_rotation: b.inheritRotation, use_local_location: b.localLocation, inherit_scale: b.inheritScale, use_relative_parent: r.relative, pose: b.pose,
  }));
  const last = `B${r.bones.length - 1}`;
  return [
    { name: 'Arm', type: 'ARMATURE', ...r.armature, pose_position: position, bones },
    { name: 'Kid', type: 'EMPTY', parent: 'Arm', parent_type: 'BONE', parent_bone: last, location: [0.1, 0.2, 0.3] },
  ];
}

describe('an armature in rest position (pose_position REST)', () => {
  it('puts every bone at armature · rest, whatever its pose and inheritance, and objects on its bones follow', () => {
    fc.assert(fc.property(rig, (r) => {
      const m = finals(scene(r, 'REST'));
      const arm = m.get('Arm')!;
      r.bones.forEach((b, i) => { expectClose(m.get(`Arm/B${i}`)!, product(arm, b.rest), 0, `B${i}`); });
      const b = r.bones[r.bones.length - 1];
      const parenting = r.relative ? arm : product(arm, b.rest, mat4.fromTranslation(new Float64Array(16), [0, b.length, 0]));
      expectClose(m.get('Kid')!, product(parenting, mat4.fromTranslation(new Float64Array(16), [0.1, 0.2, 0.3])), 1e-9, 'Kid');
    }));
  });

  it('in POSE the same armature is posed (the switch is what moves it)', () => {
    const r = fc.sample(rig, { numRuns: 1, seed: 7 })[0];
    const posed = finals(scene(r, 'POSE')).get('Arm/B0')!;
    const rest = finals(scene(r, 'REST')).get('Arm/B0')!;
    expect(Math.max(...posed.map((x, i) => Math.abs(x - rest[i])))).toBeGreaterThan(1e-3);
  });

  it('bone constraints and IK wired by hand do nothing there (each warned of), as Blender evaluates none; the armature object\'s own still act', () => {
    fc.assert(fc.property(rig, (r) => {
      const objects = [...scene(r, 'REST'), { name: 'T', type: 'EMPTY' as const, location: [3, 1, 2] }];
      const last = `Arm/B${r.bones.length - 1}`;
      const node = (id: string, type: string, params: Record<string, string | number> = {}) => ({ id, type, params, position: [0, 0] as [number, number] });
      const link = (from: string, fs: string, to: string, ts: string) => ({ from: { node: from, socket: fs }, to: { node: to, socket: ts } });
      const p = compile({
        format: GRAPH_FORMAT, version: 1,
        nodes: [
          node('in', 'owner/input', { owner: last }), node('t', 'owner/read', { owner: 'T' }), node('loc', 'constraint/copy-location'),
          node('ik', 'constraint/ik', { chainCount: 2 }), node('out', 'owner/output', { owner: last }),
          node('ain', 'owner/input', { owner: 'Arm' }), node('aloc', 'constraint/copy-location'), node('aout', 'owner/output', { owner: 'Arm' }),
        ],
        links: [
          link('in', 'transform', 'loc', 'owner'), link('t', 'transform', 'loc', 'target'), link('loc', 'owner', 'ik', 'owner'), link('t', 'transform', 'ik', 'target'), link('ik', 'owner', 'out', 'transform'),
          link('ain', 'transform', 'aloc', 'owner'), link('t', 'transform', 'aloc', 'target'), link('aloc', 'owner', 'aout', 'transform'),
        ],
      }, { format: SCENE_FORMAT, version: 1, objects }).evaluate(1);
      expect(p.warnings.filter((w) => w.code === 'inactive').map((w) => w.nodeId).sort()).toEqual(['ik', 'loc']);
      const arm = p.owner('Arm')!.final;
      expect([arm[12], arm[13], arm[14]]).toEqual([3, 1, 2]);
      r.bones.forEach((b, i) => { expectClose(p.owner(`Arm/B${i}`)!.final, product(arm, b.rest), 1e-12, `B${i}`); });
    }), { numRuns: 30 });
  });
});
