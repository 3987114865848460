// Importing Blender's Action constraint: every property onto the node, the action it names taken
// from the file's actions (one no object plays has `id` null, README: docs/blender-exporter.md),
// with its groups; an action the file does not hold is reported and the constraint left out, and a
// constraint without an action is skipped as Blender skips it (it marks it invalid).
import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../../../graph/types';
import { checkFixture } from '../../../runtime/io/blender/check-fixture';
import type { Fixture, FixtureAction } from '../../../runtime/io/blender/fixture';
import { importBlenderFixture } from '../../../runtime/io/blender/import';
import { compile } from '../../../runtime/eval/compile';

const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
/** Every RNA property of a 3.4 Action constraint, as the exporter writes them. */
const props = (over: Record<string, JsonValue> = {}): Record<string, JsonValue> => ({
  owner_space: 'LOCAL', target_space: 'WORLD', space_object: null, space_subtarget: '', mute: false, enabled: true,
  is_valid: true, influence: 0.75, error_location: 0, error_rotation: 0, is_override_data: false,
  target: 'T', subtarget: '', mix_mode: 'BEFORE_SPLIT', transform_channel: 'ROTATION_Y', action: 'Face',
  use_bone_object_action: false, frame_start: 2, frame_end: 12, max: 45, min: -45, eval_time: 0.25, use_eval_time: false,
  ...over,
});

function fixture(constraints: Record<string, JsonValue>[], actions: FixtureAction[]): Fixture {
  const data = {
    format: 'blender-constraint-fixture/1',
    extensions: ['actions'],
    objects: [
      { name: 'Arm', type: 'ARMATURE', bones: [{ name: 'B', parent: null, matrix_local: IDENTITY, length: 1, pose: { rotation_mode: 'XYZ' } }] },
      { name: 'T', type: 'EMPTY', location: [0, 0, 0] },
    ],
    actions,
    constraints: constraints.map((p, i) => ({ owner: { object: 'Arm', bone: 'B' }, type: 'ACTION', name: `Action${i}`, props: p })),
  };
  const checked = checkFixture(data);
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return checked.fixture;
}

const face: FixtureAction = {
  name: 'Face',
  id: null,
  groups: [{ name: 'B' }, { name: 'Empty', mute: true }],
  fcurves: [{ data_path: 'pose.bones["B"].location', array_index: 0, group: 'B', keyframes: [{ co: [0, 0] }, { co: [10, 1] }] }],
};

describe('importing the Action constraint', () => {
  it('maps every property, reads the action no object plays (id null) with its groups, and compiles', () => {
    const imported = importBlenderFixture(fixture([props()], [face]));
    expect(imported.unsupported).toEqual([]);
    const node = imported.graph.nodes.find((n) => n.type === 'constraint/action')!;
    expect(node.params).toEqual({
      action: 'Face', useBoneObjectAction: false, frameStart: 2, frameEnd: 12, transformChannel: 'ROTATION_Y', min: -45, max: 45,
      useEvalTime: false, evalTime: 0.25, mixMode: 'BEFORE_SPLIT', influence: 0.75, ownerSpace: 'LOCAL', targetSpace: 'WORLD',
    });
    expect(imported.graph.links).toContainEqual({ from: { node: 'read:T', socket: 'transform' }, to: { node: node.id, socket: 'target' } });
    // In the scene's actions, played by no object.
    expect(imported.scene.actions).toEqual([{ name: 'Face', groups: [{ name: 'B' }, { name: 'Empty', mute: true }], fcurves: [expect.objectContaining({ data_path: 'pose.bones["B"].location', group: 'B' })] }]);
    expect(imported.scene.objects.some((o) => o.animation_data)).toBe(false);
    const program = compile(imported.graph, imported.scene).evaluate(1);
    expect(program.warnings).toEqual([]);
  });

  it('an action the file does not hold: reported where the constraint is, and the constraint left out', () => {
    const imported = importBlenderFixture(fixture([props({ action: 'Gone' })], [face]));
    expect(imported.unsupported).toEqual(['Arm/B: Action0 (ACTION): its action "Gone" is not among the file\'s actions (the Sinew add-on writes every action a constraint names; export again), so the constraint is left out']);
    expect(imported.unsupportedAt).toEqual(['/constraints/0']);
    expect(imported.graph.nodes.some((n) => n.type === 'constraint/action')).toBe(false);
    compile(imported.graph, imported.scene);
  });

  it('no action: Blender marks the constraint invalid and skips it, and so does the import', () => {
    const imported = importBlenderFixture(fixture([props({ action: null, is_valid: false })], [face]));
    expect(imported.unsupported).toEqual([]);
    expect(imported.skipped).toEqual(['Arm/B: Action0 (ACTION): Blender marks it invalid (is_valid false) and skips it']);
  });
});
