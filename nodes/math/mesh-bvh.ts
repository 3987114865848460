// A bounding-volume hierarchy over a mesh's triangles, so that Shrinkwrap's queries visit the few
// triangles near the point or the ray instead of all of them (Blender builds one too,
// BKE_bvhtree_from_mesh_get). Built once per mesh at bind time; queries allocate nothing.
//
// Every query gives exactly the answer of trying each triangle in index order: a triangle wins when
// it is strictly nearer, or equally near with a lower index, and a box is skipped only when all of
// it is strictly farther than the best so far. So the answer does not depend on the tree's shape
// (test/nodes/math/mesh-bvh.test.ts checks it against that plain loop).
import type { MeshInfo } from './mesh-info';

export interface MeshBvh {
  /** Per node: min x, y, z, max x, y, z of its triangles. */
  bounds: Float64Array;
  /** Per node: the first child's index (the second is next to it), or −1 for a leaf. */
  child: Int32Array;
  /** Per leaf: its first triangle in `order`, and how many. */
  start: Int32Array;
  count: Int32Array;
  /** Triangle indices, grouped by leaf. */
  order: Uint32Array;
}

/** Triangles per leaf at most: few enough that a leaf costs little, enough that the tree stays shallow. */
const LEAF_SIZE = 4;

const built = new WeakMap<MeshInfo, MeshBvh>();

/** The mesh's hierarchy, built on first use and kept with the mesh (several nodes may share a target). */
export function meshBvh(mesh: MeshInfo): MeshBvh {
  let bvh = built.get(mesh);
  if (!bvh) {
    bvh = buildBvh(mesh);
    built.set(mesh, bvh);
  }
  return bvh;
}

function buildBvh(mesh: MeshInfo): MeshBvh {
  const t = mesh.triangles;
  const v = mesh.vertices;
  const count = Math.floor(t.length / 3);
  const centroid = new Float64Array(count * 3);
  const box = new Float64Array(count * 6);
  for (let i = 0; i < count; i++) {
    for (let k = 0; k < 3; k++) { box[i * 6 + k] = Infinity; box[i * 6 + 3 + k] = -Infinity; }
    for (let c = 0; c < 3; c++) {
      const o = t[i * 3 + c] * 3;
      for (let k = 0; k < 3; k++) {
        const x = v[o + k];
        centroid[i * 3 + k] += x / 3;
        if (x < box[i * 6 + k]) box[i * 6 + k] = x;
        if (x > box[i * 6 + 3 + k]) box[i * 6 + 3 + k] = x;
      }
    }
  }
  const order = new Uint32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  // At most 2n − 1 nodes for n leaves of one or more triangles.
  const capacity = Math.max(1, 2 * count);
  const bounds = new Float64Array(capacity * 6);
  const child = new Int32Array(capacity).fill(-1);
  const start = new Int32Array(capacity);
  const size = new Int32Array(capacity);
  let nodes = 1;
  // Work list of nodes to split: each covers order[start, start + size).
  const todo: number[] = [0];
  start[0] = 0;
  size[0] = count;
  while (todo.length > 0) {
    const n = todo.pop()!;
    const s = start[n], c = size[n];
    const b = n * 6;
    for (let k = 0; k < 3; k++) { bounds[b + k] = Infinity; bounds[b + 3 + k] = -Infinity; }
    let lo0 = Infinity, lo1 = Infinity, lo2 = Infinity, hi0 = -Infinity, hi1 = -Infinity, hi2 = -Infinity;
    for (let i = s; i < s + c; i++) {
      const tri = order[i];
      for (let k = 0; k < 3; k++) {
        if (box[tri * 6 + k] < bounds[b + k]) bounds[b + k] = box[tri * 6 + k];
        if (box[tri * 6 + 3 + k] > bounds[b + 3 + k]) bounds[b + 3 + k] = box[tri * 6 + 3 + k];
      }
      const x = centroid[tri * 3], y = centroid[tri * 3 + 1], z = centroid[tri * 3 + 2];
      if (x < lo0) lo0 = x; if (x > hi0) hi0 = x;
      if (y < lo1) lo1 = y; if (y > hi1) hi1 = y;
      if (z < lo2) lo2 = z; if (z > hi2) hi2 = z;
    }
    padBox(bounds, b, bounds, b);
    if (c <= LEAF_SIZE) continue;
    // Split at the median centroid along the centroids' longest extent.
    const ex = hi0 - lo0, ey = hi1 - lo1, ez = hi2 - lo2;
    const axis = ex >= ey && ex >= ez ? 0 : ey >= ez ? 1 : 2;
    if (!(Math.max(ex, ey, ez) > 0)) continue; // all centroids in one place: a leaf however many
    const half = c >> 1;
    selectMedian(order, s, s + c - 1, s + half, centroid, axis);
    const left = nodes, right = nodes + 1;
    nodes += 2;
    child[n] = left;
    start[left] = s; size[left] = half;
    start[right] = s + half; size[right] = c - half;
    todo.push(left, right);
  }
  return { bounds: bounds.slice(0, nodes * 6), child: child.slice(0, nodes), start: start.slice(0, nodes), count: size.slice(0, nodes), order };
}

/**
 * The box at raw[r..r+6) padded into out[o..o+6), so that it always holds what its triangles' queries
 * can give: a ray hit on a triangle's edge (accepted FLT_EPSILON past it, as Blender does) and
 * rounding in the nearest point's arithmetic. A larger box only prunes a little less.
 */
function padBox(out: Float64Array, o: number, raw: Float64Array, r: number): void {
  const extent = Math.max(raw[r + 3] - raw[r], raw[r + 4] - raw[r + 1], raw[r + 5] - raw[r + 2]);
  const magnitude = Math.max(Math.abs(raw[r]), Math.abs(raw[r + 1]), Math.abs(raw[r + 2]), Math.abs(raw[r + 3]), Math.abs(raw[r + 4]), Math.abs(raw[r + 5]));
  const pad = extent * 1e-6 + magnitude * 1e-9;
  for (let k = 0; k < 3; k++) { out[o + k] = raw[r + k] - pad; out[o + 3 + k] = raw[r + 3 + k] + pad; }
}

/**
 * Fits the tree's boxes to the mesh's vertices as they are now, keeping its shape: for a mesh that
 * moves (an Armature modifier deforming it, nodes/math/deformed-surface.ts). Queries give the same
 * answers on any tree shape, so only how much they prune changes. `raw` (6 numbers per node) holds
 * the unpadded boxes; children come after their parent, so a pass from the last node up fits each
 * after its children. Allocates nothing.
 */
export function refitBvh(bvh: MeshBvh, mesh: MeshInfo, raw: Float64Array): void {
  const t = mesh.triangles, v = mesh.vertices;
  for (let n = bvh.child.length - 1; n >= 0; n--) {
    const b = n * 6;
    let lo0 = Infinity, lo1 = Infinity, lo2 = Infinity, hi0 = -Infinity, hi1 = -Infinity, hi2 = -Infinity;
    const first = bvh.child[n];
    if (first >= 0) {
      for (let c = first * 6; c <= (first + 1) * 6; c += 6) {
        if (raw[c] < lo0) lo0 = raw[c]; if (raw[c + 1] < lo1) lo1 = raw[c + 1]; if (raw[c + 2] < lo2) lo2 = raw[c + 2];
        if (raw[c + 3] > hi0) hi0 = raw[c + 3]; if (raw[c + 4] > hi1) hi1 = raw[c + 4]; if (raw[c + 5] > hi2) hi2 = raw[c + 5];
      }
    } else {
      for (let i = bvh.start[n], end = i + bvh.count[n]; i < end; i++) {
        for (let k = 0; k < 3; k++) {
          const o = t[bvh.order[i] * 3 + k] * 3;
          const x = v[o], y = v[o + 1], z = v[o + 2];
          if (x < lo0) lo0 = x; if (x > hi0) hi0 = x;
          if (y < lo1) lo1 = y; if (y > hi1) hi1 = y;
          if (z < lo2) lo2 = z; if (z > hi2) hi2 = z;
        }
      }
    }
    raw[b] = lo0; raw[b + 1] = lo1; raw[b + 2] = lo2; raw[b + 3] = hi0; raw[b + 4] = hi1; raw[b + 5] = hi2;
    padBox(bvh.bounds, b, raw, b);
  }
}

/**
 * Reorders order[lo..hi] so that order[k] is the triangle that sorting by centroid on `axis` (ties
 * by index) would put there, those before it no greater and those after no smaller (quickselect):
 * a median split in time linear in the node's size.
 */
function selectMedian(order: Uint32Array, lo: number, hi: number, k: number, centroid: Float64Array, axis: number): void {
  const before = (p: number, q: number) => centroid[p * 3 + axis] < centroid[q * 3 + axis] || (centroid[p * 3 + axis] === centroid[q * 3 + axis] && p < q);
  while (hi > lo) {
    // The middle element as pivot, moved to the end; Lomuto partition.
    const mid = (lo + hi) >> 1;
    const pivot = order[mid];
    order[mid] = order[hi]; order[hi] = pivot;
    let store = lo;
    for (let i = lo; i < hi; i++) {
      if (before(order[i], pivot)) { const t = order[i]; order[i] = order[store]; order[store] = t; store++; }
    }
    order[hi] = order[store]; order[store] = pivot;
    if (store === k) return;
    if (k < store) hi = store - 1; else lo = store + 1;
  }
}

/** The squared distance from point p to node n's box (0 inside it). */
export function boxDistanceSq(bvh: MeshBvh, n: number, p: ArrayLike<number>): number {
  const b = n * 6;
  let d = 0;
  for (let k = 0; k < 3; k++) {
    const x = p[k];
    const lo = bvh.bounds[b + k], hi = bvh.bounds[b + 3 + k];
    const e = x < lo ? lo - x : x > hi ? x - hi : 0;
    d += e * e;
  }
  return d;
}

/**
 * Where the ray from `o` along `d` enters node n's box (0 when it starts inside), or Infinity when
 * it misses it (the slab test).
 */
export function boxRayEntry(bvh: MeshBvh, n: number, o: ArrayLike<number>, d: ArrayLike<number>): number {
  const b = n * 6;
  let near = 0, far = Infinity;
  for (let k = 0; k < 3; k++) {
    const lo = bvh.bounds[b + k], hi = bvh.bounds[b + 3 + k];
    if (d[k] === 0) {
      if (o[k] < lo || o[k] > hi) return Infinity;
      continue;
    }
    let t0 = (lo - o[k]) / d[k], t1 = (hi - o[k]) / d[k];
    if (t0 > t1) { const s = t0; t0 = t1; t1 = s; }
    if (t0 > near) near = t0;
    if (t1 < far) far = t1;
    if (near > far) return Infinity;
  }
  return near;
}
