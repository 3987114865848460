// A mesh's whole surface as its Armature modifier moves it, for Shrinkwrap (Blender's constraint
// reads the evaluated mesh, BKE_shrinkwrap_init_tree): every vertex deformed (nodes/math/skin.ts),
// the vertex and polygon normals Blender recomputes on the moved mesh, each triangle corner's normal
// again (its vertex's, or its polygon's on a flat face), the BVH's boxes fitted to the moved
// triangles and Target Normal Project's open-edge frames made again. Built once per compile
// (runtime/rig/mesh-skin.ts); brought up to date by `updateSurface` before a query, which does
// nothing when neither the mesh nor a bone deforming it has moved since the last one (several
// Shrinkwraps may read one mesh). Allocates nothing per frame.
import type { MeshInfo } from '../define';
import type { DeformedMesh } from './deformed-mesh';
import { meshBvh, refitBvh, type MeshBvh } from './mesh-bvh';
import { boundaryFrames, targetProjectData, type TargetProjectData } from './mesh-target-project';
import { deformPoints, type SkinOwner } from './skin';
import { vertexNormals } from './vertex-normals';

export interface DeformedSurface {
  deformed: DeformedMesh;
  /** The surface as the queries read it: its vertices and vertex normals are `deformed`'s, its corner normals rewritten by each update. */
  mesh: MeshInfo;
  bvh: MeshBvh;
  /** Target Normal Project's data on the moved mesh (undefined for a mesh without vertex normals). */
  project: TargetProjectData | undefined;
  /** Per triangle, its polygon; per polygon, 1 when it is drawn flat, and its normal (xyz). */
  trianglePolygon: Uint32Array;
  flat: Uint8Array;
  polygonNormals: Float64Array;
  /** The BVH's unpadded boxes (refitBvh's scratch). */
  raw: Float64Array;
  /** The owners whose final matrices move the vertices (the armature and its deforming bones). */
  movers: SkinOwner[];
  /** The mesh's matrix, then each mover's final, as the last update read them (NaN before the first). */
  seen: Float64Array;
}

/**
 * The surface of a mesh whose every vertex `deformed` holds (vertex k is entry k), at rest until
 * the first update. `base` is the mesh as the scene wrote it (its triangles, its groups).
 */
export function deformedSurface(deformed: DeformedMesh, base: MeshInfo, trianglePolygon: ArrayLike<number>, flatPolygons: ArrayLike<number>, movers: SkinOwner[]): DeformedSurface {
  const polygons = deformed.starts.length - 1;
  const { positions, normals, rest } = deformed;
  positions.set(rest);
  const mesh: MeshInfo = { ...base, vertices: positions, vertexNormals: normals, normals: new Float64Array(base.triangles.length * 3) };
  const flat = new Uint8Array(polygons);
  for (let k = 0; k < flatPolygons.length; k++) flat[flatPolygons[k]] = 1;
  const polygonNormals = new Float64Array(3 * polygons);
  vertexNormals(normals, positions, deformed.starts, deformed.corners, polygonNormals);
  const s: DeformedSurface = {
    deformed, mesh, bvh: meshBvh(mesh), project: undefined,
    trianglePolygon: Uint32Array.from(trianglePolygon), flat, polygonNormals,
    raw: new Float64Array(0), movers, seen: new Float64Array(16 * (1 + movers.length)).fill(NaN),
  };
  s.raw = new Float64Array(s.bvh.bounds.length);
  cornerNormals(s);
  s.project = targetProjectData(mesh);
  return s;
}

/** Moves the surface to where the armature deforms it now (`meshMatrix`: the mesh's world matrix), unless nothing moved since the last update. */
export function updateSurface(s: DeformedSurface, meshMatrix: Float64Array): void {
  if (unmoved(s, meshMatrix)) return;
  const d = s.deformed;
  deformPoints(d.positions, d.rest, d.skin, meshMatrix);
  vertexNormals(d.normals, d.positions, d.starts, d.corners, s.polygonNormals);
  cornerNormals(s);
  refitBvh(s.bvh, s.mesh, s.raw);
  if (s.project) boundaryFrames(s.project, d.positions);
}

/** Each triangle corner's normal: its polygon's on a flat face, its vertex's on a smooth one (what the exporter writes for a still mesh). */
function cornerNormals(s: DeformedSurface): void {
  const { triangles, normals: out } = s.mesh;
  const vertex = s.deformed.normals, polygon = s.polygonNormals;
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

/** Whether the mesh's matrix and every mover's final are what the last update read; if not, remembers them. */
function unmoved(s: DeformedSurface, meshMatrix: Float64Array): boolean {
  const movers = s.movers;
  let same = matches(s.seen, 0, meshMatrix);
  for (let k = 0; same && k < movers.length; k++) same = matches(s.seen, 16 * (k + 1), movers[k].final);
  if (same) return true;
  remember(s.seen, 0, meshMatrix);
  for (let k = 0; k < movers.length; k++) remember(s.seen, 16 * (k + 1), movers[k].final);
  return false;
}

/** Whether seen[o .. o + 16) holds m, number by number, zeros by sign (as sameMat4; a NaN never matches). */
function matches(seen: Float64Array, o: number, m: Float64Array): boolean {
  for (let i = 0; i < 16; i++) {
    const x = seen[o + i], y = m[i];
    if (x !== y || (x === 0 && 1 / x !== 1 / y)) return false;
  }
  return true;
}

function remember(seen: Float64Array, o: number, m: Float64Array): void {
  for (let i = 0; i < 16; i++) seen[o + i] = m[i];
}
