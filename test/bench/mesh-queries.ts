// Shrinkwrap's mesh queries on a 20,480-triangle UV sphere: a nearest-point query and a ray cast
// through the BVH, and the BVH's build for 20,480 and 200,000 triangles; and the same sphere skinned
// to two bones, moved by them: one update of its surface (every vertex deformed, normals, corner
// normals, the BVH refitted: nodes/math/deformed-surface.ts), ms an update.
//   node --import tsx test/bench/mesh-queries.ts
// Prints µs a query (a loop of 20,000 after a warm-up of as many) and ms a build. Not part of `npm test`.
import type { MeshInfo } from '../../nodes/define';
import { deformedSurface, updateSurface } from '../../nodes/math/deformed-surface';
import { meshBvh } from '../../nodes/math/mesh-bvh';
import { bindMeshSkin } from '../../runtime/rig/mesh-skin';
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

// The sphere skinned to bones A (below the equator) and B (above), both with a share around it; each
// update turns B a little, so every update deforms.
const identity = () => Float64Array.from([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
const owners = new Map([['Arm', { final: identity() }], ['Arm/A', { final: identity(), bone: { restMatrix: identity() } }], ['Arm/B', { final: identity(), bone: { restMatrix: identity() } }]]);
const count = mesh.vertices.length / 3;
const quads: number[][] = [];
for (let t = 0; t < mesh.triangles.length; t += 6) quads.push([mesh.triangles[t], mesh.triangles[t + 1], mesh.triangles[t + 5], mesh.triangles[t + 2]]);
const z = (k: number) => mesh.vertices[3 * k + 2];
const bound = bindMeshSkin({
  vertices: Array.from(mesh.vertices), triangles: Array.from(mesh.triangles),
  skin: {
    armature: 'Arm', vertices: Array.from({ length: count }, (_, k) => k), rest: Array.from(mesh.vertices), polygons: quads,
    points: Array.from({ length: count }, (_, k) => ({ bones: ['A', 'B'], weights: [Math.min(1, Math.max(0, 0.5 - z(k))), Math.min(1, Math.max(0, 0.5 + z(k)))] })),
  },
}, (id) => owners.get(id))!;
const surface = deformedSurface(bound.deformed, mesh, quads.flatMap((_, k) => [k, k]), []);
const b = owners.get('Arm/B')!.final;
const UPDATES = 200;
const turn = (i: number) => { const a = 0.001 * i; b[0] = Math.cos(a); b[1] = Math.sin(a); b[4] = -Math.sin(a); b[5] = Math.cos(a); };
for (let i = 0; i < UPDATES; i++) { turn(i); updateSurface(surface, identity()); }
const meshMatrix = identity();
const t0 = performance.now();
for (let i = 0; i < UPDATES; i++) { turn(UPDATES + i); updateSurface(surface, meshMatrix); }
console.log(`${count} vertices, ${mesh.triangles.length / 3} triangles skinned to two bones: ${((performance.now() - t0) / UPDATES).toFixed(2)} ms an update of the deformed surface`);

