// Edits to a scene document, as plain data, the way graph/edits.ts does graphs: applying one returns
// a new document (the input is never changed; untouched objects are shared) and the exact edit that
// undoes it. What the viewport and the inspector change in a scene goes through these, so undo,
// redo, save and autosave see it.
import type { SceneDocument, SceneObject, ScenePlayback, TransformProps } from '../../runtime/rig/scene/types';

export type SceneEdit =
  /**
   * Sets an object's location, rotation and scale (a gizmo drag's end): the transform keys it has
   * are replaced by those in `transform`; a key `transform` leaves out is removed.
   */
  | { kind: 'set-object-transform'; object: string; transform: TransformProps }
  /** Renames an object; the objects parented to it follow. */
  | { kind: 'rename-object'; from: string; to: string }
  /** Sets which clip plays under the constraints and how (undefined: none plays). */
  | { kind: 'set-playback'; playback: ScenePlayback | undefined };

export const TRANSFORM_KEYS = ['location', 'rotation_mode', 'rotation_euler', 'rotation_quaternion', 'rotation_axis_angle', 'scale'] as const;

/** An edit that does not fit this scene: a bug in the caller, not a problem in a file. */
export class SceneEditError extends Error {
  override name = 'SceneEditError';
  constructor(
    readonly code: 'no-such-object' | 'duplicate-object-name' | 'bad-name',
    message: string,
  ) {
    super(message);
  }
}

export function applySceneEdit(scene: SceneDocument, edit: SceneEdit): { scene: SceneDocument; inverse: SceneEdit } {
  switch (edit.kind) {
    case 'set-object-transform':
      return setObjectTransform(scene, edit.object, edit.transform);
    case 'rename-object':
      return renameObject(scene, edit.from, edit.to);
    case 'set-playback':
      return setPlayback(scene, edit.playback);
  }
}

export function sceneEditLabel(edit: SceneEdit): string {
  switch (edit.kind) {
    case 'set-object-transform':
      return `Move "${edit.object}"`;
    case 'rename-object':
      return `Rename "${edit.from}" to "${edit.to}"`;
    case 'set-playback':
      return edit.playback ? `Play clip "${edit.playback.clip}"` : 'Stop playing the clip';
  }
}

function setPlayback(scene: SceneDocument, playback: ScenePlayback | undefined): { scene: SceneDocument; inverse: SceneEdit } {
  const { playback: old, ...rest } = scene;
  const inverse: SceneEdit = { kind: 'set-playback', playback: old && { ...old } };
  return { scene: playback ? { ...rest, playback: { ...playback } } : rest, inverse };
}

/** The transform keys an object has, copied (arrays too, so the edit never shares the document's). */
export function transformOf(o: TransformProps): TransformProps {
  const out: TransformProps = {};
  for (const key of TRANSFORM_KEYS) {
    const v = o[key];
    if (v !== undefined) (out as Record<string, unknown>)[key] = Array.isArray(v) ? [...v] : v;
  }
  return out;
}

function setObjectTransform(scene: SceneDocument, name: string, transform: TransformProps): { scene: SceneDocument; inverse: SceneEdit } {
  const index = objectIndex(scene, name);
  const old = scene.objects[index];
  // Built from entries, so the object's other keys (and their order) stay as they were.
  const kept = Object.entries(old).filter(([key]) => !(TRANSFORM_KEYS as readonly string[]).includes(key));
  const next = Object.fromEntries([...kept, ...Object.entries(transformOf(transform))]) as unknown as SceneObject;
  const objects = scene.objects.map((o, i) => (i === index ? next : o));
  return { scene: { ...scene, objects }, inverse: { kind: 'set-object-transform', object: name, transform: transformOf(old) } };
}

function renameObject(scene: SceneDocument, from: string, to: string): { scene: SceneDocument; inverse: SceneEdit } {
  const index = objectIndex(scene, from);
  if (to === from) return { scene, inverse: { kind: 'rename-object', from, to } };
  if (to.trim() === '' || to.includes('/')) throw new SceneEditError('bad-name', `"${to}" cannot name an object: a name is not empty and has no "/" (it separates an armature from its bone)`);
  if (scene.objects.some((o) => o.name === to)) throw new SceneEditError('duplicate-object-name', `an object named "${to}" already exists`);
  const objects = scene.objects.map((o, i) => {
    if (i === index) return { ...o, name: to };
    return o.parent === from ? { ...o, parent: to } : o;
  });
  return { scene: { ...scene, objects }, inverse: { kind: 'rename-object', from: to, to: from } };
}

function objectIndex(scene: SceneDocument, name: string): number {
  const index = scene.objects.findIndex((o) => o.name === name);
  if (index < 0) throw new SceneEditError('no-such-object', `the scene has no object named "${name}"`);
  return index;
}
