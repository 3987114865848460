// The vertices of a mesh that constraints read (its targeted vertex groups, or its whole surface
// for Shrinkwrap) as its Armature modifier moves them, with the normals Blender recomputes on the
// moved mesh: a mesh's skin bound to a compiled rig (runtime/rig/mesh-skin.ts builds it), brought up
// to date by `deformMesh` each time a node reads it. Deforming is skipped when neither the mesh nor
// an owner moving its vertices has moved since the last time (several nodes may read one mesh in
// a frame). Allocates nothing per frame.
import { copyMat4, sameMat4 } from './matrix';
import { deformPoints, type Skin, type SkinOwner } from './skin';
import { vertexNormals } from './vertex-normals';

export interface DeformedMesh {
  skin: Skin;
  /** Per mesh vertex, its entry in the lists below; −1 for a vertex the skin does not hold (it reads as written). */
  entryOf: Int32Array;
  /** x, y, z per entry: the undeformed position, in the mesh's local space. */
  rest: Float64Array;
  /** x, y, z per entry, written by `deformMesh`: where the armature puts it now, and its normal there. */
  positions: Float64Array;
  normals: Float64Array;
  /** The polygons around the entries, as loops of entries: polygon k is `corners[starts[k] .. starts[k + 1])`. */
  starts: Uint32Array;
  corners: Uint32Array;
  /** x, y, z per polygon, written by `deformMesh`: its normal now. */
  polygonNormals: Float64Array;
  /** The owners whose final matrices move the vertices (the armature and the bones its skin names). */
  movers: SkinOwner[];
  /** The mesh's matrix, then each mover's final, as the last deformation read them (NaN before the first). */
  seen: Float64Array[];
  /** How many times the vertices have been moved: a reader that derives more from them (deformed-surface.ts) redoes it when this changes. */
  moves: number;
}

/** Moves the entries as the armature deforms them now (`meshMatrix`: the mesh's world matrix) and makes their normals, unless nothing moved since the last time. */
export function deformMesh(d: DeformedMesh, meshMatrix: Float64Array): void {
  if (unmoved(d, meshMatrix)) return;
  deformPoints(d.positions, d.rest, d.skin, meshMatrix);
  vertexNormals(d.normals, d.positions, d.starts, d.corners, d.polygonNormals);
  d.moves++;
}

/** Whether the mesh's matrix and every mover's final are what the last deformation read (number by number, zeros by sign); if not, remembers them. */
function unmoved(d: DeformedMesh, meshMatrix: Float64Array): boolean {
  const { movers, seen } = d;
  let same = sameMat4(meshMatrix, seen[0]);
  for (let k = 0; same && k < movers.length; k++) same = sameMat4(movers[k].final, seen[k + 1]);
  if (same) return true;
  copyMat4(seen[0], meshMatrix);
  for (let k = 0; k < movers.length; k++) copyMat4(seen[k + 1], movers[k].final);
  return false;
}
