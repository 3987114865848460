// What one editing session holds and every view shares: the graph (the single source of truth,
// changed only through graph/ edits so that undo, redo and autosave see every change), its history,
// the scene, the selection, the frame, and the rig compiled from them. Views listen and redraw.
import { applyEdit, labelOf, type Edit } from '../../graph/edits';
import { History } from '../../graph/history';
import { saveGraph } from '../../graph/save';
import { GRAPH_FORMAT, GRAPH_VERSION, type GraphDocument, type JsonValue } from '../../graph/types';
import { defaultCatalog, type NodeCatalog } from '../../nodes/catalog';
import type { SceneDocument, SceneObject } from '../../runtime/scene/types';
import { LiveRig } from './live-rig';
import { transformPropsFromMatrix } from './transform-props';

export type ChangeReason = 'edit' | 'preview' | 'undo' | 'redo' | 'load';

export interface SessionEvents {
  /** The graph document changed. */
  graph: CustomEvent<{ reason: ChangeReason }>;
  /** Owners' evaluated matrices changed (after any graph, scene or frame change, or a drag). */
  pose: CustomEvent<{ dragging: boolean }>;
  selection: CustomEvent<{ nodes: readonly string[]; owner: string | undefined }>;
  scene: CustomEvent<{ reason: 'load' | 'import' | 'move' }>;
  /** A character (a glTF's meshes) was attached to the scene, or taken away. */
  character: CustomEvent<Record<string, never>>;
}

/** Something drawn with the rig and posed by it: a glTF character (ui/gltf). Kept free of three's types here. */
export interface SessionCharacter {
  /** A three.js Object3D, added at the root of the 3D view. */
  readonly object: unknown;
  update(matrixOf: (owner: string) => ArrayLike<number> | undefined): void;
  dispose(): void;
}

export function emptyGraph(): GraphDocument {
  return { format: GRAPH_FORMAT, version: GRAPH_VERSION, nodes: [], links: [] };
}

interface Gesture {
  key: string;
  undo: Edit;
  redo: Edit;
}

export class Session extends EventTarget {
  graph: GraphDocument = emptyGraph();
  scene: SceneDocument | undefined;
  readonly history = new History(500);
  readonly rig: LiveRig;
  selection: readonly string[] = [];
  /** The owner picked in the viewport, if any. */
  selectedOwner: string | undefined;
  frame = 1;
  readonly = false;
  /** Whether a saved file carries the scene inline: it came that way, or the scene was imported. */
  sceneInline = false;
  /** The character drawn with the rig, if the scene came from a glTF file. */
  character: SessionCharacter | undefined;
  private gesture: Gesture | undefined;

  constructor(readonly catalog: NodeCatalog = defaultCatalog) {
    super();
    this.rig = new LiveRig(catalog);
  }

  /** Replaces graph and scene (a file opened): history and selection start afresh. */
  load(graph: GraphDocument, scene: SceneDocument | undefined): void {
    this.gesture = undefined;
    this.graph = graph;
    this.scene = scene;
    this.sceneInline = typeof graph.scene === 'object' && graph.scene !== null;
    this.setCharacter(undefined);
    this.history.clear();
    this.selection = [];
    this.selectedOwner = undefined;
    this.rebuild();
    this.emit('scene', { reason: 'load' });
    this.emit('graph', { reason: 'load' });
    this.emit('selection', { nodes: this.selection, owner: undefined });
  }

  /** Makes one undoable edit. */
  perform(edit: Edit): void {
    if (this.readonly) return;
    this.endGesture();
    this.graph = this.history.perform(this.graph, edit);
    this.changed('edit', edit);
  }

  /**
   * Applies an edit as part of a continuous gesture (a slider being dragged): the graph and pose
   * follow every step, and the whole gesture becomes one undo step when it ends.
   */
  preview(key: string, edit: Edit): void {
    if (this.readonly) return;
    if (this.gesture && this.gesture.key !== key) this.endGesture();
    const applied = applyEdit(this.graph, edit);
    this.graph = applied.graph;
    if (this.gesture) this.gesture.redo = edit;
    else this.gesture = { key, undo: applied.inverse, redo: edit };
    this.changed('preview', edit);
  }

  /** Records the open gesture as one step. */
  endGesture(): void {
    const g = this.gesture;
    if (!g) return;
    this.gesture = undefined;
    this.history.push({ label: labelOf(g.redo), redo: g.redo, undo: g.undo });
    this.emit('graph', { reason: 'edit' });
  }

  undo(): void {
    if (this.readonly) return;
    this.endGesture();
    if (!this.history.canUndo()) return;
    this.graph = this.history.undo(this.graph);
    this.changed('undo');
  }

  redo(): void {
    if (this.readonly) return;
    this.endGesture();
    if (!this.history.canRedo()) return;
    this.graph = this.history.redo(this.graph);
    this.changed('redo');
  }

  /** After the graph changed: a param change goes into the compiled program when it can, else it compiles again. */
  private changed(reason: ChangeReason, edit?: Edit): void {
    if (edit?.kind === 'set-param' && edit.value !== undefined && this.rig.trySetParam(edit.node, edit.name, edit.value)) {
      this.rig.evaluate(this.frame);
      this.emit('pose', { dragging: false });
    } else {
      this.rebuild();
    }
    const ids = new Set(this.graph.nodes.map((n) => n.id));
    if (this.selection.some((id) => !ids.has(id))) this.select(this.selection.filter((id) => ids.has(id)));
    this.emit('graph', { reason });
  }

  /** Compiles and evaluates again, then tells the views. */
  rebuild(): void {
    this.rig.rebuild(this.graph, this.scene, this.frame);
    this.emit('pose', { dragging: false });
  }

  /** Replaces the rig (an imported scene); saved files then carry it inline. */
  setScene(scene: SceneDocument): void {
    this.scene = scene;
    this.sceneInline = true;
    this.setCharacter(undefined);
    this.rebuild();
    this.emit('scene', { reason: 'import' });
  }

  /** Attaches (or with undefined, removes) the character posed by the rig. */
  setCharacter(character: SessionCharacter | undefined): void {
    if (character === this.character) return;
    this.character?.dispose();
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
   * the program evaluated again, with no compile. `done` writes the result into the scene document.
   */
  moveObject(id: string, world: ArrayLike<number>, done: boolean): boolean {
    if (!this.rig.setObjectWorld(id, world)) return false;
    this.rig.evaluate(this.frame);
    this.emit('pose', { dragging: !done });
    if (done && this.scene) {
      const owner = this.rig.owner(id);
      const basis = owner && 'basis' in owner ? owner.basis : undefined;
      if (basis) {
        const objects = this.scene.objects.map((o): SceneObject => (o.name === id ? { ...o, ...transformPropsFromMatrix(basis, o) } : o));
        this.scene = { ...this.scene, objects };
        this.emit('scene', { reason: 'move' });
      }
    }
    return true;
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
    return () => this.removeEventListener(type, l);
  }
}
