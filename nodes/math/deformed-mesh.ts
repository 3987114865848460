// The vertices of a mesh that constraints read (its targeted vertex groups) as its Armature
// modifier moves them, with the normals Blender recomputes on the moved mesh: a mesh's skin bound
// to a compiled rig (runtime/rig/mesh-skin.ts builds it), redone by `deformMesh` each time a node
// reads it. Allocates nothing per frame.
import { deformPoints, type Skin } from './skin';
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
}

/** Moves the entries as the armature deforms them now (`meshMatrix`: the mesh's world matrix) and makes their normals. */
export function deformMesh(d: DeformedMesh, meshMatrix: Float64Array): void {
  deformPoints(d.positions, d.rest, d.skin, meshMatrix);
  vertexNormals(d.normals, d.positions, d.starts, d.corners);
}
