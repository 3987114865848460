// Blender's split of a quad (nodes/math/quad-tessellation.ts): along the first-third diagonal unless
// that folds it, then along the other; the triangles keep their numbers, and Target Normal Project's
// open edges follow the sides they are on.
import { describe, expect, it } from 'vitest';
import type { MeshInfo } from '../../../nodes/define';
import { targetProjectData } from '../../../nodes/math/mesh-target-project';
import { quadSplits, splitQuads } from '../../../nodes/math/quad-tessellation';

/** One quad, corners 0-3 counter-clockwise in z = 0, split (0 1 2), (0 2 3). */
function quad(): { mesh: MeshInfo; starts: Uint32Array; corners: Uint32Array; polygonOf: Uint32Array } {
  const vertices = Float64Array.from([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]);
  return {
    mesh: { vertices, triangles: Uint32Array.from([0, 1, 2, 0, 2, 3]), normals: new Float64Array(18), vertexNormals: Float64Array.from([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1]) },
    starts: Uint32Array.from([0, 4]), corners: Uint32Array.from([0, 1, 2, 3]), polygonOf: Uint32Array.from([0, 0]),
  };
}

const pair = (a: number, b: number) => (a < b ? `${a}${b}` : `${b}${a}`);

/** Each triangle side as `side:edge`: its two vertices, then the open edge it is on by its two vertices ('-': none). */
function sides(mesh: MeshInfo, edges: Uint32Array, triangleEdge: Int32Array): string[] {
  return Array.from(triangleEdge, (e, k) => {
    const t = Math.floor(k / 3), a = mesh.triangles[3 * t + (k % 3)], b = mesh.triangles[3 * t + ((k + 1) % 3)];
    return `${pair(a, b)}:${e < 0 ? '-' : pair(edges[2 * e], edges[2 * e + 1])}`;
  });
}

describe('quad tessellation', () => {
  it('a flat convex quad stays split along 0-2; corner 1 dragged past that diagonal splits it along 1-3, and back', () => {
    const { mesh, starts, corners, polygonOf } = quad();
    const project = targetProjectData(mesh)!;
    const q = quadSplits(starts, corners, polygonOf, project);
    splitQuads(q, mesh.vertices, mesh.triangles, project);
    expect(Array.from(mesh.triangles)).toEqual([0, 1, 2, 0, 2, 3]);
    mesh.vertices.set([0.2, 0.8, 0], 3); // corner 1 to the far side of the 0-2 diagonal
    splitQuads(q, mesh.vertices, mesh.triangles, project);
    expect(Array.from(mesh.triangles)).toEqual([0, 1, 3, 1, 2, 3]);
    // Every outer side names its own edge; the diagonal none.
    for (const side of sides(mesh, project.edges, project.triangleEdge)) {
      const [vertices, edge] = side.split(':');
      expect(edge).toBe(vertices === '13' ? '-' : vertices);
    }
    mesh.vertices.set([1, 0, 0], 3);
    splitQuads(q, mesh.vertices, mesh.triangles, project);
    expect(Array.from(mesh.triangles)).toEqual([0, 1, 2, 0, 2, 3]);
    expect(sides(mesh, project.edges, project.triangleEdge)).toEqual(['01:01', '12:12', '02:-', '02:-', '23:23', '03:03']);
  });

  it('a polygon that is not a quad, or a quad written as one triangle, is left alone', () => {
    const { mesh } = quad();
    const q = quadSplits(Uint32Array.from([0, 3, 7]), Uint32Array.from([0, 1, 2, 0, 2, 3, 1]), Uint32Array.from([0, 1]), undefined);
    expect(q.quads.length).toBe(0);
    splitQuads(q, mesh.vertices, mesh.triangles, undefined);
    expect(Array.from(mesh.triangles)).toEqual([0, 1, 2, 0, 2, 3]);
  });
});
