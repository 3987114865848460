// <sinew-editor>: the constraint graph on Rete. Every change goes through graph/ edits on the
// session, so undo, redo and autosave see it; Rete only shows the graph and reports gestures.
import { LitElement, css, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { addFrame, addNode, batch, connect, labelOf, moveNode, removeNode, setCollapsed, setFrame, setParam, type Edit } from '../../graph/edits';
import { FRAME_COLORS } from '../../runtime/io/blender/stack-frame';
import { groupSelection, ungroup } from '../../graph/grouping';
import { GROUP_NODE_TYPE, type GraphDocument, type GraphLink, type GraphNode, type JsonValue } from '../../graph/types';
import type { SceneDocument } from '../../runtime/rig/scene/types';
import { actionChoices, ownerChoices, type ActionChoice, type OwnerChoice } from '../model/fields';
import { EmbedApi } from '../model/embed-api';
import type { NodeIssue } from '../model/live-rig';
import type { Session } from '../model/session';
import { baseStyles } from '../theme';
import { GraphView, type GraphViewHost } from './graph-view';
import { inScope, scopeGraph, scopeGroup, type Scope } from './group-scope';
import { borderEdit, touchesBorder, withBorder } from '../model/group-border';
import { HeatMap } from './heat-map';
import { socketUnder, watchId, type WatchKey, type WatchView } from './watches';
import { watchLines } from '../model/watch-value';
import { ownerOfNode, upstreamOfOwner } from '../model/upstream';
import type { NodeCost } from '../../runtime/eval/step-profile';
import type { MenuItem } from './menu';
import { SinewNodeElement } from './node-view';
import type { NodeState, ViewSocketType } from './schemes';

interface OpenMenu {
  x: number;
  y: number;
  /** Where a node added from this menu goes, in area coordinates. */
  at: { x: number; y: number };
  items: MenuItem[];
  searchable: boolean;
  heading: string;
  onPick: (id: string, at: { x: number; y: number }) => void;
}

interface Clip {
  nodes: GraphNode[];
  links: GraphLink[];
}

/** Copy/paste between editors on one page; the system clipboard gets a JSON copy too where allowed. */
let clipboard: Clip | undefined;

const EMPTY_ISSUES: never[] = [];
const EMPTY_SET: ReadonlySet<string> = new Set();

export class SinewEditor extends LitElement {
  static override styles = [baseStyles, css`
    :host { display: block; position: relative; overflow: hidden; min-height: 200px; background: var(--_bg); outline: none; }
    .area {
      position: absolute; inset: 0; overflow: hidden; user-select: none; -webkit-user-select: none;
      background-color: var(--sinew-editor-bg, #1d1f23);
      background-image:
        linear-gradient(var(--sinew-grid, rgba(255, 255, 255, 0.035)) 1px, transparent 1px),
        linear-gradient(90deg, var(--sinew-grid, rgba(255, 255, 255, 0.035)) 1px, transparent 1px);
      background-size: 24px 24px;
    }
    .toolbar { position: absolute; left: 10px; top: 10px; display: flex; gap: 4px; z-index: 5; }
    .toolbar button { background: rgba(36, 39, 44, 0.92); padding: 3px 9px; font-size: 11.5px; }
    .box { position: absolute; border: 1px dashed var(--_accent); background: var(--_accent-soft); pointer-events: none; z-index: 6; }
    .status {
      position: absolute; left: 10px; bottom: 10px; right: 180px; z-index: 5; pointer-events: none;
      display: flex; flex-direction: column; gap: 4px; align-items: flex-start;
    }
    .status .msg { pointer-events: auto; background: rgba(36, 39, 44, 0.95); border: 1px solid var(--_border); border-left: 3px solid var(--_danger); border-radius: 4px; padding: 4px 8px; max-width: 100%; }
    .status .msg.note { border-left-color: var(--_warning); }
    .crumbs { position: absolute; left: 10px; top: 40px; z-index: 5; display: flex; gap: 6px; align-items: center; font-size: 12px; color: var(--_muted); }
    .crumbs button { background: rgba(36, 39, 44, 0.92); padding: 2px 8px; font-size: 11.5px; }
    .crumbs .here { color: var(--_text); font-weight: 600; }
    .sinew-frames { position: absolute; left: 0; top: 0; width: 0; height: 0; pointer-events: none; }
    .sinew-frame {
      position: absolute; border-radius: 8px; pointer-events: none;
      background: color-mix(in srgb, var(--frame-color) 22%, transparent); border: 1px solid color-mix(in srgb, var(--frame-color) 70%, transparent);
    }
    .sinew-frame-header { position: absolute; left: 8px; right: 8px; top: 4px; height: 22px; display: flex; gap: 6px; align-items: center; pointer-events: auto; }
    .sinew-frame-header input:not([type]) { flex: 1; min-width: 0; background: transparent; border: 1px solid transparent; color: #f1f3f5; font-weight: 600; font-size: 13px; padding: 1px 4px; }
    .sinew-frame-header:not(.readonly), .sinew-frame-header input:not([type]):not(:focus):not(:disabled) { cursor: grab; }
    .sinew-frame-header input:not([type]):hover, .sinew-frame-header input:not([type]):focus { border-color: var(--_border); background: rgba(0, 0, 0, 0.25); }
    .sinew-frame-header input[type='color'] { width: 22px; height: 18px; padding: 0; border: none; background: none; }
    .empty-hint { position: absolute; inset: 0; display: grid; place-items: center; color: var(--_muted); pointer-events: none; font-size: 13px; text-align: center; white-space: nowrap; }
    .profiler { position: absolute; right: 10px; top: 10px; z-index: 5; width: 300px; }
    .toolbar button[aria-pressed=true] { border-color: var(--_accent); color: var(--_accent); }
    kbd { font-family: var(--_mono); font-size: 11px; border: 1px solid var(--_border); border-radius: 3px; padding: 0 4px; background: var(--_panel); }
  `];

  /** Where the graph is fetched from (a `.sinew.json` URL). */
  @property() src: string | undefined;
  /** Shows the graph without letting it be changed. */
  @property({ type: Boolean, reflect: true }) readonly = false;
  /** Shows the toolbar (add, fit, layout). */
  @property({ type: Boolean, attribute: 'no-toolbar' }) noToolbar = false;

  @state() private menu: OpenMenu | undefined;
  @state() private box: { x1: number; y1: number; x2: number; y2: number } | undefined;
  @state() private globalErrors: string[] = [];
  @state() private nodeCount = 0;
  @state() private note = '';
  /** The group being edited (Tab enters a selected group node and leaves again), or undefined. */
  @state() scope: Scope = undefined;
  /** Profiler mode: the heat map on the nodes and the list of the costliest. */
  @state() private profiling = false;
  @state() private costs: readonly NodeCost[] = [];
  @state() private profilePasses = 0;
  private heatMap: HeatMap | undefined;
  /** The socket under the pointer (its live value in a card) and the pinned watches. */
  @state() private hoverWatch: (WatchView & { x: number; y: number }) | undefined;
  @state() private pinnedWatches: WatchView[] = [];
  private noteTimer: ReturnType<typeof setTimeout> | undefined;

  readonly api: EmbedApi = new EmbedApi(this);
  private view: GraphView | undefined;
  private viewReadonly = false;
  private unsubscribe: (() => void)[] = [];
  private boundSession: Session | undefined;
  private owners: OwnerChoice[] = [];
  private actions: ActionChoice[] = [];
  /** The scene `owners` and `actions` were listed from: the same lists while it stays, so nodes are not redrawn. */
  private ownersScene: SceneDocument | undefined;
  private pointer: { x: number; y: number } | undefined;
  private rightDown: { x: number; y: number } | undefined;
  private rightMoved = false;

  /** The session this editor shows; one is made if none is given. Share it to link views. */
  get session(): Session {
    return this.api.session;
  }
  set session(s: Session) {
    this.api.session = s;
    this.bind();
  }

  // The embedding API: see EmbedApi.
  get graph(): GraphDocument { return this.api.graph; }
  set graph(g: GraphDocument) { this.api.graph = g; }
  get scene(): SceneDocument | undefined { return this.api.scene; }
  set scene(s: SceneDocument | undefined) { this.api.scene = s; }
  load(json: string | object) { return this.api.load(json); }
  save(): string { return this.api.save(); }
  evaluate(frame?: number) { return this.api.evaluate(frame); }
  undo() { this.session.undo(); }
  redo() { this.session.redo(); }

  override connectedCallback() {
    super.connectedCallback();
    if (!this.hasAttribute('tabindex')) this.tabIndex = 0;
    this.addEventListener('keydown', this.onKeyDown);
    // Rete handles presses on nodes without letting the browser move focus; take it, so the keys
    // that follow (Delete, Ctrl+Z) come here. Form controls keep their own focus.
    this.addEventListener('pointerdown', this.takeFocus, { capture: true });
    this.addEventListener('pointerdown', this.dropHoverCard, { capture: true });
    this.addEventListener('field-input', this.onFieldInput as EventListener);
    this.addEventListener('field-change', this.onFieldChange as EventListener);
    this.addEventListener('pick-owner', this.onPickOwner as EventListener);
    this.bind();
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this.removeEventListener('keydown', this.onKeyDown);
    this.removeEventListener('pointerdown', this.takeFocus, { capture: true });
    this.removeEventListener('pointerdown', this.dropHoverCard, { capture: true });
    this.removeEventListener('field-input', this.onFieldInput as EventListener);
    this.removeEventListener('field-change', this.onFieldChange as EventListener);
    this.unsubscribe.forEach((u) => { u(); });
    this.unsubscribe = [];
    this.boundSession = undefined;
    this.setProfiling(false);
  }

  override render() {
    return html`
      <div class="area" part="canvas" @pointerdown=${this.onAreaPointerDown} @pointermove=${this.onAreaPointerMove}
        @pointerup=${this.onAreaPointerUp} @dblclick=${this.onDblClick}></div>
      ${this.noToolbar ? nothing : html`<div class="toolbar" part="editor-toolbar">
        ${this.readonly ? nothing : html`<button data-testid="add-node" title="Add a node (Tab or right-click)" @click=${this.openAddMenuFromButton}>Add</button>`}
        <button data-testid="fit" title="Frame all nodes (Home)" @click=${() => this.fit()}>Fit</button>
        ${this.readonly ? nothing : html`<button data-testid="arrange" title="Lay out the graph left to right" @click=${() => this.arrange()}>Auto layout</button>`}
        <button data-testid="profile" aria-pressed=${this.profiling ? 'true' : 'false'} title="Measure each node's time per frame: a heat map and the costliest nodes" @click=${() => { this.setProfiling(!this.profiling); }}>Profile</button>
      </div>`}
      ${this.scope !== undefined ? html`<div class="crumbs" data-testid="breadcrumb">
        <button data-testid="leave-group" title="Back to the graph (Tab)" @click=${() => { this.leaveGroup(); }}>Graph</button> ›
        <span class="here">${scopeGroup(this.session.graph, this.scope)?.label ?? this.scope}</span>
      </div>` : nothing}
      ${this.profiling ? html`<sinew-profiler class="profiler" part="profiler" .costs=${this.costs} .passes=${this.profilePasses}
          @profiler-pick=${(e: CustomEvent<string>) => { this.session.select([e.detail]); void this.fit(true); }}></sinew-profiler>` : nothing}
      <sinew-watches .hover=${this.hoverWatch} .pinned=${this.pinnedWatches}
        @watch-pin=${(e: CustomEvent<WatchKey>) => { this.pinWatch(e.detail); }}
        @watch-unpin=${(e: CustomEvent<WatchKey>) => { this.unpinWatch(e.detail); }}></sinew-watches>
      ${this.box ? html`<div class="box" style=${this.boxStyle()}></div>` : nothing}
      ${this.nodeCount === 0 && !this.readonly ? html`<div class="empty-hint" data-testid="empty-hint">The graph is empty: press <kbd>Tab</kbd> or right-click to add a node.</div>` : nothing}
      ${this.globalErrors.length || this.note ? html`<div class="status" part="editor-status">
        ${this.globalErrors.map((m) => html`<div class="msg">${m}</div>`)}
        ${this.note ? html`<div class="msg note" data-testid="editor-note">${this.note}</div>` : nothing}
      </div>` : nothing}
      ${this.menu ? html`<sinew-menu style="left:${this.menu.x}px;top:${this.menu.y}px" .items=${this.menu.items} ?searchable=${this.menu.searchable}
          .heading=${this.menu.heading} @menu-pick=${this.onMenuPick} @menu-close=${this.closeMenu}></sinew-menu>` : nothing}
    `;
  }

  override firstUpdated() {
    // After this update: making the view sets state, and Lit prefers that in a later update.
    void this.updateComplete.then(() => { this.makeView(); });
    if (this.src) void this.api.fetchSrc(this.src);
  }

  override updated(changed: Map<string, unknown>) {
    if (changed.has('src') && changed.get('src') !== undefined && this.src) void this.api.fetchSrc(this.src);
    if (changed.has('readonly')) {
      this.session.readonly = this.readonly;
      if (this.view && this.viewReadonly !== this.readonly) this.makeView();
    }
  }

  private makeView() {
    const container = this.renderRoot.querySelector<HTMLElement>('.area');
    if (!container) return;
    if (this.view) {
      this.view.destroy();
      container.replaceChildren();
    }
    this.viewReadonly = this.readonly;
    this.session.readonly = this.readonly;
    this.view = new GraphView(container, this.viewHost, this.session.catalog, this.readonly);
    void this.syncView().then(() => this.openView());
  }

  private bind() {
    if (!this.isConnected || this.boundSession === this.api.session) return;
    this.unsubscribe.forEach((u) => { u(); });
    const s = this.api.session;
    this.boundSession = s;
    this.unsubscribe = [
      s.on('graph', (e) => {
        void this.syncView().then(() => { if (e.detail.reason === 'load') void this.openView(); });
      }),
      s.on('scene', () => void this.syncView()),
      s.on('pose', () => { this.refreshWatches(); }),
      s.on('selection', (e) => void this.view?.select(e.detail.nodes)?.then(() => { this.markUpstream(); })),
    ];
    if (this.view) void this.syncView().then(() => this.openView());
  }

  /** The owner whose upstream is marked: the one picked in the 3D view, or one owner node selected alone. */
  get tracedOwner(): string | undefined {
    const s = this.session;
    return s.selectedOwner ?? (s.selection.length === 1 ? ownerOfNode(s.graph, s.selection[0]) : undefined);
  }

  /** Redraws nodes whose selection changed; marks every node and wire upstream of the traced owner (and dims the rest). */
  private markUpstream(): void {
    const owner = this.tracedOwner;
    const up = owner === undefined ? undefined : upstreamOfOwner(this.session.graph, owner);
    const on = up !== undefined && up.nodes.size > 0;
    const selected = new Set(this.session.selection);
    for (const el of this.renderRoot.querySelectorAll<SinewNodeElement>('sinew-node')) {
      const id = el.data?.id ?? '';
      // Rete hands a node view the same payload when only `selected` changed, which Lit does not
      // see as a change: a selection made elsewhere (the 3D view) must ask for the redraw.
      if (el.classList.contains('selected') !== selected.has(id)) el.requestUpdate();
      el.toggleAttribute('data-upstream', on && up.nodes.has(id));
      el.toggleAttribute('data-dimmed', on && !up.nodes.has(id));
    }
    for (const el of deepQueryAll(this.renderRoot, 'sinew-wire')) {
      const key = el.getAttribute('data-link') ?? '';
      el.toggleAttribute('data-upstream', on && up.links.has(key));
      el.toggleAttribute('data-dimmed', on && !up.links.has(key));
    }
  }

  /** A watch's current lines: the socket's live value in the session's program. */
  private watchView(w: WatchKey): WatchView {
    const v = this.session.rig.program?.socketValue(w.nodeId, w.side, w.socket);
    return { ...w, lines: v ? watchLines(v.type, v.view) : [] };
  }

  /** Keeps a socket's value in view while the frame changes. */
  pinWatch(w: WatchKey): void {
    if (this.pinnedWatches.some((p) => watchId(p) === watchId(w))) return;
    this.pinnedWatches = [...this.pinnedWatches, this.watchView({ nodeId: w.nodeId, side: w.side, socket: w.socket })];
  }

  unpinWatch(w: WatchKey): void {
    this.pinnedWatches = this.pinnedWatches.filter((p) => watchId(p) !== watchId(w));
  }

  /** After each evaluation: the values watched now. */
  private refreshWatches(): void {
    if (this.pinnedWatches.length) this.pinnedWatches = this.pinnedWatches.map((w) => this.watchView(w));
    const h = this.hoverWatch;
    if (h) this.hoverWatch = { ...this.watchView(h), x: h.x, y: h.y };
  }

  /** Shows the value of the socket under the pointer; the card stays while the pointer is near it. */
  private hoverSocket(e: PointerEvent): void {
    const key = socketUnder(e.composedPath());
    const h = this.hoverWatch;
    if (key) {
      if (!h || watchId(h) !== watchId(key)) this.hoverWatch = { ...this.watchView(key), x: e.clientX, y: e.clientY };
    } else if (h && Math.hypot(e.clientX - h.x, e.clientY - h.y) > 48) {
      this.hoverWatch = undefined;
    }
  }

  /** Switches the profiler mode on or off (the runtime measures nothing while it is off). */
  setProfiling(on: boolean): void {
    if (on === this.profiling) return;
    this.profiling = on;
    if (on) {
      this.heatMap = new HeatMap(this.session, this.renderRoot, (costs, passes) => { this.costs = costs; this.profilePasses = passes; });
      this.heatMap.start();
    } else {
      this.heatMap?.stop();
      this.heatMap = undefined;
    }
  }

  /** Brings the Rete view in line with the session's graph. Resolves when it is drawn. */
  async syncView(): Promise<void> {
    const s = this.session;
    // An undo can take away the group being edited: then the graph is shown again.
    if (this.scope !== undefined && scopeGroup(s.graph, this.scope) === undefined) this.scope = undefined;
    const inside = scopeGroup(s.graph, this.scope);
    // Inside a group its border is drawn too: Group In and Group Out, wired across.
    const graph = inside ? withBorder(scopeGraph(s.graph, this.scope), inside) : scopeGraph(s.graph, this.scope);
    if (s.scene !== this.ownersScene) {
      this.ownersScene = s.scene;
      this.owners = ownerChoices(s.scene);
      this.actions = actionChoices(s.scene);
    }
    const connected = new Map<string, Set<string>>();
    for (const l of graph.links) {
      const set = connected.get(l.to.node) ?? new Set<string>();
      set.add(l.to.socket);
      connected.set(l.to.node, set);
    }
    this.nodeCount = graph.nodes.length;
    this.globalErrors = s.rig.errors.filter((e) => e.code !== 'no-scene' || s.graph.nodes.length > 0).map((e) => e.message);
    const readonly = this.readonly;
    const stateOf = (n: GraphNode): NodeState => ({
      params: n.params,
      issues: n.type === GROUP_NODE_TYPE ? innerIssues(s.rig.issues, n.id) : s.rig.issues.get(n.id) ?? EMPTY_ISSUES,
      owners: this.owners,
      actions: this.actions,
      connected: connected.get(n.id) ?? EMPTY_SET,
      readonly,
    });
    await this.view?.sync(graph, stateOf);
    await this.view?.select(s.selection);
    this.markUpstream();
  }

  /**
   * The view a graph opens in: the one its file saved (`view`), else every node framed. The
   * default view (0, 0, zoom 1) is what files without a saved view carry, so it frames too.
   */
  async openView(): Promise<void> {
    const v = this.session.graph.view;
    const x = v?.x ?? 0, y = v?.y ?? 0, zoom = v?.zoom ?? 1;
    if (x !== 0 || y !== 0 || zoom !== 1) await this.view?.setView({ x, y, zoom });
    else await this.fit();
  }

  /** Where the view is now (area translation and zoom), as a graph file's `view`; undefined before it is drawn. */
  currentView(): { x: number; y: number; zoom: number } | undefined {
    const t = this.view?.area.area.transform;
    return t ? { x: t.x, y: t.y, zoom: t.k } : undefined;
  }

  /** Frames the selected nodes, or all of them. */
  async fit(selectedOnly = false): Promise<void> {
    await this.view?.fit(selectedOnly ? this.session.selection : undefined);
  }

  /** Lays the graph out with ELK, as one undoable step. */
  async arrange(): Promise<void> {
    if (!this.view || this.readonly || this.shown.nodes.length === 0) return;
    const moves = await this.view.arrange();
    this.perform(batch('Auto layout', moves.map(([id, p]) => moveNode(id, p))));
    await this.fit();
  }

  private perform(edit: Edit) {
    if (this.readonly) return;
    try {
      const inside = scopeGroup(this.session.graph, this.scope);
      // A wire to the group's border is an edit of its interface, not of a node inside.
      if (inside && touchesBorder(edit)) {
        const interfaceEdit = borderEdit(inside, edit, `${labelOf(edit)} in group "${inside.id}"`);
        if (interfaceEdit) this.session.perform(interfaceEdit);
        else void this.syncView(); // a border node moved: it goes back beside the nodes
        return;
      }
      this.session.perform(inScope(this.scope, edit));
    } catch (e) {
      this.api.reportError('edit', [{ code: 'edit-failed', pointer: '', message: e instanceof Error ? e.message : String(e) }]);
    }
  }

  private readonly viewHost: GraphViewHost = {
    linked: (edits) => { this.perform(edits.length === 1 ? edits[0] : batch('Rewire', edits)); },
    moved: (moves, label) => { this.perform(moves.length === 1 && !label ? moveNode(moves[0][0], moves[0][1]) : batch(label ?? `Move ${moves.length} nodes`, moves.map(([id, p]) => moveNode(id, p)))); },
    selected: (ids) => { this.session.select(ids); },
    contextMenu: (event, target) => {
      if (this.rightMoved) return; // the right button panned the view
      if (target.kind === 'root') this.openAddMenu(event.clientX, event.clientY);
      else if (target.kind === 'node') this.openNodeMenu(event.clientX, event.clientY, target.id);
      else if (!this.readonly) {
        this.openMenu(event.clientX, event.clientY, { items: [{ id: 'disconnect', label: 'Disconnect' }], searchable: false, heading: 'Link', onPick: () => { this.perform(target.edit); } });
      }
    },
    droppedWire: (from, event) => { this.openAddMenu(event.clientX, event.clientY, from); },
    refused: (why) => { this.flash(why); },
    frameChanged: (frame) => { this.perform(setFrame(frame)); },
  };

  /** A short-lived note at the bottom of the editor. */
  private flash(text: string) {
    this.note = text;
    clearTimeout(this.noteTimer);
    this.noteTimer = setTimeout(() => { this.note = ''; }, 2600);
  }

  // ----- menus -----

  private openMenu(clientX: number, clientY: number, m: Omit<OpenMenu, 'x' | 'y' | 'at'>) {
    const r = this.getBoundingClientRect();
    const at = this.view?.toArea(clientX, clientY) ?? { x: 0, y: 0 };
    const x = Math.max(4, Math.min(clientX - r.left, r.width - 266));
    const y = Math.max(4, Math.min(clientY - r.top, r.height - (m.searchable ? 440 : 40 + 28 * m.items.length)));
    this.menu = { ...m, x, y, at };
  }

  /** The searchable add-node menu; with `from`, only nodes that take that wire, and the new node is wired. */
  openAddMenu(clientX?: number, clientY?: number, from?: { node: string; socket: string; side: 'input' | 'output'; type: ViewSocketType }) {
    if (this.readonly) return;
    const r = this.getBoundingClientRect();
    const cx = clientX ?? this.pointer?.x ?? r.left + r.width / 2;
    const cy = clientY ?? this.pointer?.y ?? r.top + r.height / 2;
    const items: MenuItem[] = [];
    const defs = [...this.session.catalog.values()].sort((a, b) => a.category.localeCompare(b.category) || a.label.localeCompare(b.label));
    for (const d of defs) {
      if (from) {
        const side = from.side === 'output' ? d.inputs : d.outputs;
        if (!Object.values(side).some((s) => s.type === from.type)) continue;
      }
      items.push({ id: d.type, label: d.label, group: d.category, doc: d.doc, keywords: d.type });
    }
    this.openMenu(cx, cy, {
      items, searchable: true, heading: from ? `Add a node taking ${from.type}` : 'Add node',
      onPick: (type, at) => this.addNodeAt(type, at, from),
    });
  }

  private openAddMenuFromButton = (e: MouseEvent) => {
    const b = (e.currentTarget as HTMLElement).getBoundingClientRect();
    this.openAddMenu(b.left, b.bottom + 4);
  };

  private openNodeMenu(clientX: number, clientY: number, id: string) {
    if (!this.session.selection.includes(id)) this.session.select([id]);
    const ro = this.readonly;
    this.openMenu(clientX, clientY, {
      heading: this.session.selection.length > 1 ? `${this.session.selection.length} nodes` : id,
      searchable: false,
      items: [
        { id: 'duplicate', label: 'Duplicate', shortcut: 'Ctrl+D', disabled: ro },
        { id: 'copy', label: 'Copy', shortcut: 'Ctrl+C' },
        { id: 'delete', label: 'Delete', shortcut: 'Del', disabled: ro },
        { id: 'frame', label: 'Frame selected', shortcut: 'F' },
        { id: 'group', label: 'Group', shortcut: 'Ctrl+G', disabled: ro || this.scope !== undefined },
        { id: 'join-frame', label: 'Put in a frame', shortcut: 'Ctrl+J', disabled: ro || this.scope !== undefined },
        { id: 'collapse', label: 'Collapse / expand', shortcut: 'H', disabled: ro },
        ...(this.selectedGroupNode() ? [{ id: 'enter', label: 'Edit group', shortcut: 'Tab' }, { id: 'ungroup', label: 'Ungroup', shortcut: 'Ctrl+Alt+G', disabled: ro }] : []),
      ],
      onPick: (cmd) => {
        if (cmd === 'group') this.groupSelected();
        else if (cmd === 'join-frame') this.frameSelected();
        else if (cmd === 'collapse') this.toggleCollapsed();
        else if (cmd === 'enter') this.enterGroup();
        else if (cmd === 'ungroup') this.ungroupSelected();
        else if (cmd === 'duplicate') this.duplicate();
        else if (cmd === 'copy') this.copy();
        else if (cmd === 'delete') this.deleteSelected();
        else if (cmd === 'frame') void this.fit(true);
      },
    });
  }

  private onMenuPick = (e: CustomEvent<string>) => {
    const m = this.menu;
    this.menu = undefined;
    m?.onPick(e.detail, m.at);
    this.focus();
  };

  private closeMenu = () => {
    this.menu = undefined;
    this.focus();
  };

  // ----- edits -----

  /** Adds a node of `type` at `at` (area coordinates); returns its id. */
  addNodeAt(type: string, at: { x: number; y: number }, from?: { node: string; socket: string; side: 'input' | 'output'; type: ViewSocketType }): string | undefined {
    const def = this.session.catalog.get(type);
    if (!def || this.readonly) return undefined;
    const id = this.session.freshId(kebab(def.label));
    const params: Record<string, JsonValue> = {};
    // An owner picked in the viewport is the likely owner of the node added next.
    const owner = this.session.selectedOwner;
    if (def.owner && owner) params[def.owner.param] = owner;
    const node: GraphNode = { id, type, params, position: [Math.round(at.x), Math.round(at.y)] };
    const edits: Edit[] = [addNode(node)];
    if (from) {
      const side = from.side === 'output' ? def.inputs : def.outputs;
      const key = Object.entries(side).find(([, s]) => s.type === from.type)?.[0];
      if (key) {
        edits.push(from.side === 'output'
          ? connect({ node: from.node, socket: from.socket }, { node: id, socket: key })
          : connect({ node: id, socket: key }, { node: from.node, socket: from.socket }));
      }
    }
    this.perform(edits.length === 1 ? edits[0] : batch(`Add node "${id}"`, edits));
    this.session.select([id]);
    return id;
  }

  deleteSelected() {
    const ids = this.session.selection;
    if (!ids.length || this.readonly) return;
    this.perform(ids.length === 1 ? removeNode(ids[0]) : batch(`Delete ${ids.length} nodes`, ids.map((id) => removeNode(id))));
  }

  copy(): Clip | undefined {
    const ids = new Set(this.session.selection);
    if (!ids.size) return undefined;
    const g = this.shown;
    const clip: Clip = {
      nodes: g.nodes.filter((n) => ids.has(n.id)),
      links: g.links.filter((l) => ids.has(l.from.node) && ids.has(l.to.node)),
    };
    clipboard = clip;
    navigator.clipboard?.writeText(JSON.stringify({ format: 'sinew-clipboard', ...clip })).catch(() => {});
    return clip;
  }

  async paste(at?: { x: number; y: number }) {
    let clip = clipboard;
    if (!clip) {
      try {
        const data = JSON.parse((await navigator.clipboard?.readText()) ?? '') as { format?: unknown; nodes?: unknown; links?: unknown } | null;
        if (data?.format === 'sinew-clipboard' && Array.isArray(data.nodes)) clip = { nodes: data.nodes as GraphNode[], links: (data.links ?? []) as GraphLink[] };
      } catch {
        // nothing Sinew can paste
      }
    }
    if (clip) this.insertCopies(clip, at);
  }

  duplicate() {
    const clip = this.copy();
    if (clip) this.insertCopies(clip);
  }

  /** Adds copies of `clip`'s nodes (new ids) and the links among them, selected, as one step. */
  private insertCopies(clip: Clip, at?: { x: number; y: number }) {
    if (this.readonly || clip.nodes.length === 0) return;
    const known = clip.nodes.filter((n) => typeof n.type === 'string' && Array.isArray(n.position));
    const minX = Math.min(...known.map((n) => n.position[0]));
    const minY = Math.min(...known.map((n) => n.position[1]));
    const dx = at ? at.x - minX : 40;
    const dy = at ? at.y - minY : 40;
    const taken = new Set<string>();
    const ids = new Map<string, string>();
    for (const n of known) {
      const id = this.session.freshId(n.id.replace(/-\d+$/, ''), taken);
      taken.add(id);
      ids.set(n.id, id);
    }
    const edits: Edit[] = known.map((n) => addNode({ ...n, id: ids.get(n.id)!, params: structuredClone(n.params), position: [n.position[0] + dx, n.position[1] + dy] }));
    for (const l of clip.links) {
      const a = ids.get(l.from.node);
      const b = ids.get(l.to.node);
      if (a && b) edits.push(connect({ node: a, socket: l.from.socket }, { node: b, socket: l.to.socket }));
    }
    this.perform(batch(`Paste ${known.length} node${known.length > 1 ? 's' : ''}`, edits));
    this.session.select([...ids.values()]);
  }

  selectAll() {
    this.session.select(this.shown.nodes.map((n) => n.id));
  }

  // ----- fields on nodes -----

  private nodeIdOf(e: Event): string | undefined {
    for (const t of e.composedPath()) if (t instanceof SinewNodeElement) return t.data?.id;
    return undefined;
  }

  private onFieldInput = (e: CustomEvent<{ key: string; value: JsonValue }>) => {
    const id = this.nodeIdOf(e);
    if (!id || this.readonly) return;
    this.session.preview(`${this.scope ?? ''}/${id}.${e.detail.key}`, inScope(this.scope, setParam(id, e.detail.key, e.detail.value)));
  };

  private onFieldChange = (e: CustomEvent<{ key: string; value: JsonValue }>) => {
    const id = this.nodeIdOf(e);
    if (!id || this.readonly) return;
    const node = this.shown.nodes.find((n) => n.id === id);
    const same = node && JSON.stringify(node.params[e.detail.key]) === JSON.stringify(e.detail.value);
    if (same) this.session.endGesture();
    else {
      this.session.preview(`${this.scope ?? ''}/${id}.${e.detail.key}`, inScope(this.scope, setParam(id, e.detail.key, e.detail.value)));
      this.session.endGesture();
    }
  };

  /** An owner picked for an unwired target: wire in its Owner node (made if the graph has none), as one step. */
  private onPickOwner = (e: CustomEvent<{ key: string; owner: string }>) => {
    const id = this.nodeIdOf(e);
    const s = this.session;
    const node = id && this.shown.nodes.find((n) => n.id === id);
    const type = node && s.catalog.get(node.type)?.inputs[e.detail.key]?.type;
    if (!node || !type || this.readonly) return;
    const reader = [...s.catalog.values()].find((d) => d.owner?.role === 'read' && Object.values(d.outputs).some((o) => o.type === type));
    const out = reader && Object.entries(reader.outputs).find(([, o]) => o.type === type)?.[0];
    if (!reader || !out) return;
    const param = reader.owner!.param;
    const edits: Edit[] = [];
    let readId = this.shown.nodes.find((n) => n.type === reader.type && n.params[param] === e.detail.owner)?.id;
    if (!readId) {
      readId = s.freshId(kebab(e.detail.owner));
      const inputs = Object.keys(s.catalog.get(node.type)!.inputs);
      const y = node.position[1] + 60 + inputs.indexOf(e.detail.key) * 24;
      edits.push(addNode({ id: readId, type: reader.type, params: { [param]: e.detail.owner }, position: [node.position[0] - 290, Math.round(y)] }));
    }
    edits.push(connect({ node: readId, socket: out }, { node: node.id, socket: e.detail.key }));
    this.perform(batch(`Pick ${e.detail.owner} for ${node.id}.${e.detail.key}`, edits));
  };

  // ----- pointer: box select, context-menu guard -----

  private takeFocus = (e: PointerEvent) => {
    const t = e.composedPath()[0] as HTMLElement | undefined;
    if (t instanceof HTMLElement && t.closest('input, select, textarea, button, sinew-number, sinew-menu')) return;
    if (this.shadowRoot?.activeElement && this.shadowRoot.activeElement.closest('sinew-menu')) return;
    this.focus({ preventScroll: true });
  };

  /**
   * A press ends hovering: the card goes (it follows only an unpressed pointer). Left up, the card
   * of the socket a wire starts from lies beside it and covered the socket the wire was dropped on
   * (Rete finds the drop socket by what is under the pointer). A press on the card itself is its Pin.
   */
  private dropHoverCard = (e: PointerEvent) => {
    if (!this.hoverWatch) return;
    if (e.composedPath().some((t) => t instanceof Element && t.localName === 'sinew-watches')) return;
    this.hoverWatch = undefined;
  };

  private onAreaPointerDown = (e: PointerEvent) => {
    if (e.button === 2) {
      this.rightDown = { x: e.clientX, y: e.clientY };
      this.rightMoved = false;
    }
    if (this.menu) this.menu = undefined;
    if (e.button !== 0 || e.pointerType !== 'mouse' || !this.view) return;
    // Node and socket presses stop propagation inside Rete, so this press is on empty space.
    const p = this.view.toArea(e.clientX, e.clientY);
    this.box = { x1: p.x, y1: p.y, x2: p.x, y2: p.y };
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
  };

  private onAreaPointerMove = (e: PointerEvent) => {
    this.pointer = { x: e.clientX, y: e.clientY };
    if (e.buttons === 0) this.hoverSocket(e);
    if (this.rightDown && Math.hypot(e.clientX - this.rightDown.x, e.clientY - this.rightDown.y) > 4) this.rightMoved = true;
    if (!this.box || !this.view) return;
    const p = this.view.toArea(e.clientX, e.clientY);
    this.box = { ...this.box, x2: p.x, y2: p.y };
  };

  private onAreaPointerUp = (e: PointerEvent) => {
    if (e.button === 2) this.rightDown = undefined;
    const b = this.box;
    this.box = undefined;
    if (!b || !this.view) return;
    const k = this.view.area.area.transform.k;
    if (Math.abs(b.x2 - b.x1) * k < 4 && Math.abs(b.y2 - b.y1) * k < 4) return; // a click: Rete clears the selection
    const rect = { x1: Math.min(b.x1, b.x2), y1: Math.min(b.y1, b.y2), x2: Math.max(b.x1, b.x2), y2: Math.max(b.y1, b.y2) };
    const hit = this.view.nodesIn(rect);
    const keep = e.shiftKey || e.ctrlKey || e.metaKey ? this.session.selection : [];
    this.session.select([...new Set([...keep, ...hit])]);
  };

  private onDblClick = (e: MouseEvent) => {
    if (e.target === e.currentTarget) void this.fit();
  };

  private boxStyle(): string {
    const b = this.box!;
    const t = this.view!.area.area.transform;
    const x = Math.min(b.x1, b.x2) * t.k + t.x;
    const y = Math.min(b.y1, b.y2) * t.k + t.y;
    return `left:${x}px;top:${y}px;width:${Math.abs(b.x2 - b.x1) * t.k}px;height:${Math.abs(b.y2 - b.y1) * t.k}px`;
  }

  // ----- groups -----

  /** The graph as shown: the whole graph, or the inside of the group being edited. */
  private get shown(): GraphDocument {
    return scopeGraph(this.session.graph, this.scope);
  }

  /** The one selected node, when it is a group node in the graph being shown. */
  private selectedGroupNode(): GraphNode | undefined {
    const ids = this.session.selection;
    if (ids.length !== 1) return undefined;
    const node = scopeGraph(this.session.graph, this.scope).nodes.find((n) => n.id === ids[0]);
    return node?.type === GROUP_NODE_TYPE ? node : undefined;
  }

  /** Puts the selected nodes into a new group, one undo step; the group node is selected. */
  groupSelected() {
    if (this.readonly || this.session.selection.length === 0) return;
    if (this.scope !== undefined) { this.flash('Grouping inside a group is not supported yet: leave the group (Tab) first'); return; }
    try {
      const g = groupSelection(this.session.graph, this.session.selection);
      this.perform(g.edit);
      this.session.select([g.nodeId]);
    } catch (e) {
      this.flash(e instanceof Error ? e.message : String(e));
    }
  }

  /** Puts the selected nodes in a new frame (taking them out of any other), one undo step. */
  frameSelected() {
    const ids = this.session.selection;
    if (this.readonly || ids.length === 0 || this.scope !== undefined) return;
    const frames = this.session.graph.frames ?? [];
    const taken = new Set(frames.map((f) => f.id));
    let n = frames.length + 1;
    while (taken.has(`frame-${n}`)) n++;
    const chosen = new Set(ids);
    const leaving = frames.filter((f) => f.nodes.some((id) => chosen.has(id))).map((f) => setFrame({ ...f, nodes: f.nodes.filter((id) => !chosen.has(id)) }));
    this.perform(batch('Put in a frame', [...leaving, addFrame({ id: `frame-${n}`, label: 'Frame', color: FRAME_COLORS[frames.length % FRAME_COLORS.length], nodes: [...ids] })]));
  }

  /** Collapses the selected nodes to their linked sockets, or expands them if all are collapsed. */
  toggleCollapsed() {
    const chosen = new Set(this.session.selection);
    const nodes = this.shown.nodes.filter((n) => chosen.has(n.id));
    if (this.readonly || nodes.length === 0) return;
    const collapse = !nodes.every((n) => n.collapsed === true);
    this.perform(batch(collapse ? 'Collapse' : 'Expand', nodes.map((n) => setCollapsed(n.id, collapse))));
  }

  /** Puts the selected group node's nodes back in its place, one undo step. */
  ungroupSelected() {
    const node = this.selectedGroupNode();
    if (this.readonly || !node || this.scope !== undefined) return;
    this.perform(ungroup(this.session.graph, node.id));
    this.session.select([]);
  }

  /** Shows the selected group node's definition; edits there change every node using it. */
  enterGroup() {
    const node = this.selectedGroupNode();
    if (!node?.group || !scopeGroup(this.session.graph, node.group)) return;
    this.scope = node.group;
    this.session.select([]);
    void this.syncView().then(() => this.fit());
  }

  leaveGroup() {
    if (this.scope === undefined) return;
    const left = this.scope;
    this.scope = undefined;
    const user = this.session.graph.nodes.find((n) => n.group === left);
    this.session.select(user ? [user.id] : []);
    void this.syncView().then(() => this.fit());
  }

  // ----- keyboard, scoped to this element -----

  private onKeyDown = (e: KeyboardEvent) => {
    if (isTyping(e) || this.menu) return;
    const mod = e.ctrlKey || e.metaKey;
    const key = e.key.toLowerCase();
    let handled = true;
    if (mod && e.altKey && key === 'g') this.ungroupSelected();
    else if (mod && key === 'g') this.groupSelected();
    else if (mod && key === 'j') this.frameSelected();
    else if (!mod && key === 'h') this.toggleCollapsed();
    else if (!mod && key === 'tab' && (this.selectedGroupNode() || this.scope !== undefined)) {
      if (this.selectedGroupNode()) this.enterGroup();
      else this.leaveGroup();
    }
    else if (mod && key === 'z' && !e.shiftKey) this.session.undo();
    else if ((mod && key === 'z' && e.shiftKey) || (mod && key === 'y')) this.session.redo();
    else if (mod && key === 'c') this.copy();
    else if (mod && key === 'x') { this.copy(); this.deleteSelected(); }
    else if (mod && key === 'v') void this.paste(this.pointer && this.view?.toArea(this.pointer.x, this.pointer.y));
    else if ((mod && key === 'd') || (e.shiftKey && key === 'd')) this.duplicate();
    else if (mod && key === 'a') this.selectAll();
    else if (mod) handled = false;
    else if (key === 'tab' || (e.shiftKey && key === 'a')) this.openAddMenu();
    else if (key === 'delete' || key === 'backspace' || key === 'x') this.deleteSelected();
    else if (key === 'home') void this.fit();
    else if (key === 'f') void this.fit(this.session.selection.length > 0);
    else if (key === 'escape') this.session.select([]);
    else if (key === 'p' && this.hoverWatch) this.pinWatch(this.hoverWatch);
    else handled = false;
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  };
}

/** A group node shows the problems of the nodes inside it (flattened ids `<group node>/<inner>`). */
function innerIssues(issues: ReadonlyMap<string, readonly NodeIssue[]>, groupNode: string): readonly NodeIssue[] {
  const prefix = `${groupNode}/`;
  const found: NodeIssue[] = [...(issues.get(groupNode) ?? [])];
  for (const [id, list] of issues) if (id.startsWith(prefix)) found.push(...list.map((i) => ({ ...i, message: `${id.slice(prefix.length)}: ${i.message}` })));
  return found.length > 0 ? found : EMPTY_ISSUES;
}

/** `Owner In` → `owner-in`: new node ids read like the node's name. */
function kebab(label: string): string {
  return label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'node';
}

/** Whether a key press is meant for a text field, not for the editor. */
export function isTyping(e: KeyboardEvent): boolean {
  const t = e.composedPath()[0] as HTMLElement | undefined;
  if (!t || !(t instanceof HTMLElement)) return false;
  const tag = t.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT' || t.isContentEditable) return true;
  if (tag === 'INPUT') {
    const type = (t as HTMLInputElement).type;
    return !['checkbox', 'radio', 'range', 'button'].includes(type);
  }
  return false;
}

/** Elements named `tag` under `root`, inside shadow roots too (Rete wraps each wire in one). */
function deepQueryAll(root: ParentNode, tag: string): HTMLElement[] {
  const out: HTMLElement[] = [];
  const walk = (r: ParentNode) => {
    for (const el of r.querySelectorAll<HTMLElement>('*')) {
      if (el.localName === tag) out.push(el);
      if (el.shadowRoot && el.localName !== tag && el.localName !== 'sinew-node') walk(el.shadowRoot);
    }
  };
  walk(root);
  return out;
}
