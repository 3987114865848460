// The minimap: every node as a small box and the visible part of the graph as a frame; drag the
// frame or click the map to move the view. It reads node positions and sizes the editor already
// knows (rete-minimap-plugin measures every node's element on every change, which on a 200-node
// graph took seconds), and redraws at most once a frame. The boxes are drawn on a canvas: as
// elements, a 2,000-node graph's boxes were restyled and laid out on every frame of a pan.
import { LitElement, css, html } from 'lit';
import { property } from 'lit/decorators.js';

export interface Rect { x: number; y: number; w: number; h: number }

export const MINIMAP_WIDTH = 170;
export const MINIMAP_HEIGHT = 110;

export class SinewMinimap extends LitElement {
  static override styles = css`
    :host { position: absolute; right: 12px; bottom: 12px; z-index: 4; }
    .map {
      position: relative; overflow: hidden; box-sizing: border-box; cursor: pointer;
      width: ${MINIMAP_WIDTH}px; height: ${MINIMAP_HEIGHT}px;
      background: var(--sinew-minimap-bg, rgba(20, 22, 25, 0.85)); border: 1px solid var(--sinew-border, #383d45);
      border-radius: 6px;
    }
    canvas { position: absolute; inset: 0; width: 100%; height: 100%; }
    .v { position: absolute; box-sizing: border-box; border: 1px solid var(--sinew-accent, #4b8dff); background: rgba(75, 141, 255, 0.1); cursor: grab; }
  `;

  /** Node boxes, in map pixels. */
  @property({ attribute: false }) nodes: (Rect & { selected?: boolean })[] = [];
  /** The visible part of the graph, in map pixels. */
  @property({ attribute: false }) viewport: Rect = { x: 0, y: 0, w: 0, h: 0 };
  /** Moves the view by a distance in map pixels. */
  @property({ attribute: false }) panBy: (dx: number, dy: number) => void = () => {};
  /** Centres the view on a point in map pixels. */
  @property({ attribute: false }) centerAt: (x: number, y: number) => void = () => {};

  override connectedCallback() {
    super.connectedCallback();
    this.setAttribute('exportparts', 'minimap');
  }

  override render() {
    const r = (x: Rect) => `left:${x.x}px;top:${x.y}px;width:${Math.max(1, x.w)}px;height:${Math.max(1, x.h)}px`;
    return html`<div class="map" part="minimap" data-testid="minimap" @pointerdown=${this.onDown} @wheel=${(e: Event) => { e.stopPropagation(); }}>
      <canvas width=${MINIMAP_WIDTH} height=${MINIMAP_HEIGHT}></canvas>
      <div class="v" style=${r(this.viewport)}></div>
    </div>`;
  }

  override updated(changed: Map<string, unknown>) {
    if (!changed.has('nodes')) return;
    const canvas = this.renderRoot.querySelector('canvas');
    const g = canvas?.getContext('2d');
    if (!canvas || !g) return;
    g.clearRect(0, 0, canvas.width, canvas.height);
    const { fill, selected } = this.colors();
    for (const pass of [false, true]) {
      g.fillStyle = pass ? selected : fill;
      for (const n of this.nodes) if (Boolean(n.selected) === pass) g.fillRect(n.x, n.y, Math.max(1, n.w), Math.max(1, n.h));
    }
  }

  private themeColors: { fill: string; selected: string } | undefined;

  /**
   * The theme's colours for the boxes, read once: getComputedStyle on every redraw (each zoom
   * step) made Chromium recalculate the style of the page first, ~40 ms a step on a large graph.
   */
  private colors(): { fill: string; selected: string } {
    if (!this.themeColors) {
      const style = getComputedStyle(this);
      this.themeColors = {
        fill: style.getPropertyValue('--sinew-minimap-node').trim() || '#5b6370',
        selected: style.getPropertyValue('--sinew-accent').trim() || '#4b8dff',
      };
    }
    return this.themeColors;
  }

  private onDown = (e: PointerEvent) => {
    e.stopPropagation();
    e.preventDefault();
    const map = e.currentTarget as HTMLElement;
    const box = map.getBoundingClientRect();
    const onFrame = (e.target as HTMLElement).classList.contains('v');
    if (!onFrame) this.centerAt(e.clientX - box.left, e.clientY - box.top);
    let last = { x: e.clientX, y: e.clientY };
    const move = (m: PointerEvent) => {
      this.panBy(m.clientX - last.x, m.clientY - last.y);
      last = { x: m.clientX, y: m.clientY };
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
}
