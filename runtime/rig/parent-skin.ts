// The points a VERTEX or VERTEX_3 child hangs from, moved by the Armature modifier of their mesh as
// Blender's armature_deform_coords moves them (linear blending by vertex groups, no envelopes): each
// point, taken into the armature's space, is carried by every deforming bone whose group holds it
// (the bone's pose · inverse rest) and the results are averaged by weight; a point whose weights sum
// to 0.0001 or less stays. Built once per child; deforming allocates nothing.
import { safeInvertMat4, saturate } from '../../nodes/math/finite';
import { invertOrIdentity } from '../../nodes/math/bone-parent';
import type { SceneObject } from './scene/types';

/** What deforms the points: the armature and, per point, its bones, their weights and inverse rests. */
export interface ParentSkin {
  armature: { final: Float64Array };
  points: { bones: { final: Float64Array }[]; weights: Float64Array; restInverses: Float64Array[] }[];
}

/** What `parentSkin` needs of the rig: an owner by id, with its final matrix and, for a bone, its rest. */
export type SkinOwnerLookup = (id: string) => { final: Float64Array; bone?: { restMatrix: Float64Array } } | undefined;

/** The child's skin (scene `parent_skin`), its armature and bones found by id; undefined when it has none. */
export function parentSkin(child: SceneObject, owner: SkinOwnerLookup): ParentSkin | undefined {
  const skin = child.parent_skin;
  if (!skin) return undefined;
  const armature = owner(skin.armature);
  if (!armature) return undefined;
  return {
    armature,
    points: skin.points.map((p) => {
      // The bones the scene has (a name it lacks deforms nothing, as a group matching no bone).
      const found = p.bones.flatMap((name, k) => {
        const b = owner(`${skin.armature}/${name}`);
        return b?.bone ? [{ final: b.final, rest: b.bone.restMatrix, weight: p.weights[k] ?? 0 }] : [];
      });
      return {
        bones: found.map((b) => ({ final: b.final })),
        weights: Float64Array.from(found, (b) => b.weight),
        restInverses: found.map((b) => invertOrIdentity(Float64Array.from(b.rest))),
      };
    }),
  };
}

const armInverse = new Float64Array(16);
const meshInverse = new Float64Array(16);
const world = new Float64Array(3);
const arm = new Float64Array(3);
const inBone = new Float64Array(3);
const sum = new Float64Array(3);

/**
 * Writes into `out` (xyz per point, the mesh's local space) the points `rest` (the same, undeformed)
 * as the armature deforms them now; `mesh` is the mesh's world matrix. A singular armature or mesh
 * matrix leaves the points where they are.
 */
export function deformPoints(out: Float64Array, rest: Float64Array, skin: ParentSkin, mesh: Float64Array): Float64Array {
  const n = skin.points.length;
  if (!safeInvertMat4(armInverse, skin.armature.final) || !safeInvertMat4(meshInverse, mesh)) {
    for (let i = 0; i < 3 * n; i++) out[i] = rest[i];
    return out;
  }
  for (let k = 0; k < n; k++) {
    const { bones, weights, restInverses } = skin.points[k];
    transformPoint(world, mesh, rest, 3 * k);
    transformPoint(arm, armInverse, world, 0);
    sum[0] = 0; sum[1] = 0; sum[2] = 0;
    let contrib = 0;
    for (let b = 0; b < bones.length; b++) {
      const w = weights[b];
      // The bone's rest space, then where the bone is now (its final matrix is armature · pose).
      transformPoint(inBone, restInverses[b], arm, 0);
      transformPoint(world, bones[b].final, inBone, 0);
      sum[0] += w * world[0]; sum[1] += w * world[1]; sum[2] += w * world[2];
      contrib += w;
    }
    if (contrib > 0.0001) {
      sum[0] /= contrib; sum[1] /= contrib; sum[2] /= contrib;
      transformPoint(world, meshInverse, sum, 0);
      out[3 * k] = world[0]; out[3 * k + 1] = world[1]; out[3 * k + 2] = world[2];
    } else {
      out[3 * k] = rest[3 * k]; out[3 * k + 1] = rest[3 * k + 1]; out[3 * k + 2] = rest[3 * k + 2];
    }
  }
  return out;
}

/**
 * out ← m · (p[at], p[at+1], p[at+2], 1), saturated. The point comes in an array: V8 boxes a double
 * passed to a call it does not inline.
 */
function transformPoint(out: Float64Array, m: Float64Array, p: Float64Array, at: number): void {
  const x = p[at], y = p[at + 1], z = p[at + 2];
  out[0] = saturate(m[0] * x + m[4] * y + m[8] * z + m[12]);
  out[1] = saturate(m[1] * x + m[5] * y + m[9] * z + m[13]);
  out[2] = saturate(m[2] * x + m[6] * y + m[10] * z + m[14]);
}
