// A Blender-style number field: drag sideways to change it (a filled bar when it has a range),
// click to type. `input` events while dragging, one `change` when the value is settled.
import { LitElement, css, html } from 'lit';
import { property, state } from 'lit/decorators.js';
import { baseStyles } from '../theme';

export class SinewNumber extends LitElement {
  static override styles = [baseStyles, css`
    :host { display: block; height: 20px; min-width: 40px; touch-action: none; }
    .bar {
      position: relative; height: 100%; border-radius: 4px; overflow: hidden;
      background: var(--_field); border: 1px solid var(--_border); cursor: ew-resize;
      display: flex; align-items: center; justify-content: space-between; padding: 0 6px; gap: 6px;
      user-select: none;
    }
    .bar:hover { border-color: #555c66; }
    :host([disabled]) .bar { cursor: default; opacity: 0.6; }
    .fill { position: absolute; inset: 0 auto 0 0; background: var(--sinew-slider-fill, #3f6fc2); pointer-events: none; }
    .label, .value { position: relative; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; pointer-events: none; }
    .label { color: var(--sinew-slider-label, rgba(225, 229, 235, 0.72)); }
    .value { font-variant-numeric: tabular-nums; }
    input { width: 100%; height: 100%; padding: 0 6px; text-align: right; }
    :host([compact]) .bar { padding: 0 3px; justify-content: center; font-size: 11px; }
  `];

  @property({ type: Number }) value = 0;
  @property({ type: Number }) min: number | undefined = undefined;
  @property({ type: Number }) max: number | undefined = undefined;
  @property({ type: Boolean }) integer = false;
  @property({ type: String }) label = '';
  @property({ type: String }) unit = '';
  @property({ type: Boolean, reflect: true }) disabled = false;
  /** Narrow: tighter padding and fewer decimals (vector components on a node). */
  @property({ type: Boolean, reflect: true }) compact = false;
  @state() private editing = false;

  private drag: { x: number; start: number; moved: boolean; width: number } | undefined;

  private get bounded(): boolean {
    return Number.isFinite(this.min) && Number.isFinite(this.max);
  }

  override render() {
    if (this.editing) {
      return html`<input part="input" type="text" inputmode="decimal" .value=${format(this.value, this.integer)}
        @keydown=${this.onKey} @blur=${this.commitText} @pointerdown=${stop}>`;
    }
    const fill = this.bounded ? ((this.value - this.min!) / (this.max! - this.min!)) * 100 : 0;
    return html`<div class="bar" part="bar" role="slider" tabindex="0"
        aria-label=${this.label} aria-valuenow=${this.value} aria-valuemin=${this.min ?? ''} aria-valuemax=${this.max ?? ''}
        @pointerdown=${this.onDown} @pointermove=${this.onMove} @pointerup=${this.onUp} @pointercancel=${this.onUp}
        @keydown=${this.onBarKey}>
      ${this.bounded ? html`<div class="fill" style="width:${Math.max(0, Math.min(100, fill))}%"></div>` : null}
      <span class="label">${this.label}</span>
      <span class="value">${this.compact ? shortFormat(this.value) : format(this.value, this.integer)}${this.unit ? ` ${this.unit}` : ''}</span>
    </div>`;
  }

  private onDown(e: PointerEvent) {
    e.stopPropagation();
    if (this.disabled || e.button !== 0) return;
    const bar = e.currentTarget as HTMLElement;
    bar.setPointerCapture(e.pointerId);
    this.drag = { x: e.clientX, start: this.value, moved: false, width: bar.getBoundingClientRect().width || 100 };
  }

  private onMove(e: PointerEvent) {
    const d = this.drag;
    if (!d) return;
    const dx = e.clientX - d.x;
    if (!d.moved && Math.abs(dx) < 3) return;
    d.moved = true;
    let v: number;
    if (this.bounded) {
      // Absolute: the bar maps onto the range, so a drag to an edge reaches min or max exactly.
      const rect = (e.currentTarget as HTMLElement).getBoundingClientRect();
      const t = (e.clientX - rect.left) / (rect.width || d.width);
      v = this.min! + Math.max(0, Math.min(1, t)) * (this.max! - this.min!);
    } else {
      const step = this.integer ? 0.1 : e.shiftKey ? 0.001 : 0.01;
      v = d.start + dx * step;
    }
    this.set(v, 'input');
  }

  private onUp(e: PointerEvent) {
    const d = this.drag;
    this.drag = undefined;
    if (!d) return;
    e.stopPropagation();
    if (d.moved) this.emit('change');
    else if (!this.disabled) void this.startEditing();
  }

  private onBarKey(e: KeyboardEvent) {
    if (this.disabled) return;
    if (e.key === 'Enter') { e.preventDefault(); e.stopPropagation(); void this.startEditing(); return; }
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    e.stopPropagation();
    const span = this.bounded ? (this.max! - this.min!) / 20 : this.integer ? 1 : 0.1;
    this.set(this.value + (e.key === 'ArrowRight' ? span : -span), 'change');
  }

  private async startEditing() {
    this.editing = true;
    await this.updateComplete;
    const input = this.renderRoot.querySelector('input');
    input?.focus();
    input?.select();
  }

  private onKey(e: KeyboardEvent) {
    e.stopPropagation();
    if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
    if (e.key === 'Escape') { this.editing = false; }
  }

  private commitText(e: Event) {
    if (!this.editing) return;
    this.editing = false;
    const v = Number((e.target as HTMLInputElement).value.replace(',', '.'));
    if (Number.isFinite(v)) this.set(v, 'change');
  }

  private set(v: number, kind: 'input' | 'change') {
    if (this.integer) v = Math.round(v);
    if (Number.isFinite(this.min)) v = Math.max(this.min!, v);
    if (Number.isFinite(this.max)) v = Math.min(this.max!, v);
    // Keep values tidy in files: six decimals is far below what a rig can show.
    v = Math.round(v * 1e6) / 1e6;
    const changed = v !== this.value;
    this.value = v;
    if (changed || kind === 'change') this.emit(kind);
  }

  private emit(kind: 'input' | 'change') {
    this.dispatchEvent(new CustomEvent(kind === 'input' ? 'number-input' : 'number-change', { detail: this.value, bubbles: true, composed: true }));
  }
}

function stop(e: Event) {
  e.stopPropagation();
}

function shortFormat(v: number): string {
  return String(Math.round(v * 100) / 100);
}

export function format(v: number, integer: boolean): string {
  if (integer) return String(Math.round(v));
  const a = Math.abs(v);
  return a !== 0 && a < 0.001 ? v.toExponential(2) : v.toFixed(3);
}
