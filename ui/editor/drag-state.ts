// The type of the wire being dragged, if any, so every socket can show whether it would accept it.
import type { ViewSocketType } from './schemes';

type Listener = () => void;
const listeners = new Set<Listener>();

export const dragState = {
  type: undefined as ViewSocketType | undefined,
  set(type: ViewSocketType | undefined): void {
    if (type === this.type) return;
    this.type = type;
    for (const l of listeners) l();
  },
  subscribe(l: Listener): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};
