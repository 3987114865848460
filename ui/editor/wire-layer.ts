// The far level of detail of a large graph, drawn on one canvas: every node as a box in its
// colours with its title and sockets (the title at least MIN_TITLE_PX on screen, and left out where
// a readable title would not fit the node), every wire as a curve and every frame as its tinted
// box (no label), in screen space, redrawn (at most once a frame) when the view
// or a node moves. Far out, thousands of node elements — even empty ones — cost Chromium a style
// pass over all of them on every pan frame (the content they sit in is restyled by the pan); a
// canvas costs a few thousand rectangles and curves.
import { categoryColor } from '../theme';
import type { ContainerSize } from './container-size';
import type { DrawnFrame } from './frame-layer';
import { socketOffset } from './socket-positions';
import { titleSize } from './level-of-detail';
import { socketColor } from './node-view';
import { HEADER_HEIGHT, type SinewNode } from './schemes';

export interface WireEnds {
  source: SinewNode;
  sourceOutput: string;
  target: SinewNode;
  targetInput: string;
  color: string;
}

type Point = { x: number; y: number };

/** Below this zoom a node is too narrow on screen for a readable title (~9 characters at 10 px). */
const TITLE_ZOOM = 0.25;

export class FarLayer {
  readonly element: HTMLCanvasElement;
  private readonly colors = new Map<string, string>();

  constructor(private readonly container: HTMLElement, private readonly size: ContainerSize) {
    this.element = document.createElement('canvas');
    this.element.dataset.testid = 'far-layer';
    this.element.style.cssText = 'position:absolute;left:0;top:0;pointer-events:none;display:none';
    container.prepend(this.element);
  }

  set visible(on: boolean) {
    const display = on ? '' : 'none';
    if (this.element.style.display !== display) this.element.style.display = display;
  }

  /** Draws `frames`, `wires` and `nodes` at the area transform `t`; `at` is a node's top-left corner in area units. */
  draw(t: { x: number; y: number; k: number }, nodes: Iterable<SinewNode>, wires: Iterable<WireEnds>, at: (id: string) => Point | undefined, frames: Iterable<DrawnFrame> = []): void {
    const w = this.size.width;
    const h = this.size.height;
    const c = this.element;
    if (c.width !== w || c.height !== h) {
      c.width = w;
      c.height = h;
      c.style.width = `${w}px`;
      c.style.height = `${h}px`;
    }
    const g = c.getContext('2d');
    if (!g) return;
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.clearRect(0, 0, w, h);
    g.setTransform(t.k, 0, 0, t.k, t.x, t.y);
    // Frames as the page draws them (sinew-frame: 22% of the colour inside, 70% on the border).
    g.lineWidth = 1 / t.k;
    for (const f of frames) {
      const b = f.bounds;
      if (!b) continue;
      g.fillStyle = f.tint;
      g.strokeStyle = f.tint;
      g.globalAlpha = 0.22;
      g.fillRect(b.x, b.y, b.w, b.h);
      g.globalAlpha = 0.7;
      g.strokeRect(b.x, b.y, b.w, b.h);
    }
    g.globalAlpha = 1;
    const byColor = new Map<string, [Point, Point][]>();
    for (const wire of wires) {
      const a = at(wire.source.id);
      const b = at(wire.target.id);
      const oa = socketOffset(wire.source, 'output', wire.sourceOutput);
      const ob = socketOffset(wire.target, 'input', wire.targetInput);
      if (!a || !b || !oa || !ob) continue;
      const list = byColor.get(wire.color) ?? [];
      list.push([{ x: a.x + oa.x, y: a.y + oa.y }, { x: b.x + ob.x, y: b.y + ob.y }]);
      byColor.set(wire.color, list);
    }
    g.lineWidth = 3;
    for (const [color, list] of byColor) {
      g.strokeStyle = this.literal(color);
      g.beginPath();
      for (const [p, q] of list) {
        // Rete's classic curve: horizontal tangents a third of the span long.
        const d = Math.abs(q.x - p.x) * 0.3;
        g.moveTo(p.x, p.y);
        g.bezierCurveTo(p.x + d, p.y, q.x - d, q.y, q.x, q.y);
      }
      g.stroke();
    }
    // Titles and sockets only where they can be seen: on the view, and with room for a readable
    // title (at zoom 0.15 a node is 35 px wide).
    const x1 = -t.x / t.k, y1 = -t.y / t.k, x2 = x1 + w / t.k, y2 = y1 + h / t.k;
    const titlePx = titleSize(t.k);
    const detailed = t.k >= TITLE_ZOOM;
    const titles: [SinewNode, Point][] = [];
    const dots = new Map<string, Point[]>();
    for (const n of nodes) {
      const p = at(n.id);
      if (!p) continue;
      g.fillStyle = 'rgba(40, 43, 48, 0.97)';
      g.fillRect(p.x, p.y, n.width, n.height);
      g.fillStyle = this.literal(n.def ? categoryColor(n.def.category) : '#5a4a2a');
      g.fillRect(p.x, p.y, n.width, HEADER_HEIGHT);
      if (n.selected) {
        g.strokeStyle = '#ffffff';
        g.lineWidth = 3 / t.k;
        g.strokeRect(p.x, p.y, n.width, n.height);
        g.lineWidth = 3;
      }
      if (!detailed || p.x > x2 || p.x + n.width < x1 || p.y > y2 || p.y + n.height < y1) continue;
      titles.push([n, p]);
      for (const side of ['output', 'input'] as const) {
        for (const [key, port] of Object.entries(side === 'output' ? n.outputs : n.inputs)) {
          const o = port && socketOffset(n, side, key);
          if (!o) continue;
          const color = socketColor(port.socket.type);
          const list = dots.get(color) ?? [];
          list.push({ x: p.x + o.x, y: p.y + o.y });
          dots.set(color, list);
        }
      }
    }
    for (const [color, list] of dots) {
      g.fillStyle = this.literal(color);
      g.beginPath();
      for (const d of list) {
        g.moveTo(d.x + 7, d.y);
        g.arc(d.x, d.y, 7, 0, 2 * Math.PI);
      }
      g.fill();
    }
    if (titles.length > 0) {
      g.fillStyle = '#f1f3f5';
      g.font = `600 ${titlePx}px system-ui, sans-serif`;
      g.textBaseline = 'middle';
      for (const [n, p] of titles) g.fillText(this.fitted(g, n.label, titlePx, n.width - 20), p.x + 10, p.y + HEADER_HEIGHT / 2);
    }
  }

  /** Title widths at 100 px, measured once per label. */
  private readonly widths = new Map<string, number>();

  /** `label` at `px`, cut with an ellipsis to `room` (as the node's title is), never squeezed. */
  private fitted(g: CanvasRenderingContext2D, label: string, px: number, room: number): string {
    let w = this.widths.get(label);
    if (w === undefined) {
      const font = g.font;
      g.font = font.replace(/[\d.]+px/, '100px');
      w = g.measureText(label).width;
      g.font = font;
      this.widths.set(label, w);
    }
    const width = (w * px) / 100;
    if (width <= room) return label;
    const keep = Math.max(0, Math.floor((label.length * room) / width) - 1);
    return `${label.slice(0, keep)}…`;
  }

  /** A theme colour `var(--name, #abc)` as the page resolves it (canvas takes no var()). */
  private literal(color: string): string {
    let out = this.colors.get(color);
    if (out === undefined) {
      const m = /^var\((--[\w-]+),\s*(.+)\)$/.exec(color);
      out = m ? getComputedStyle(this.container).getPropertyValue(m[1]).trim() || m[2] : color;
      this.colors.set(color, out);
    }
    return out;
  }
}
