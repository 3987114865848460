// Frames drawn behind the nodes: one box per frame around its nodes' boxes, with its label and colour
// editable in its header. A frame stores no position, so it follows its nodes wherever they go, and
// dragging its header moves its nodes.
import type { GraphFrame } from '../../graph/types';

export interface FrameBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Space around the nodes, and the header above them. */
const PAD = 20;
const HEADER = 30;

/** The box around `boxes`, with room for the header; undefined for a frame with no node drawn. */
export function frameBounds(boxes: readonly FrameBox[]): FrameBox | undefined {
  if (boxes.length === 0) return undefined;
  const x1 = Math.min(...boxes.map((b) => b.x)) - PAD;
  const y1 = Math.min(...boxes.map((b) => b.y)) - PAD - HEADER;
  const x2 = Math.max(...boxes.map((b) => b.x + b.w)) + PAD;
  const y2 = Math.max(...boxes.map((b) => b.y + b.h)) + PAD;
  return { x: x1, y: y1, w: x2 - x1, h: y2 - y1 };
}

/** A press on a frame's header that travels this far (screen pixels) is a drag, not a click on its label. */
const DRAG_THRESHOLD = 3;

/** What a drag of a frame's header reports: start, the distance from the press (screen pixels), end. */
export interface FrameDrag {
  start(frame: GraphFrame): void;
  move(frame: GraphFrame, dx: number, dy: number): void;
  end(frame: GraphFrame): void;
}

/** A frame as last drawn: its box in area units (none when no node of it is drawn) and colour. */
export interface DrawnFrame {
  bounds: FrameBox | undefined;
  tint: string;
}

export class FrameLayer {
  readonly element = document.createElement('div');
  private readonly views = new Map<string, { box: HTMLDivElement; label: HTMLInputElement; color: HTMLInputElement; current: GraphFrame | undefined } & DrawnFrame>();
  /** The area rectangle frames are drawn for (undefined: everywhere), or 'none' (the far canvas draws them). */
  private shownIn: { x1: number; y1: number; x2: number; y2: number } | 'none' | undefined;

  /** `changed` gets the frame as the user edited it (its label or colour). */
  constructor(private readonly changed: (frame: GraphFrame) => void, private readonly readonly: boolean, private readonly drag?: FrameDrag) {
    this.element.className = 'sinew-frames';
  }

  /** Draws `frames` at the boxes `boxOf` gives their nodes. */
  draw(frames: readonly GraphFrame[], boxOf: (id: string) => FrameBox | undefined): void {
    const keep = new Set(frames.map((f) => f.id));
    for (const [id, v] of this.views) if (!keep.has(id)) { v.box.remove(); this.views.delete(id); }
    for (const frame of frames) {
      const v = this.views.get(frame.id) ?? this.make(frame.id);
      const bounds = frameBounds(frame.nodes.map(boxOf).filter((b): b is FrameBox => b !== undefined));
      v.bounds = bounds;
      v.box.hidden = bounds === undefined;
      if (bounds) Object.assign(v.box.style, { left: `${bounds.x}px`, top: `${bounds.y}px`, width: `${bounds.w}px`, height: `${bounds.h}px` });
      v.tint = frame.color;
      v.box.style.setProperty('--frame-color', frame.color);
      v.box.dataset['frame'] = frame.id;
      v.current = frame;
      if (v.label.value !== frame.label && this.element.getRootNode() instanceof ShadowRoot && (this.element.getRootNode() as ShadowRoot).activeElement !== v.label) v.label.value = frame.label;
      if (v.color.value !== frame.color) v.color.value = frame.color;
    }
    this.cull(this.shownIn);
  }

  /** The frames as last drawn, for the far canvas. */
  drawn(): Iterable<DrawnFrame> {
    return this.views.values();
  }

  /**
   * Keeps in the page only the frames meeting `rect` (area units; undefined: all of them), or none
   * ('none': far out, where the far canvas draws them). Rigify's rig has 384 frames: all in the page,
   * they were painted and hit-tested on every frame of a pan.
   */
  cull(rect: { x1: number; y1: number; x2: number; y2: number } | 'none' | undefined): void {
    this.shownIn = rect;
    for (const v of this.views.values()) {
      const b = v.bounds;
      const on = rect === undefined || (rect !== 'none' && b !== undefined && b.x < rect.x2 && b.x + b.w > rect.x1 && b.y < rect.y2 && b.y + b.h > rect.y1);
      const display = on ? '' : 'none';
      if (v.box.style.display !== display) v.box.style.display = display;
    }
  }

  private make(id: string) {
    const box = document.createElement('div');
    box.className = 'sinew-frame';
    box.dataset['testid'] = 'frame';
    const header = document.createElement('div');
    header.className = 'sinew-frame-header';
    const label = document.createElement('input');
    label.dataset['testid'] = 'frame-label';
    label.title = 'Frame label';
    const color = document.createElement('input');
    color.type = 'color';
    color.dataset['testid'] = 'frame-color';
    color.title = 'Frame colour';
    label.disabled = color.disabled = this.readonly;
    header.classList.toggle('readonly', this.readonly);
    // Presses in the header are the header's, not a pan or a box selection of the graph.
    header.addEventListener('pointerdown', (e) => { e.stopPropagation(); });
    header.append(label, color);
    box.append(header);
    this.element.append(box);
    const view = { box, label, color, current: undefined as GraphFrame | undefined, bounds: undefined as FrameBox | undefined, tint: '' };
    if (!this.readonly) this.draggable(header, label, color, () => view.current);
    // Enter commits the label (its change event) and ends the editing, so the header drags again.
    label.addEventListener('keydown', (e) => { if (e.key === 'Enter') label.blur(); });
    label.addEventListener('change', () => { if (view.current && label.value !== view.current.label) this.changed({ ...view.current, label: label.value }); });
    color.addEventListener('change', () => { if (view.current && color.value !== view.current.color) this.changed({ ...view.current, color: color.value }); });
    this.views.set(id, view);
    return view;
  }

  /**
   * The header drags its frame: a press anywhere on it but the colour swatch (and the label while
   * it is being edited) that travels past the threshold moves the frame's nodes; one that does not
   * is a click on the label, which then takes the focus to be edited.
   */
  private draggable(header: HTMLElement, label: HTMLInputElement, color: HTMLInputElement, frame: () => GraphFrame | undefined): void {
    const drag = this.drag;
    if (!drag) return;
    let press: { x: number; y: number; id: number; dragging: boolean; onLabel: boolean } | undefined;
    header.addEventListener('pointerdown', (e) => {
      if (e.button !== 0 || e.composedPath().includes(color)) return;
      const onLabel = e.composedPath().includes(label);
      const root = header.getRootNode() as Document | ShadowRoot;
      if (onLabel && root.activeElement === label) return; // editing: the press places the caret
      press = { x: e.clientX, y: e.clientY, id: e.pointerId, dragging: false, onLabel };
      header.setPointerCapture(e.pointerId);
    });
    // Without this the label would take the focus (and start a text selection) at the press.
    header.addEventListener('mousedown', (e) => { if (press) e.preventDefault(); });
    header.addEventListener('pointermove', (e) => {
      const f = frame();
      if (!press || e.pointerId !== press.id || !f) return;
      const dx = e.clientX - press.x, dy = e.clientY - press.y;
      if (!press.dragging && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
      if (!press.dragging) {
        press.dragging = true;
        drag.start(f);
      }
      drag.move(f, dx, dy);
    });
    const release = (e: PointerEvent, cancelled: boolean) => {
      if (!press || e.pointerId !== press.id) return;
      const { dragging, onLabel } = press;
      press = undefined;
      if (header.hasPointerCapture(e.pointerId)) header.releasePointerCapture(e.pointerId);
      const f = frame();
      if (dragging && f) drag.end(f);
      else if (!cancelled && onLabel) label.focus();
    };
    header.addEventListener('pointerup', (e) => { release(e, false); });
    header.addEventListener('pointercancel', (e) => { release(e, true); });
  }
}
