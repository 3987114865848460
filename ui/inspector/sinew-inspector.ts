// <sinew-inspector>: the selected node in full — what it does, every param with its doc, range and
// unit, its inputs and what feeds them, and its problems (type errors, cycles, inactive).
import { LitElement, css, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { setParam } from '../../graph/edits';
import type { GraphNode, JsonValue } from '../../graph/types';
import { instanceDefinition, variadicCount } from '../../nodes/define';
import { actionChoices, fieldValue, fieldsOf, humanize, ownerChoices, type ActionChoice, type Field, type OwnerChoice } from '../model/fields';
import { setItemCount } from '../model/variadic-edits';
import { shownUnit } from '../model/units';
import type { Session } from '../model/session';
import { SessionRefresh } from '../model/session-refresh';
import { socketColor } from '../editor/node-view';
import { baseStyles, categoryColor } from '../theme';
import { paramText } from '../../graph/param-text';

/** What the scene offers the pickers of owner and action params. */
interface SceneChoices {
  owners: readonly OwnerChoice[];
  actions: readonly ActionChoice[];
}

export class SinewInspector extends LitElement {
  static override styles = [baseStyles, css`
    :host { display: block; overflow: auto; background: var(--_panel); }
    .pad { padding: 12px 14px; }
    h2 { margin: 0; font-size: 14px; font-weight: 600; display: flex; align-items: center; gap: 8px; }
    .chip { font-size: 10.5px; font-weight: 500; padding: 1px 7px; border-radius: 8px; color: #eef0f3; }
    .sub { color: var(--_muted); font-family: var(--_mono); font-size: 11px; margin-top: 3px; }
    .doc { color: var(--_text); opacity: 0.85; line-height: 1.5; margin: 8px 0 0; }
    h3 { margin: 16px 0 6px; font-size: 10.5px; text-transform: uppercase; letter-spacing: 0.07em; color: var(--_muted); font-weight: 600; }
    .field { margin-bottom: 10px; }
    .items { display: flex; gap: 6px; align-items: center; margin: 8px 0; }
    .items span { flex: 1; }
    .field .meta { display: flex; justify-content: space-between; gap: 8px; color: var(--_muted); font-size: 11px; margin-top: 3px; line-height: 1.4; }
    .field .meta .range { white-space: nowrap; font-family: var(--_mono); }
    .input { display: flex; align-items: flex-start; gap: 8px; margin-bottom: 8px; }
    .dot { width: 10px; height: 10px; border-radius: 50%; margin-top: 3px; flex: none; border: 1px solid rgba(0, 0, 0, 0.6); }
    .input .body { flex: 1; min-width: 0; }
    .input .name { font-weight: 500; }
    .input .from { font-family: var(--_mono); font-size: 11px; color: var(--_accent); }
    .input .note { color: var(--_muted); font-size: 11px; line-height: 1.4; }
    .issue { border-radius: 4px; padding: 6px 8px; margin-top: 8px; line-height: 1.45; border-left: 3px solid; background: rgba(255, 255, 255, 0.03); }
    .issue.error { border-color: var(--_danger); }
    .issue.warning { border-color: var(--_warning); }
    .issue b { text-transform: capitalize; }
    .empty { color: var(--_muted); line-height: 1.6; }
    .object { padding: 10px 14px; border-bottom: 1px solid var(--_border); }
    .object label { display: flex; align-items: center; gap: 8px; }
    .object input { flex: 1; min-width: 0; }
    ul { margin: 6px 0 0; padding-left: 18px; color: var(--_muted); }
  `];

  @property({ attribute: false }) session: Session | undefined;
  /** Why the last rename was refused, shown under the name until the next try. */
  @state() private renameError = '';

  constructor() {
    super();
    new SessionRefresh(this, ['graph', 'selection', 'scene']);
  }

  override connectedCallback() {
    super.connectedCallback();
    this.addEventListener('field-input', this.onFieldInput as EventListener);
    this.addEventListener('field-change', this.onFieldChange as EventListener);
  }

  override render() {
    const s = this.session;
    if (!s) return nothing;
    return html`${this.renderObject(s)}${this.renderSelection(s)}`;
  }

  private renderSelection(s: Session) {
    const sel = s.selection;
    if (sel.length === 0) return this.renderNothingSelected();
    if (sel.length > 1) {
      return html`<div class="pad"><h2>${sel.length} nodes selected</h2><ul>${sel.map((id) => html`<li>${id}</li>`)}</ul></div>`;
    }
    const node = s.graph.nodes.find((n) => n.id === sel[0]);
    return node ? this.renderNode(s, node) : nothing;
  }

  /** The object picked in the 3D view, with its name to edit: a rename is one undo step, nodes naming it follow. */
  private renderObject(s: Session) {
    const name = s.selectedOwner;
    const object = name ? s.scene?.objects.find((o) => o.name === name) : undefined;
    if (!object) return nothing;
    return html`<div class="object" data-testid="inspector-object">
      <label>${humanize(object.type.toLowerCase())}
        <input data-testid="object-name" .value=${object.name} ?disabled=${s.readonly} aria-label="Object name"
          @change=${(e: Event) => { this.rename(object.name, e.target as HTMLInputElement); }}
          @keydown=${(e: KeyboardEvent) => { if (e.key === 'Enter') (e.target as HTMLInputElement).blur(); }}>
      </label>
      ${this.renameError ? html`<div class="issue error" data-testid="rename-error">${this.renameError}</div>` : nothing}
    </div>`;
  }

  private rename(from: string, input: HTMLInputElement) {
    const to = input.value.trim();
    this.renameError = '';
    if (to === from) return;
    try {
      this.session?.renameObject(from, to);
    } catch (e) {
      this.renameError = `Not renamed: ${e instanceof Error ? e.message : String(e)}.`;
      input.value = from;
    }
  }

  private renderNothingSelected() {
    const s = this.session!;
    const errors = [...s.rig.issues.values()].flat().filter((i) => i.severity === 'error').length;
    return html`<div class="pad empty" data-testid="inspector-empty">
      <h2 style="color:var(--_text)">Inspector</h2>
      <p>Select a node to see its params, their docs and ranges, and any problems.
      Click an owner in the 3D view to select the nodes that drive it.</p>
      <p>${s.graph.nodes.length} nodes, ${s.graph.links.length} links${errors ? html`, <span style="color:var(--_danger)">${errors} with errors</span>` : nothing}.</p>
    </div>`;
  }

  private renderNode(s: Session, node: GraphNode) {
    const kind = s.catalog.get(node.type);
    // A variadic node (Armature) shows the inputs its count gives it.
    const def = kind && instanceDefinition(kind, node.params);
    const issues = s.rig.issues.get(node.id) ?? [];
    const choices: SceneChoices = { owners: ownerChoices(s.scene), actions: actionChoices(s.scene) };
    const readonly = s.readonly;
    if (!def) {
      return html`<div class="pad" data-testid="inspector"><h2>${node.id}</h2><div class="sub">${node.type}</div>
        <div class="issue warning"><b>Unknown node type.</b> This version of Sinew does not know “${node.type}”; the node and its params are kept as they are and saved unchanged.</div></div>`;
    }
    const fields = fieldsOf(def);
    const inputFields = new Map(fields.filter((f) => f.socket).map((f) => [f.key, f]));
    const params = fields.filter((f) => !f.socket);
    const linksIn = new Map(s.graph.links.filter((l) => l.to.node === node.id).map((l) => [l.to.socket, l]));
    return html`<div class="pad" data-testid="inspector" data-node-id=${node.id}>
      <h2><span>${def.label}</span><span class="chip" style="background:${categoryColor(def.category)}">${def.category}</span></h2>
      <div class="sub">${node.id} · ${node.type}</div>
      <p class="doc">${def.doc}</p>
      ${issues.map((i) => html`<div class="issue ${i.severity}" data-testid="inspector-issue"><b>${i.severity === 'error' ? humanize(i.code).toLowerCase() : i.code === 'inactive' ? 'inactive' : humanize(i.code).toLowerCase()}:</b> ${i.message}</div>`)}
      ${node.type === 'driver/driver' && (node.params?.type ?? 'SUM') === 'SCRIPTED' ? html`<h3>Expression</h3>
        <sinew-driver-expression .expression=${paramText(node.params?.expression)} .variables=${paramText(node.params?.variables)} ?disabled=${readonly}></sinew-driver-expression>` : nothing}
      ${params.length ? html`<h3>Params</h3>${params.map((f) => this.renderField(f, node, choices, readonly))}` : nothing}
      ${def.variadic ? this.renderItemButtons(s, node, readonly) : nothing}
      ${Object.keys(def.inputs).length ? html`<h3>Inputs</h3>${Object.entries(def.inputs).map(([key, spec]) => {
        const link = linksIn.get(key);
        const f = inputFields.get(key);
        return html`<div class="input">
          <span class="dot" style="background:${socketColor(spec.type)}" title=${spec.type}></span>
          <div class="body">
            <div class="name">${humanize(key)} <span class="note">${spec.type}${spec.required ? ', required' : ''}</span></div>
            ${link ? html`<div class="from">← ${link.from.node}.${link.from.socket}</div>`
              : f ? this.renderField(f, node, choices, readonly, true)
              : html`<div class="note">${spec.required ? 'Not connected: the node is inactive until it is.' : 'Not connected.'}</div>`}
            ${spec.doc && !(f && !link) ? html`<div class="note">${spec.doc}</div>` : nothing}
          </div></div>`;
      })}` : nothing}
      ${Object.keys(def.outputs).length ? html`<h3>Outputs</h3>${Object.entries(def.outputs).map(([key, spec]) => html`<div class="input">
          <span class="dot" style="background:${socketColor(spec.type)}"></span>
          <div class="body"><div class="name">${humanize(key)} <span class="note">${spec.type}</span></div>${spec.doc ? html`<div class="note">${spec.doc}</div>` : nothing}</div></div>`)}` : nothing}
    </div>`;
  }

  /** Add / Remove for a variadic node's list (one undoable step each; Remove drops the last item's links). */
  private renderItemButtons(s: Session, node: GraphNode, readonly: boolean) {
    const kind = s.catalog.get(node.type)!;
    const count = variadicCount(kind, node.params);
    const spec = kind.params[kind.variadic!.param];
    const max = spec.kind === 'int' ? spec.max ?? Infinity : Infinity;
    const min = spec.kind === 'int' ? spec.min ?? 0 : 0;
    const change = (to: number) => {
      const edit = setItemCount(s.graph, node.id, kind, to);
      if (edit) s.perform(edit);
    };
    const label = (spec.label ?? humanize(kind.variadic!.param)).toLowerCase();
    return html`<div class="items" data-testid="inspector-items">
      <span>${count} ${label}</span>
      <button data-testid="inspector-item-add" ?disabled=${readonly || count >= max} @click=${() => { change(count + 1); }}>Add</button>
      <button data-testid="inspector-item-remove" ?disabled=${readonly || count <= min} @click=${() => { change(count - 1); }}>Remove last</button>
    </div>`;
  }

  private renderField(f: Field, node: GraphNode, choices: SceneChoices, readonly: boolean, bare = false) {
    const range = rangeText(f);
    return html`<div class="field" data-testid="inspector-field-${f.key}">
      <sinew-field .field=${f} .value=${fieldValue(node.params, f)} .owners=${choices.owners} .actions=${choices.actions} ?disabled=${readonly} data-node-id=${node.id}></sinew-field>
      <div class="meta"><span>${bare ? '' : f.doc}${bare && f.doc ? f.doc : ''}</span>${range ? html`<span class="range">${range}</span>` : nothing}</div>
    </div>`;
  }

  private onFieldInput = (e: CustomEvent<{ key: string; value: JsonValue }>) => {
    const s = this.session;
    const id = s?.selection[0];
    if (!s || !id || s.selection.length !== 1) return;
    s.preview(`${id}.${e.detail.key}`, this.editOf(s, id, e.detail.key, e.detail.value));
  };

  private onFieldChange = (e: CustomEvent<{ key: string; value: JsonValue }>) => {
    const s = this.session;
    const id = s?.selection[0];
    if (!s || !id || s.selection.length !== 1) return;
    s.preview(`${id}.${e.detail.key}`, this.editOf(s, id, e.detail.key, e.detail.value));
    s.endGesture();
  };

  /** A field's edit; a variadic node's count also drops the links and values of the items it removes. */
  private editOf(s: Session, id: string, key: string, value: JsonValue) {
    const node = s.graph.nodes.find((n) => n.id === id);
    const kind = node && s.catalog.get(node.type);
    if (kind?.variadic?.param === key && typeof value === 'number') return setItemCount(s.graph, id, kind, value) ?? setParam(id, key, value);
    return setParam(id, key, value);
  }
}

/** "0 – 1", "≥ 0 m", "-180 – 180 °": what a value may be, as the inspector prints it. */
function rangeText(f: Field): string {
  const u = shownUnit(f.unit);
  const unit = u.label ? ` ${u.label}` : '';
  const n = (v: number | undefined) => String(Math.round(u.toShown(v!) * 1000) / 1000);
  const has = (v: number | undefined) => v !== undefined && Number.isFinite(v);
  if (has(f.min) && has(f.max)) return `${n(f.min)} – ${n(f.max)}${unit}`;
  if (has(f.min)) return `≥ ${n(f.min)}${unit}`;
  if (has(f.max)) return `≤ ${n(f.max)}${unit}`;
  if (f.kind === 'choice') return `${f.options?.length ?? 0} choices`;
  return u.label;
}
