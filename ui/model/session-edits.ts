// What one editing session's history undoes: the graph, the scene, where Save writes the scene, and
// the character drawn with it, edited by one kind of invertible command. Graph edits (graph/edits)
// and scene edits (scene-edits.ts) are both commands here, so a gizmo move, an import and a wire
// made in the editor are undone in the order they were made, by the same Ctrl+Z.
import { applyEdit, labelOf, type Edit } from '../../graph/edits';
import type { EditKind } from '../../graph/history';
import type { GraphDocument } from '../../graph/types';
import type { SceneDocument } from '../../runtime/rig/scene/types';
import { applySceneEdit, sceneEditLabel, type SceneEdit } from './scene-edits';

/** Something drawn with the rig and posed by it: a glTF character (ui/gltf). Kept free of three's types here. */
export interface SessionCharacter {
  /** A three.js Object3D, added at the root of the 3D view. */
  readonly object: unknown;
  update(matrixOf: (owner: string) => ArrayLike<number> | undefined): void;
  dispose(): void;
}

export interface SessionDocument {
  graph: GraphDocument;
  scene: SceneDocument | undefined;
  /**
   * Whether a saved file carries the scene inline: it came that way, it was imported, or it was
   * edited (an edited scene is no longer the file the graph names).
   */
  sceneInline: boolean;
  character: SessionCharacter | undefined;
}

export type SessionEdit =
  | Edit
  /** A scene edit; afterwards the scene is saved inline when `inline` says so. */
  | { kind: 'scene-edit'; edit: SceneEdit; inline: boolean }
  /** Replaces the scene (an import), with the character drawn with it. */
  | { kind: 'replace-scene'; label: string; scene: SceneDocument | undefined; inline: boolean; character: SessionCharacter | undefined }
  /** Replaces the whole graph (an imported character brings its own). */
  | { kind: 'replace-graph'; label: string; graph: GraphDocument }
  /** Several commands as one step, e.g. a rename that changes the scene and the nodes naming it. */
  | { kind: 'steps'; label: string; edits: readonly SessionEdit[] };

/** A scene edit as a session command: the scene is saved inline afterwards. */
export const sceneEdit = (edit: SceneEdit): SessionEdit => ({ kind: 'scene-edit', edit, inline: true });

export function isGraphEdit(edit: SessionEdit): edit is Edit {
  return edit.kind !== 'scene-edit' && edit.kind !== 'replace-scene' && edit.kind !== 'replace-graph' && edit.kind !== 'steps';
}

export function applySessionEdit(doc: SessionDocument, edit: SessionEdit): { doc: SessionDocument; inverse: SessionEdit } {
  if (isGraphEdit(edit)) {
    const applied = applyEdit(doc.graph, edit);
    return { doc: { ...doc, graph: applied.graph }, inverse: applied.inverse };
  }
  switch (edit.kind) {
    case 'scene-edit': {
      if (!doc.scene) throw new Error(`${sceneEditLabel(edit.edit)}: there is no scene`);
      const applied = applySceneEdit(doc.scene, edit.edit);
      return {
        doc: { ...doc, scene: applied.scene, sceneInline: edit.inline },
        inverse: { kind: 'scene-edit', edit: applied.inverse, inline: doc.sceneInline },
      };
    }
    case 'replace-scene':
      return {
        doc: { ...doc, scene: edit.scene, sceneInline: edit.inline, character: edit.character },
        inverse: { kind: 'replace-scene', label: edit.label, scene: doc.scene, inline: doc.sceneInline, character: doc.character },
      };
    case 'replace-graph':
      return { doc: { ...doc, graph: edit.graph }, inverse: { kind: 'replace-graph', label: edit.label, graph: doc.graph } };
    case 'steps': {
      const inverses: SessionEdit[] = [];
      let current = doc;
      for (const e of edit.edits) {
        const applied = applySessionEdit(current, e);
        current = applied.doc;
        inverses.push(applied.inverse);
      }
      return { doc: current, inverse: { kind: 'steps', label: edit.label, edits: inverses.reverse() } };
    }
  }
}

export function sessionEditLabel(edit: SessionEdit): string {
  if (isGraphEdit(edit)) return labelOf(edit);
  switch (edit.kind) {
    case 'scene-edit':
      return sceneEditLabel(edit.edit);
    case 'replace-scene':
    case 'replace-graph':
    case 'steps':
      return edit.label;
  }
}

/** Whether the edit can change the scene's objects (their names, number or kind), not only where they are. */
export function changesSceneStructure(edit: SessionEdit): boolean {
  if (isGraphEdit(edit) || edit.kind === 'replace-graph') return false;
  if (edit.kind === 'scene-edit') return edit.edit.kind !== 'set-object-transform';
  if (edit.kind === 'replace-scene') return true;
  return edit.edits.some(changesSceneStructure);
}

export const sessionEdits: EditKind<SessionDocument, SessionEdit> = { apply: applySessionEdit, label: sessionEditLabel };
