// Undo and redo over edits. The history keeps edits, not documents, so a long session costs little
// memory; each step's inverse is recomputed when it is applied, so undo and redo stay exact.
// `UndoHistory` works over any document whose edits are invertible data (the editor keeps graph and
// scene edits in one history this way); `History` is the one over graph documents.
import { applyEdit, labelOf, type Edit } from './edits';
import type { GraphDocument } from './types';

/** One undoable step: the edit that was made, the edit that undoes it, and what menus call it. */
export interface HistoryStep<E = Edit> {
  label: string;
  redo: E;
  undo: E;
}

/** How edits of one kind of document apply: the new document and the exact edit that undoes it. */
export interface EditKind<D, E> {
  apply(doc: D, edit: E): { doc: D; inverse: E };
  label(edit: E): string;
}

export class UndoHistory<D, E> {
  private readonly done: HistoryStep<E>[] = [];
  private readonly undone: HistoryStep<E>[] = [];

  /** Keeps at most `limit` steps to undo; the oldest are forgotten first. */
  constructor(
    private readonly kind: EditKind<D, E>,
    readonly limit = 200,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`History: limit must be a whole number of at least 1, got ${limit}`);
  }

  /** Applies an edit, records it, and returns the new document. */
  perform(doc: D, edit: E): D {
    const applied = this.kind.apply(doc, edit);
    this.push({ label: this.kind.label(edit), redo: edit, undo: applied.inverse });
    return applied.doc;
  }

  /** Records a step already applied. A new step clears what could be redone, as in every editor. */
  push(step: HistoryStep<E>): void {
    this.done.push(step);
    if (this.done.length > this.limit) this.done.splice(0, this.done.length - this.limit);
    this.undone.length = 0;
  }

  canUndo(): boolean {
    return this.done.length > 0;
  }

  canRedo(): boolean {
    return this.undone.length > 0;
  }

  /** Label of the step undo would revert, for an "Undo …" menu item. */
  undoLabel(): string | undefined {
    return this.done[this.done.length - 1]?.label;
  }

  redoLabel(): string | undefined {
    return this.undone[this.undone.length - 1]?.label;
  }

  /** Reverts the last step on `doc` (the document it produced); returns `doc` when there is none. */
  undo(doc: D): D {
    const step = this.done[this.done.length - 1];
    if (step === undefined) return doc;
    const applied = this.kind.apply(doc, step.undo); // may throw; the step then stays where it was
    this.done.pop();
    this.undone.push({ label: step.label, redo: applied.inverse, undo: step.undo });
    return applied.doc;
  }

  /** Makes the last undone step again; returns `doc` when there is none. */
  redo(doc: D): D {
    const step = this.undone[this.undone.length - 1];
    if (step === undefined) return doc;
    const applied = this.kind.apply(doc, step.redo);
    this.undone.pop();
    this.done.push({ label: step.label, redo: step.redo, undo: applied.inverse });
    return applied.doc;
  }

  clear(): void {
    this.done.length = 0;
    this.undone.length = 0;
  }
}

const graphEdits: EditKind<GraphDocument, Edit> = {
  apply(graph, edit) {
    const applied = applyEdit(graph, edit);
    return { doc: applied.graph, inverse: applied.inverse };
  },
  label: labelOf,
};

export class History extends UndoHistory<GraphDocument, Edit> {
  constructor(limit = 200) {
    super(graphEdits, limit);
  }
}
