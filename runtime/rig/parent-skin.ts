// The skins of a scene, bound to its owners: the points a VERTEX or VERTEX_3 child hangs from
// (`parent_skin`) and a mesh's grouped vertices (`mesh.skin`), each moved by the Armature modifier
// of their mesh (nodes/math/skin.ts deforms them). Built once per compile.
import { invertOrIdentity } from '../../nodes/math/bone-parent';
import type { Skin } from '../../nodes/math/skin';
import type { SceneObject } from './scene/types';

/** An owner as a skin reads it: its final matrix and, for a bone, its rest. */
export interface SkinOwner {
  final: Float64Array;
  bone?: { restMatrix: Float64Array };
}

export type ParentSkin<O extends SkinOwner = SkinOwner> = Skin<O>;

/** The owners a skin reads, each once: what reads the points is made after them. */
export function skinReads<O extends SkinOwner>(skin: Skin<O>): O[] {
  return [skin.armature, ...skin.bones];
}

/** The child's skin (scene `parent_skin`), its armature and bones found by id; undefined when it has none. */
export function parentSkin<O extends SkinOwner>(child: SceneObject, owner: (id: string) => O | undefined): ParentSkin<O> | undefined {
  return child.parent_skin && bindSkin(child.parent_skin, owner);
}

/** A skin of the scene with its armature and bones found by id; undefined when the armature is not there. */
export function bindSkin<O extends SkinOwner>(skin: { armature: string; points: { bones: string[]; weights: number[] }[] }, owner: (id: string) => O | undefined): Skin<O> | undefined {
  const armature = owner(skin.armature);
  if (!armature) return undefined;
  const bones: O[] = [];
  const indexOf = new Map<O, number>();
  const points = skin.points.map((p) => {
    // The bones the scene has (a name it lacks deforms nothing, as a group matching no bone).
    const found = p.bones.flatMap((name, k) => {
      const b = owner(`${skin.armature}/${name}`);
      return b?.bone ? [{ owner: b, weight: p.weights[k] ?? 0 }] : [];
    });
    for (const f of found) if (!indexOf.has(f.owner)) { indexOf.set(f.owner, bones.length); bones.push(f.owner); }
    return { bones: Int32Array.from(found, (f) => indexOf.get(f.owner)!), weights: Float64Array.from(found, (f) => f.weight) };
  });
  return {
    armature, bones, points,
    restInverses: bones.map((b) => invertOrIdentity(Float64Array.from(b.bone!.restMatrix))),
    deform: bones.map(() => new Float64Array(16)),
  };
}
