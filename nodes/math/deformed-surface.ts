// A mesh's whole surface as its Armature modifier moves it, for Shrinkwrap (Blender's constraint
// reads the evaluated mesh, BKE_shrinkwrap_init_tree): every vertex deformed with its vertex and
// polygon normals (deformed-mesh.ts), each triangle corner's normal made again (its vertex's, or
// its polygon's on a flat face), its quads split again as Blender splits them (quad-tessellation.ts),
// the BVH's boxes fitted to the moved triangles and Target Normal Project's open-edge frames made again. Built once per compile (runtime/rig/rig.ts); brought up to
// date by `updateSurface` before a query, which does nothing when the vertices have not moved
// since the last one. Allocates nothing per frame.
import type { MeshInfo } from './mesh-info';
import { deformMesh, type DeformedMesh } from './deformed-mesh';
import { meshBvh, refitBvh, type MeshBvh } from './mesh-bvh';
import { boundaryFrames, targetProjectData, type TargetProjectData } from './mesh-target-project';
import { quadSplits, splitQuads, type QuadSplits } from './quad-tessellation';
import { vertexNormals } from './vertex-normals';

export interface DeformedSurface {
  deformed: DeformedMesh;
  /** The surface as the queries read it: its vertices and vertex normals are `deformed`'s, its corner normals rewritten by each update. */
  mesh: MeshInfo;
  bvh: MeshBvh;
  /** Target Normal Project's data on the moved mesh (undefined for a mesh without vertex normals). */
  project: TargetProjectData | undefined;
  /** The quads, split again at each update. */
  quads: QuadSplits;
  /** Per triangle, its polygon; per polygon, 1 when it is drawn flat. */
  trianglePolygon: Uint32Array;
  flat: Uint8Array;
  /** The BVH's unpadded boxes (refitBvh's scratch). */
  raw: Float64Array;
  /** `deformed.moves` when this surface was last made from its vertices. */
  moves: number;
}

/**
 * The surface of a mesh whose every vertex `deformed` holds (vertex k is entry k), at rest until
 * the first update. `base` is the mesh as the scene wrote it (its triangles, its groups).
 */
export function deformedSurface(deformed: DeformedMesh, base: MeshInfo, trianglePolygon: ArrayLike<number>, flatPolygons: ArrayLike<number>): DeformedSurface {
  const { positions, normals, rest } = deformed;
  positions.set(rest);
  vertexNormals(normals, positions, deformed.starts, deformed.corners, deformed.polygonNormals);
  // Its own triangles (the scene's mesh keeps its own): the quads' are rewritten as they fold.
  const mesh: MeshInfo = { ...base, vertices: positions, vertexNormals: normals, triangles: Uint32Array.from(base.triangles), normals: new Float64Array(base.triangles.length * 3) };
  const flat = new Uint8Array(deformed.starts.length - 1);
  for (let k = 0; k < flatPolygons.length; k++) flat[flatPolygons[k]] = 1;
  const bvh = meshBvh(mesh);
  const triangleOf = Uint32Array.from(trianglePolygon);
  const project = targetProjectData(mesh);
  const s: DeformedSurface = {
    deformed, mesh, bvh, project, quads: quadSplits(deformed.starts, deformed.corners, triangleOf, project), trianglePolygon: triangleOf, flat,
    raw: new Float64Array(bvh.bounds.length), moves: deformed.moves,
  };
  cornerNormals(s);
  return s;
}

/** Moves the surface to where the armature deforms it now (`meshMatrix`: the mesh's world matrix), unless its vertices have not moved since the last update. */
export function updateSurface(s: DeformedSurface, meshMatrix: Float64Array): void {
  const d = s.deformed;
  deformMesh(d, meshMatrix);
  if (s.moves === d.moves) return;
  s.moves = d.moves;
  splitQuads(s.quads, d.positions, s.mesh.triangles, s.project);
  cornerNormals(s);
  refitBvh(s.bvh, s.mesh, s.raw);
  if (s.project) boundaryFrames(s.project, d.positions);
}

/** Each triangle corner's normal: its polygon's on a flat face, its vertex's on a smooth one (what the exporter writes for a still mesh). */
function cornerNormals(s: DeformedSurface): void {
  const { triangles, normals: out } = s.mesh;
  const vertex = s.deformed.normals, polygon = s.deformed.polygonNormals;
  for (let t = 0; t < s.trianglePolygon.length; t++) {
    const p = s.trianglePolygon[t];
    for (let c = 0; c < 3; c++) {
      const from = s.flat[p] ? 3 * p : 3 * triangles[3 * t + c];
      const src = s.flat[p] ? polygon : vertex;
      const o = 9 * t + 3 * c;
      out[o] = src[from]; out[o + 1] = src[from + 1]; out[o + 2] = src[from + 2];
    }
  }
}
