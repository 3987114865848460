// How Blender splits a mesh's quads into triangles (mesh_tessellate.cc): along the diagonal from
// its first corner to its third, (0 1 2) and (0 2 3), unless that folds it — the second and fourth
// corners on the same side of that diagonal (is_quad_flip_v3_first_third_fast) — and then along the
// other, (0 1 3) and (1 2 3). A mesh that moves (deformed-surface.ts) is split again each time,
// as Blender does on the evaluated mesh; the triangles keep their numbers, only their corners change.
import type { TargetProjectData } from './mesh-target-project';

/** The quads of a mesh: per quad, its two triangles and its corners in loop order; and each split's open-edge numbers (TargetProjectData.triangleEdge) for its six triangle sides. */
export interface QuadSplits {
  /** Per quad: first triangle, second triangle, then the four corners' vertices. */
  quads: Int32Array;
  /** Per quad, 12 numbers: the sides' open edges split along 0–2, then split along 1–3 (−1: not open). */
  sideEdges: Int32Array;
}

const QUAD = 6;

/**
 * The quads among `polygons` (loops `corners[starts[k] .. starts[k + 1])`) whose two triangles are
 * `trianglePolygon`'s (consecutive, as Blender writes a polygon's triangles). `project`, when the
 * mesh has it, gives each side's open edge, found once here for both splits.
 */
export function quadSplits(starts: Uint32Array, corners: Uint32Array, trianglePolygon: Uint32Array, project: TargetProjectData | undefined): QuadSplits {
  const first = new Int32Array(starts.length - 1).fill(-1);
  const count = new Int32Array(starts.length - 1);
  trianglePolygon.forEach((p, t) => { if (count[p]++ === 0) first[p] = t; });
  const quads: number[] = [];
  for (let p = 0; p + 1 < starts.length; p++) {
    if (starts[p + 1] - starts[p] !== 4 || count[p] !== 2 || trianglePolygon[first[p] + 1] !== p) continue;
    quads.push(first[p], first[p] + 1, ...corners.subarray(starts[p], starts[p] + 4));
  }
  const q = Int32Array.from(quads);
  const sideEdges = new Int32Array((q.length / QUAD) * 12).fill(-1);
  if (project) {
    // Open edges by their two vertices, from the split the mesh was written with.
    const open = new Map<string, number>();
    const key = (a: number, b: number) => (a < b ? `${a} ${b}` : `${b} ${a}`);
    for (let k = 0; k < project.edges.length; k += 2) open.set(key(project.edges[k], project.edges[k + 1]), k / 2);
    for (let i = 0; i * QUAD < q.length; i++) {
      const [c0, c1, c2, c3] = q.subarray(i * QUAD + 2, i * QUAD + 6);
      const sides = [[c0, c1], [c1, c2], [c2, c0], [c0, c2], [c2, c3], [c3, c0], [c0, c1], [c1, c3], [c3, c0], [c1, c2], [c2, c3], [c3, c1]];
      sides.forEach(([a, b], k) => { sideEdges[i * 12 + k] = open.get(key(a, b)) ?? -1; });
    }
  }
  return { quads: q, sideEdges };
}

/** Splits every quad as Blender would at `positions` (xyz per vertex): writes `triangles`, and `project`'s triangle sides when given. */
export function splitQuads(s: QuadSplits, positions: Float64Array, triangles: Uint32Array, project: TargetProjectData | undefined): void {
  const q = s.quads;
  for (let i = 0; i < q.length; i += QUAD) {
    const t1 = q[i], t2 = q[i + 1], c0 = q[i + 2], c1 = q[i + 3], c2 = q[i + 4], c3 = q[i + 5];
    const flip = foldsAlongFirstThird(positions, c0, c1, c2, c3);
    triangles[3 * t1] = c0; triangles[3 * t1 + 1] = c1; triangles[3 * t1 + 2] = flip ? c3 : c2;
    triangles[3 * t2] = flip ? c1 : c0; triangles[3 * t2 + 1] = c2; triangles[3 * t2 + 2] = c3;
    if (!project) continue;
    const e = project.triangleEdge, from = (i / QUAD) * 12 + (flip ? 6 : 0);
    for (let k = 0; k < 3; k++) { e[3 * t1 + k] = s.sideEdges[from + k]; e[3 * t2 + k] = s.sideEdges[from + 3 + k]; }
  }
}

/** Blender's is_quad_flip_v3_first_third_fast: (v1 − v0) × (v2 − v0) and (v3 − v0) × (v2 − v0) point the same way. */
function foldsAlongFirstThird(p: Float64Array, a: number, b: number, c: number, d: number): boolean {
  const ax = p[3 * a], ay = p[3 * a + 1], az = p[3 * a + 2];
  const x12 = p[3 * b] - ax, y12 = p[3 * b + 1] - ay, z12 = p[3 * b + 2] - az;
  const x13 = p[3 * c] - ax, y13 = p[3 * c + 1] - ay, z13 = p[3 * c + 2] - az;
  const x14 = p[3 * d] - ax, y14 = p[3 * d + 1] - ay, z14 = p[3 * d + 2] - az;
  const cax = y12 * z13 - z12 * y13, cay = z12 * x13 - x12 * z13, caz = x12 * y13 - y12 * x13;
  const cbx = y14 * z13 - z14 * y13, cby = z14 * x13 - x14 * z13, cbz = x14 * y13 - y14 * x13;
  return cax * cbx + cay * cby + caz * cbz > 0;
}
