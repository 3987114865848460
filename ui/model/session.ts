// What one editing session holds and every view shares: the graph (the single source of truth,
// changed only through graph/ edits so that undo, redo and autosave see every change), the scene
// (changed only through scene edits, in the same history), the selection, the frame, and the rig
// compiled from them. Views listen and redraw.
import { applyEdit, setParam, type Edit } from '../../graph/edits';
import { UndoHistory } from '../../graph/history';
import { saveGraph } from '../../graph/save';
import { GRAPH_FORMAT, GRAPH_VERSION, type GraphDocument, type GraphView, type JsonValue } from '../../graph/types';
import { defaultCatalog, type NodeCatalog } from '../../nodes/catalog';
import type { SceneDocument } from '../../runtime/rig/scene/types';
import { LiveRig } from './live-rig';
import { transformOf } from './scene-edits';
import { changesSceneStructure, sceneEdit, sessionEditLabel, sessionEdits, type SessionCharacter, type SessionDocument, type SessionEdit } from './session-edits';
import { transformPropsFromMatrix } from './transform-props';

export type { SessionCharacter, SessionDocument, SessionEdit } from './session-edits';

export type ChangeReason = 'edit' | 'preview' | 'undo' | 'redo' | 'load';

export interface SessionEvents {
  /** The graph document changed (also sent after a scene edit, undo or redo: the document did). */
  graph: CustomEvent<{ reason: ChangeReason }>;
  /** Owners' evaluated matrices changed (after any graph, scene or frame change, or a drag). */
  pose: CustomEvent<{ dragging: boolean }>;
  selection: CustomEvent<{ nodes: readonly string[]; owner: string | undefined }>;
  /**
   * The scene changed: `load` with a file, `import` when its objects may differ (an import, a
   * rename, or undoing one), `move` when only objects' transforms did (views keep their camera).
   */
  scene: CustomEvent<{ reason: 'load' | 'import' | 'move' }>;
  /** A character (a glTF's meshes) was attached to the scene, or taken away. */
  character: CustomEvent<Record<string, never>>;
}

export function emptyGraph(): GraphDocument {
  return { format: GRAPH_FORMAT, version: GRAPH_VERSION, nodes: [], links: [] };
}

interface Gesture {
  key: string;
  undo: Edit;
  redo: Edit;
}

export interface LoadOptions {
  /** Save the scene inline even though the graph does not carry it (a scene imported with it). */
  sceneInline?: boolean;
}

export class Session extends EventTarget {
  graph: GraphDocument = emptyGraph();
  scene: SceneDocument | undefined;
  readonly history = new UndoHistory<SessionDocument, SessionEdit>(sessionEdits, 500);
  readonly rig: LiveRig;
  selection: readonly string[] = [];
  /** The owner picked in the viewport, if any. */
  selectedOwner: string | undefined;
  frame = 1;
  readonly = false;
  /** Whether a saved file carries the scene inline: it came that way, was imported, or was edited. */
  sceneInline = false;
  /** The character drawn with the rig, if the scene came from a glTF file. */
  character: SessionCharacter | undefined;
  private gesture: Gesture | undefined;
  /** Every character attached since the last load: the history may bring any of them back. */
  private readonly characters = new Set<SessionCharacter>();

  constructor(readonly catalog: NodeCatalog = defaultCatalog) {
    super();
    this.rig = new LiveRig(catalog);
  }

  /** What the history edits: graph, scene, where the scene is saved, and the character. */
  get document(): SessionDocument {
    return { graph: this.graph, scene: this.scene, sceneInline: this.sceneInline, character: this.character };
  }

  /** The scene file the graph names (`"scene": "rig.scene.json"`), if it names one by path. */
  get sceneFile(): string | undefined {
    return typeof this.graph.scene === 'string' ? this.graph.scene : undefined;
  }

  /** Replaces graph and scene (a file opened): history and selection start afresh. */
  load(graph: GraphDocument, scene: SceneDocument | undefined, options: LoadOptions = {}): void {
    this.gesture = undefined;
    this.graph = graph;
    this.scene = scene;
    this.sceneInline = (typeof graph.scene === 'object' && graph.scene !== null) || options.sceneInline === true;
    this.setCharacter(undefined);
    for (const c of this.characters) c.dispose();
    this.characters.clear();
    this.history.clear();
    this.selection = [];
    this.selectedOwner = undefined;
    this.rebuild();
    this.emit('scene', { reason: 'load' });
    this.emit('graph', { reason: 'load' });
    this.emit('selection', { nodes: this.selection, owner: undefined });
  }

  /** Makes one undoable edit: a graph edit, a scene edit, an import, or several as one step. */
  perform(edit: SessionEdit): void {
    if (this.readonly) return;
    this.endGesture();
    const before = this.document;
    this.adopt(this.history.perform(before, edit));
    this.changed('edit', before, edit);
  }

  /**
   * Applies an edit as part of a continuous gesture (a slider being dragged): the graph and pose
   * follow every step, and the whole gesture becomes one undo step when it ends.
   */
  preview(key: string, edit: Edit): void {
    if (this.readonly) return;
    if (this.gesture && this.gesture.key !== key) this.endGesture();
    const before = this.document;
    const applied = applyEdit(this.graph, edit);
    this.graph = applied.graph;
    if (this.gesture) this.gesture.redo = edit;
    else this.gesture = { key, undo: applied.inverse, redo: edit };
    this.changed('preview', before, edit);
  }

  /** Records the open gesture as one step. */
  endGesture(): void {
    const g = this.gesture;
    if (!g) return;
    this.gesture = undefined;
    this.history.push({ label: sessionEditLabel(g.redo), redo: g.redo, undo: g.undo });
    this.emit('graph', { reason: 'edit' });
  }

  undo(): void {
    if (this.readonly) return;
    this.endGesture();
    if (!this.history.canUndo()) return;
    const before = this.document;
    this.adopt(this.history.undo(before));
    this.changed('undo', before);
  }

  redo(): void {
    if (this.readonly) return;
    this.endGesture();
    if (!this.history.canRedo()) return;
    const before = this.document;
    this.adopt(this.history.redo(before));
    this.changed('redo', before);
  }

  private adopt(doc: SessionDocument): void {
    this.graph = doc.graph;
    this.scene = doc.scene;
    this.sceneInline = doc.sceneInline;
    if (doc.character !== this.character) {
      this.character = doc.character;
      if (doc.character) this.characters.add(doc.character);
      this.emit('character', {});
    }
  }

  /**
   * After the document changed: a param change goes into the compiled program when it can, else it
   * compiles again. A changed scene is announced before the graph, so views draw the new rig first.
   */
  private changed(reason: ChangeReason, before: SessionDocument, edit?: SessionEdit): void {
    if (this.scene !== before.scene) {
      const structural = edit ? changesSceneStructure(edit) : !sameObjects(before.scene, this.scene);
      this.rig.rebuild(this.graph, this.scene, this.frame);
      this.emit('scene', { reason: structural ? 'import' : 'move' });
      this.emit('pose', { dragging: false });
    } else if (edit?.kind === 'set-param' && edit.value !== undefined && this.rig.trySetParam(edit.node, edit.name, edit.value)) {
      this.rig.evaluate(this.frame);
      this.emit('pose', { dragging: false });
    } else if (this.graph !== before.graph) {
      this.rebuild();
    }
    // Nodes inside group definitions count too: the editor may be showing one.
    const ids = new Set([...this.graph.nodes, ...(this.graph.groups ?? []).flatMap((g) => g.nodes)].map((n) => n.id));
    if (this.selection.some((id) => !ids.has(id))) this.select(this.selection.filter((id) => ids.has(id)));
    if (this.selectedOwner !== undefined && this.scene !== before.scene && !this.rig.owner(this.selectedOwner)) this.select(this.selection, undefined);
    this.emit('graph', { reason });
  }

  /** Compiles and evaluates again, then tells the views. */
  rebuild(): void {
    this.rig.rebuild(this.graph, this.scene, this.frame);
    this.emit('pose', { dragging: false });
  }

  /** Replaces the rig (an imported scene), as one undoable step; saved files then carry it inline. */
  setScene(scene: SceneDocument, label = 'Import scene', character?: SessionCharacter): void {
    const edit: SessionEdit = { kind: 'replace-scene', label, scene, inline: true, character };
    if (!this.readonly) { this.perform(edit); return; }
    // A page may still hand a read-only editor a scene, as it may load a graph: outside the history.
    const before = this.document;
    this.adopt(sessionEdits.apply(before, edit).doc);
    this.changed('load', before, edit);
  }

  /**
   * Attaches (or with undefined, removes) the character posed by the rig, outside the history: the
   * character a loaded scene names, found after the load. Imports go through `setScene`.
   */
  setCharacter(character: SessionCharacter | undefined): void {
    if (character === this.character) return;
    if (character) this.characters.add(character); // disposed at the next load, not before: undo may bring it back
    this.character = character;
    this.emit('character', {});
  }

  setFrame(frame: number): void {
    this.frame = frame;
    this.rig.evaluate(frame);
    this.emit('pose', { dragging: false });
  }

  select(nodes: readonly string[], owner?: string): void {
    const same = nodes.length === this.selection.length && nodes.every((n, i) => n === this.selection[i]) && owner === this.selectedOwner;
    if (same) return;
    this.selection = [...nodes];
    this.selectedOwner = owner;
    this.emit('selection', { nodes: this.selection, owner });
  }

  /** Nodes whose owner param names `owner`: what clicking an owner in the viewport selects. */
  nodesOfOwner(owner: string): string[] {
    return this.graph.nodes
      .filter((n) => {
        const def = this.catalog.get(n.type);
        return def?.owner && n.params[def.owner.param] === owner;
      })
      .map((n) => n.id);
  }

  /**
   * Moves an object to a new world matrix while it is dragged: its basis is rewritten in place and
   * the program evaluated again, with no compile. `done` (the drag's end) makes the move one
   * undoable scene edit: the object's location, rotation and scale in the scene document, written
   * the way Blender stores them, and the rig compiled from that document, so the pose on screen is
   * the pose the saved file reopens to.
   */
  moveObject(id: string, world: ArrayLike<number>, done: boolean): boolean {
    if (this.readonly || !this.rig.setObjectWorld(id, world)) return false;
    this.rig.evaluate(this.frame);
    this.emit('pose', { dragging: !done });
    if (done) {
      const owner = this.rig.owner(id);
      const object = this.scene?.objects.find((o) => o.name === id);
      if (owner && 'basis' in owner && object) {
        // The keys the move does not write (a rotation the mode does not use) are kept as they were.
        const transform = { ...transformOf(object), ...transformPropsFromMatrix(owner.basis, object) };
        // A click on the gizmo that moved nothing is not a step.
        if (JSON.stringify(transform) !== JSON.stringify(transformOf(object))) this.perform(sceneEdit({ kind: 'set-object-transform', object: id, transform }));
        else this.rebuild();
      }
    }
    return true;
  }

  /**
   * Renames a scene object, and every node param naming it (or one of its bones, `Object/Bone`),
   * as one undoable step. Throws SceneEditError (and changes nothing) for a name that is taken,
   * empty or has a "/", or an object the scene does not have.
   */
  renameObject(from: string, to: string): void {
    const edits: SessionEdit[] = [sceneEdit({ kind: 'rename-object', from, to })];
    for (const n of this.graph.nodes) {
      const def = this.catalog.get(n.type);
      for (const [name, spec] of Object.entries(def?.params ?? {})) {
        const v = n.params[name];
        if (spec.kind !== 'owner' || typeof v !== 'string') continue;
        if (v === from) edits.push(setParam(n.id, name, to));
        else if (v.startsWith(`${from}/`)) edits.push(setParam(n.id, name, `${to}${v.slice(from.length)}`));
      }
    }
    this.perform({ kind: 'steps', label: `Rename "${from}" to "${to}"`, edits });
    if (this.selectedOwner === from) this.select(this.selection, to);
  }

  /**
   * Records where the editor's view is, so the next save writes it (`view`) and opening the file
   * shows the graph as it was left. Not an edit: no undo step, nothing recompiles, no one is told.
   * Edits keep a graph's other keys, so the view stays through undo and redo.
   */
  keepView(view: GraphView): void {
    const v = this.graph.view;
    if (v && v.x === view.x && v.y === view.y && v.zoom === view.zoom) return;
    this.graph = { ...this.graph, view };
  }

  /** The graph as a file: canonical text, with the scene inline when the graph carries it inline. */
  save(): string {
    return saveGraph(this.fileDocument());
  }

  fileDocument(): GraphDocument {
    return this.sceneInline && this.scene ? { ...this.graph, scene: this.scene as unknown as JsonValue } : this.graph;
  }

  /** A node id not yet in the graph: `base`, else `base-2`, `base-3`… (a type's last part for `a/b`). */
  freshId(base: string, taken: ReadonlySet<string> = new Set()): string {
    base = base.slice(base.lastIndexOf('/') + 1) || 'node';
    const ids = new Set(this.graph.nodes.map((n) => n.id));
    for (let i = 1; ; i++) {
      const id = i === 1 ? base : `${base}-${i}`;
      if (!ids.has(id) && !taken.has(id)) return id;
    }
  }

  private emit<K extends keyof SessionEvents>(type: K, detail: SessionEvents[K]['detail']): void {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  on<K extends keyof SessionEvents>(type: K, listener: (e: SessionEvents[K]) => void): () => void {
    const l = listener as EventListener;
    this.addEventListener(type, l);
    return () => { this.removeEventListener(type, l); };
  }
}

/** Whether two scenes have the same objects (names and kinds, in order): only transforms can differ. */
function sameObjects(a: SceneDocument | undefined, b: SceneDocument | undefined): boolean {
  if (!a || !b) return a === b;
  return a.objects.length === b.objects.length && a.objects.every((o, i) => o.name === b.objects[i].name && o.type === b.objects[i].type && o.bones?.length === b.objects[i].bones?.length);
}
