// A popup menu: the searchable add-node menu (right-click or Tab) and a node's context menu.
// Type to filter, arrows to move, Enter to choose, Escape to close.
import { LitElement, css, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { baseStyles } from '../theme';

export interface MenuItem {
  id: string;
  label: string;
  group?: string;
  doc?: string;
  /** Extra words the search matches (the type name, say). */
  keywords?: string;
  shortcut?: string;
  disabled?: boolean;
}

export class SinewMenu extends LitElement {
  static override styles = [baseStyles, css`
    :host { position: absolute; z-index: 20; }
    .menu {
      width: 260px; max-height: 420px; display: flex; flex-direction: column;
      background: var(--sinew-menu-bg, #24272c); border: 1px solid var(--_border); border-radius: 8px;
      box-shadow: 0 10px 30px rgba(0, 0, 0, 0.5); overflow: hidden;
    }
    .search { padding: 6px; border-bottom: 1px solid var(--_border); }
    .search input { width: 100%; height: 26px; padding: 0 8px; font-size: 12.5px; }
    .title { padding: 6px 10px 4px; color: var(--_muted); font-size: 11px; text-transform: uppercase; letter-spacing: 0.05em; }
    ul { list-style: none; margin: 0; padding: 4px 0; overflow-y: auto; flex: 1 1 auto; }
    li.group { padding: 6px 10px 2px; color: var(--_muted); font-size: 10.5px; text-transform: uppercase; letter-spacing: 0.06em; }
    li.item { padding: 4px 12px; cursor: pointer; display: flex; justify-content: space-between; gap: 8px; }
    li.item[aria-selected='true'] { background: var(--_accent); color: white; }
    li.item.disabled { opacity: 0.4; cursor: default; }
    .shortcut { color: var(--_muted); font-size: 11px; }
    li.item[aria-selected='true'] .shortcut { color: rgba(255, 255, 255, 0.8); }
    .doc { border-top: 1px solid var(--_border); padding: 6px 10px; color: var(--_muted); font-size: 11px; line-height: 1.4; min-height: 30px; }
    .none { padding: 10px; color: var(--_muted); }
  `];

  @property({ attribute: false }) items: MenuItem[] = [];
  @property({ type: Boolean }) searchable = false;
  @property() heading = '';
  @state() private filter = '';
  @state() private active = 0;

  override connectedCallback() {
    super.connectedCallback();
    this.setAttribute('exportparts', 'menu');
  }

  private visible(): MenuItem[] {
    const words = this.filter.toLowerCase().split(/\s+/).filter(Boolean);
    if (!words.length) return this.items;
    return this.items.filter((i) => {
      const hay = `${i.label} ${i.group ?? ''} ${i.keywords ?? ''}`.toLowerCase();
      return words.every((w) => hay.includes(w));
    });
  }

  override render() {
    const items = this.visible();
    const current = items[Math.min(this.active, items.length - 1)];
    let lastGroup: string | undefined;
    return html`<div class="menu" part="menu" role="menu" data-testid="menu" @pointerdown=${(e: Event) => { e.stopPropagation(); }}
        @wheel=${(e: Event) => { e.stopPropagation(); }} @contextmenu=${(e: Event) => { e.preventDefault(); }}>
      ${this.heading ? html`<div class="title">${this.heading}</div>` : nothing}
      ${this.searchable ? html`<div class="search"><input data-testid="menu-search" placeholder="Search nodes…" .value=${this.filter}
          @input=${(e: Event) => { this.filter = (e.target as HTMLInputElement).value; this.active = 0; }}
          @keydown=${this.onKey}></div>` : nothing}
      <ul tabindex="-1" @keydown=${this.onKey}>
        ${items.length === 0 ? html`<li class="none">Nothing matches “${this.filter}”</li>` : nothing}
        ${items.map((item, i) => {
          const header = !this.filter && item.group && item.group !== lastGroup ? html`<li class="group">${item.group}</li>` : nothing;
          lastGroup = item.group;
          return html`${header}<li class="item ${item.disabled ? 'disabled' : ''}" role="menuitem" data-testid="menu-item" data-id=${item.id}
              aria-selected=${i === this.active} @pointerenter=${() => { this.active = i; }}
              @click=${() => { this.choose(item); }}>
            <span>${item.label}</span>${item.shortcut ? html`<span class="shortcut">${item.shortcut}</span>` : nothing}
          </li>`;
        })}
      </ul>
      ${this.searchable ? html`<div class="doc">${current?.doc ?? ''}</div>` : nothing}
    </div>`;
  }

  override firstUpdated() {
    void this.updateComplete.then(() => { this.focusFirst(); });
  }

  private focusFirst(): void {
    const focusable = this.renderRoot.querySelector<HTMLElement>(this.searchable ? 'input' : 'ul');
    focusable?.focus();
  }

  override updated() {
    this.renderRoot.querySelector('li.item[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }

  private onKey = (e: KeyboardEvent) => {
    e.stopPropagation();
    const items = this.visible();
    if (e.key === 'ArrowDown') { this.active = (this.active + 1) % Math.max(1, items.length); e.preventDefault(); }
    else if (e.key === 'ArrowUp') { this.active = (this.active - 1 + items.length) % Math.max(1, items.length); e.preventDefault(); }
    else if (e.key === 'Enter') { const item = items[this.active]; if (item) this.choose(item); e.preventDefault(); }
    else if (e.key === 'Escape' || (e.key === 'Tab' && !this.filter)) { this.close(); e.preventDefault(); }
  };

  private choose(item: MenuItem) {
    if (item.disabled) return;
    this.dispatchEvent(new CustomEvent('menu-pick', { detail: item.id, bubbles: true, composed: true }));
  }

  close() {
    this.dispatchEvent(new CustomEvent('menu-close', { bubbles: true, composed: true }));
  }
}
