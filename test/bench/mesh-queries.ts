// Shrinkwrap's mesh queries on a 20,480-triangle UV sphere: a nearest-point query and a ray cast
// through the BVH, and the BVH's build for 20,480 and 200,000 triangles.
//   node --import tsx test/bench/mesh-queries.ts
// Prints µs a query (a loop of 20,000 after a warm-up of as many) and ms a build. Not part of `npm test`.
import type { MeshInfo } from '../../nodes/define';
import { meshBvh } from '../../nodes/math/mesh-bvh';
import { nearestSurface, rayCast, surfaceHit } from '../../nodes/math/mesh-surface';

/** A UV sphere of radius 1: `u` segments around, `v` rings, two triangles a quad. */
function sphere(u: number, v: number): MeshInfo {
  const vertices: number[] = [];
  const triangles: number[] = [];
  for (let i = 0; i <= v; i++) {
    for (let j = 0; j < u; j++) {
      const th = (Math.PI * i) / v, ph = (2 * Math.PI * j) / u;
      vertices.push(Math.sin(th) * Math.cos(ph), Math.sin(th) * Math.sin(ph), Math.cos(th));
    }
  }
  for (let i = 0; i < v; i++) {
    for (let j = 0; j < u; j++) {
      const a = i * u + j, b = i * u + ((j + 1) % u), c = (i + 1) * u + j, d = (i + 1) * u + ((j + 1) % u);
      triangles.push(a, c, b, b, c, d);
    }
  }
  return { vertices: Float64Array.from(vertices), triangles: Uint32Array.from(triangles), normals: new Float64Array(triangles.length * 3) };
}

const QUERIES = 20_000;
const mesh = sphere(128, 80);
const bvh = meshBvh(mesh);
const hit = surfaceHit();
const p = new Float64Array([1.3, 0.2, 0.4]);
const down = new Float64Array([-1, 0, 0]);
const time = (work: (i: number) => void): number => {
  for (let i = 0; i < QUERIES; i++) work(i);
  const t0 = performance.now();
  for (let i = 0; i < QUERIES; i++) work(i);
  return ((performance.now() - t0) / QUERIES) * 1000;
};
const nearest = time((i) => { p[0] = 1.3 + i * 1e-6; nearestSurface(hit, mesh, bvh, p); });
const ray = time((i) => { p[0] = 1.3 + i * 1e-6; hit.index = -1; hit.dist = Infinity; rayCast(hit, mesh, bvh, p, down); });
console.log(`${mesh.triangles.length / 3} triangles: nearest surface point ${nearest.toFixed(1)} µs, ray cast ${ray.toFixed(1)} µs a query`);
for (const [u, v] of [[128, 80], [400, 250]]) {
  const m = sphere(u, v);
  const t0 = performance.now();
  meshBvh(m);
  console.log(`BVH of ${m.triangles.length / 3} triangles built in ${(performance.now() - t0).toFixed(0)} ms`);
}
