// A driver variable whose property Blender could not find and read as its fallback value (Blender
// 4.x's `use_fallback_value`; the exporter writes `fallback_value` only when Blender used it): the
// import reads that constant and wires the driver; without a fallback the same driver is named as
// not carried and the owner keeps its authored value.
import { describe, expect, it } from 'vitest';
import { compile } from '../../../runtime/eval/compile';
import type { Fixture } from '../../../runtime/io/blender/fixture';
import { importBlenderFixture } from '../../../runtime/io/blender/import';

function fixture(target: Record<string, unknown>): Fixture {
  return {
    format: 'blender-constraint-fixture/1', blender: '4.2.0', name: 'fallback', category: 'drivers', seed: 0, description: '',
    extensions: ['custom_props', 'drivers'],
    objects: [{ name: 'Ctrl', type: 'EMPTY', custom_props: { present: 0.25 } }, { name: 'A', type: 'EMPTY', location: [0.1, 0, 0] }],
    constraints: [],
    drivers: [{
      owner: { object: 'A', id_type: 'OBJECT' }, data_path: 'location', array_index: 0, key: 'location[0]', type: 'SCRIPTED',
      expression: 'a * 2 + b', is_simple_expression: true, use_self: false,
      variables: [
        { name: 'a', type: 'SINGLE_PROP', targets: [{ id_type: 'OBJECT', id: 'Ctrl', data_path: '["missing"]', ...target }] },
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
