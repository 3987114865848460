// An armature in rest position, imported: Blender evaluates none of its bones' constraints (nor IK),
// so the import leaves them out and lists them as skipped, takes out an action's curve on such a
// constraint's influence (no effect in Blender, and not a channel the pose animation plays), and
// the armature object's own constraint stays. Evaluated, every bone sits at armature · rest.
import { mat4 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { compile } from '../../../runtime/eval/compile';
import type { Fixture } from '../../../runtime/io/blender/fixture';
import { importBlenderFixture } from '../../../runtime/io/blender/import';

const rest = (x: number, z: number) => [1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, x, 0, z, 1];
const fixture = (position: 'POSE' | 'REST'): Fixture => ({
  format: 'blender-constraint-fixture/1', blender: '3.4.1', name: 'rest', category: 'rest', seed: 0, description: '',
  extensions: ['actions'],
  objects: [
    {
      name: 'Arm', type: 'ARMATURE', location: [0.5, 0, 0], rotation_euler: [0, 0, 0.3], pose_position: position,
      bones: [
        { name: 'A', matrix_local: rest(0, 0), length: 1, pose: { rotation_mode: 'XYZ', rotation_euler: [0.4, 0, 0] } },
        { name: 'B', parent: 'A', matrix_local: rest(0, 1), length: 1, use_connect: true, pose: { rotation_mode: 'XYZ', rotation_euler: [0.3, 0.2, 0] } },
        { name: 'C', matrix_local: rest(1, 0), length: 1 },
      ],
    },
    { name: 'Goal', type: 'EMPTY', location: [1, 1, 1.5] },
  ],
  constraints: [
    { owner: { object: 'Arm', bone: 'B' }, type: 'IK', name: 'IK', props: { target: 'Goal', subtarget: '', chain_count: 2 } },
    { owner: { object: 'Arm', bone: 'C' }, type: 'COPY_LOCATION', name: 'Follow', props: { target: 'Goal', subtarget: '' } },
    { owner: { object: 'Arm' }, type: 'COPY_ROTATION', name: 'Turn', props: { target: 'Goal', subtarget: '' } },
  ],
  actions: [{ name: 'act', id: { object: 'Arm' }, fcurves: [{ data_path: 'pose.bones["C"].constraints["Follow"].influence', array_index: 0, keyframes: [{ co: [1, 0] }, { co: [10, 1] }] }] }],
  expected: { objects: {}, bones: {} },
  expected_unconstrained: { objects: {}, bones: {} },
});

describe('an armature in rest position, imported', () => {
  it('leaves its bones\u2019 constraints out as skipped, keeps the armature\u2019s own, and puts every bone at armature · rest', () => {
    const imported = importBlenderFixture(fixture('REST'));
    expect(imported.skipped).toEqual([
      'Arm/B: IK (IK): armature "Arm" is in rest position (pose_position REST), where Blender evaluates no bone constraint',
      'Arm/C: Follow (COPY_LOCATION): armature "Arm" is in rest position (pose_position REST), where Blender evaluates no bone constraint',
    ]);
    expect(imported.unsupported).toEqual([]);
    const types = imported.graph.nodes.map((n) => n.type);
    expect(types.filter((t) => t.startsWith('constraint/'))).toEqual(['constraint/copy-rotation']);
    expect(imported.scene.actions?.[0].fcurves).toEqual([]);
    const program = compile(imported.graph, imported.scene);
    expect(program.warnings).toEqual([]);
    program.evaluate(5);
    const arm = program.ownerMatrix('Arm')!;
    for (const [bone, x, z] of [['A', 0, 0], ['B', 0, 1], ['C', 1, 0]] as const) {
      expect(Array.from(program.ownerMatrix(`Arm/${bone}`)!)).toEqual(Array.from(mat4.multiply(new Float64Array(16), arm, new Float64Array(rest(x, z))) as Float64Array));
    }
  });

  it('in POSE position the same file keeps every constraint and the keyed influence', () => {
    const imported = importBlenderFixture(fixture('POSE'));
    expect(imported.skipped).toEqual([]);
    expect(imported.graph.nodes.filter((n) => n.type.startsWith('constraint/')).length).toBe(3);
    expect(imported.graph.nodes.some((n) => n.type === 'driver/channel')).toBe(true);
  });
});
