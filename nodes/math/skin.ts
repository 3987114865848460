// Points moved by an Armature modifier as Blender's armature_deform_coords moves them (linear
// blending by vertex groups, no envelopes): each point, taken into the armature's space, is carried
// by every deforming bone whose group holds it (the bone's pose · inverse rest) and the results are
// averaged by weight; a point whose weights sum to 0.0001 or less stays. Deforming allocates nothing.
// Used for a vertex parent's points (runtime/rig/parent-skin.ts) and a vertex group's vertices
// (nodes/owner/vertex-group.ts).
import { safeInvertMat4, saturateN } from './finite';
import { transformPointByMat4Of } from './matrix';

/** An owner as a skin reads it: its final (world) matrix. */
export interface SkinOwner {
  final: Float64Array;
}

/** What deforms the points: the armature and, per point, its bones, their weights and inverse rests. */
export interface Skin<O extends SkinOwner = SkinOwner> {
  armature: O;
  points: { bones: O[]; weights: Float64Array; restInverses: Float64Array[] }[];
}

const armInverse = new Float64Array(16);
const meshInverse = new Float64Array(16);
const world = new Float64Array(3);
const arm = new Float64Array(3);
const inBone = new Float64Array(3);
const sum = new Float64Array(3);
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
  for (let k = 0; k < n; k++) {
    const { bones, weights, restInverses } = skin.points[k];
    point[0] = rest[3 * k]; point[1] = rest[3 * k + 1]; point[2] = rest[3 * k + 2];
    movePoint(world, mesh, point);
    movePoint(arm, armInverse, world);
    sum[0] = 0; sum[1] = 0; sum[2] = 0;
    let contrib = 0;
    for (let b = 0; b < bones.length; b++) {
      const w = weights[b];
      // The bone's rest space, then where the bone is now (its final matrix is armature · pose).
      movePoint(inBone, restInverses[b], arm);
      movePoint(world, bones[b].final, inBone);
      sum[0] += w * world[0]; sum[1] += w * world[1]; sum[2] += w * world[2];
      contrib += w;
    }
    if (contrib > 0.0001) {
      sum[0] /= contrib; sum[1] /= contrib; sum[2] /= contrib;
      movePoint(point, meshInverse, sum);
      out[3 * k] = point[0]; out[3 * k + 1] = point[1]; out[3 * k + 2] = point[2];
    }
  }
  return out;
}

/** out ← m · (p, 1), saturated (a far mesh or armature must not give Inf − Inf later). */
function movePoint(out: Float64Array, m: Float64Array, p: Float64Array): void {
  saturateN(transformPointByMat4Of(out, m, p), 3);
}
