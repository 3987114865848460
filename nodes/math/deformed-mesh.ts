// The vertices of a mesh that constraints read (its targeted vertex groups, or its whole surface
// for Shrinkwrap) as its Armature modifier moves them, with the normals Blender recomputes on the
// moved mesh: a mesh's skin bound to a compiled rig (runtime/rig/mesh-skin.ts builds it), brought up
// to date by `deformMesh` each time a node reads it. Deforming is skipped when neither the mesh nor
// an owner moving its vertices has moved since the last time (several nodes may read one mesh in
// a frame). Allocates nothing per frame.
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
  seen: Float64Array;
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

/** Whether the mesh's matrix and every mover's final are what the last deformation read; if not, remembers them. */
function unmoved(d: DeformedMesh, meshMatrix: Float64Array): boolean {
  const movers = d.movers;
  let same = matches(d.seen, 0, meshMatrix);
  for (let k = 0; same && k < movers.length; k++) same = matches(d.seen, 16 * (k + 1), movers[k].final);
  if (same) return true;
  remember(d.seen, 0, meshMatrix);
  for (let k = 0; k < movers.length; k++) remember(d.seen, 16 * (k + 1), movers[k].final);
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
