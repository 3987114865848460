// How a node, a socket and a wire look. One template for every node kind: title and colour from the
// definition's category, sockets coloured by type, one field per param and per unconnected input.
// Sockets are rendered through <rete-ref>, so Rete can find them for wiring.
import { LitElement, css, html, nothing, svg } from 'lit';
import { property, state } from 'lit/decorators.js';
import { fieldValue } from '../model/fields';
import { SOCKET_COLORS, baseStyles, categoryColor } from '../theme';
import { dragState } from './drag-state';
import { eagerOptions } from './lazy-options';
import { HEADER_HEIGHT, NODE_WIDTH, ROW_HEIGHT, type SinewNode, type SinewSocket, type ViewSocketType } from './schemes';

type Emit = (signal: unknown) => void;

export function socketColor(type: ViewSocketType): string {
  return type === 'unknown' ? '#6b7078' : SOCKET_COLORS[type];
}

export class SinewNodeElement extends LitElement {
  static override styles = [baseStyles, css`
    :host { display: block; width: ${NODE_WIDTH}px; user-select: none; -webkit-user-select: none; }
    .node {
      position: relative; width: 100%;
      background: var(--sinew-node-bg, rgba(40, 43, 48, 0.97));
      border: 1px solid var(--sinew-node-border, #121417);
      border-radius: 7px;
      box-shadow: 0 4px 14px rgba(0, 0, 0, 0.35);
      padding-bottom: 10px;
      cursor: default;
    }
    :host(.selected) .node, .node.selected { border-color: var(--sinew-node-selected, #ffffff); box-shadow: 0 0 0 1px var(--sinew-node-selected, #ffffff), 0 4px 16px rgba(0, 0, 0, 0.45); }
    .node.error { border-color: var(--_danger); }
    /* Upstream of the selected owner: marked; the rest dimmed. */
    :host([data-upstream]) .node { outline: 2px solid var(--sinew-upstream, #ffd166); outline-offset: 2px; }
    :host([data-dimmed]) .node { opacity: 0.4; }
    /* Profiler mode: a ring in the node's heat (set by HeatMap on the host). */
    :host([data-heat]) .node { box-shadow: 0 0 0 3px var(--sinew-heat), 0 4px 14px rgba(0, 0, 0, 0.35); }
    .node.error.selected { box-shadow: 0 0 0 1px var(--_danger), 0 4px 16px rgba(0, 0, 0, 0.45); }
    .node.inactive { opacity: 0.72; }
    header {
      height: ${HEADER_HEIGHT}px; display: flex; align-items: center; gap: 6px; padding: 0 10px;
      border-radius: 6px 6px 0 0; color: #f1f3f5; font-weight: 600; font-size: 12.5px; cursor: grab;
    }
    header .title { flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-size: var(--sinew-title-size, 12.5px); }
    /* Zoomed out (level-of-detail.ts): title and sockets only; rows keep their height. */
    header .id, header .badge, .row .label, .row sinew-field, .row.more, .pick, .unknown { visibility: var(--sinew-lod-text, visible); }
    header .id { font-weight: 400; font-size: 11px; opacity: 0.65; max-width: 40%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    .badge { flex: none; min-width: 18px; height: 18px; border-radius: 9px; display: grid; place-items: center; font-size: 11px; font-weight: 700; padding: 0 5px; }
    .badge.error { background: var(--_danger); color: white; }
    .badge.warning { background: var(--_warning); color: #1b1d21; }
    .row { position: relative; height: ${ROW_HEIGHT}px; display: flex; align-items: center; padding: 0 14px; }
    .row.out { justify-content: flex-end; }
    .row .label { color: var(--_text); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    .row.in .label { color: var(--_text); }
    .row sinew-field { flex: 1; min-width: 0; }
    .socket { position: absolute; top: 50%; width: 14px; height: 14px; margin-top: -7px; display: block; }
    .socket.out { right: -7px; }
    .socket.in { left: -7px; }
    .pick { margin-left: auto; width: 76px; height: 19px; font-size: 11px; padding: 0 2px; color: var(--_muted); background: transparent; border-color: transparent; }
    .pick:hover, .pick:focus { border-color: var(--_border); color: var(--_text); background: var(--_field); }
    .row.more { color: var(--_muted); font-size: 11px; font-style: italic; }
    .unknown { color: var(--_warning); padding: 4px 14px; line-height: 18px; }
  `];

  @property({ attribute: false }) data!: SinewNode;
  @property({ attribute: false }) emit: Emit | null = null;
  /** The "pick…" menus hold every owner (see lazy-options.ts): set once one is reached for. */
  @state() private allPickOptions = false;

  override connectedCallback() {
    super.connectedCallback();
    // So a page can style nodes as `sinew-editor::part(node)`.
    this.setAttribute('exportparts', 'node, node-header');
  }

  override render() {
    const n = this.data;
    if (!n) return nothing;
    const st = n.state;
    const errors = st.issues.filter((i) => i.severity === 'error');
    const warnings = st.issues.filter((i) => i.severity === 'warning');
    const inactive = warnings.some((w) => w.code === 'inactive');
    const cls = ['node', n.selected ? 'selected' : '', errors.length ? 'error' : '', inactive ? 'inactive' : ''].join(' ');
    this.classList.toggle('selected', Boolean(n.selected));
    const headerColor = n.def ? categoryColor(n.def.category) : '#5a4a2a';
    const issueText = [...errors, ...warnings].map((i) => i.message).join('\n');
    return html`<div class=${cls} part="node" data-node-id=${n.id} data-node-type=${n.source.type}>
      <header style="background:${headerColor}" part="node-header" title=${n.def?.doc ?? ''}>
        <span class="title">${n.label}</span>
        ${n.id !== n.source.type.slice(n.source.type.lastIndexOf('/') + 1) ? html`<span class="id">${n.id}</span>` : nothing}
        ${errors.length ? html`<span class="badge error" data-testid="node-error" title=${issueText}>!</span>`
          : warnings.length ? html`<span class="badge warning" data-testid="node-warning" title=${issueText}>${inactive ? '–' : '!'}</span>` : nothing}
      </header>
      ${Object.entries(n.outputs).map(([key, out]) => out && html`<div class="row out" data-testid="output-${key}">
        <span class="label" title=${out.socket.doc}>${out.label}</span>
        <span class="socket out">${this.socketRef('output', key, out.socket)}</span>
      </div>`)}
      ${n.paramFields.map((f) => html`<div class="row">
        ${n.lite ? nothing : html`<sinew-field compact .field=${f} .value=${fieldValue(st.params, f)} .owners=${st.owners} .actions=${st.actions} ?disabled=${st.readonly}></sinew-field>`}
      </div>`)}
      ${n.hiddenParams ? html`<div class="row more" title="Select the node to edit every param in the inspector">+ ${n.hiddenParams} more params in the inspector</div>` : nothing}
      ${Object.entries(n.inputs).map(([key, inp]) => {
        if (!inp) return nothing;
        const f = n.inputFields.get(key);
        const connected = st.connected.has(key);
        const inline = f && !connected;
        // A target, pole, curve or space left unwired can be picked from the scene here.
        const pickable = !n.lite && !connected && !st.readonly && n.def?.constraint && key !== 'owner' && (inp.socket.type === 'transform' || inp.socket.type === 'curve');
        return html`<div class="row in" data-testid="input-${key}">
          <span class="socket in">${this.socketRef('input', key, inp.socket)}</span>
          ${inline
            ? (n.lite ? nothing : html`<sinew-field compact .field=${f} .value=${fieldValue(st.params, f)} ?disabled=${st.readonly}></sinew-field>`)
            : html`<span class="label" title=${inp.socket.doc}>${inp.label}</span>`}
          ${pickable ? this.picker(key, inp.socket.type) : nothing}
        </div>`;
      })}
      ${n.def ? nothing : html`<div class="unknown">This version of Sinew does not know “${n.source.type}”. It is kept as it is.</div>`}
    </div>`;
  }

  /** A menu of the scene's owners that wires the chosen one into input `key`. */
  private picker(key: string, type: ViewSocketType) {
    const all = this.data.state.owners;
    const lazy = !this.allPickOptions && !eagerOptions(all.length);
    const owners = lazy ? [] : all.filter((o) => type !== 'curve' || o.objectType === 'CURVE');
    const want = lazy ? this.wantPickOptions : undefined;
    const pick = (e: Event) => {
      const select = e.target as HTMLSelectElement;
      const owner = select.value;
      select.value = '';
      if (owner) this.dispatchEvent(new CustomEvent('pick-owner', { detail: { key, owner }, bubbles: true, composed: true }));
    };
    return html`<select class="pick" data-testid="pick-${key}" title="Pick an object or bone to wire in" @change=${pick}
      @pointerdown=${(e: Event) => { e.stopPropagation(); want?.(); }} @pointerenter=${want} @focus=${want} @keydown=${want}>
      <option value="">pick…</option>
      ${owners.map((o) => html`<option value=${o.id}>${o.kind === 'bone' ? `${o.group}/${o.label}` : o.id}</option>`)}
    </select>`;
  }

  /** Renders every owner in the "pick…" menus now, before one can open (a microtask would be late). */
  private wantPickOptions = () => {
    if (this.allPickOptions) return;
    this.allPickOptions = true;
    this.performUpdate();
  };

  private socketRef(side: 'input' | 'output', key: string, socket: SinewSocket) {
    return html`<rete-ref .data=${{ type: 'socket', side, key, nodeId: this.data.id, payload: socket }} .emit=${this.emit}></rete-ref>`;
  }
}

/** A socket: a dot in its type's colour; dimmed while a wire of another type is being dragged. */
export class SinewSocketElement extends LitElement {
  static override styles = css`
    :host { display: block; width: 14px; height: 14px; }
    .dot {
      width: 14px; height: 14px; border-radius: 50%; box-sizing: border-box;
      border: 2px solid rgba(15, 16, 18, 0.9); cursor: crosshair;
      transition: transform 80ms ease-out, opacity 80ms;
    }
    .dot:hover { transform: scale(1.25); }
    .dot.incompatible { opacity: 0.2; }
    .dot.compatible { box-shadow: 0 0 0 2px rgba(255, 255, 255, 0.55); }
  `;

  @property({ attribute: false }) data: SinewSocket | null = null;
  private unsubscribe: (() => void) | undefined;

  override connectedCallback() {
    super.connectedCallback();
    this.unsubscribe = dragState.subscribe(() => { this.requestUpdate(); });
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this.unsubscribe?.();
  }

  override render() {
    const type = this.data?.type ?? 'unknown';
    const dragging = dragState.type;
    const state = dragging === undefined ? '' : dragging === type ? 'compatible' : 'incompatible';
    return html`<div class="dot ${state}" data-socket-type=${type} title=${`${type}${this.data?.doc ? ` — ${this.data.doc}` : ''}`}
      style="background:${socketColor(type)}"></div>`;
  }
}

/** A wire, coloured by the type it carries. */
export class SinewWireElement extends LitElement {
  static override styles = css`
    svg { overflow: visible !important; position: absolute; pointer-events: none; width: 9999px; height: 9999px; }
    path { fill: none; stroke-width: 3px; pointer-events: auto; }
    :host([data-upstream]) path { stroke-width: 5px; filter: drop-shadow(0 0 3px var(--sinew-upstream, #ffd166)); }
    :host([data-dimmed]) path { opacity: 0.25; }
    path.invalid { stroke: var(--sinew-danger, #ef5b52) !important; stroke-dasharray: 7 5; }
  `;

  @property({ attribute: false }) path = '';
  @property({ attribute: false }) color = '#a8a8a8';
  /** A wire whose ends have different types (from a file): drawn red and dashed. */
  @property({ attribute: false }) invalid = false;

  override render() {
    return html`<svg data-testid="connection">${svg`<path class=${this.invalid ? 'invalid' : ''} d=${this.path} style="stroke:${this.color}"></path>`}</svg>`;
  }
}
