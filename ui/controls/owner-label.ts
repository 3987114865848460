// The heading of a group of rig controls: the name of the bone or object the properties live on.
// A property's owner is `Object`, `Object/Bone` (a pose bone), `Object/data` (the armature
// datablock), `Object/data/Bone` (an armature bone) or `scene:Name`; names may hold "/" themselves,
// so the owner is read against the scene's objects and bones, never split at a slash.
import { ownerOfId } from '../../runtime/rig/scene/owner-id';
import type { SceneDocument } from '../../runtime/rig/scene/types';

export function ownerLabel(owner: string, scene: SceneDocument | undefined): string {
  if (owner.startsWith('scene:')) return `Scene ${owner.slice('scene:'.length)}`;
  const objects = scene?.objects ?? [];
  const found = ownerOfId(objects, owner);
  if (found) return found.bone ?? found.object.name;
  // The armature datablock's holders, `Object/data` and `Object/data/Bone`.
  for (const o of objects) {
    if (owner === `${o.name}/data`) return `${o.name} (armature data)`;
    const bone = owner.startsWith(`${o.name}/data/`) ? owner.slice(o.name.length + 6) : undefined;
    if (bone !== undefined && o.bones?.some((b) => b.name === bone)) return `${bone} (bone data)`;
  }
  return owner;
}
