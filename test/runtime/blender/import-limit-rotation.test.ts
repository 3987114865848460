// Limit Rotation from a Blender 4.2+ export: `use_legacy_behavior` off limits the angle round the
// circle (to the nearer end), on or absent (every 3.4 file) clamps it as a number; either way the
// property is carried, not reported.
import { describe, expect, it } from 'vitest';
import { compile } from '../../../runtime/eval/compile';
import type { Fixture } from '../../../runtime/io/blender/fixture';
import { importBlenderFixture } from '../../../runtime/io/blender/import';
import { mat4ToEuler } from '../../../nodes/math/euler';

/** An empty turned 3.0 rad about X, limited to [−3, −2] on X in WORLD space. */
function fixture(legacy: boolean | undefined): Fixture {
  const props: Record<string, unknown> = { use_limit_x: true, min_x: -3, max_x: -2, owner_space: 'WORLD', euler_order: 'AUTO' };
  if (legacy !== undefined) props.use_legacy_behavior = legacy;
  return {
    format: 'blender-constraint-fixture/1', blender: '4.2.0', name: 'limit', category: 'limit', seed: 0, description: '',
    objects: [{ name: 'A', type: 'EMPTY', rotation_mode: 'XYZ', rotation_euler: [3, 0, 0] }],
    constraints: [{ type: 'LIMIT_ROTATION', name: 'Limit Rotation', owner: { object: 'A' }, influence: 1, props }],
    expected: { objects: {}, bones: {} },
    expected_unconstrained: { objects: {}, bones: {} },
  } as unknown as Fixture;
}

describe('Limit Rotation import', () => {
  it.each([
    ['off (4.2 and later): round the circle to −3', false, -3],
    ['on: a clamp of the number to −2', true, -2],
    ['absent (3.4): a clamp of the number to −2', undefined, -2],
  ] as const)('use_legacy_behavior %s', (_, legacy, want) => {
    const imported = importBlenderFixture(fixture(legacy));
    expect(imported.unsupported).toEqual([]);
    const program = compile(imported.graph, imported.scene).evaluate(1);
    expect(mat4ToEuler(new Float64Array(3), program.ownerMatrix('A')!, 'XYZ')[0]).toBeCloseTo(want, 6);
  });
});
