// Watches: hovering a socket shows its live value in a card; the card's pin (or P while hovering)
// keeps it in the list of pinned watches, which update after every evaluation (scrubbing the
// timeline, dragging a target) until unpinned.
import { LitElement, css, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { baseStyles } from '../theme';

/** A watched socket. */
export interface WatchKey {
  nodeId: string;
  side: 'input' | 'output';
  socket: string;
}

/** A watch as drawn: where, and the lines of its value (empty when the socket has no value). */
export interface WatchView extends WatchKey {
  lines: string[];
}

export const watchId = (w: WatchKey) => `${w.nodeId}.${w.side}.${w.socket}`;

/** The socket under a pointer event, found from the node view's markup (rows and node ids). */
export function socketUnder(path: readonly EventTarget[]): WatchKey | undefined {
  let onSocket = false;
  let row: { side: 'input' | 'output'; socket: string } | undefined;
  for (const t of path) {
    if (!(t instanceof Element)) continue;
    if (t.localName === 'sinew-socket') onSocket = true;
    const testId = t.getAttribute('data-testid') ?? '';
    const m = /^(input|output)-(.+)$/.exec(testId);
    if (onSocket && !row && m && t.classList.contains('row')) row = { side: m[1] as 'input' | 'output', socket: m[2] };
    const nodeId = t.getAttribute('data-node-id');
    if (row && nodeId !== null) return { nodeId, ...row };
  }
  return undefined;
}

export class SinewWatches extends LitElement {
  static override styles = [baseStyles, css`
    :host { display: contents; }
    .card, .pinned { background: rgba(30, 32, 36, 0.96); border: 1px solid var(--_border); border-radius: 6px; padding: 5px 8px; font-size: 11.5px; }
    .card { position: fixed; z-index: 20; pointer-events: auto; max-width: 340px; }
    .list { position: absolute; left: 10px; bottom: 40px; z-index: 5; display: flex; flex-direction: column; gap: 4px; max-width: 360px; }
    .title { color: var(--_muted); display: flex; gap: 8px; align-items: center; justify-content: space-between; }
    .value { font-family: var(--_mono); white-space: pre; }
    button { padding: 0 6px; font-size: 11px; }
  `];

  @property({ attribute: false }) hover: (WatchView & { x: number; y: number }) | undefined;
  @property({ attribute: false }) pinned: readonly WatchView[] = [];

  override render() {
    const h = this.hover;
    const isPinned = h && this.pinned.some((p) => watchId(p) === watchId(h));
    return html`
      ${h ? html`<div class="card" data-testid="watch-card" style="left:${h.x + 14}px;top:${h.y + 10}px">
        <div class="title"><span>${h.nodeId} · ${h.socket}</span>
          ${isPinned ? nothing : html`<button data-testid="watch-pin" title="Keep this value in view (P)" @click=${() => { this.send('watch-pin', h); }}>Pin</button>`}</div>
        <div class="value">${h.lines.join('\n')}</div></div>` : nothing}
      ${this.pinned.length ? html`<div class="list" data-testid="watches">${this.pinned.map((w) => html`<div class="pinned" data-testid="watch" data-watch=${watchId(w)}>
        <div class="title"><span>${w.nodeId} · ${w.socket}</span><button title="Unpin" data-testid="watch-unpin" @click=${() => { this.send('watch-unpin', w); }}>×</button></div>
        <div class="value">${w.lines.length ? w.lines.join('\n') : 'not evaluated'}</div></div>`)}</div>` : nothing}`;
  }

  private send(type: 'watch-pin' | 'watch-unpin', w: WatchKey) {
    const { nodeId, side, socket } = w;
    this.dispatchEvent(new CustomEvent(type, { detail: { nodeId, side, socket }, bubbles: true, composed: true }));
  }
}
