// A mesh's skin (scene `mesh.skin`) bound to the compiled rig's owners: the grouped vertices and
// their polygons as the lists nodes/math/deformed-mesh.ts deforms, built once per compile.
import type { DeformedMesh } from '../../nodes/math/deformed-mesh';
import { bindSkin, skinReads, type SkinOwner } from './parent-skin';
import type { SceneMesh } from './scene/types';

/**
 * The mesh's deformed vertices (not made yet) and the owners deforming them; undefined when it has
 * no skin or its armature is not in the rig.
 */
export function bindMeshSkin<O extends SkinOwner>(mesh: SceneMesh, owner: (id: string) => O | undefined): { deformed: DeformedMesh; reads: O[] } | undefined {
  const s = mesh.skin;
  const skin = s && bindSkin(s, owner);
  if (!s || !skin) return undefined;
  const n = s.vertices.length;
  const entryOf = new Int32Array(Math.floor(mesh.vertices.length / 3)).fill(-1);
  s.vertices.forEach((v, k) => { entryOf[v] = k; });
  const starts = new Uint32Array(s.polygons.length + 1);
  s.polygons.forEach((loop, k) => { starts[k + 1] = starts[k] + loop.length; });
  const reads = skinReads(skin);
  const deformed: DeformedMesh = {
    skin,
    entryOf,
    rest: Float64Array.from(s.rest),
    positions: new Float64Array(3 * n),
    normals: new Float64Array(3 * n),
    starts,
    corners: Uint32Array.from(s.polygons.flat(), (v) => entryOf[v]),
    polygonNormals: new Float64Array(3 * s.polygons.length),
    movers: reads,
    seen: Array.from({ length: 1 + reads.length }, () => new Float64Array(16).fill(NaN)),
    moves: 0,
  };
  return { deformed, reads };
}
