// Every wire of a large graph as a few SVG paths (one per colour), for the far zoom where the
// wires are not drawn one element each. The layer lives in the area's transformed content, so
// panning and zooming move it with the nodes for free; it is rebuilt only when nodes move.
import { socketOffset } from './socket-positions';
import type { SinewNode } from './schemes';

const SVG = 'http://www.w3.org/2000/svg';

export interface WireEnds {
  source: SinewNode;
  sourceOutput: string;
  target: SinewNode;
  targetInput: string;
  color: string;
}

export class WireLayer {
  readonly element: SVGSVGElement;

  constructor(parent: HTMLElement) {
    this.element = document.createElementNS(SVG, 'svg');
    this.element.setAttribute('data-testid', 'wire-layer');
    // Zero-sized at the content's origin, drawing outside itself: no layout, no hit testing.
    this.element.style.cssText = 'position:absolute;left:0;top:0;width:1px;height:1px;overflow:visible;pointer-events:none;display:none';
    parent.prepend(this.element);
  }

  set visible(on: boolean) {
    this.element.style.display = on ? '' : 'none';
  }

  /** Redraws every wire; `at` is a node's top-left corner in area units. */
  draw(wires: Iterable<WireEnds>, at: (id: string) => { x: number; y: number } | undefined): void {
    const byColor = new Map<string, string[]>();
    for (const w of wires) {
      const a = at(w.source.id);
      const b = at(w.target.id);
      const oa = socketOffset(w.source, 'output', w.sourceOutput);
      const ob = socketOffset(w.target, 'input', w.targetInput);
      if (!a || !b || !oa || !ob) continue;
      const x1 = a.x + oa.x;
      const y1 = a.y + oa.y;
      const x2 = b.x + ob.x;
      const y2 = b.y + ob.y;
      // Rete's classic curve: horizontal tangents a third of the span long.
      const d = Math.abs(x2 - x1) * 0.3;
      const list = byColor.get(w.color) ?? [];
      list.push(`M${x1} ${y1}C${x1 + d} ${y1} ${x2 - d} ${y2} ${x2} ${y2}`);
      byColor.set(w.color, list);
    }
    const paths: SVGPathElement[] = [];
    for (const [color, parts] of byColor) {
      const p = document.createElementNS(SVG, 'path');
      p.setAttribute('d', parts.join(''));
      p.setAttribute('fill', 'none');
      p.setAttribute('stroke-width', '3');
      p.style.stroke = color;
      paths.push(p);
    }
    this.element.replaceChildren(...paths);
  }
}
