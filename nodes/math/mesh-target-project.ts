// Shrinkwrap's Target Normal Project (shrinkwrap.cc, MOD_SHRINKWRAP_TARGET_PROJECT): the point of the
// surface whose smooth vertex normal points at the query point. On each triangle a Newton solve of
//   (w0·V0 + w1·V1 + w2·V2) + l·(w0·N0 + w1·N1 + w2·N2) = P,  w0 + w1 + w2 = 1
// for [w0, w1, l] (target_project_solve_point_tri, BLI_newton3d_solve with its line search and
// its step correction at the triangle's sides); where that fails on a triangle with an open edge,
// the edge as a thin cylinder (target_project_edge); the nearest such point over the mesh wins, and
// with none, the plain nearest surface point. In double precision: Blender's float32 thresholds
// (the solve's epsilon, the correction's) are kept as they are.
import type { MeshInfo } from './mesh-info';
import { hypot3Into } from './hypot';
import { boxDistanceSq, type MeshBvh } from './mesh-bvh';
import { normalize3 } from './vector';
import { barycentricWeights, closestOnTriangle, nearestSurface, type SurfaceHit } from './mesh-surface';

/** What Target Normal Project needs beyond the mesh, found once per mesh (BKE_shrinkwrap_compute_boundary_data). */
export interface TargetProjectData {
  normals: Float64Array;
  /** Per triangle side (3 per triangle): the open edge's index into `edges`, or −1. */
  triangleEdge: Int32Array;
  /** Vertex pairs of the open edges. */
  edges: Uint32Array;
  /** Per vertex: its index among the vertices on an open edge, or −1. */
  boundaryId: Int32Array;
  /** Per boundary vertex: the averaged direction of its open edges, and the plane normal across them (3 each). */
  direction: Float64Array;
  normalPlane: Float64Array;
  /** Per boundary vertex, scratch of `boundaryFrames`: which side its first edge met it from (Blender's merge_vert_dir status). */
  status: Int8Array;
}

/**
 * The open edges of a mesh (those of one triangle only: a quad's diagonal has two, as do a closed
 * mesh's edges) and, at their vertices, the averaged edge direction and the normal of the plane
 * across the edge (Blender's merge_vert_dir and shrinkwrap_build_boundary_data). Undefined when the
 * mesh has no vertex normals (written by exporters since Shrinkwrap): the solve needs them.
 */
export function targetProjectData(mesh: MeshInfo): TargetProjectData | undefined {
  const normals = mesh.vertexNormals;
  if (!normals || normals.length !== mesh.vertices.length) return undefined;
  const t = mesh.triangles;
  const vertexCount = mesh.vertices.length / 3;
  const uses = new Map<number, { count: number; a: number; b: number }>();
  const keyOf = (a: number, b: number) => (a < b ? a * vertexCount + b : b * vertexCount + a);
  for (let i = 0; i + 2 < t.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      const a = t[i + k], b = t[i + ((k + 1) % 3)];
      const key = keyOf(a, b);
      const use = uses.get(key);
      if (use) use.count++;
      else uses.set(key, { count: 1, a, b });
    }
  }
  const edgeIndex = new Map<number, number>();
  const edges: number[] = [];
  for (const [key, use] of uses) {
    if (use.count !== 1) continue;
    edgeIndex.set(key, edges.length / 2);
    edges.push(use.a, use.b);
  }
  const triangleEdge = new Int32Array(t.length).fill(-1);
  for (let i = 0; i + 2 < t.length; i += 3) {
    for (let k = 0; k < 3; k++) triangleEdge[i + k] = edgeIndex.get(keyOf(t[i + k], t[i + ((k + 1) % 3)])) ?? -1;
  }
  const boundaryId = new Int32Array(vertexCount).fill(-1);
  let boundaryCount = 0;
  for (const v of edges) if (boundaryId[v] < 0) boundaryId[v] = boundaryCount++;
  const data: TargetProjectData = {
    normals, triangleEdge, edges: Uint32Array.from(edges), boundaryId,
    direction: new Float64Array(boundaryCount * 3), normalPlane: new Float64Array(boundaryCount * 3), status: new Int8Array(boundaryCount),
  };
  return boundaryFrames(data, mesh.vertices);
}

const dir = new Float64Array(3);

/**
 * The open edges' frames at their vertices, from the vertices and normals as they are now (the
 * topology stays): found once for a mesh that does not move, each time a deformed one has moved
 * (nodes/math/deformed-surface.ts). Allocates nothing.
 */
export function boundaryFrames(data: TargetProjectData, v: Float64Array): TargetProjectData {
  const { normals, edges, boundaryId, direction, normalPlane, status } = data;
  direction.fill(0);
  status.fill(0);
  for (let e = 0; e < edges.length; e += 2) {
    const a = edges[e] * 3, b = edges[e + 1] * 3;
    for (let k = 0; k < 3; k++) dir[k] = v[b + k] - v[a + k];
    normalize3(dir, dir);
    mergeDirection(data, boundaryId[edges[e]], 1);
    mergeDirection(data, boundaryId[edges[e + 1]], 2);
  }
  for (let i = 0; i < boundaryId.length; i++) {
    const o = boundaryId[i] * 3;
    if (o < 0) continue;
    for (let k = 0; k < 3; k++) dir[k] = direction[o + k];
    normalize3(dir, dir);
    for (let k = 0; k < 3; k++) direction[o + k] = dir[k];
    const nx = normals[i * 3], ny = normals[i * 3 + 1], nz = normals[i * 3 + 2];
    // (n × d) × n: the direction across the edge, in the surface's tangent plane.
    const cx = ny * dir[2] - nz * dir[1], cy = nz * dir[0] - nx * dir[2], cz = nx * dir[1] - ny * dir[0];
    dir[0] = cy * nz - cz * ny; dir[1] = cz * nx - cx * nz; dir[2] = cx * ny - cy * nx;
    normalize3(dir, dir);
    for (let k = 0; k < 3; k++) normalPlane[o + k] = dir[k];
  }
  return data;
}

/** Adds the edge direction `dir` to boundary vertex `id`'s, turned to agree with what it has (Blender's merge_vert_dir). */
function mergeDirection({ direction, status }: TargetProjectData, id: number, side: number): void {
  const o = id * 3;
  const dot = direction[o] * dir[0] + direction[o + 1] * dir[1] + direction[o + 2] * dir[2];
  const flip = status[id] >= 0 ? status[id] === side : dot < 0;
  for (let k = 0; k < 3; k++) direction[o + k] += flip ? -dir[k] : dir[k];
  status[id] = status[id] === 0 ? side : -1;
}


// Scratch for the solve: one triangle at a time.
const c0 = new Float64Array(3), c1 = new Float64Array(3), c2 = new Float64Array(3);
const n0 = new Float64Array(3), n1 = new Float64Array(3), n2 = new Float64Array(3);
const raw = new Float64Array(3);
const x = new Float64Array(3), xNext = new Float64Array(3), step = new Float64Array(3);
const delta = new Float64Array(3);
const coInterp = new Float64Array(3), noInterp = new Float64Array(3);
const jac = new Float64Array(9), inv = new Float64Array(9);
const weights = new Float64Array(3);
const scratchLen = new Float64Array(1);
const hitCo = new Float64Array(3), hitNo = new Float64Array(3);
const d0 = new Float64Array(3), d1 = new Float64Array(3);

// Doubles handed between the solve's functions go through arrays: V8 boxes a double passed to or
// returned from a call it does not inline (nodes/math/hypot.ts).
const squared = new Float64Array(1);
const given = new Float64Array(1);

/** coInterp, noInterp at barycentric (x0, x1, 1 − x0 − x1), delta = coInterp + l·noInterp − p, and |delta|² into `squared`. */
function deviation(at: Float64Array, p: ArrayLike<number>): void {
  const w0 = at[0], w1 = at[1], w2 = 1 - at[0] - at[1];
  for (let k = 0; k < 3; k++) {
    coInterp[k] = w0 * c0[k] + w1 * c1[k] + w2 * c2[k];
    noInterp[k] = w0 * n0[k] + w1 * n1[k] + w2 * n2[k];
    delta[k] = coInterp[k] + noInterp[k] * at[2] - p[k];
  }
  squared[0] = delta[0] * delta[0] + delta[1] * delta[1] + delta[2] * delta[2];
}

/** target_project_tri_clamp: barycentric weights kept in the triangle. */
function clampToTriangle(at: Float64Array): void {
  if (at[0] < 0) at[0] = 0;
  if (at[1] < 0) at[1] = 0;
  if (at[0] + at[1] > 1) { at[0] = at[0] / (at[0] + at[1]); at[1] = 1 - at[0]; }
}

/** target_project_tri_correct: the Newton step cut or slid at the triangle's sides; false when the solution is clearly outside. */
function correctStep(): boolean {
  const epsilon = 1e-5;
  const dirEpsilon = 0.5;
  let fixed = false, locked = false;
  const sum = x[0] + x[1];
  const sstep = -(step[0] + step[1]);
  if (sum + sstep > 1) {
    const ldist = 1 - sum;
    if (ldist < epsilon * Math.SQRT2) {
      const stepLen = Math.sqrt(step[0] * step[0] + step[1] * step[1]);
      if (stepLen > epsilon && sstep > stepLen * dirEpsilon * Math.SQRT2) return false;
      const shift = (sum + sstep - 1) * 0.5;
      step[0] += shift; step[1] += shift;
      fixed = locked = true;
    } else {
      const f = ldist / sstep;
      step[0] *= f; step[1] *= f; step[2] *= f;
      fixed = true;
    }
  }
  for (let i = 0; i < 2; i++) {
    if (step[i] > x[i]) {
      if (x[i] < epsilon) {
        const stepLen = Math.sqrt(step[0] * step[0] + step[1] * step[1]);
        if (stepLen > epsilon && (locked || step[i] > stepLen * dirEpsilon)) return false;
        step[i] = x[i];
        fixed = true;
      } else {
        const f = x[i] / step[i];
        step[0] *= f; step[1] *= f; step[2] *= f;
        fixed = true;
      }
    }
  }
  if (fixed) {
    for (let k = 0; k < 3; k++) xNext[k] = x[k] - step[k];
    // clampToTriangle written out: called from this rare branch it stayed unoptimized, and its
    // arithmetic boxed a double now and then (a Shrinkwrap onto a moving surface, alloc.test.ts).
    if (xNext[0] < 0) xNext[0] = 0;
    if (xNext[1] < 0) xNext[1] = 0;
    if (xNext[0] + xNext[1] > 1) { xNext[0] = xNext[0] / (xNext[0] + xNext[1]); xNext[1] = 1 - xNext[0]; }
  }
  return true;
}

/** The inverse of the column-major 3×3 in `jac` into `inv`; false when singular. */
function invertJacobian(): boolean {
  const a = jac[0], b = jac[3], c = jac[6], d = jac[1], e = jac[4], f = jac[7], g = jac[2], h = jac[5], i = jac[8];
  const A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g;
  const det = a * A + b * B + c * C;
  if (det === 0 || !Number.isFinite(det)) return false;
  inv[0] = A / det; inv[1] = B / det; inv[2] = C / det;
  inv[3] = -(b * i - c * h) / det; inv[4] = (a * i - c * g) / det; inv[5] = -(a * h - b * g) / det;
  inv[6] = (b * f - c * e) / det; inv[7] = -(a * f - c * d) / det; inv[8] = (a * e - b * d) / det;
  return true;
}

/**
 * target_project_solve_point_tri for the triangle in c0–c2 with normals n0–n2, from the nearest point
 * `raw` at squared distance `given[0]`: true with the point and normal in coInterp/noInterp.
 */
function solveOnTriangle(p: ArrayLike<number>): boolean {
  const dist = Math.sqrt(given[0]);
  const magnitude = dist + Math.abs(c0[0]) + Math.abs(c0[1]) + Math.abs(c0[2]) + Math.abs(c1[0]) + Math.abs(c1[1]) + Math.abs(c1[2]) + Math.abs(c2[0]) + Math.abs(c2[1]) + Math.abs(c2[2]);
  let epsilon = magnitude * 1e-6;
  epsilon *= epsilon;
  barycentricWeights(weights, c0, c1, c2, raw);
  x[0] = weights[0]; x[1] = weights[1];
  let dot = 0;
  for (let k = 0; k < 3; k++) dot += (p[k] - raw[k]) * (weights[0] * n0[k] + weights[1] * n1[k] + weights[2] * n2[k]);
  x[2] = dot < 0 ? -dist : dist;
  clampToTriangle(x);
  deviation(x, p);
  let fdelta = squared[0];
  for (let it = 0; it === 0 || (it < 20 && fdelta > epsilon); it++) {
    // The Jacobian's columns: ∂/∂w0, ∂/∂w1, ∂/∂l.
    for (let k = 0; k < 3; k++) {
      jac[k] = c0[k] - c2[k] + (n0[k] - n2[k]) * x[2];
      jac[3 + k] = c1[k] - c2[k] + (n1[k] - n2[k]) * x[2];
      jac[6 + k] = n2[k] + (n0[k] - n2[k]) * x[0] + (n1[k] - n2[k]) * x[1];
    }
    if (!invertJacobian()) return false;
    for (let k = 0; k < 3; k++) step[k] = inv[k] * delta[0] + inv[3 + k] * delta[1] + inv[6 + k] * delta[2];
    for (let k = 0; k < 3; k++) xNext[k] = x[k] - step[k];
    if (!correctStep()) return false;
    deviation(xNext, p);
    let next = squared[0];
    // Line search: shorten the step while it makes things worse (bounded, where Blender loops freely).
    for (let search = 0; next > fdelta && next > epsilon && search < 60; search++) {
      const g0 = Math.sqrt(fdelta), g1 = Math.sqrt(next);
      hypot3Into(scratchLen, 0, step);
      const g01 = -g0 / scratchLen[0];
      const det = 2 * (g1 - g0 - g01);
      let l = det === 0 ? 0.1 : -g01 / det;
      if (l < 0.1) l = 0.1;
      for (let k = 0; k < 3; k++) { step[k] *= l; xNext[k] = x[k] - step[k]; }
      deviation(xNext, p);
      next = squared[0];
    }
    x.set(xNext);
    fdelta = next;
  }
  if (!(fdelta <= epsilon)) return false;
  deviation(x, p); // coInterp and noInterp of the solution
  return true;
}

/** update_hit: takes the point when nearer than the best so far (or as near on a lower triangle), its normal normalized. */
function offer(hit: SurfaceHit, index: number, p: ArrayLike<number>, co: Float64Array, no: Float64Array): void {
  const dx = co[0] - p[0], dy = co[1] - p[1], dz = co[2] - p[2];
  const d = dx * dx + dy * dy + dz * dz;
  if (!(d < hit.dist || (d === hit.dist && index < hit.index))) return;
  hit.index = index;
  hit.dist = d;
  hit.co.set(co);
  hit.no.set(no);
  normalize3(hit.no, hit.no);
}

/** target_project_edge: the open edge as a thin cylinder, its points whose interpolated plane normal is square to p. */
function projectOnEdge(hit: SurfaceHit, index: number, p: ArrayLike<number>, mesh: MeshInfo, data: TargetProjectData, edge: number): void {
  const va = data.edges[edge * 2], vb = data.edges[edge * 2 + 1];
  const ba = data.boundaryId[va], bb = data.boundaryId[vb];
  if (ba < 0 || bb < 0) return;
  const v = mesh.vertices;
  const ex = v[vb * 3] - v[va * 3], ey = v[vb * 3 + 1] - v[va * 3 + 1], ez = v[vb * 3 + 2] - v[va * 3 + 2];
  for (let k = 0; k < 3; k++) { d0[k] = data.normalPlane[ba * 3 + k]; d1[k] = data.normalPlane[bb * 3 + k]; }
  if (data.direction[ba * 3] * ex + data.direction[ba * 3 + 1] * ey + data.direction[ba * 3 + 2] * ez < 0) { d0[0] = -d0[0]; d0[1] = -d0[1]; d0[2] = -d0[2]; }
  if (data.direction[bb * 3] * ex + data.direction[bb * 3 + 1] * ey + data.direction[bb * 3 + 2] * ez < 0) { d1[0] = -d1[0]; d1[1] = -d1[1]; d1[2] = -d1[2]; }
  const a0 = va * 3, b0 = vb * 3;
  const d0v0 = d0[0] * v[a0] + d0[1] * v[a0 + 1] + d0[2] * v[a0 + 2], d0v1 = d0[0] * v[b0] + d0[1] * v[b0 + 1] + d0[2] * v[b0 + 2];
  const d1v0 = d1[0] * v[a0] + d1[1] * v[a0 + 1] + d1[2] * v[a0 + 2], d1v1 = d1[0] * v[b0] + d1[1] * v[b0 + 1] + d1[2] * v[b0 + 2];
  const d0co = d0[0] * p[0] + d0[1] * p[1] + d0[2] * p[2];
  const d1co = d1[0] * p[0] + d1[1] * p[1] + d1[2] * p[2];
  const a = d0v1 - d0v0 + d1v0 - d1v1;
  const b = 2 * d0v0 - d0v1 - d0co - d1v0 + d1co;
  const c = d0co - d0v0;
  const det = b * b - 4 * a * c;
  if (!(det >= 0)) return;
  const sdet = Math.sqrt(det);
  const n = data.normals;
  for (let i = det > 0 ? 2 : 0; i >= 0; i -= 2) {
    let t = (-b + (i - 1) * sdet) / (2 * a);
    if (!(t >= -1e-6 && t <= 1 + 1e-6)) continue;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    for (let k = 0; k < 3; k++) {
      hitCo[k] = v[va * 3 + k] + (v[vb * 3 + k] - v[va * 3 + k]) * t;
      hitNo[k] = n[va * 3 + k] + (n[vb * 3 + k] - n[va * 3 + k]) * t;
    }
    offer(hit, index, p, hitCo, hitNo);
  }
}

function load(out: Float64Array, src: ArrayLike<number>, vertex: number): void {
  out[0] = src[vertex * 3]; out[1] = src[vertex * 3 + 1]; out[2] = src[vertex * 3 + 2];
}

/**
 * BKE_shrinkwrap_find_nearest_surface for TARGET_PROJECT, from point `p` in the mesh's space: the
 * nearest solved point and its normalized interpolated vertex normal; the plain nearest surface
 * point (and its triangle's normal) when no triangle or open edge gives one. A triangle whose plain
 * nearest point is already farther than the best is skipped (no point of it can be nearer), and so
 * is a box of them, which is what makes the BVH walk give the plain loop's answer.
 */
export function targetProject(hit: SurfaceHit, mesh: MeshInfo, bvh: MeshBvh, data: TargetProjectData, p: ArrayLike<number>): void {
  hit.index = -1;
  hit.dist = Infinity;
  // Rounding in a squared distance is about ε·(the coordinates' size)²: the slack is far above it.
  let size = Math.max(Math.abs(p[0]), Math.abs(p[1]), Math.abs(p[2]));
  for (let k = 0; k < 6; k++) size = Math.max(size, Math.abs(bvh.bounds[k]));
  slack[0] = 1e-12 * size * size;
  let top = 0;
  if (bvh.order.length > 0) stack[top++] = 0;
  while (top > 0) {
    const n = stack[--top];
    if (boxDistanceSq(bvh, n, p) > hit.dist * SLACK + slack[0]) continue;
    const first = bvh.child[n];
    if (first >= 0) {
      if (boxDistanceSq(bvh, first, p) <= boxDistanceSq(bvh, first + 1, p)) { stack[top++] = first + 1; stack[top++] = first; }
      else { stack[top++] = first; stack[top++] = first + 1; }
      continue;
    }
    for (let i = bvh.start[n], end = i + bvh.count[n]; i < end; i++) projectOnTriangle(hit, mesh, data, bvh.order[i], p);
  }
  if (hit.index < 0) nearestSurface(hit, mesh, bvh, p);
}

const stack = new Int32Array(256);
/** How much farther than the best a triangle's nearest point may be and the triangle still be solved: far above rounding, relative and absolute. */
const SLACK = 1 + 1e-9;
const slack = new Float64Array(1);

/** mesh_corner_tris_target_project for one triangle. */
function projectOnTriangle(hit: SurfaceHit, mesh: MeshInfo, data: TargetProjectData, tri: number, p: ArrayLike<number>): void {
  const t = mesh.triangles;
  load(c0, mesh.vertices, t[tri * 3]); load(c1, mesh.vertices, t[tri * 3 + 1]); load(c2, mesh.vertices, t[tri * 3 + 2]);
  closestOnTriangle(raw, p, c0, c1, c2);
  const dx = raw[0] - p[0], dy = raw[1] - p[1], dz = raw[2] - p[2];
  const distSq = dx * dx + dy * dy + dz * dz;
  // Nothing on this triangle can beat the best: its points are all at least this far. With a little
  // slack, since the solved point's distance may round below the nearest point's: within it the
  // triangle is solved and `offer` decides, so the answer does not depend on the visiting order.
  if (distSq > hit.dist * SLACK + slack[0]) return;
  load(n0, data.normals, t[tri * 3]); load(n1, data.normals, t[tri * 3 + 1]); load(n2, data.normals, t[tri * 3 + 2]);
  given[0] = distSq;
  if (solveOnTriangle(p)) {
    offer(hit, tri, p, coInterp, noInterp);
  } else {
    for (let k = 0; k < 3; k++) {
      const edge = data.triangleEdge[tri * 3 + k];
      if (edge >= 0) projectOnEdge(hit, tri, p, mesh, data, edge);
    }
  }
}
