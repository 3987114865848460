// Points moved by an Armature modifier as Blender's armature_deform_coords moves them (linear
// blending by vertex groups, no envelopes): each point, taken into the armature's space (`premat`,
// the armature's inverse times the mesh's matrix), is moved by every deforming bone whose group
// holds it (its `chan_mat`: pose · inverse rest, found once per deformation for each bone), the moves
// (moved − unmoved) added up by weight and divided by the weights' sum, and the point taken back
// (`postmat`); a point whose weights sum to 0.0001 or less stays. Deforming allocates nothing.
// Used for a vertex parent's points (runtime/rig/parent-skin.ts) and a mesh's vertices
// (nodes/math/deformed-mesh.ts).
import { safeInvertMat4, safeMultiplyMat4, saturateN } from './finite';
import { transformPointByMat4Of } from './matrix';

/** An owner as a skin reads it: its final (world) matrix. */
export interface SkinOwner {
  final: Float64Array;
}

/** What deforms the points: the armature, its deforming bones, and per point which of them and their weights. */
export interface Skin<O extends SkinOwner = SkinOwner> {
  armature: O;
  /** The bones any point reads, each once, with the inverse of its rest matrix (armature space). */
  bones: O[];
  restInverses: Float64Array[];
  /** Per point: indices into `bones`, and their weights. */
  points: { bones: Int32Array; weights: Float64Array }[];
  /** Each bone's deform matrix, remade by each deformation. */
  deform: Float64Array[];
}

const armInverse = new Float64Array(16);
const meshInverse = new Float64Array(16);
const premat = new Float64Array(16);
const postmat = new Float64Array(16);
const pose = new Float64Array(16);
const co = new Float64Array(3);
const moved = new Float64Array(3);
const point = new Float64Array(3);

/**
 * Writes into `out` (xyz per point, the mesh's local space) the points `rest` (the same, undeformed)
 * as the armature deforms them now; `mesh` is the mesh's world matrix. A singular armature or mesh
 * matrix leaves the points where they are.
 */
export function deformPoints(out: Float64Array, rest: Float64Array, skin: Skin, mesh: Float64Array): Float64Array {
  const n = skin.points.length;
  for (let i = 0; i < 3 * n; i++) out[i] = rest[i];
  if (!safeInvertMat4(armInverse, skin.armature.final) || !safeInvertMat4(meshInverse, mesh)) return out;
  safeMultiplyMat4(premat, armInverse, mesh);
  safeMultiplyMat4(postmat, meshInverse, skin.armature.final);
  // chan_mat: the bone's pose-space matrix (armature inverse · final) times its inverse rest.
  const deform = skin.deform;
  for (let b = 0; b < skin.bones.length; b++) {
    safeMultiplyMat4(pose, armInverse, skin.bones[b].final);
    safeMultiplyMat4(deform[b], pose, skin.restInverses[b]);
  }
  for (let k = 0; k < n; k++) {
    const { bones, weights } = skin.points[k];
    point[0] = rest[3 * k]; point[1] = rest[3 * k + 1]; point[2] = rest[3 * k + 2];
    movePoint(co, premat, point);
    let dx = 0, dy = 0, dz = 0, contrib = 0;
    for (let i = 0; i < bones.length; i++) {
      const w = weights[i];
      movePoint(moved, deform[bones[i]], co);
      dx += (moved[0] - co[0]) * w; dy += (moved[1] - co[1]) * w; dz += (moved[2] - co[2]) * w;
      contrib += w;
    }
    if (contrib > 0.0001) {
      co[0] += dx / contrib; co[1] += dy / contrib; co[2] += dz / contrib;
      movePoint(point, postmat, co);
      out[3 * k] = point[0]; out[3 * k + 1] = point[1]; out[3 * k + 2] = point[2];
    }
  }
  return out;
}

/** out ← m · (p, 1), saturated (a far mesh or armature must not give Inf − Inf later). */
function movePoint(out: Float64Array, m: Float64Array, p: Float64Array): void {
  saturateN(transformPointByMat4Of(out, m, p), 3);
}
