// Queries on a mesh's surface, as Blender's Shrinkwrap makes them (shrinkwrap.cc, bvhutils.cc):
// the nearest vertex, the nearest point on a triangle, the first triangle a ray hits, and the
// smooth normal at a point of a triangle. Triangle queries walk the mesh's BVH (mesh-bvh.ts), with
// the answer of trying every triangle in index order: the nearest, ties to the lower index (where
// Blender's pick between equally near triangles follows its own tree's order and float32 rounding).
// No query allocates: results go into the caller's `SurfaceHit`.
import type { MeshInfo } from './mesh-info';
import { boxDistanceSq, boxRayEntry, type MeshBvh } from './mesh-bvh';
import { FLT_EPSILON } from './float32';
import { normalize3 } from './vector';

/** Where a query found the surface: the triangle (or vertex) index, the point and the triangle's normal. */
export interface SurfaceHit {
  index: number;
  co: Float64Array;
  no: Float64Array;
  /** The squared distance to the query point (nearest), or the distance along the ray (ray cast). */
  dist: number;
}

/** A hit to fill, made once (at module load or bind), never per frame. */
export function surfaceHit(): SurfaceHit {
  return { index: -1, co: new Float64Array(3), no: new Float64Array(3), dist: Infinity };
}

const a = new Float64Array(3);
const b = new Float64Array(3);
const c = new Float64Array(3);
const closest = new Float64Array(3);
const w = new Float64Array(3);

function corner(out: Float64Array, mesh: MeshInfo, tri: number, k: number): Float64Array {
  const v = mesh.triangles[tri * 3 + k] * 3;
  out[0] = mesh.vertices[v]; out[1] = mesh.vertices[v + 1]; out[2] = mesh.vertices[v + 2];
  return out;
}

/** The unit normal of triangle a, b, c (Blender's normal_tri_v3: (a − b) × (b − c)); zero when degenerate. */
function triangleNormal(out: Float64Array, p: Float64Array, q: Float64Array, r: Float64Array): void {
  const x1 = p[0] - q[0], y1 = p[1] - q[1], z1 = p[2] - q[2];
  const x2 = q[0] - r[0], y2 = q[1] - r[1], z2 = q[2] - r[2];
  out[0] = y1 * z2 - z1 * y2; out[1] = z1 * x2 - x1 * z2; out[2] = x1 * y2 - y1 * x2;
  normalize3(out, out);
}

/** The point of triangle p, q, r nearest to `x` (Blender's closest_on_tri_to_point_v3, Ericson's regions). */
export function closestOnTriangle(out: Float64Array, x: ArrayLike<number>, p: Float64Array, q: Float64Array, r: Float64Array): void {
  const abx = q[0] - p[0], aby = q[1] - p[1], abz = q[2] - p[2];
  const acx = r[0] - p[0], acy = r[1] - p[1], acz = r[2] - p[2];
  const apx = x[0] - p[0], apy = x[1] - p[1], apz = x[2] - p[2];
  const d1 = abx * apx + aby * apy + abz * apz;
  const d2 = acx * apx + acy * apy + acz * apz;
  if (d1 <= 0 && d2 <= 0) { out.set(p); return; }
  const bpx = x[0] - q[0], bpy = x[1] - q[1], bpz = x[2] - q[2];
  const d3 = abx * bpx + aby * bpy + abz * bpz;
  const d4 = acx * bpx + acy * bpy + acz * bpz;
  if (d3 >= 0 && d4 <= d3) { out.set(q); return; }
  const vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) {
    const t = d1 / (d1 - d3);
    out[0] = p[0] + t * abx; out[1] = p[1] + t * aby; out[2] = p[2] + t * abz;
    return;
  }
  const cpx = x[0] - r[0], cpy = x[1] - r[1], cpz = x[2] - r[2];
  const d5 = abx * cpx + aby * cpy + abz * cpz;
  const d6 = acx * cpx + acy * cpy + acz * cpz;
  if (d6 >= 0 && d5 <= d6) { out.set(r); return; }
  const vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) {
    const t = d2 / (d2 - d6);
    out[0] = p[0] + t * acx; out[1] = p[1] + t * acy; out[2] = p[2] + t * acz;
    return;
  }
  const va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    const t = (d4 - d3) / (d4 - d3 + (d5 - d6));
    out[0] = q[0] + t * (r[0] - q[0]); out[1] = q[1] + t * (r[1] - q[1]); out[2] = q[2] + t * (r[2] - q[2]);
    return;
  }
  const denom = 1 / (va + vb + vc);
  const v = vb * denom, u = vc * denom;
  out[0] = p[0] + abx * v + acx * u; out[1] = p[1] + aby * v + acy * u; out[2] = p[2] + abz * v + acz * u;
}

/** The mesh vertex nearest to `x` (Shrinkwrap's NEAREST_VERTEX); `hit.index` −1 when the mesh has none. */
export function nearestVertex(hit: SurfaceHit, mesh: MeshInfo, x: ArrayLike<number>): void {
  hit.index = -1;
  hit.dist = Infinity;
  const v = mesh.vertices;
  for (let i = 0; i + 2 < v.length; i += 3) {
    const dx = v[i] - x[0], dy = v[i + 1] - x[1], dz = v[i + 2] - x[2];
    const d = dx * dx + dy * dy + dz * dz;
    if (d < hit.dist) { hit.dist = d; hit.index = i / 3; hit.co[0] = v[i]; hit.co[1] = v[i + 1]; hit.co[2] = v[i + 2]; }
  }
}

// The nodes still to visit (a tree of 2ⁿ leaves needs about n + 1 at once, two per level).
const stack = new Int32Array(256);

/** Whether a candidate at distance d on triangle t beats the best so far: nearer, or as near with a lower index. */
function beats(hit: SurfaceHit, d: number, t: number): boolean {
  return d < hit.dist || (d === hit.dist && t < hit.index);
}

/** The point of the surface nearest to `x` and its triangle's normal (Shrinkwrap's NEAREST_SURFACE). */
export function nearestSurface(hit: SurfaceHit, mesh: MeshInfo, bvh: MeshBvh, x: ArrayLike<number>): void {
  hit.index = -1;
  hit.dist = Infinity;
  if (bvh.order.length === 0) return;
  let top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const n = stack[--top];
    if (boxDistanceSq(bvh, n, x) > hit.dist) continue;
    const first = bvh.child[n];
    if (first >= 0) {
      // The nearer child last, so it is visited first and prunes the other sooner.
      if (boxDistanceSq(bvh, first, x) <= boxDistanceSq(bvh, first + 1, x)) { stack[top++] = first + 1; stack[top++] = first; }
      else { stack[top++] = first; stack[top++] = first + 1; }
      continue;
    }
    for (let i = bvh.start[n], end = i + bvh.count[n]; i < end; i++) {
      const t = bvh.order[i];
      corner(a, mesh, t, 0); corner(b, mesh, t, 1); corner(c, mesh, t, 2);
      closestOnTriangle(closest, x, a, b, c);
      const dx = closest[0] - x[0], dy = closest[1] - x[1], dz = closest[2] - x[2];
      const d = dx * dx + dy * dy + dz * dz;
      if (beats(hit, d, t)) {
        hit.dist = d;
        hit.index = t;
        hit.co.set(closest);
        triangleNormal(hit.no, a, b, c);
      }
    }
  }
}

/**
 * The first triangle the ray from `origin` along unit `dir` hits closer than `hit.dist` (set by the
 * caller: the projection limit, or Infinity), Möller–Trumbore with Blender's FLT_EPSILON margin on the
 * barycentric bounds (isect_ray_tri_epsilon_v3). Leaves `hit` as it was when nothing is hit.
 */
export function rayCast(hit: SurfaceHit, mesh: MeshInfo, bvh: MeshBvh, origin: ArrayLike<number>, dir: ArrayLike<number>): void {
  if (bvh.order.length === 0) return;
  let top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const n = stack[--top];
    if (boxRayEntry(bvh, n, origin, dir) > hit.dist) continue;
    const first = bvh.child[n];
    if (first >= 0) {
      if (boxRayEntry(bvh, first, origin, dir) <= boxRayEntry(bvh, first + 1, origin, dir)) { stack[top++] = first + 1; stack[top++] = first; }
      else { stack[top++] = first; stack[top++] = first + 1; }
      continue;
    }
    for (let i = bvh.start[n], end = i + bvh.count[n]; i < end; i++) rayTriangle(hit, mesh, bvh.order[i], origin, dir);
  }
}

/** The ray against triangle t: taken when it hits nearer than the best (or as near, with a lower index). */
function rayTriangle(hit: SurfaceHit, mesh: MeshInfo, t: number, origin: ArrayLike<number>, dir: ArrayLike<number>): void {
  corner(a, mesh, t, 0); corner(b, mesh, t, 1); corner(c, mesh, t, 2);
  const e1x = b[0] - a[0], e1y = b[1] - a[1], e1z = b[2] - a[2];
  const e2x = c[0] - a[0], e2y = c[1] - a[1], e2z = c[2] - a[2];
  const px = dir[1] * e2z - dir[2] * e2y, py = dir[2] * e2x - dir[0] * e2z, pz = dir[0] * e2y - dir[1] * e2x;
  const det = e1x * px + e1y * py + e1z * pz;
  // A ray in (or grazing) the triangle's plane hits nothing: the determinant is then rounding, and
  // the barycentric coordinates and distance computed from it are noise.
  if (det * det <= 1e-24 * (e1x * e1x + e1y * e1y + e1z * e1z) * (e2x * e2x + e2y * e2y + e2z * e2z)) return;
  const f = 1 / det;
  const sx = origin[0] - a[0], sy = origin[1] - a[1], sz = origin[2] - a[2];
  const u = f * (sx * px + sy * py + sz * pz);
  if (u < -FLT_EPSILON || u > 1 + FLT_EPSILON) return;
  const qx = sy * e1z - sz * e1y, qy = sz * e1x - sx * e1z, qz = sx * e1y - sy * e1x;
  const v = f * (dir[0] * qx + dir[1] * qy + dir[2] * qz);
  if (v < -FLT_EPSILON || u + v > 1 + FLT_EPSILON) return;
  const lambda = f * (e2x * qx + e2y * qy + e2z * qz);
  if (lambda >= 0 && beats(hit, lambda, t)) {
    hit.dist = lambda;
    hit.index = t;
    hit.co[0] = origin[0] + dir[0] * lambda; hit.co[1] = origin[1] + dir[1] * lambda; hit.co[2] = origin[2] + dir[2] * lambda;
    triangleNormal(hit.no, a, b, c);
  }
}

/**
 * The barycentric weights of `co` (on the plane of triangle p, q, r) into `out`: Blender's
 * interp_weights_tri_v3, areas on the two axes the triangle's normal leans on least, a third each
 * for a degenerate triangle.
 */
export function barycentricWeights(out: Float64Array, p: Float64Array, q: Float64Array, r: Float64Array, co: ArrayLike<number>): void {
  triangleNormal(closest, p, q, r);
  // axis_dominant_v3: drop the axis the normal is largest on.
  const ax = Math.abs(closest[0]), ay = Math.abs(closest[1]), az = Math.abs(closest[2]);
  let i: number, j: number;
  if (az >= ax && az >= ay) { i = 0; j = 1; } else if (ay >= ax) { i = 0; j = 2; } else { i = 1; j = 2; }
  // Blender's tri_signed_area of (q, r, co), (r, p, co), (p, q, co), written out: a helper returning
  // a double would box it where V8 does not inline the call.
  out[0] = 0.5 * ((q[i] - r[i]) * (r[j] - co[j]) + (q[j] - r[j]) * (co[i] - r[i]));
  out[1] = 0.5 * ((r[i] - p[i]) * (p[j] - co[j]) + (r[j] - p[j]) * (co[i] - p[i]));
  out[2] = 0.5 * ((p[i] - q[i]) * (q[j] - co[j]) + (p[j] - q[j]) * (co[i] - q[i]));
  const total = out[0] + out[1] + out[2];
  if (Math.abs(total) > FLT_EPSILON) { out[0] /= total; out[1] /= total; out[2] /= total; } else out[0] = out[1] = out[2] = 1 / 3;
}

/**
 * The smooth normal at `co` on triangle `tri` (BKE_shrinkwrap_compute_smooth_normal): the corner
 * normals weighted by `co`'s barycentric coordinates (interp_weights_tri_v3, on the two axes the
 * triangle's normal leans on least), normalized. A flat face has its face normal at every corner.
 */
export function smoothNormal(out: Float64Array, mesh: MeshInfo, tri: number, co: ArrayLike<number>): void {
  corner(a, mesh, tri, 0); corner(b, mesh, tri, 1); corner(c, mesh, tri, 2);
  barycentricWeights(w, a, b, c, co);
  const n = mesh.normals;
  const base = tri * 9;
  for (let k = 0; k < 3; k++) out[k] = w[0] * n[base + k] + w[1] * n[base + 3 + k] + w[2] * n[base + 6 + k];
  normalize3(out, out);
}
