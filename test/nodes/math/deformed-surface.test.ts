// A mesh's whole surface as its Armature modifier moves it (nodes/math/deformed-surface.ts): after
// an update the queries see the moved surface (nearest points as on a mesh built there), a flat
// polygon's corners take its normal and a smooth one's their vertices', and an update with nothing
// moved leaves everything as it was.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MeshInfo } from '../../../nodes/define';
import { deformedSurface, updateSurface } from '../../../nodes/math/deformed-surface';
import { composeMat4 } from '../../../nodes/math/matrix';
import { meshBvh } from '../../../nodes/math/mesh-bvh';
import { nearestSurface, surfaceHit } from '../../../nodes/math/mesh-surface';
import { vertexNormals } from '../../../nodes/math/vertex-normals';
import { bindMeshSkin } from '../../../runtime/rig/mesh-skin';
import type { SceneMesh } from '../../../runtime/rig/scene/types';
import { unitQuat } from './helpers';

const identity = () => Float64Array.from([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);

/** A bent strip of two quads and a triangle; vertices 0-2 on bone A, 3-5 on B, 6 shared. */
function strip(): { scene: SceneMesh; owners: Map<string, { final: Float64Array; bone?: { restMatrix: Float64Array } }> } {
  const vertices = [0, 0, 0, 1, 0, 0.2, 2, 0, 0, 0, 1, 0.1, 1, 1, 0.4, 2, 1, 0, 1, 2, 0.3];
  const polygons = [[0, 1, 4, 3], [1, 2, 5, 4], [3, 4, 6]];
  const scene: SceneMesh = {
    vertices, triangles: [0, 1, 4, 0, 4, 3, 1, 2, 5, 1, 5, 4, 3, 4, 6], vertex_normals: Array(21).fill(0),
    skin: {
      armature: 'Arm', vertices: [0, 1, 2, 3, 4, 5, 6], rest: vertices,
      points: [0, 1, 2, 3, 4, 5, 6].map((v) => (v < 3 ? { bones: ['A'], weights: [1] } : v < 6 ? { bones: ['B'], weights: [1] } : { bones: ['A', 'B'], weights: [0.3, 0.7] })),
      polygons, surface: { triangle_polygons: [0, 0, 1, 1, 2], flat_polygons: [1] },
    },
  };
  const owners = new Map([
    ['Arm', { final: identity() }],
    ['Arm/A', { final: identity(), bone: { restMatrix: identity() } }],
    ['Arm/B', { final: identity(), bone: { restMatrix: identity() } }],
  ]);
  return { scene, owners };
}

function surfaceOf(s: ReturnType<typeof strip>) {
  const bound = bindMeshSkin(s.scene, (id) => s.owners.get(id))!;
  const base: MeshInfo = { vertices: Float64Array.from(s.scene.vertices), triangles: Uint32Array.from(s.scene.triangles), normals: new Float64Array(45) };
  return deformedSurface(bound.deformed, base, s.scene.skin!.surface!.triangle_polygons, s.scene.skin!.surface!.flat_polygons);
}

const turn = fc.record({ q: unitQuat, t: fc.tuple(fc.double({ min: -2, max: 2, noNaN: true }), fc.double({ min: -2, max: 2, noNaN: true }), fc.double({ min: -2, max: 2, noNaN: true })) });

describe('deformed surface', () => {
  it('queries after an update see the moved surface; corners take the flat polygon\'s normal or their vertices\'', () => {
    fc.assert(fc.property(turn, turn, fc.tuple(fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true })), (a, b, query) => {
      const s = strip();
      const surface = surfaceOf(s);
      composeMat4(s.owners.get('Arm/A')!.final, a.t, a.q, [1, 1, 1]);
      composeMat4(s.owners.get('Arm/B')!.final, b.t, b.q, [1, 1, 1]);
      updateSurface(surface, identity());
      const moved = surface.mesh;
      // The same surface built from scratch where the vertices are now.
      const fresh: MeshInfo = { vertices: Float64Array.from(moved.vertices), triangles: moved.triangles, normals: new Float64Array(45) };
      const h1 = surfaceHit(), h2 = surfaceHit();
      nearestSurface(h1, moved, surface.bvh, query);
      nearestSurface(h2, fresh, meshBvh(fresh), query);
      expect([h1.index, h1.dist, ...h1.co]).toEqual([h2.index, h2.dist, ...h2.co]);
      const vertex = vertexNormals(new Float64Array(21), moved.vertices, surface.deformed.starts, surface.deformed.corners);
      const polygon = new Float64Array(9);
      vertexNormals(new Float64Array(21), moved.vertices, surface.deformed.starts, surface.deformed.corners, polygon);
      for (let t = 0; t < 5; t++) {
        for (let c = 0; c < 3; c++) {
          const want = t === 2 || t === 3 ? polygon.subarray(3, 6) : vertex.subarray(3 * moved.triangles[3 * t + c], 3 * moved.triangles[3 * t + c] + 3);
          expect(Array.from(moved.normals.subarray(9 * t + 3 * c, 9 * t + 3 * c + 3))).toEqual(Array.from(want));
        }
      }
    }), { numRuns: 100 });
  });

  it('an update with neither the mesh nor a bone moved does nothing; one bone moved, it moves the surface again', () => {
    const s = strip();
    const surface = surfaceOf(s);
    const mesh = identity();
    s.owners.get('Arm/B')!.final[13] = 0.5;
    updateSurface(surface, mesh);
    expect(surface.mesh.vertices[3 * 4 + 1]).toBe(1.5);
    surface.mesh.vertices[0] = 42;
    updateSurface(surface, Float64Array.from(mesh));
    expect(surface.mesh.vertices[0]).toBe(42);
    s.owners.get('Arm/A')!.final[14] = 0.25;
    updateSurface(surface, mesh);
    expect(surface.mesh.vertices[0]).toBe(0);
    expect(surface.mesh.vertices[2]).toBe(0.25);
    // Only the mesh object moved: an update again (the bones' pose deforms it the same, in its space).
    surface.mesh.vertices[0] = 42;
    mesh[12] = 1;
    updateSurface(surface, mesh);
    expect(surface.mesh.vertices[0]).toBe(0);
  });
});
