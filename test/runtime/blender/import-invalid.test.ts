// What Blender itself does not evaluate, imported from exports shaped as the add-on writes them
// (the round trip against Blender: test/blender/messy.test.ts):
// - a constraint Blender marks invalid may name a bone the armature lacks: the import skips it,
//   where it refused the file;
// - a driver whose driven path or a variable's path Blender cannot resolve (`path_resolves: false`),
//   or whose variable has no target object, is skipped as Blender skips it, not named not carried;
// - a Transform Channel variable naming a bone the armature lacks reads the armature object.
import { describe, expect, it } from 'vitest';
import { compile } from '../../../runtime/eval/compile';
import { checkFixture } from '../../../runtime/io/blender/check-fixture';
import type { Fixture } from '../../../runtime/io/blender/fixture';
import { importBlenderFixture } from '../../../runtime/io/blender/import';

function fixture(parts: { constraints?: unknown[]; drivers?: unknown[] }): Fixture {
  return {
    format: 'blender-constraint-fixture/1', blender: '3.4.1', name: 'invalid', category: 'export', seed: 0, description: '',
    extensions: ['custom_props', 'drivers', 'armature_targets', 'bone_flags'],
    objects: [
      { name: 'Ctrl', type: 'EMPTY', location: [0, 0, 0], custom_props: { present: 0.25 } },
      { name: 'Arm', type: 'ARMATURE', location: [0.7, 0, 0], bones: [{ name: 'B', parent: null, head_local: [0, 0, 0], tail_local: [0, 1, 0], matrix_local: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], length: 1, roll: 0 }] },
      { name: 'A', type: 'EMPTY', location: [0.1, 0, 0] },
    ],
    constraints: parts.constraints ?? [],
    drivers: parts.drivers ?? [],
    expected: { objects: {}, bones: {} },
    expected_unconstrained: { objects: {}, bones: {} },
  } as unknown as Fixture;
}

function driver(variable: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    owner: { object: 'A', id_type: 'OBJECT' }, data_path: 'location', array_index: 0, key: 'location[0]', type: 'SCRIPTED',
    expression: 'v + 1', is_simple_expression: true, use_self: false, variables: [{ name: 'v', ...variable }],
    modifiers: [], extrapolation: 'CONSTANT', mute: false, is_valid: true, ...extra,
  };
}

const locationX = (f: Fixture) => {
  const imported = importBlenderFixture(f);
  return { imported, x: compile(imported.graph, imported.scene).evaluate(1).ownerMatrix('A')![12] };
};

describe('what Blender does not evaluate', () => {
  it('an invalid constraint naming a missing bone is skipped, a valid one is refused by name', () => {
    const copy = (valid: boolean) => ({ owner: { object: 'A' }, type: 'COPY_LOCATION', name: 'Copy', props: { target: 'Arm', subtarget: 'Gone', is_valid: valid, influence: 1 } });
    const { imported, x } = locationX(fixture({ constraints: [copy(false)] }));
    expect(imported.skipped).toEqual([expect.stringContaining('A: Copy (COPY_LOCATION): Blender marks it invalid')]);
    expect(x).toBe(0.1);
    // The file check (`import-blender` runs it first) refuses only the valid one, naming the bone.
    const constraintErrors = (valid: boolean) => {
      const checked = checkFixture(JSON.parse(JSON.stringify(fixture({ constraints: [copy(valid)] }))));
      return checked.ok ? [] : checked.errors.filter((e) => e.pointer.startsWith('/constraints'));
    };
    expect(constraintErrors(false)).toEqual([]);
    expect(constraintErrors(true)).toEqual([{ code: 'missing-target', pointer: '/constraints/0/props/subtarget', message: 'bone "Gone" is not a bone of armature "Arm"' }]);
  });

  it('a driver whose paths Blender cannot resolve is skipped, and the owner keeps what the file holds', () => {
    const cases = [
      driver({ type: 'SINGLE_PROP', targets: [{ id_type: 'OBJECT', id: 'Ctrl', data_path: '["gone"]', path_resolves: false }] }),
      driver({ type: 'SINGLE_PROP', targets: [{ id_type: 'OBJECT', id: null, data_path: 'location[0]' }] }),
      driver({ type: 'TRANSFORMS', targets: [{ id_type: 'OBJECT', id: null, transform_type: 'LOC_X' }] }),
      driver({ type: 'SINGLE_PROP', targets: [{ id_type: 'OBJECT', id: 'Ctrl', data_path: '["present"]' }] }, { data_path: 'pose.bones["Gone"].location', path_resolves: false }),
    ];
    for (const d of cases) {
      const { imported, x } = locationX(fixture({ drivers: [d] }));
      expect(imported.drivers.notCarried).toEqual([]);
      expect(imported.drivers.noEffect).toEqual([expect.stringMatching(/^driver A: location\[0\]: (variable v (reads Ctrl\["gone"\], which Blender cannot find|has no target object); Blender reads 0 for it once|it drives pose\.bones\["Gone"\]\.location, which Blender cannot find)/)]);
      expect(x).toBe(0.1);
    }
    // The same driver with its path found is wired: the test above can tell the two apart.
    const live = locationX(fixture({ drivers: [driver({ type: 'SINGLE_PROP', targets: [{ id_type: 'OBJECT', id: 'Ctrl', data_path: '["present"]' }] })] }));
    expect(live.imported.drivers.wired).toBe(1);
    expect(live.x).toBeCloseTo(1.25, 6);
  });

  it('a driver Blender flagged invalid on opening the file (is_valid false) is skipped, whether Sinew could evaluate it or not', () => {
    const prop = { type: 'SINGLE_PROP', targets: [{ id_type: 'OBJECT', id: 'Ctrl', data_path: '["present"]' }] };
    // A function a rig's UI script registers, which Blender runs without: an error there.
    for (const [expression, isValid] of [['helper(v)', false], ['v + 1', false]] as const) {
      const { imported, x } = locationX(fixture({ drivers: [driver(prop, { expression, is_valid: isValid })] }));
      expect(imported.drivers.notCarried).toEqual([]);
      expect(imported.drivers.noEffect).toEqual([expect.stringMatching(/^driver A: location\[0\]: Blender flagged it invalid when it evaluated the file/)]);
      expect(x).toBe(0.1);
    }
    // Not flagged: the one Sinew cannot evaluate is named not carried, the other wired.
    expect(importBlenderFixture(fixture({ drivers: [driver(prop, { expression: 'helper(v)' })] })).drivers.notCarried).toEqual([expect.stringMatching(/the name helper is neither a variable/)]);
    expect(locationX(fixture({ drivers: [driver(prop)] })).x).toBeCloseTo(1.25, 6);
  });

  it('a Transform Channel of a bone the armature lacks reads the armature object', () => {
    const { imported, x } = locationX(fixture({ drivers: [driver({ type: 'TRANSFORMS', targets: [{ id_type: 'OBJECT', id: 'Arm', bone_target: 'Nope', transform_type: 'LOC_X', transform_space: 'WORLD_SPACE', rotation_mode: 'AUTO' }] })] }));
    expect(imported.drivers.wired).toBe(1);
    expect(x).toBeCloseTo(0.7 + 1, 6);
  });

  it('a driver on what moves no matrix (a modifier setting, a display setting) is named by what it drives', () => {
    const prop = { type: 'SINGLE_PROP', targets: [{ id_type: 'OBJECT', id: 'Ctrl', data_path: '["present"]' }] };
    const named = (data_path: string) => importBlenderFixture(fixture({ drivers: [driver(prop, { data_path, key: data_path })] })).drivers.notCarried;
    expect(named('modifiers["Subdivision"].levels')).toEqual(['driver A: modifiers["Subdivision"].levels: it drives the modifier setting modifiers["Subdivision"].levels, which shapes the mesh and moves no object or bone (Sinew evaluates their matrices)']);
    expect(named('instance_faces_scale')).toEqual([expect.stringMatching(/^driver A: instance_faces_scale: it drives instance_faces_scale, which is not a transform channel/)]);
    // What changes only how a thing is drawn moves no matrix: listed with no effect.
    const hidden = importBlenderFixture(fixture({ drivers: [driver(prop, { data_path: 'hide_viewport', key: 'hide_viewport' })] })).drivers;
    expect(hidden.notCarried).toEqual([]);
    expect(hidden.noEffect).toEqual([expect.stringMatching(/^driver A: hide_viewport: it drives hide_viewport, which changes only how the object or bone is drawn/)]);
    // On a mesh nothing reads (no surface exported, no child on its vertices): no effect on the rig.
    // With a child on its vertices the mesh's shape moves that child: named not carried.
    const onMesh = (child: boolean) => {
      const f = fixture({ drivers: [driver(prop, { data_path: 'modifiers["Subdivision"].levels', key: 'modifiers["Subdivision"].levels' })] });
      Object.assign(f.objects[2], { blender_type: 'MESH' });
      if (child) f.objects.push({ name: 'Kid', type: 'EMPTY', parent: 'A', parent_type: 'VERTEX', location: [0, 0, 0] });
      return importBlenderFixture(f).drivers;
    };
    expect(onMesh(false).notCarried).toEqual([]);
    expect(onMesh(false).noEffect).toEqual([expect.stringMatching(/^driver A: modifiers\["Subdivision"\]\.levels: it drives the modifier setting .* nothing in the rig reads that mesh/)]);
    expect(onMesh(true).notCarried).toEqual([expect.stringMatching(/it drives the modifier setting modifiers\["Subdivision"\]\.levels, which shapes the mesh/)]);
    // A bone's inheritance is followed (driver/bone-inheritance); its connection does move it but is
    // read once: named as not followed, not as having no effect.
    const importOnBone = (data_path: string) => importBlenderFixture(fixture({ drivers: [driver(prop, { owner: { object: 'Arm', id_type: 'ARMATURE' }, data_path, key: `data.${data_path}` })] }));
    const onBone = (data_path: string) => importOnBone(data_path).drivers.notCarried;
    expect(onBone('bones["B"].use_inherit_rotation')).toEqual([]);
    expect(importOnBone('bones["B"].use_inherit_rotation').graph.nodes.some((n) => n.type === 'driver/bone-inheritance' && n.params?.owner === 'Arm/B')).toBe(true);
    expect(onBone('bones["B"].use_connect')).toEqual([expect.stringMatching(/driving the bone setting B\.use_connect is not supported: Sinew reads it once, from the file/)]);
    expect(onBone('bones["B"].envelope_distance')).toEqual([expect.stringMatching(/the bone setting B\.envelope_distance is not evaluated by Sinew \(no effect on the pose\)/)]);
  });

  it('a driver whose expression fails at the saved frame is skipped, as Blender skips it after opening the file', () => {
    const at = (frame: number, value: number) => {
      const f = fixture({ drivers: [driver({ type: 'SINGLE_PROP', targets: [{ id_type: 'OBJECT', id: 'Ctrl', data_path: '["present"]' }] }, { expression: '1 / (v - 0.25) + frame * 0' })] });
      (f as unknown as { exporter: { frame_current: number } }).exporter = { frame_current: frame };
      (f.objects[0] as unknown as { custom_props: Record<string, number> }).custom_props.present = value;
      return importBlenderFixture(f).drivers;
    };
    // 1 / (0.25 - 0.25) fails at the saved frame: Blender flags it there and never evaluates it again.
    expect(at(3, 0.25).noEffect).toEqual([expect.stringMatching(/^driver A: location\[0\]: its expression fails at frame 3, the frame the file was saved at \(v = 0.25\)/)]);
    expect(at(3, 0.25).wired).toBe(0);
    // The same driver with a value it does not fail on is wired.
    expect(at(3, 0.5).noEffect).toEqual([]);
    expect(at(3, 0.5).wired).toBe(1);
    // A variable with a name that is no identifier (Blender keeps such names, flagged) and that the
    // expression does not use cannot stop the decision, nor break the import.
    const odd = fixture({ drivers: [driver({ type: 'SINGLE_PROP', targets: [{ id_type: 'OBJECT', id: 'Ctrl', data_path: '["present"]' }] }, {
      expression: '1 / (v - 0.25)',
      variables: [{ name: 'v', type: 'SINGLE_PROP', targets: [{ id_type: 'OBJECT', id: 'Ctrl', data_path: '["present"]' }] }, { name: 'x(', type: 'TRANSFORMS', targets: [{ id_type: 'OBJECT', id: 'Ctrl', transform_type: 'LOC_X' }] }],
    })] });
    (odd.objects[0] as unknown as { custom_props: Record<string, number> }).custom_props.present = 0.25;
    expect(importBlenderFixture(odd).drivers.noEffect).toEqual([expect.stringMatching(/its expression fails at frame 1/)]);
  });
});
