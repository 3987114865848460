// Shrinkwrap imported from an export: the mesh the exporter writes becomes the target's surface and
// the owner lands on it, every setting carried; Target Normal Project on a mesh written without
// vertex normals (an older export) warns on the node and leaves the owner.
import { describe, expect, it } from 'vitest';
import { compile } from '../../../runtime/eval/compile';
import type { Fixture } from '../../../runtime/io/blender/fixture';
import { importBlenderFixture } from '../../../runtime/io/blender/import';

/** A ground quad 4 × 4 at z = 0 (two triangles, normals up), under the empty "Ground" at height 1. */
const ground = {
  name: 'Ground', type: 'EMPTY', blender_type: 'MESH', location: [0, 0, 1],
  mesh: { vertices: [-2, -2, 0, 2, -2, 0, 2, 2, 0, -2, 2, 0], triangles: [0, 1, 2, 0, 2, 3], normals: Array.from({ length: 6 }, () => [0, 0, 1]).flat(), vertex_normals: Array.from({ length: 4 }, () => [0, 0, 1]).flat() },
};
const wrap = (owner: string, props: Record<string, unknown>) => ({ type: 'SHRINKWRAP', name: 'Shrinkwrap', owner: { object: owner }, influence: 1, props: { target: 'Ground', ...props } });

function fixture(constraints: unknown[], surface: object = ground): Fixture {
  return {
    format: 'blender-constraint-fixture/1', blender: '3.4.1', name: 'wrap', category: 'wrap', seed: 0, description: '',
    objects: [surface, { name: 'A', type: 'EMPTY', location: [0.5, 0.3, 3] }, { name: 'B', type: 'EMPTY', location: [0.5, 0.3, 3] }],
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

  it('Target Normal Project on a plane whose normals are all up drops the owner straight onto it', () => {
    const imported = importBlenderFixture(fixture([wrap('A', { shrinkwrap_type: 'TARGET_PROJECT' })]));
    expect(imported.unsupported).toEqual([]);
    const program = compile(imported.graph, imported.scene).evaluate(1);
    expect(Array.from(program.ownerMatrix('A')!.slice(12, 15)).map((x) => +x.toFixed(12))).toEqual([0.5, 0.3, 1]);
  });

  it('carries a projection axis read in WORLD space; without vertex normals Target Normal Project warns and leaves its owner', () => {
    const { vertex_normals: _, ...older } = ground.mesh;
    const imported = importBlenderFixture(fixture([
      wrap('A', { shrinkwrap_type: 'TARGET_PROJECT' }),
      wrap('B', { shrinkwrap_type: 'PROJECT', project_axis: 'NEG_Z', project_axis_space: 'WORLD' }),
    ], { ...ground, mesh: older }));
    expect(imported.unsupported).toEqual([]);
    const program = compile(imported.graph, imported.scene).evaluate(1);
    expect(program.warnings.map((w) => w.message)).toContainEqual(expect.stringContaining('no vertex normals'));
    expect(program.ownerMatrix('A')![14]).toBe(3);
    expect(program.ownerMatrix('B')![14]).toBeCloseTo(1, 12);
  });
});
