// The minimap, drawn in Sinew's colours: rete-minimap-plugin computes the rectangles (fractions of
// the map's width), this element draws them and pans the area when the viewport box is dragged.
import { LitElement, css, html } from 'lit';
import { property } from 'lit/decorators.js';

interface Rect { left: number; top: number; width: number; height: number }

export class SinewMinimap extends LitElement {
  static override styles = css`
    .map {
      position: absolute; right: 12px; bottom: 12px; overflow: hidden; box-sizing: border-box;
      background: var(--sinew-minimap-bg, rgba(20, 22, 25, 0.82)); border: 1px solid var(--sinew-border, #383d45);
      border-radius: 6px;
    }
    .n { position: absolute; background: var(--sinew-minimap-node, #5b6370); border-radius: 1px; }
    .v { position: absolute; border: 1px solid var(--sinew-accent, #4b8dff); background: rgba(75, 141, 255, 0.12); cursor: grab; }
  `;

  @property({ attribute: false }) nodes: Rect[] = [];
  @property({ attribute: false }) viewport: Rect = { left: 0, top: 0, width: 0, height: 0 };
  @property({ attribute: false }) ratio = 1;
  @property({ attribute: false }) size = 150;
  @property({ attribute: false }) pan: (dx: number, dy: number) => void = () => {};
  @property({ attribute: false }) point: (x: number, y: number) => void = () => {};

  override render() {
    const w = this.size * this.ratio;
    const px = (v: number) => `${v * w}px`;
    const r = (x: Rect) => `left:${px(x.left)};top:${px(x.top)};width:${px(x.width)};height:${px(x.height)}`;
    return html`<div class="map" part="minimap" data-testid="minimap" style="width:${w}px;height:${this.size}px"
        @pointerdown=${(e: Event) => { e.stopPropagation(); e.preventDefault(); }} @dblclick=${this.onDblClick}>
      ${this.nodes.map((n) => html`<div class="n" style=${r(n)}></div>`)}
      <div class="v" style=${r(this.viewport)} @pointerdown=${this.onDragStart}></div>
    </div>`;
  }

  private onDblClick = (e: MouseEvent) => {
    const box = (e.currentTarget as HTMLElement).getBoundingClientRect();
    this.point((e.clientX - box.left) / box.width, (e.clientY - box.top) / box.width);
  };

  private onDragStart = (e: PointerEvent) => {
    e.stopPropagation();
    const w = this.size * this.ratio;
    let last = { x: e.clientX, y: e.clientY };
    const move = (m: PointerEvent) => {
      this.pan(-(m.clientX - last.x) / w, -(m.clientY - last.y) / w);
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

/** A render preset for lit-plugin that draws rete-minimap-plugin's `minimap` signal with <sinew-minimap>. */
export function minimapPreset(size = 150) {
  type MinimapData = { type: 'minimap'; ratio: number; nodes: Rect[]; viewport: Rect; translate(dx: number, dy: number): void; point(x: number, y: number): void };
  const isMinimap = (ctx: { data: { type: string } }): ctx is { data: MinimapData } => ctx.data.type === 'minimap';
  return {
    update(ctx: { type: string; data: { type: string } }) {
      if (ctx.type !== 'render' || !isMinimap(ctx)) return undefined;
      const d = ctx.data;
      return { nodes: d.nodes, viewport: d.viewport, ratio: d.ratio, pan: d.translate, point: d.point };
    },
    render(ctx: { type: string; data: { type: string } }) {
      if (ctx.type !== 'render' || !isMinimap(ctx)) return undefined;
      const d = ctx.data;
      return html`<sinew-minimap .nodes=${d.nodes} .viewport=${d.viewport} .ratio=${d.ratio} .size=${size}
        .pan=${d.translate} .point=${d.point}></sinew-minimap>`;
    },
  };
}
