// The BVH walk gives exactly the answer of trying every triangle in index order: each query is run
// on the mesh's tree and on a "tree" of one leaf holding every triangle in order (the plain loop),
// over random meshes (grids, scattered and coincident vertices, slivers) and random points and rays.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MeshInfo } from '../../../nodes/define';
import { meshBvh, refitBvh, type MeshBvh } from '../../../nodes/math/mesh-bvh';
import { nearestSurface, rayCast, surfaceHit, type SurfaceHit } from '../../../nodes/math/mesh-surface';
import { boundaryFrames, targetProject, targetProjectData } from '../../../nodes/math/mesh-target-project';

/** Every triangle in one leaf, in index order: the queries then try them all, as a plain loop would. */
function plainLoop(mesh: MeshInfo): MeshBvh {
  const n = mesh.triangles.length / 3;
  return {
    bounds: Float64Array.from([-Infinity, -Infinity, -Infinity, Infinity, Infinity, Infinity]),
    child: Int32Array.from([-1]), start: Int32Array.from([0]), count: Int32Array.from([n]),
    order: Uint32Array.from({ length: n }, (_, i) => i),
  };
}

const coordinate = fc.oneof(fc.double({ min: -3, max: 3, noNaN: true }), fc.constantFrom(0, 1, -1, 0.5));
const point = fc.tuple(coordinate, coordinate, coordinate);
/** A bumpy grid (many near ties), or scattered triangles over a few points (coincident corners, slivers). */
const mesh: fc.Arbitrary<MeshInfo> = fc.oneof(
  fc.record({ n: fc.integer({ min: 2, max: 9 }), bump: fc.array(fc.double({ min: -0.3, max: 0.3, noNaN: true }), { minLength: 100, maxLength: 100 }) }).map(({ n, bump }) => {
    const vertices: number[] = [];
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) vertices.push(i / (n - 1) * 2 - 1, j / (n - 1) * 2 - 1, bump[(i * n + j) % 100]);
    const triangles: number[] = [];
    for (let i = 0; i + 1 < n; i++) for (let j = 0; j + 1 < n; j++) {
      const a = i * n + j, b = a + 1, c = a + n, d = c + 1;
      triangles.push(a, c, b, b, c, d);
    }
    return withNormals(vertices, triangles);
  }),
  fc.record({ points: fc.array(point, { minLength: 3, maxLength: 12 }), picks: fc.array(fc.nat(), { minLength: 3, maxLength: 90 }) }).map(({ points, picks }) => {
    const triangles = picks.slice(0, picks.length - (picks.length % 3)).map((k) => k % points.length);
    return withNormals(points.flat(), triangles);
  }),
);

/** Vertex normals pointing away from the origin (or up at it), corner normals the same. */
function withNormals(vertices: number[], triangles: number[]): MeshInfo {
  const vertexNormals: number[] = [];
  for (let i = 0; i < vertices.length; i += 3) {
    const l = Math.hypot(vertices[i], vertices[i + 1], vertices[i + 2]);
    if (l > 0) vertexNormals.push(vertices[i] / l, vertices[i + 1] / l, vertices[i + 2] / l); else vertexNormals.push(0, 0, 1);
  }
  const normals = triangles.flatMap((v) => vertexNormals.slice(v * 3, v * 3 + 3));
  return { vertices: Float64Array.from(vertices), triangles: Uint32Array.from(triangles), normals: Float64Array.from(normals), vertexNormals: Float64Array.from(vertexNormals) };
}

const snapshot = (h: SurfaceHit) => ({ index: h.index, dist: h.dist, co: Array.from(h.co), no: Array.from(h.no) });

/** One query run on the mesh's tree and on the plain loop, from the same starting hit: the same answer, bit for bit. */
function expectAsPlainLoop(query: (hit: SurfaceHit, bvh: MeshBvh) => void, tree: MeshBvh, loop: MeshBvh, limit = Infinity): void {
  const a = surfaceHit(), b = surfaceHit();
  a.dist = b.dist = limit;
  query(a, tree);
  query(b, loop);
  expect(snapshot(a)).toEqual(snapshot(b));
}

describe('mesh BVH', () => {
  it('nearest surface point: the plain loop\'s answer, bit for bit', () => {
    fc.assert(fc.property(mesh, fc.array(point, { minLength: 1, maxLength: 8 }), (m, queries) => {
      const tree = meshBvh(m), loop = plainLoop(m);
      for (const q of queries) expectAsPlainLoop((h, bvh) => { nearestSurface(h, m, bvh, q); }, tree, loop);
    }), { numRuns: 300 });
  });

  it('ray cast, with and without a limit: the plain loop\'s answer, bit for bit', () => {
    const direction = point.filter((d) => Math.hypot(...d) > 1e-3).map((d) => { const l = Math.hypot(...d); return d.map((x) => x / l); });
    fc.assert(fc.property(mesh, fc.array(fc.tuple(point, direction, fc.constantFrom(Infinity, 0.5, 2)), { minLength: 1, maxLength: 8 }), (m, rays) => {
      const tree = meshBvh(m), loop = plainLoop(m);
      for (const [o, d, limit] of rays) expectAsPlainLoop((h, bvh) => { rayCast(h, m, bvh, o, d); }, tree, loop, limit);
    }), { numRuns: 300 });
  });

  it('Target Normal Project: the plain loop\'s answer, bit for bit', () => {
    fc.assert(fc.property(mesh, fc.array(point, { minLength: 1, maxLength: 6 }), (m, queries) => {
      const tree = meshBvh(m), loop = plainLoop(m);
      const data = targetProjectData(m)!;
      for (const q of queries) expectAsPlainLoop((h, bvh) => { targetProject(h, m, bvh, data, q); }, tree, loop);
    }), { numRuns: 200 });
  });

  it('refitted after its vertices moved (a deformed mesh): the plain loop\'s answer on the moved mesh, bit for bit', () => {
    const shift = fc.array(fc.double({ min: -1.5, max: 1.5, noNaN: true }), { minLength: 60, maxLength: 60 });
    fc.assert(fc.property(mesh, shift, fc.array(point, { minLength: 1, maxLength: 6 }), (m, d, queries) => {
      const tree = meshBvh(m);
      const raw = new Float64Array(tree.bounds.length);
      // Every vertex moved, far enough that the boxes built for the old places miss the new ones.
      for (let i = 0; i < m.vertices.length; i++) m.vertices[i] += d[i % d.length];
      refitBvh(tree, m, raw);
      const loop = plainLoop(m);
      const dir = [0.6, -0.48, 0.64];
      for (const q of queries) {
        expectAsPlainLoop((h, bvh) => { nearestSurface(h, m, bvh, q); }, tree, loop);
        expectAsPlainLoop((h, bvh) => { rayCast(h, m, bvh, q, dir); }, tree, loop);
      }
    }), { numRuns: 200 });
  });

  it('Target Normal Project\'s edge frames made again on moved vertices are those of the moved mesh', () => {
    const shift = fc.array(fc.double({ min: -0.5, max: 0.5, noNaN: true }), { minLength: 30, maxLength: 30 });
    fc.assert(fc.property(mesh, shift, (m, d) => {
      const data = targetProjectData(m)!;
      const moved = withNormals(Array.from(m.vertices, (x, i) => x + d[i % d.length]), Array.from(m.triangles));
      // The data's normals are the mesh's own array: written in place, as a deformed surface does.
      data.normals.set(moved.vertexNormals!);
      const fresh = targetProjectData(moved)!;
      boundaryFrames(data, moved.vertices);
      expect(Array.from(data.direction)).toEqual(Array.from(fresh.direction));
      expect(Array.from(data.normalPlane)).toEqual(Array.from(fresh.normalPlane));
    }), { numRuns: 200 });
  });

  it('is built once per mesh, and a mesh without triangles gives no hit', () => {
    const m = withNormals([0, 0, 0, 1, 0, 0], []);
    expect(meshBvh(m)).toBe(meshBvh(m));
    const h = surfaceHit();
    nearestSurface(h, m, meshBvh(m), [0, 0, 1]);
    expect(h.index).toBe(-1);
  });
});
