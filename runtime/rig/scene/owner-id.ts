// Owner ids: an object's name, or `Object/Bone` for a bone. Blender lets a name hold "/", so an id
// is read against the objects and bones it could name, never split at a slash; the rig model refuses
// two owners with one id (runtime/rig/rig.ts, runtime/io/scene/load.ts), so at most one reading fits.

interface Named { name: string; bones?: readonly { name: string }[] }

/**
 * The object and bone `id` names among `objects`: an object whose name is the id, else one whose
 * name and a "/" begin it and which has a bone named the rest.
 */
export function ownerOfId<O extends Named>(objects: readonly O[], id: string): { object: O; bone: string | null } | undefined {
  const object = objects.find((o) => o.name === id);
  if (object) return { object, bone: null };
  for (const o of objects) {
    if (!id.startsWith(`${o.name}/`)) continue;
    const bone = id.slice(o.name.length + 1);
    if (o.bones?.some((b) => b.name === bone)) return { object: o, bone };
  }
  return undefined;
}
