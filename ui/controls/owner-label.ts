// The heading of a group of rig controls: the name of the bone or object the properties live on.
// A property's owner is `Object`, `Object/Bone` (a pose bone), `Object/data` (the armature
// datablock), `Object/data/Bone` (an armature bone) or `scene:Name`; names may hold "/" themselves,
// so the owner is read against the scene's objects and bones, never split at a slash.
import type { SceneDocument } from '../../runtime/rig/scene/types';

export function ownerLabel(owner: string, scene: SceneDocument | undefined): string {
  if (owner.startsWith('scene:')) return `Scene ${owner.slice('scene:'.length)}`;
  const objects = scene?.objects ?? [];
  if (objects.some((o) => o.name === owner)) return owner;
  for (const o of objects) {
    if (!owner.startsWith(`${o.name}/`)) continue;
    const rest = owner.slice(o.name.length + 1);
    const bones = o.bones ?? [];
    if (bones.some((b) => b.name === rest)) return rest;
    if (rest === 'data') return `${o.name} (armature data)`;
    if (rest.startsWith('data/') && bones.some((b) => b.name === rest.slice(5))) return `${rest.slice(5)} (bone data)`;
  }
  return owner;
}
