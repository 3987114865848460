// Draws in full only what is on screen. Rete makes a view element for every node and wire; this
// lets the node and wire templates render only into the elements near the visible part of the area,
// and mounts or unmounts them as the view moves (at most once a frame). Elements not drawn are taken
// out of the DOM: even empty, thousands of them cost a style pass on every pan frame. Far out, when
// more nodes are on screen than are worth drawing, every node is a box with its title and sockets,
// every wire a curve and every frame a tinted box on one canvas (wire-layer.ts), and nodes are
// picked again once zoomed in; nodes coming into view are mounted a few a frame.
// Graphs up to FULL_DRAW_LIMIT nodes are drawn in full, as before.
import type { NodeEditor } from 'rete';
import type { AreaPlugin } from 'rete-area-plugin';
import type { AreaExtra, Schemes, SinewConnection } from './schemes';
import type { ContainerSize } from './container-size';
import type { FrameLayer } from './frame-layer';
import { READABLE_ZOOM } from './level-of-detail';
import { FarLayer } from './wire-layer';

/** Graphs with at most this many nodes are drawn in full, whatever is on screen. */
export const FULL_DRAW_LIMIT = 300;
/** More nodes on screen than this and they are all drawn as boxes (the far level of detail). */
export const MOUNT_BUDGET = 160;
/**
 * The same below the readable zoom, where nodes show title and sockets only: there a pan crosses
 * more nodes per frame, and each drawn node costs layout, hit tests and paint on every frame (Rigify
 * at zoom 0.3 with 134 drawn nodes panned at ~20 fps; on the canvas it pans at the display's rate).
 */
export const FAR_MOUNT_BUDGET = 60;
/**
 * Nodes mounted per frame at most on a large graph. Zooming in from the far canvas asks for up to
 * MOUNT_BUDGET nodes at once (a 230 ms frame on the 2,000-node graph); in chunks, the view keeps
 * answering, and the far canvas stays under the nodes until the last chunk is in.
 */
const MOUNT_PER_FRAME = 24;
/** Screen pixels around the view drawn ahead, so a slow pan does not show boxes at the edge. */
const MARGIN = 240;

type Area = AreaPlugin<Schemes, AreaExtra>;
type RenderData = { element: HTMLElement; type: string; payload: { id?: string } };

export class Culling {
  /** How many nodes the graph being shown has (set before a sync adds them). */
  expected = 0;
  private readonly mountedNodes = new Set<string>();
  private readonly mountedLinks = new Set<string>();
  private frame = 0;
  private wiresDirty = true;
  private far = false;
  private emitting = false;
  readonly farLayer: FarLayer;
  /** The frames behind the nodes: culled with them, and drawn on the far canvas when far out. */
  frameLayer: FrameLayer | undefined;

  constructor(
    private readonly area: Area,
    private readonly editor: NodeEditor<Schemes>,
    container: HTMLElement,
    private readonly size: ContainerSize,
    private readonly wireColor: (c: SinewConnection) => string,
  ) {
    this.farLayer = new FarLayer(container, size);
  }

  /** Whether only what is on screen is drawn. */
  get active(): boolean {
    return this.expected > FULL_DRAW_LIMIT;
  }

  /** Whether every node is drawn as a box (far out on a large graph). */
  get isFar(): boolean {
    return this.far;
  }

  isDrawn(id: string): boolean {
    return this.mountedNodes.has(id);
  }

  /** Must be installed before the render plugin, so it sees render signals first. */
  install(): void {
    this.area.addPipe((ctx) => {
      if (!ctx || typeof ctx !== 'object' || !('type' in ctx)) return ctx;
      switch (ctx.type) {
        case 'render': {
          if (this.emitting) return ctx;
          const data = ctx.data as RenderData;
          const id = data.payload?.id;
          if (data.type === 'node' && id && this.area.nodeViews.has(id)) {
            if (!this.active) {
              this.mountedNodes.add(id);
              return ctx;
            }
            if (!this.mountedNodes.has(id)) {
              data.element.remove();
              this.schedule();
              return undefined;
            }
          } else if (data.type === 'connection' && id && this.area.connectionViews.has(id)) {
            this.wiresDirty = true;
            if (!this.active) {
              this.mountedLinks.add(id);
              return ctx;
            }
            if (!this.mountedLinks.has(id)) {
              // Out of the DOM until drawn: thousands of empty elements still cost style and hit tests.
              data.element.remove();
              this.schedule();
              return undefined;
            }
          }
          break;
        }
        case 'unmount':
          break;
        case 'nodetranslated':
        case 'noderemoved':
        case 'connectionremoved':
          this.wiresDirty = true;
          if (ctx.type === 'noderemoved') this.mountedNodes.delete(ctx.data.id);
          if (ctx.type === 'connectionremoved') this.mountedLinks.delete(ctx.data.id);
          this.schedule();
          break;
        case 'translated':
        case 'zoomed':
          this.moving();
          this.schedule();
          break;
        case 'resized':
          this.schedule();
          break;
      }
      return ctx;
    });
  }

  private still: ReturnType<typeof setTimeout> | undefined;

  /**
   * While the view moves, the content is its own compositor layer, so a pan or zoom frame moves
   * pixels instead of painting every node again; once it rests, the layer goes, so the nodes are
   * painted sharp at the new zoom.
   */
  private moving(): void {
    const holder = this.area.area.content.holder;
    holder.style.willChange = 'transform';
    clearTimeout(this.still);
    this.still = setTimeout(() => {
      holder.style.willChange = '';
    }, 300);
  }

  /** Brings what is drawn in line with the view on the next frame. */
  schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.refresh();
    });
  }

  /** Mounts what is near the view and unmounts the rest, now. */
  refresh(): void {
    const nodes = this.editor.getNodes();
    const t = this.area.area.transform;
    const m = MARGIN / t.k;
    const x1 = -t.x / t.k - m;
    const y1 = -t.y / t.k - m;
    const x2 = x1 + this.size.width / t.k + 2 * m;
    const y2 = y1 + this.size.height / t.k + 2 * m;
    const meets = (ax: number, ay: number, bx: number, by: number) => ax < x2 && bx > x1 && ay < y2 && by > y1;

    const wantNodes = new Set<string>();
    for (const n of nodes) {
      const p = this.area.nodeViews.get(n.id)?.position;
      if (!p) continue;
      if (!this.active || meets(p.x, p.y, p.x + n.width, p.y + n.height)) wantNodes.add(n.id);
    }
    this.far = this.active && wantNodes.size > (t.k < READABLE_ZOOM ? FAR_MOUNT_BUDGET : MOUNT_BUDGET);
    if (this.far) wantNodes.clear();

    const wantLinks = new Set<string>();
    if (!this.far) {
      for (const c of this.editor.getConnections()) {
        if (!this.active) {
          wantLinks.add(c.id);
          continue;
        }
        const a = this.area.nodeViews.get(c.source)?.position;
        const b = this.area.nodeViews.get(c.target)?.position;
        const s = this.editor.getNode(c.source);
        const d = this.editor.getNode(c.target);
        if (!a || !b || !s || !d) continue;
        if (meets(Math.min(a.x, b.x), Math.min(a.y, b.y), Math.max(a.x + s.width, b.x + d.width), Math.max(a.y + s.height, b.y + d.height))) wantLinks.add(c.id);
      }
    }

    let pending = false;
    this.emitting = true;
    try {
      for (const id of [...this.mountedLinks]) {
        if (wantLinks.has(id)) continue;
        this.mountedLinks.delete(id);
        const view = this.area.connectionViews.get(id);
        if (!view) continue;
        void this.area.emit({ type: 'unmount', data: { element: view.element } });
        view.element.remove();
      }
      for (const id of [...this.mountedNodes]) {
        if (wantNodes.has(id)) continue;
        this.mountedNodes.delete(id);
        const view = this.area.nodeViews.get(id);
        const node = this.editor.getNode(id);
        if (!view || !node) continue;
        void this.area.emit({ type: 'unmount', data: { element: view.element } });
        view.element.remove();
      }
      let mounted = 0;
      for (const id of wantNodes) {
        if (this.mountedNodes.has(id)) continue;
        if (this.active && mounted >= MOUNT_PER_FRAME) {
          pending = true;
          break;
        }
        mounted++;
        const view = this.area.nodeViews.get(id);
        const node = this.editor.getNode(id);
        if (!view || !node) continue;
        this.mountedNodes.add(id);
        if (!view.element.isConnected) this.area.area.content.holder.appendChild(view.element);
        void this.area.emit({ type: 'render', data: { element: view.element, type: 'node', payload: node } });
      }
      for (const id of wantLinks) {
        if (this.mountedLinks.has(id)) continue;
        const view = this.area.connectionViews.get(id);
        const c = this.editor.getConnection(id);
        if (!view || !c) continue;
        this.mountedLinks.add(id);
        // Wires go under the nodes, as Rete adds them.
        if (!view.element.isConnected) this.area.area.content.holder.prepend(view.element);
        void this.area.emit({ type: 'render', data: { element: view.element, type: 'connection', payload: c } });
      }
    } finally {
      this.emitting = false;
    }

    this.frameLayer?.cull(!this.active ? undefined : this.far ? 'none' : { x1, y1, x2, y2 });
    // Far out the canvas is the drawing; while nodes are still being mounted it fills in for them.
    const canvas = this.far || pending;
    if (pending) this.schedule();
    this.farLayer.visible = canvas;
    if (canvas) {
      this.wiresDirty = false;
      this.farLayer.draw(t, nodes, this.editor.getConnections().flatMap((c) => {
        const source = this.editor.getNode(c.source);
        const target = this.editor.getNode(c.target);
        return source && target ? [{ source, sourceOutput: c.sourceOutput, target, targetInput: c.targetInput, color: this.wireColor(c) }] : [];
      }), (id) => this.area.nodeViews.get(id)?.position, this.frameLayer?.drawn() ?? []);
    }
  }

  destroy(): void {
    cancelAnimationFrame(this.frame);
    clearTimeout(this.still);
  }
}
