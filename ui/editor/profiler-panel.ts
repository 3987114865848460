// <sinew-profiler>: the costliest nodes of the rig, measured by the runtime's profiler, as a table
// sorted by time (or by name or runs: click a column). Clicking a row emits `profiler-pick` with the
// node id, so the editor can select and frame it.
import { LitElement, css, html } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { NodeCost } from '../../runtime/eval/step-profile';
import { baseStyles } from '../theme';

export type ProfileSortKey = 'msPerPass' | 'nodeId' | 'runs';

/** Rows of a profile sorted by one column; ties keep the costliest first, then the id. */
export function sortCosts(costs: readonly NodeCost[], key: ProfileSortKey, descending: boolean): NodeCost[] {
  const sign = descending ? -1 : 1;
  return [...costs].sort((a, b) => {
    const d = key === 'nodeId' ? (a.nodeId < b.nodeId ? -1 : a.nodeId > b.nodeId ? 1 : 0) : a[key] - b[key];
    return d !== 0 ? sign * d : b.msPerPass - a.msPerPass || (a.nodeId < b.nodeId ? -1 : 1);
  });
}

export class SinewProfiler extends LitElement {
  static override styles = [baseStyles, css`
    :host { display: block; background: rgba(30, 32, 36, 0.96); border: 1px solid var(--_border); border-radius: 6px; max-height: 320px; overflow: auto; font-size: 11.5px; }
    table { border-collapse: collapse; width: 100%; }
    th { position: sticky; top: 0; background: #2a2d33; text-align: left; padding: 4px 8px; cursor: pointer; user-select: none; white-space: nowrap; }
    th[aria-sort] { color: var(--_accent); }
    td { padding: 2px 8px; white-space: nowrap; font-variant-numeric: tabular-nums; }
    td.num, th.num { text-align: right; }
    tr.row { cursor: pointer; }
    tr.row:hover { background: var(--_accent-soft); }
    .swatch { display: inline-block; width: 8px; height: 8px; border-radius: 2px; margin-right: 6px; }
    .empty { padding: 8px; color: var(--_muted); }
  `];

  @property({ attribute: false }) costs: readonly NodeCost[] = [];
  @property({ type: Number }) passes = 0;
  @state() private sortKey: ProfileSortKey = 'msPerPass';
  @state() private descending = true;

  /** Sorts by `key`; the same key again reverses the order. */
  sortBy(key: ProfileSortKey): void {
    if (this.sortKey === key) this.descending = !this.descending;
    else { this.sortKey = key; this.descending = key !== 'nodeId'; }
  }

  override render() {
    if (this.costs.length === 0) return html`<div class="empty">Profiling: change the frame or play to measure each node.</div>`;
    const top = this.costs.reduce((m, c) => Math.max(m, c.msPerPass), 0);
    const header = (key: ProfileSortKey, label: string, num: boolean) => html`<th class=${num ? 'num' : ''} data-testid="profile-sort-${key}"
      aria-sort=${this.sortKey === key ? (this.descending ? 'descending' : 'ascending') : undefined}
      @click=${() => { this.sortBy(key); }}>${label}${this.sortKey === key ? (this.descending ? ' ▾' : ' ▴') : ''}</th>`;
    return html`<table data-testid="profile-table">
      <thead><tr>${header('nodeId', 'Node', false)}${header('msPerPass', 'ms / frame', true)}${header('runs', 'Runs', true)}</tr></thead>
      <tbody>${sortCosts(this.costs, this.sortKey, this.descending).map((c) => html`<tr class="row" data-node-id=${c.nodeId}
          @click=${() => this.dispatchEvent(new CustomEvent('profiler-pick', { detail: c.nodeId, bubbles: true, composed: true }))}>
        <td><span class="swatch" style="background:${heatColor(top > 0 ? c.msPerPass / top : 0)}"></span>${c.nodeId}</td>
        <td class="num">${c.msPerPass.toFixed(4)}</td><td class="num">${c.runs}</td></tr>`)}</tbody>
    </table>`;
  }
}

/** The heat map's colour for a share of the costliest node's time: dim blue (cheap) to red (costliest). */
export function heatColor(share: number): string {
  const s = Math.max(0, Math.min(1, share));
  // Hue 220 (blue) → 0 (red), brighter as it heats.
  return `hsl(${Math.round(220 * (1 - s))}, ${Math.round(45 + 45 * s)}%, ${Math.round(35 + 20 * s)}%)`;
}
