// Shrinkwrap imported from an export: the mesh the exporter writes becomes the target's surface and
// the owner lands on it; what Sinew does not carry (Target Normal Project, a projection axis read in
// another space than the owner's own) is named in the report, with where, and the owner stays.
import { describe, expect, it } from 'vitest';
import { compile } from '../../../runtime/eval/compile';
import type { Fixture } from '../../../runtime/io/blender/fixture';
import { importBlenderFixture } from '../../../runtime/io/blender/import';

/** A ground quad 4 × 4 at z = 0 (two triangles, normals up), under the empty "Ground" at height 1. */
const ground = {
  name: 'Ground', type: 'EMPTY', blender_type: 'MESH', location: [0, 0, 1],
  mesh: { vertices: [-2, -2, 0, 2, -2, 0, 2, 2, 0, -2, 2, 0], triangles: [0, 1, 2, 0, 2, 3], normals: Array.from({ length: 6 }, () => [0, 0, 1]).flat() },
};
const wrap = (owner: string, props: Record<string, unknown>) => ({ type: 'SHRINKWRAP', name: 'Shrinkwrap', owner: { object: owner }, influence: 1, props: { target: 'Ground', ...props } });

function fixture(constraints: unknown[]): Fixture {
  return {
    format: 'blender-constraint-fixture/1', blender: '3.4.1', name: 'wrap', category: 'wrap', seed: 0, description: '',
    objects: [ground, { name: 'A', type: 'EMPTY', location: [0.5, 0.3, 3] }, { name: 'B', type: 'EMPTY', location: [0.5, 0.3, 3] }],
    constraints,
    expected: { objects: {}, bones: {} },
    expected_unconstrained: { objects: {}, bones: {} },
  } as unknown as Fixture;
}

describe('Shrinkwrap import', () => {
  it('lands the owner on the exported surface (a projection down, 0.25 above it)', () => {
    const imported = importBlenderFixture(fixture([wrap('A', { shrinkwrap_type: 'PROJECT', project_axis: 'NEG_Z', distance: 0.25 })]));
    expect(imported.unsupported).toEqual([]);
    const program = compile(imported.graph, imported.scene).evaluate(1);
    expect(Array.from(program.ownerMatrix('A')!.slice(12, 15)).map((x) => +x.toFixed(12))).toEqual([0.5, 0.3, 1.25]);
  });

  it('names Target Normal Project and a projection axis in another space, and leaves those owners', () => {
    const imported = importBlenderFixture(fixture([
      wrap('A', { shrinkwrap_type: 'TARGET_PROJECT' }),
      wrap('B', { shrinkwrap_type: 'PROJECT', project_axis: 'NEG_Z', project_axis_space: 'WORLD' }),
    ]));
    expect(imported.unsupported.join('\n')).toMatch(/A: Shrinkwrap \(SHRINKWRAP\).*shrinkwrap_type \(TARGET_PROJECT\)/);
    expect(imported.unsupported.join('\n')).toMatch(/B: Shrinkwrap \(SHRINKWRAP\).*project_axis_space \(WORLD\)/);
    expect(imported.unsupportedAt).toEqual(['/constraints/0', '/constraints/1']);
    const program = compile(imported.graph, imported.scene).evaluate(1);
    expect(program.ownerMatrix('A')![14]).toBe(3);
    expect(program.ownerMatrix('B')![14]).toBe(3);
  });
});
