// <sinew-rig-controls>: the Rig controls panel. Lists the graph's custom properties
// (`driver/property` nodes: IK/FK switches, parent switches, stretch toggles) grouped by the bone
// or object they live on, as sliders and toggles. Moving one previews the change (the pose follows
// live); letting go commits it as one undoable edit.
import { LitElement, css, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { setParam } from '../../graph/edits';
import type { GraphNode } from '../../graph/types';
import type { Session } from '../model/session';
import { SessionRefresh } from '../model/session-refresh';
import { baseStyles } from '../theme';
import { paramText } from '../../graph/param-text';
import { ownerLabel } from './owner-label';

/** A slider's range: the soft range if set, else the hard range, else 0 to 1. */
function rangeOf(n: GraphNode): [number, number] {
  const p = n.params ?? {};
  const num = (k: string) => (typeof p[k] === 'number' && Math.abs(p[k]) < 1e29 ? (p[k]) : undefined);
  const lo = num('soft_min') ?? num('min') ?? 0;
  const hi = num('soft_max') ?? num('max') ?? Math.max(1, typeof p.value === 'number' ? p.value : 1);
  return [lo, hi];
}

export class SinewRigControls extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host { display: block; overflow: auto; font-size: 12px; }
      h3 { margin: 6px 0 2px; font-size: 12px; opacity: 0.8; }
      label { display: grid; grid-template-columns: 9em 1fr 4em; gap: 6px; align-items: center; padding: 1px 0; }
      .empty { opacity: 0.6; padding: 4px; }
    `,
  ];

  @property({ attribute: false }) session: Session | undefined;

  constructor() {
    super();
    new SessionRefresh(this, ['graph']);
  }

  /** The custom properties, grouped by owner in the order the graph lists them. */
  private groups(): Map<string, GraphNode[]> {
    const out = new Map<string, GraphNode[]>();
    for (const n of this.session?.graph.nodes ?? []) {
      if (n.type !== 'driver/property') continue;
      const owner = paramText(n.params?.owner);
      const list = out.get(owner);
      if (list) list.push(n);
      else out.set(owner, [n]);
    }
    return out;
  }

  private set(n: GraphNode, value: number, done: boolean) {
    const s = this.session;
    if (!s) return;
    s.preview(`${n.id}.value`, setParam(n.id, 'value', value));
    if (done) s.endGesture();
  }

  override render() {
    const groups = this.groups();
    // A rig without custom properties shows no panel (the side column keeps its layout).
    if (groups.size === 0) return nothing;
    return html`${[...groups].map(([owner, props]) => html`<section data-owner=${owner}>
      <h3>${ownerLabel(owner, this.session?.scene)}</h3>
      ${props.map((n) => this.control(n))}
    </section>`)}`;
  }

  private control(n: GraphNode) {
    const p = n.params ?? {};
    const name = paramText(p.name, n.id);
    const value = typeof p.value === 'number' ? p.value : 0;
    const title = typeof p.description === 'string' && p.description !== '' ? p.description : nothing;
    if (p.kind === 'BOOL') {
      return html`<label title=${title}><span>${name}</span>
        <input type="checkbox" data-testid="rig-control" data-node=${n.id} .checked=${value !== 0}
          @change=${(e: Event) => { this.set(n, (e.target as HTMLInputElement).checked ? 1 : 0, true); }}><span></span></label>`;
    }
    const [lo, hi] = rangeOf(n);
    const step = p.kind === 'INT' ? 1 : (hi - lo) / 100 || 0.01;
    return html`<label title=${title}><span>${name}</span>
      <input type="range" data-testid="rig-control" data-node=${n.id} min=${lo} max=${hi} step=${step} .value=${String(value)}
        @input=${(e: Event) => { this.set(n, Number((e.target as HTMLInputElement).value), false); }}
        @change=${(e: Event) => { this.set(n, Number((e.target as HTMLInputElement).value), true); }}>
      <span data-testid="rig-control-value">${p.kind === 'INT' ? value : value.toFixed(2)}</span></label>`;
  }
}
