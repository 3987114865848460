// Undo and redo over edits. The history keeps edits, not documents, so a long session costs little
// memory; each step's inverse is recomputed when it is applied, so undo and redo stay exact.
import { applyEdit, labelOf, type Edit } from './edits';
import type { GraphDocument } from './types';

/** One undoable step: the edit that was made, the edit that undoes it, and what menus call it. */
export interface HistoryStep {
  label: string;
  redo: Edit;
  undo: Edit;
}

export class History {
  private readonly done: HistoryStep[] = [];
  private readonly undone: HistoryStep[] = [];

  /** Keeps at most `limit` steps to undo; the oldest are forgotten first. */
  constructor(readonly limit = 200) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`History: limit must be a whole number of at least 1, got ${limit}`);
  }

  /** Applies an edit, records it, and returns the new document. */
  perform(graph: GraphDocument, edit: Edit): GraphDocument {
    const applied = applyEdit(graph, edit);
    this.push({ label: labelOf(edit), redo: edit, undo: applied.inverse });
    return applied.graph;
  }

  /** Records a step already applied. A new step clears what could be redone, as in every editor. */
  push(step: HistoryStep): void {
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

  /** Reverts the last step on `graph` (the document it produced); returns `graph` when there is none. */
  undo(graph: GraphDocument): GraphDocument {
    const step = this.done[this.done.length - 1];
    if (step === undefined) return graph;
    const applied = applyEdit(graph, step.undo); // may throw; the step then stays where it was
    this.done.pop();
    this.undone.push({ label: step.label, redo: applied.inverse, undo: step.undo });
    return applied.graph;
  }

  /** Makes the last undone step again; returns `graph` when there is none. */
  redo(graph: GraphDocument): GraphDocument {
    const step = this.undone[this.undone.length - 1];
    if (step === undefined) return graph;
    const applied = applyEdit(graph, step.redo);
    this.undone.pop();
    this.done.push({ label: step.label, redo: step.redo, undo: applied.inverse });
    return applied.graph;
  }

  clear(): void {
    this.done.length = 0;
    this.undone.length = 0;
  }
}
