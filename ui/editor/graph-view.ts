// Rete as a view of the graph. `sync` makes the Rete editor match a graph document (add, remove,
// move, restyle what differs). What the user does in Rete — wiring, moving, selecting — is reported
// through callbacks as graph edits; the graph changes, and the next `sync` finds nothing to do.
import { html } from 'lit';
import { ClassicPreset, NodeEditor } from 'rete';
import { AreaExtensions, AreaPlugin, Drag } from 'rete-area-plugin';
import { ClassicFlow, ConnectionPlugin, getSourceTarget, type SocketData } from 'rete-connection-plugin';
import { LitPlugin, Presets as LitPresets } from '@retejs/lit-plugin';
import { connect, disconnect, type Edit } from '../../graph/edits';
import type { NodeDefinition } from '../../nodes/define';
import type { GraphDocument, GraphFrame, GraphLink, GraphNode } from '../../graph/types';
import { FrameLayer } from './frame-layer';
import type { NodeCatalog } from '../../nodes/catalog';
import { viewDefinition } from '../model/group-definition';
import { borderDefinition, GROUP_IN_TYPE, GROUP_OUT_TYPE } from '../model/group-border';
import { dragState } from './drag-state';
import { MINIMAP_HEIGHT, MINIMAP_WIDTH, SinewMinimap } from './minimap';
import { LayoutSocketPositions } from './socket-positions';
import { ContainerSize } from './container-size';
import { Culling } from './culling';
import { IndexedNodeEditor } from './indexed-editor';
import { READABLE_ZOOM, zoomLevelOfDetail } from './level-of-detail';
import { socketColor, SinewNodeElement } from './node-view';
import { drivenParams, linkKey, SinewNode, type NodeState, type Schemes, type SinewSocket, type ViewSocketType, type AreaExtra } from './schemes';

export interface GraphViewHost {
  /** Wires the user made or broke, as one step. */
  linked(edits: Edit[]): void;
  /** Nodes the user dragged, with where they ended up; `label` names the step when it is not a node drag (a frame's). */
  moved(moves: [string, [number, number]][], label?: string): void;
  selected(ids: string[]): void;
  contextMenu(event: MouseEvent, target: { kind: 'root' } | { kind: 'node'; id: string } | { kind: 'link'; edit: Edit }): void;
  /** A wire the user tried to make was refused; `why` says so in a sentence. */
  refused(why: string): void;
  /** A frame's label or colour edited in its header. */
  frameChanged(frame: GraphFrame): void;
  /** A wire dropped on empty space: offer nodes that take it. */
  droppedWire(from: { node: string; socket: string; side: 'input' | 'output'; type: ViewSocketType }, event: PointerEvent): void;
}

const MIN_ZOOM = 0.15;
const MAX_ZOOM = 2;

export class GraphView {
  readonly editor: NodeEditor<Schemes> = new IndexedNodeEditor();
  readonly area: AreaPlugin<Schemes, AreaExtra>;
  private readonly connection: ConnectionPlugin<Schemes, AreaExtra> | undefined;
  private readonly selector = AreaExtensions.selector();
  private readonly selectable: ReturnType<typeof AreaExtensions.selectableNodes>;
  private syncing = 0;
  private accumulate = false;
  private moves = new Map<string, [number, number]>();
  private pendingLinks: Edit[] = [];
  /** Set when a wire was refused, so the drop that ends its drag opens no add menu. */
  private refusedDrop = false;
  private picking: SocketData | undefined;
  private lastSelection = '';
  private queue: Promise<void> = Promise.resolve();
  private arranging = false;
  private pressed = false;
  private selecting = 0;
  /** Which nodes and wires are drawn in full (only those on screen, on a large graph). */
  readonly culling: Culling;
  /** The area's size in pixels, observed (reading it would force a layout). */
  private readonly size: ContainerSize;

  constructor(
    readonly container: HTMLElement,
    private readonly host: GraphViewHost,
    private readonly catalog: NodeCatalog,
    readonly readonly: boolean,
  ) {
    this.area = new AreaPlugin<Schemes, AreaExtra>(container);
    const render = new LitPlugin<Schemes, AreaExtra>();
    render.addPreset(LitPresets.classic.setup({
      socketPositionWatcher: new LayoutSocketPositions(() => this.editor),
      customize: {
        node: (ctx) => ({ emit }) => html`<sinew-node .data=${ctx.payload} .emit=${emit}></sinew-node>`,
        socket: (ctx) => () => html`<sinew-socket .data=${ctx.payload}></sinew-socket>`,
        connection: (ctx) => ({ path }) => html`<sinew-wire data-link=${`${ctx.payload.source}.${ctx.payload.sourceOutput}>${ctx.payload.target}.${ctx.payload.targetInput}`} .path=${path} .color=${this.wireColor(ctx.payload)} .invalid=${!this.typesMatch(ctx.payload)}></sinew-wire>`,
      },
    }));

    this.editor.use(this.area);
    // Before the render plugin: it decides which render signals reach it.
    this.size = new ContainerSize(container, () => {
      this.culling.schedule();
      this.scheduleMinimap();
    });
    this.culling = new Culling(this.area, this.editor, container, this.size, (c) => this.wireColor(c));
    this.culling.install();
    this.area.use(render);
    if (!readonly) {
      this.connection = new ConnectionPlugin<Schemes, AreaExtra>();
      this.connection.addPreset(() => new ClassicFlow({
        canMakeConnection: (from, to) => this.canConnect(from, to),
      }));
      this.area.use(this.connection);
    }

    this.keepOrder();
    // Rete hears pointerup on the whole window, and its node selection clears on a click it saw no
    // press for: a click in the 3D view that selected nodes would unselect them at once (the very
    // first one, before any press in the editor). A release elsewhere, with no wire in hand, is not
    // the editor's click. (Added before selectableNodes so its pipe never sees it.)
    this.area.addPipe((ctx) => {
      if (ctx?.type === 'pointerup' && !this.picking) {
        const ev = ctx.data?.event as PointerEvent | undefined;
        if (ev && !ev.composedPath().includes(container)) return undefined;
      }
      return ctx;
    });
    this.selectable = AreaExtensions.selectableNodes(this.area, this.selector, { accumulating: { active: () => this.accumulate } });
    // Left-drag on empty space draws a selection box (see the editor); middle or right drag pans.
    this.area.area.setDragHandler(new Drag({ down: (e) => e.pointerType !== 'mouse' || e.button === 1 || e.button === 2, move: () => true }));
    this.installPipes();
    this.frameLayer = new FrameLayer((f) => { host.frameChanged(f); }, readonly, {
      start: (f) => { this.startFrameDrag(f); },
      move: (f, dx, dy) => { this.moveFrame(f, dx, dy); },
      end: (f) => { this.endFrameDrag(f); },
    });
    this.area.area.content.holder.prepend(this.frameLayer.element);
    this.culling.frameLayer = this.frameLayer;
    this.minimap = document.createElement('sinew-minimap') as SinewMinimap;
    this.minimap.panBy = (dx, dy) => { this.panByMap(dx, dy); };
    this.minimap.centerAt = (x, y) => { this.centerOnMap(x, y); };
    container.appendChild(this.minimap);
  }

  /**
   * Rete's simpleNodesOrder (a picked node on top, a new wire under everything), for elements in
   * the DOM only: culling keeps most of them out, and Rete's reorder rejects a promise for each
   * one it cannot find — 3,480 unhandled rejections on opening the 2,000-node graph, which Chromium
   * reported for 1.3 s after the open. A culled element is placed when it is mounted.
   */
  private keepOrder(): void {
    const content = this.area.area.content;
    this.area.addPipe((ctx) => {
      if (!ctx || typeof ctx !== 'object' || !('type' in ctx)) return ctx;
      if (ctx.type === 'nodepicked') {
        const view = this.area.nodeViews.get(ctx.data.id);
        if (view && content.holder.contains(view.element)) void content.reorder(view.element, null);
      } else if (ctx.type === 'connectioncreated') {
        const view = this.area.connectionViews.get(ctx.data.id);
        if (view && content.holder.contains(view.element)) void content.reorder(view.element, content.holder.firstChild);
      }
      return ctx;
    });
  }

  // ----- frames -----

  private readonly frameLayer: FrameLayer;
  private frames: readonly GraphFrame[] = [];
  /** The links last synced, for auto layout. */
  private links: readonly GraphLink[] = [];
  private framesFrame = 0;

  /** Where a dragged frame's nodes were when the drag began. */
  private frameDragFrom = new Map<string, { x: number; y: number }>();

  private startFrameDrag(frame: GraphFrame): void {
    // The selector would drag the selection along with a picked node moved here.
    this.selector.release();
    this.moves.clear();
    this.frameDragFrom = new Map(frame.nodes.flatMap((id) => {
      const p = this.area.nodeViews.get(id)?.position;
      return p ? [[id, { x: p.x, y: p.y }] as const] : [];
    }));
  }

  /** Moves the frame's nodes by a screen distance from where they were at the press. */
  private moveFrame(_frame: GraphFrame, dx: number, dy: number): void {
    const k = this.area.area.transform.k;
    for (const [id, p] of this.frameDragFrom) void this.area.translate(id, { x: p.x + dx / k, y: p.y + dy / k });
  }

  /** The whole drag is one step: every node of the frame where it ended up. */
  private endFrameDrag(frame: GraphFrame): void {
    this.frameDragFrom.clear();
    if (this.moves.size === 0) return;
    const moves = [...this.moves];
    this.moves.clear();
    this.host.moved(moves, `Move frame "${frame.label}"`);
  }

  /** Redraws the frames on the next frame (at most once a frame), after nodes moved. */
  private scheduleFrames(): void {
    if (this.framesFrame || this.frames.length === 0) return;
    this.framesFrame = requestAnimationFrame(() => {
      this.framesFrame = 0;
      this.drawFrames();
    });
  }

  private drawFrames(): void {
    this.frameLayer.draw(this.frames, (id) => {
      const n = this.editor.getNode(id);
      const p = this.area.nodeViews.get(id)?.position;
      return n && p ? { x: p.x, y: p.y, w: n.width, h: n.height } : undefined;
    });
  }

  // ----- minimap -----

  private readonly minimap: SinewMinimap;
  private minimapFrame = 0;
  /** Map pixels per area unit, and the area point at the map's corner, from the last draw. */
  private mapScale = 1;
  private mapOrigin = { x: 0, y: 0 };

  /** Redraws the minimap on the next frame (at most once a frame). */
  private scheduleMinimap(): void {
    if (this.minimapFrame) return;
    this.minimapFrame = requestAnimationFrame(() => {
      this.minimapFrame = 0;
      this.drawMinimap();
    });
  }

  /** Bumped whenever a node moves, appears, goes or is restyled: the minimap's boxes are stale. */
  private nodesVersion = 0;
  private mapKey = '';

  private drawMinimap(): void {
    const t = this.area.area.transform;
    const view = { x: -t.x / t.k, y: -t.y / t.k, w: this.size.width / t.k, h: this.size.height / t.k };
    const boxes: { x: number; y: number; w: number; h: number; selected?: boolean }[] = [];
    for (const n of this.editor.getNodes()) {
      const p = this.area.nodeViews.get(n.id)?.position;
      if (p) boxes.push({ x: p.x, y: p.y, w: n.width, h: n.height, selected: n.selected });
    }
    const all = [...boxes, view];
    const x1 = Math.min(...all.map((b) => b.x));
    const y1 = Math.min(...all.map((b) => b.y));
    const x2 = Math.max(...all.map((b) => b.x + b.w));
    const y2 = Math.max(...all.map((b) => b.y + b.h));
    const pad = 8;
    const scale = Math.min((MINIMAP_WIDTH - 2 * pad) / Math.max(1, x2 - x1), (MINIMAP_HEIGHT - 2 * pad) / Math.max(1, y2 - y1));
    // Centre the content in the map.
    const ox = x1 - (MINIMAP_WIDTH / scale - (x2 - x1)) / 2;
    const oy = y1 - (MINIMAP_HEIGHT / scale - (y2 - y1)) / 2;
    this.mapScale = scale;
    this.mapOrigin = { x: ox, y: oy };
    const toMap = (b: { x: number; y: number; w: number; h: number }) => ({ x: (b.x - ox) * scale, y: (b.y - oy) * scale, w: b.w * scale, h: b.h * scale });
    // Panning inside the graph moves only the view frame: keep the boxes (thousands on a large
    // graph) as they are, so the map does not redraw them every frame.
    const key = `${scale} ${ox} ${oy} ${this.nodesVersion}`;
    if (key !== this.mapKey) {
      this.mapKey = key;
      this.minimap.nodes = boxes.map((b) => ({ ...toMap(b), selected: b.selected }));
    }
    this.minimap.viewport = toMap(view);
  }

  private panByMap(dx: number, dy: number): void {
    const t = this.area.area.transform;
    void this.area.area.translate(t.x - (dx / this.mapScale) * t.k, t.y - (dy / this.mapScale) * t.k);
  }

  private centerOnMap(x: number, y: number): void {
    const t = this.area.area.transform;
    const ax = x / this.mapScale + this.mapOrigin.x;
    const ay = y / this.mapScale + this.mapOrigin.y;
    void this.area.area.translate(this.size.width / 2 - ax * t.k, this.size.height / 2 - ay * t.k);
  }

  private installPipes(): void {
    this.editor.addPipe((ctx) => {
      if (this.syncing) return ctx;
      if (ctx.type === 'connectioncreate') {
        if (this.readonly || !this.typesMatch(ctx.data)) return undefined; // refused while dragging
      } else if (ctx.type === 'connectioncreated') {
        const c = ctx.data;
        this.queueLink(connect({ node: c.source, socket: c.sourceOutput }, { node: c.target, socket: c.targetInput }));
      } else if (ctx.type === 'connectionremoved') {
        const c = ctx.data;
        this.queueLink(disconnect({ node: c.source, socket: c.sourceOutput }, { node: c.target, socket: c.targetInput }));
      }
      return ctx;
    });

    this.area.addPipe((ctx) => {
      if (!ctx || typeof ctx !== 'object' || !('type' in ctx)) return ctx;
      switch (ctx.type) {
        case 'zoom':
          if (ctx.data.zoom < MIN_ZOOM || ctx.data.zoom > MAX_ZOOM) return undefined;
          break;
        case 'pointerdown':
          this.accumulate = ctx.data.event.ctrlKey || ctx.data.event.metaKey || ctx.data.event.shiftKey;
          this.pressed = true;
          break;
        case 'nodetranslate':
          if (this.readonly && !this.syncing) return undefined;
          break;
        case 'nodetranslated':
          if (!this.syncing && !this.arranging) this.moves.set(ctx.data.id, [ctx.data.position.x, ctx.data.position.y]);
          this.scheduleFrames();
          break;
        case 'nodedragged':
          // The selector keeps the last picked node "picked", and would drag the selection along
          // whenever that node is moved later (by undo, say); a drag ends here, so let go of it.
          this.selector.release();
          this.flushMoves();
          break;
        case 'nodepicked':
          setTimeout(() => { this.reportSelection(); }, 0);
          break;
        case 'pointerup':
          // Rete hears pointerup on the whole window; only a press that began here selects.
          if (this.pressed) setTimeout(() => { this.reportSelection(); }, 0);
          this.pressed = false;
          break;
        case 'contextmenu': {
          const e: MouseEvent = ctx.data.event;
          e.preventDefault();
          e.stopPropagation();
          const c = ctx.data.context;
          if (c === 'root') this.host.contextMenu(e, { kind: 'root' });
          else if (c instanceof SinewNode) this.host.contextMenu(e, { kind: 'node', id: c.id });
          else if (c && 'sourceOutput' in c) this.host.contextMenu(e, { kind: 'link', edit: disconnect({ node: c.source, socket: c.sourceOutput }, { node: c.target, socket: c.targetInput }) });
          return undefined;
        }
      }
      return ctx;
    });

    this.connection?.addPipe((ctx) => {
      if (ctx.type === 'connectionpick') {
        this.picking = ctx.data.socket;
        dragState.set(this.socketType(ctx.data.socket));
      } else if (ctx.type === 'connectiondrop') {
        const initial: SocketData | undefined = ctx.data.initial;
        this.picking = undefined;
        dragState.set(undefined);
        // The pick and the drop are one gesture: wires broken at the pick and made at the drop are one undo step.
        setTimeout(() => { this.flushLinks(); }, 0);
        // A refused wire ends its drag by dropping it: that drop is not a request for a node.
        const refused = this.refusedDrop;
        this.refusedDrop = false;
        if (initial && !refused && !ctx.data.socket && !ctx.data.created && this.lastPointer) {
          this.host.droppedWire({ node: initial.nodeId, socket: initial.key, side: initial.side, type: this.socketType(initial) }, this.lastPointer);
        }
      }
      return ctx;
    });
    this.area.addPipe((ctx) => {
      const type = ctx?.type;
      if (type === 'pointerup' || type === 'pointermove') this.lastPointer = ctx.data.event;
      if (type === 'nodetranslated' || type === 'nodecreated' || type === 'noderemoved' || (type === 'render' && ctx.data.type === 'node')) this.nodesVersion++;
      if (type === 'zoomed') {
        zoomLevelOfDetail(this.container, this.area.area.transform.k);
        this.applyLite();
      }
      if (type === 'nodetranslated' || type === 'nodecreated' || type === 'noderemoved' || type === 'translated' || type === 'zoomed' || type === 'resized' || (type === 'render' && ctx.data.type === 'node')) {
        this.scheduleMinimap();
      }
      return ctx;
    });
    this.editor.addPipe((ctx) => {
      if (ctx.type === 'nodecreated' || ctx.type === 'noderemoved') {
        this.nodesVersion++;
        this.scheduleMinimap();
      }
      return ctx;
    });
  }

  private lastPointer: PointerEvent | undefined;
  /** Whether nodes are drawn without their fields (see SinewNode.lite). */
  private lite = false;

  /** Large graphs below the readable zoom: nodes drop the fields level of detail hides. */
  private applyLite(): void {
    const lite = this.culling.active && this.area.area.transform.k < READABLE_ZOOM;
    if (lite === this.lite) return;
    this.lite = lite;
    for (const n of this.editor.getNodes()) n.lite = lite;
    // Rete hands a drawn node the same payload, which Lit does not see as a change: ask.
    for (const el of this.container.querySelectorAll<SinewNodeElement>('sinew-node')) el.requestUpdate();
  }

  private queueLink(edit: Edit): void {
    this.pendingLinks.push(edit);
    if (!this.picking) setTimeout(() => { this.flushLinks(); }, 0);
  }

  private flushLinks(): void {
    if (this.picking || this.pendingLinks.length === 0) return;
    const edits = this.pendingLinks;
    this.pendingLinks = [];
    this.host.linked(edits);
  }

  private flushMoves(): void {
    if (this.moves.size === 0) return;
    const moves = [...this.moves];
    this.moves.clear();
    this.host.moved(moves);
  }

  private socketOf(s: SocketData): SinewSocket | undefined {
    const node = this.editor.getNode(s.nodeId);
    const port = s.side === 'input' ? node?.inputs[s.key] : node?.outputs[s.key];
    return port?.socket;
  }

  private socketType(s: SocketData): ViewSocketType {
    return this.socketOf(s)?.type ?? 'unknown';
  }

  private canConnect(from: SocketData, to: SocketData): boolean {
    if (from.nodeId === to.nodeId && from.side === to.side && from.key === to.key) return false; // released where pressed: click-to-wire
    const ends = getSourceTarget(from, to);
    const a = this.socketType(from);
    const b = this.socketType(to);
    const ok = Boolean(ends) && ends![0].nodeId !== ends![1].nodeId && a === b && a !== 'unknown';
    if (!ok) {
      // Refused: end the drag rather than leave the wire hanging on the pointer.
      this.refusedDrop = true;
      setTimeout(() => this.connection?.drop(), 0);
      this.host.refused(ends ? `A ${a} output cannot feed a ${b} input.` : from.side === to.side ? `Wires run from an output to an input.` : 'A node cannot feed itself.');
    }
    return ok;
  }

  private typesMatch(c: { source: string; sourceOutput: string; target: string; targetInput: string }): boolean {
    const out = this.editor.getNode(c.source)?.outputs[c.sourceOutput]?.socket;
    const inp = this.editor.getNode(c.target)?.inputs[c.targetInput]?.socket;
    return Boolean(out && inp && out.type === inp.type && out.type !== 'unknown');
  }

  private wireColor(c: { source: string; sourceOutput: string }): string {
    const type = this.editor.getNode(c.source)?.outputs[c.sourceOutput]?.socket.type;
    return socketColor(type ?? 'unknown');
  }

  /** What a node is drawn with: its kind's definition, a group node's interface, or a group border's. */
  private definitionOf(g: GraphNode, graph: GraphDocument) {
    return g.type === GROUP_IN_TYPE || g.type === GROUP_OUT_TYPE ? borderDefinition(g, graph, this.catalog) : viewDefinition(g, graph, this.catalog);
  }

  /** Makes the view match `graph`. Calls are queued, so each sees the previous one finished. */
  sync(graph: GraphDocument, stateOf: (node: GraphNode) => NodeState): Promise<void> {
    this.queue = this.queue.then(() => this.doSync(graph, stateOf)).catch((e: unknown) => { console.warn('sinew: view sync failed', e); });
    return this.queue;
  }

  private async doSync(graph: GraphDocument, stateOf: (node: GraphNode) => NodeState): Promise<void> {
    this.syncing++;
    this.selector.release();
    this.culling.expected = graph.nodes.length;
    try {
      const wanted = new Map(graph.nodes.map((n) => [n.id, n]));
      const wantedLinks = new Map(graph.links.map((l) => [linkKey({ source: l.from.node, sourceOutput: l.from.socket, target: l.to.node, targetInput: l.to.socket }), l]));
      // Links into params (driven params): the node shows each as an input, so a change rebuilds it.
      const linkedInputs = new Map<string, Set<string>>();
      for (const l of graph.links) {
        const set = linkedInputs.get(l.to.node) ?? new Set<string>();
        set.add(l.to.socket);
        linkedInputs.set(l.to.node, set);
      }
      const drivenOf = (g: GraphNode, def: NodeDefinition | undefined) => drivenParams(def, linkedInputs.get(g.id));
      const socketsOf = (g: GraphNode) => ({
        inputs: [...new Set(graph.links.filter((l) => l.to.node === g.id).map((l) => l.to.socket))],
        outputs: [...new Set(graph.links.filter((l) => l.from.node === g.id).map((l) => l.from.socket))],
      });
      const stale = (n: SinewNode) => {
        const g = wanted.get(n.id);
        if (!g || g.type !== n.source.type || this.definitionOf(g, graph) !== n.def || (g.collapsed === true) !== n.collapsed) return true;
        if (!n.collapsed) return drivenOf(g, n.def).join(',') !== n.driven.join(',');
        const s = socketsOf(g);
        return `${s.inputs.join(',')}|${s.outputs.join(',')}` !== n.shape;
      };
      for (const c of this.editor.getConnections()) {
        const s = this.editor.getNode(c.source);
        const t = this.editor.getNode(c.target);
        if (!wantedLinks.has(linkKey(c)) || !s || !t || stale(s) || stale(t)) await this.editor.removeConnection(c.id);
      }
      for (const n of this.editor.getNodes()) {
        if (stale(n)) {
          void this.selector.remove({ id: n.id, label: 'node' });
          await this.editor.removeNode(n.id);
        }
      }
      for (const g of graph.nodes) {
        const existing = this.editor.getNode(g.id);
        const state = stateOf(g);
        if (!existing) {
          const def = this.definitionOf(g, graph);
          const node = new SinewNode(g, def, state, def && !g.collapsed ? undefined : socketsOf(g), drivenOf(g, def));
          node.lite = this.lite;
          await this.editor.addNode(node);
          await this.area.translate(node.id, { x: g.position[0], y: g.position[1] });
          continue;
        }
        if (existing.source !== g) {
          const at = this.area.nodeViews.get(g.id)?.position;
          if (!at || at.x !== g.position[0] || at.y !== g.position[1]) await this.area.translate(g.id, { x: g.position[0], y: g.position[1] });
          existing.source = g;
        }
        if (!sameState(existing.state, state)) {
          existing.state = state;
          await this.area.update('node', g.id);
        }
      }
      const have = new Set(this.editor.getConnections().map((c) => linkKey(c)));
      for (const [key, l] of wantedLinks) {
        if (have.has(key)) continue;
        const s = this.editor.getNode(l.from.node);
        const t = this.editor.getNode(l.to.node);
        if (!s || !t || !s.outputs[l.from.socket] || !t.inputs[l.to.socket]) continue;
        await this.editor.addConnection(new ClassicPreset.Connection(s, l.from.socket, t, l.to.socket));
      }
      this.frames = graph.frames ?? [];
      this.links = graph.links;
      this.drawFrames();
      this.applyLite();
      this.culling.refresh();
    } finally {
      this.syncing--;
    }
  }

  /** Selects exactly `ids` (no report back: the caller already knows). */
  async select(ids: readonly string[]): Promise<void> {
    const key = [...ids].sort().join('\n');
    if (key === this.lastSelection) return;
    this.lastSelection = key;
    this.selecting++;
    try {
      await this.selector.unselectAll();
      for (const id of ids) if (this.editor.getNode(id)) await this.selectable.select(id, true);
    } finally {
      this.selecting--;
    }
  }

  selectedIds(): string[] {
    return this.editor.getNodes().filter((n) => n.selected).map((n) => n.id);
  }

  private reportSelection(): void {
    if (this.selecting) return;
    const ids = this.selectedIds();
    const key = [...ids].sort().join('\n');
    if (key === this.lastSelection) return;
    this.lastSelection = key;
    this.host.selected(ids);
  }

  /** Puts the view where a graph file's `view` says: area translation x, y and zoom. */
  async setView(view: { x: number; y: number; zoom: number }): Promise<void> {
    const k = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, view.zoom));
    await this.area.area.zoom(k, 0, 0);
    await this.area.area.translate(view.x, view.y);
  }

  /** Frames `ids` (or every node) in the view. */
  async fit(ids?: readonly string[]): Promise<void> {
    const nodes = (ids?.length ? ids.map((id) => this.editor.getNode(id)).filter((n): n is SinewNode => Boolean(n)) : this.editor.getNodes());
    if (nodes.length === 0) return;
    if (!this.culling.active) {
      // Small graphs: as before (rete's zoomAt, which a zoom below MIN_ZOOM leaves at the old zoom).
      await AreaExtensions.zoomAt(this.area, nodes, { scale: 0.85 });
      const t = this.area.area.transform;
      if (t.k > 1.2) await this.area.area.zoom(1.2, 0, 0);
      return;
    }
    let x1 = Infinity, y1 = Infinity, x2 = -Infinity, y2 = -Infinity;
    for (const n of nodes) {
      const p = this.area.nodeViews.get(n.id)?.position;
      if (!p) continue;
      x1 = Math.min(x1, p.x); y1 = Math.min(y1, p.y);
      x2 = Math.max(x2, p.x + n.width); y2 = Math.max(y2, p.y + n.height);
    }
    if (!Number.isFinite(x1)) return;
    const w = this.size.width;
    const h = this.size.height;
    // rete's zoomAt places the view for a zoom the guard then refuses (below MIN_ZOOM): clamp instead.
    const k = Math.max(MIN_ZOOM, Math.min(1.2, 0.85 * w / Math.max(1, x2 - x1), 0.85 * h / Math.max(1, y2 - y1)));
    await this.area.area.zoom(k, 0, 0);
    await this.area.area.translate(w / 2 - ((x1 + x2) / 2) * k, h / 2 - ((y1 + y2) / 2) * k);
  }

  /** Lays the graph out left to right with ELK; returns the new positions (the caller records them). */
  async arrange(): Promise<[string, [number, number]][]> {
    const nodes = this.editor.getNodes().map((n) => ({ id: n.id, width: n.width, height: n.height }));
    // Loaded on first use, as ELK is large.
    const { layoutGraph } = await import('./layout');
    const placed = await layoutGraph(nodes, this.links, this.frames);
    this.arranging = true;
    try {
      for (const [id, [x, y]] of placed) await this.area.translate(id, { x, y });
    } finally {
      this.arranging = false;
    }
    this.drawFrames();
    return [...placed];
  }

  /** Area coordinates of a point in client (page) pixels. */
  toArea(clientX: number, clientY: number): { x: number; y: number } {
    const r = this.container.getBoundingClientRect();
    const t = this.area.area.transform;
    return { x: (clientX - r.left - t.x) / t.k, y: (clientY - r.top - t.y) / t.k };
  }

  /** Nodes whose box meets the area rectangle. */
  nodesIn(rect: { x1: number; y1: number; x2: number; y2: number }): string[] {
    const out: string[] = [];
    for (const n of this.editor.getNodes()) {
      const p = this.area.nodeViews.get(n.id)?.position;
      if (!p) continue;
      if (p.x < rect.x2 && p.x + n.width > rect.x1 && p.y < rect.y2 && p.y + n.height > rect.y1) out.push(n.id);
    }
    return out;
  }

  destroy(): void {
    cancelAnimationFrame(this.minimapFrame);
    this.size.destroy();
    this.culling.destroy();
    this.area.destroy();
  }
}

function sameState(a: NodeState, b: NodeState): boolean {
  if (a.params !== b.params || a.owners !== b.owners || a.actions !== b.actions || a.readonly !== b.readonly) return false;
  if (a.connected.size !== b.connected.size || [...a.connected].some((k) => !b.connected.has(k))) return false;
  if (a.issues.length !== b.issues.length) return false;
  return a.issues.every((i, k) => i.code === b.issues[k].code && i.message === b.issues[k].message);
}
