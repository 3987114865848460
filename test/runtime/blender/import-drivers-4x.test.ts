// Driver features of Blender 4.x, imported from exports shaped as the add-on writes them there (this
// machine's Blender is 3.4, which has neither):
// - a variable whose property Blender could not find and read as its fallback value
//   (`use_fallback_value`; the exporter writes `fallback_value` only when Blender used it): the
//   import reads that constant and wires the driver; without a fallback the same driver is named
//   as not carried and the owner keeps its authored value;
// - a Context Property variable of the active scene (the exporter writes it as a SCENE target of
//   the exported scene): read as one; of the active view layer: named as not carried.
import { describe, expect, it } from 'vitest';
import { compile } from '../../../runtime/eval/compile';
import type { Fixture } from '../../../runtime/io/blender/fixture';
import { importBlenderFixture } from '../../../runtime/io/blender/import';

function fixture(target: Record<string, unknown>, type = 'SINGLE_PROP'): Fixture {
  return {
    format: 'blender-constraint-fixture/1', blender: '4.2.0', name: 'fallback', category: 'drivers', seed: 0, description: '',
    extensions: ['custom_props', 'drivers'],
    scene: { name: 'Scene', custom_props: { switch: 0.3 } },
    objects: [{ name: 'Ctrl', type: 'EMPTY', custom_props: { present: 0.25 } }, { name: 'A', type: 'EMPTY', location: [0.1, 0, 0] }],
    constraints: [],
    drivers: [{
      owner: { object: 'A', id_type: 'OBJECT' }, data_path: 'location', array_index: 0, key: 'location[0]', type: 'SCRIPTED',
      expression: 'a * 2 + b', is_simple_expression: true, use_self: false,
      variables: [
        { name: 'a', type, targets: [{ id_type: 'OBJECT', id: 'Ctrl', data_path: '["missing"]', ...target }] },
        { name: 'b', type: 'SINGLE_PROP', targets: [{ id_type: 'OBJECT', id: 'Ctrl', data_path: '["present"]' }] },
      ],
      modifiers: [], extrapolation: 'CONSTANT', mute: false, is_valid: true,
    }],
    expected: { objects: {}, bones: {} },
    expected_unconstrained: { objects: {}, bones: {} },
  } as unknown as Fixture;
}

describe('driver fallback values', () => {
  it('a variable Blender read as its fallback value reads that constant', () => {
    const imported = importBlenderFixture(fixture({ fallback_value: 0.75 }));
    expect(imported.drivers.notCarried).toEqual([]);
    const program = compile(imported.graph, imported.scene).evaluate(1);
    expect(program.ownerMatrix('A')![12]).toBeCloseTo(0.75 * 2 + 0.25, 12);
  });

  it('without one, the driver reading a missing property is named and not wired', () => {
    const imported = importBlenderFixture(fixture({}));
    expect(imported.drivers.notCarried).toEqual([expect.stringContaining('variable a: the property Ctrl["missing"] is not in the rig')]);
    const program = compile(imported.graph, imported.scene).evaluate(1);
    expect(program.ownerMatrix('A')![12]).toBeCloseTo(0.1, 12);
  });
});

describe('Context Property variables', () => {
  it('of the active scene read the exported scene: its custom property, its frame', () => {
    const prop = importBlenderFixture(fixture({ id_type: 'SCENE', id: 'Scene', data_path: '["switch"]', context_property: 'ACTIVE_SCENE' }, 'CONTEXT_PROP'));
    expect(prop.drivers.notCarried).toEqual([]);
    expect(compile(prop.graph, prop.scene).evaluate(1).ownerMatrix('A')![12]).toBeCloseTo(0.3 * 2 + 0.25, 6);
    const frame = importBlenderFixture(fixture({ id_type: 'SCENE', id: 'Scene', data_path: 'frame_current', context_property: 'ACTIVE_SCENE' }, 'CONTEXT_PROP'));
    expect(frame.drivers.notCarried).toEqual([]);
    expect(compile(frame.graph, frame.scene).evaluate(4.5).ownerMatrix('A')![12]).toBeCloseTo(4 * 2 + 0.25, 6);
  });

  it('of the active view layer are named as not carried', () => {
    const imported = importBlenderFixture(fixture({ id_type: 'OBJECT', id: null, data_path: '["layer_switch"]', context_property: 'ACTIVE_VIEW_LAYER' }, 'CONTEXT_PROP'));
    expect(imported.drivers.notCarried).toEqual([expect.stringContaining('variable a: a Context Property of ACTIVE_VIEW_LAYER is not supported (the active scene\'s is)')]);
  });
});
