// One editable value of a node, drawn from its Field: a slider, a number, a toggle, a menu, a picker
// of the scene's owners or actions, or a vector. Used on the nodes and in the inspector alike. Emits
// `field-input` while a value is being dragged and `field-change` when it is settled, each with
// `{ key, value }`.
import { LitElement, css, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { JsonValue } from '../../graph/types';
import { optionLabel, type ActionChoice, type Field, type OwnerChoice } from '../model/fields';
import { shownUnit } from '../model/units';
import { baseStyles } from '../theme';
import { eagerOptions } from './lazy-options';
import { paramText } from '../../graph/param-text';

export class SinewField extends LitElement {
  static override styles = [baseStyles, css`
    :host { display: block; }
    .row { display: flex; align-items: center; gap: 6px; min-height: 20px; }
    .name { color: var(--_muted); flex: 0 0 auto; max-width: 45%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    select, input[type=text] { flex: 1 1 auto; height: 20px; padding: 0 4px; width: 100%; }
    sinew-number { flex: 1 1 auto; }
    .vec { display: grid; gap: 2px; flex: 1 1 auto; }
    .vec sinew-number { min-width: 0; }
    label.toggle { display: flex; align-items: center; gap: 6px; cursor: pointer; user-select: none; }
    input[type=checkbox] { accent-color: var(--_accent); margin: 0; width: 14px; height: 14px; }
    .matrix { font-family: var(--_mono); font-size: 11px; color: var(--_muted); display: grid; grid-template-columns: repeat(4, 1fr); gap: 2px; }
    .missing { color: var(--_warning); }
  `];

  @property({ attribute: false }) field!: Field;
  @property({ attribute: false }) value: JsonValue = null;
  @property({ attribute: false }) owners: readonly OwnerChoice[] = [];
  @property({ attribute: false }) actions: readonly ActionChoice[] = [];
  /** Shows the label inside sliders (on nodes) rather than beside them. */
  @property({ type: Boolean }) compact = false;
  @property({ type: Boolean, reflect: true }) disabled = false;
  /** The owner or action menu holds every choice (see lazy-options.ts): set once it is reached for. */
  @state() private allChoices = false;

  override connectedCallback() {
    super.connectedCallback();
    // Nodes are dragged by pointerdown on them; a control must keep its pointer to itself.
    this.addEventListener('pointerdown', (e) => { e.stopPropagation(); });
    this.addEventListener('dblclick', (e) => { e.stopPropagation(); });
  }

  override render() {
    const f = this.field;
    if (!f) return nothing;
    switch (f.kind) {
      case 'float':
      case 'int': {
        // Shown in the unit people type (degrees for angles); stored as the definition's unit.
        const u = shownUnit(f.unit);
        const bound = (v: number | undefined) => (v === undefined ? undefined : u.toShown(v));
        return html`<sinew-number data-testid="field-${f.key}" .value=${u.toShown(Number(this.value ?? 0))} .min=${bound(f.min)} .max=${bound(f.max)} ?integer=${f.kind === 'int'}
          .label=${f.label} .unit=${u.label} ?disabled=${this.disabled} title=${f.doc}
          @number-input=${(e: CustomEvent<number>) => { this.emit('field-input', u.toStored(e.detail)); }}
          @number-change=${(e: CustomEvent<number>) => { this.emit('field-change', u.toStored(e.detail)); }}></sinew-number>`;
      }
      case 'bool':
        return html`<label class="toggle" title=${f.doc}>
          <input data-testid="field-${f.key}" type="checkbox" .checked=${Boolean(this.value)} ?disabled=${this.disabled}
            @change=${(e: Event) => { this.emit('field-change', (e.target as HTMLInputElement).checked); }}>
          <span>${f.label}</span></label>`;
      case 'choice':
        return this.row(html`<select data-testid="field-${f.key}" ?disabled=${this.disabled} title=${f.doc}
          @change=${(e: Event) => { this.emit('field-change', (e.target as HTMLSelectElement).value); }}>
          ${(f.options ?? []).map((o) => html`<option value=${o} ?selected=${o === this.value}>${optionLabel(o)}</option>`)}
        </select>`);
      case 'owner':
        return this.row(this.scenePicker(f, this.owners, '— pick an owner —', (v) => this.ownerOptions(v)));
      case 'action':
        return this.row(this.scenePicker(f, this.actions, '— no action —', (v) => this.actions.map((a) => html`<option value=${a.id} ?selected=${a.id === v}>${a.label}</option>`)));
      case 'string':
        return this.row(html`<input data-testid="field-${f.key}" type="text" .value=${paramText(this.value)} ?disabled=${this.disabled} title=${f.doc}
          @keydown=${(e: KeyboardEvent) => { e.stopPropagation(); if (e.key === 'Enter') (e.target as HTMLInputElement).blur(); }}
          @change=${(e: Event) => { this.emit('field-change', (e.target as HTMLInputElement).value); }}>`);
      case 'vector':
        return this.vector(f);
      case 'matrix':
        return this.matrix(f);
    }
  }

  private row(control: unknown) {
    return html`<div class="row"><span class="name" title=${this.field.doc}>${this.field.label}</span>${control}</div>`;
  }

  /**
   * A menu of names the scene holds (owners, actions): an empty choice first, then the value itself
   * when the scene has no such name (kept, so opening a graph never changes it, and marked), then
   * the scene's choices. Empty or missing is marked as Blender marks such a constraint invalid.
   */
  private scenePicker(f: Field, choices: readonly { id: string; label: string }[], empty: string, options: (value: string) => unknown) {
    const value = paramText(this.value);
    const known = choices.some((o) => o.id === value);
    const lazy = !this.allChoices && !eagerOptions(choices.length);
    const want = lazy ? this.wantChoices : undefined;
    return html`<select data-testid="field-${f.key}" data-picker class=${!value || !known ? 'missing' : ''} ?disabled=${this.disabled} title=${f.doc}
        @pointerenter=${want} @pointerdown=${want} @focus=${want} @keydown=${want}
        @change=${(e: Event) => { this.emit('field-change', (e.target as HTMLSelectElement).value); }}>
      <option value="" ?selected=${!value}>${empty}</option>
      ${value && !known ? html`<option value=${value} selected>${value} (not in scene)</option>` : nothing}
      ${lazy ? shownChoice(choices, value) : options(value)}
    </select>`;
  }

  private ownerOptions(value: string) {
    const objects = this.owners.filter((o) => o.kind === 'object');
    const groups = [...new Set(this.owners.filter((o) => o.kind === 'bone').map((o) => o.group!))];
    return html`<optgroup label="Objects">${objects.map((o) => html`<option value=${o.id} ?selected=${o.id === value}>${o.label}</option>`)}</optgroup>
      ${groups.map((g) => html`<optgroup label="Bones of ${g}">
        ${this.owners.filter((o) => o.group === g).map((o) => html`<option value=${o.id} ?selected=${o.id === value}>${o.label}</option>`)}
      </optgroup>`)}`;
  }

  /** Renders every choice now, before the menu can open (an update in a microtask would be late). */
  private wantChoices = () => {
    if (this.allChoices) return;
    this.allChoices = true;
    this.performUpdate();
  };

  override updated() {
    // An option's `selected` attribute no longer selects it once the user has picked it (its
    // dirtiness): after a pick, an undo and a redo the menu would not show the value it holds.
    const picker = this.renderRoot.querySelector<HTMLSelectElement>('select[data-picker]');
    if (picker) picker.value = paramText(this.value);
  }

  private vector(f: Field) {
    const size = f.size ?? 3;
    const v = Array.isArray(this.value) ? (this.value as unknown[]) : (f.default as unknown[]);
    const names = size === 4 ? ['X', 'Y', 'Z', 'W'] : ['X', 'Y', 'Z'];
    const u = shownUnit(f.unit);
    const set = (i: number, n: number, kind: 'field-input' | 'field-change') => {
      const next = Array.from({ length: size }, (_, j) => Number(v[j] ?? 0));
      next[i] = u.toStored(n);
      this.emit(kind, next);
    };
    return html`<div class="row" title=${f.doc}>
      <span class="name">${f.label}</span>
      <div class="vec" style="grid-template-columns: repeat(${size}, 1fr)">
        ${names.map((n, i) => html`<sinew-number data-testid="field-${f.key}-${i}" .value=${u.toShown(Number(v[i] ?? 0))} .label=${this.compact ? '' : n} ?compact=${this.compact}
          ?disabled=${this.disabled} .unit=${this.compact ? '' : u.label}
          @number-input=${(e: CustomEvent<number>) => { e.stopPropagation(); set(i, e.detail, 'field-input'); }}
          @number-change=${(e: CustomEvent<number>) => { e.stopPropagation(); set(i, e.detail, 'field-change'); }}></sinew-number>`)}
      </div></div>`;
  }

  private matrix(f: Field) {
    const m = Array.isArray(this.value) && this.value.length === 16 ? (this.value as unknown[]) : (f.default as unknown[]);
    if (this.compact) return this.row(html`<span class="matrix-note" title=${f.doc}>4×4 matrix</span>`);
    // Shown row by row (the file stores columns): reads as the matrix a rigger writes on paper.
    return html`<div title=${f.doc}><div class="name">${f.label}</div><div class="matrix">
      ${[0, 1, 2, 3].flatMap((r) => [0, 1, 2, 3].map((c) => html`<span>${Number(m[c * 4 + r]).toFixed(3)}</span>`))}
    </div></div>`;
  }

  private emit(type: 'field-input' | 'field-change', value: JsonValue) {
    this.dispatchEvent(new CustomEvent(type, { detail: { key: this.field.key, value }, bubbles: true, composed: true }));
  }
}

/** A closed lazy menu: only the option it shows. */
function shownChoice(choices: readonly { id: string; label: string }[], value: string) {
  const shown = choices.find((o) => o.id === value);
  return shown ? html`<option value=${shown.id} selected>${shown.label}</option>` : nothing;
}
