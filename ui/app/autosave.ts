// The graph being edited, kept in localStorage so a reload (or a crash) loses nothing.
import type { SceneDocument } from '../../runtime/scene/types';

export interface Autosaved {
  /** File name the graph was opened from or saved as. */
  name: string;
  /** The graph file's text, as Save would write it. */
  graph: string;
  /** The scene, when the graph names it by path rather than carrying it inline. */
  scene: SceneDocument | undefined;
  savedAt: number;
}

export class Autosave {
  constructor(readonly key = 'sinew:autosave:v1') {}

  read(): Autosaved | undefined {
    try {
      const raw = localStorage.getItem(this.key);
      if (!raw) return undefined;
      const a = JSON.parse(raw) as Autosaved;
      return typeof a.graph === 'string' && typeof a.name === 'string' ? a : undefined;
    } catch {
      return undefined;
    }
  }

  /** Stores the copy; false when storage is full or blocked (private windows, quotas). */
  write(a: Autosaved): boolean {
    try {
      localStorage.setItem(this.key, JSON.stringify(a));
      return true;
    } catch {
      return false;
    }
  }

  clear(): void {
    try {
      localStorage.removeItem(this.key);
    } catch {
      // nothing stored, nothing to clear
    }
  }
}
