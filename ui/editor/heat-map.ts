// The profiler mode of the editor: keeps the runtime's profiler attached to the session's program
// (a recompile makes a new program, which is profiled afresh), and after each evaluation colours
// every drawn node by its share of the costliest node's time (`data-heat` on the <sinew-node>).
import type { Session } from '../model/session';
import type { Program } from '../../runtime/eval/program';
import { nodeCosts, type NodeCost, type StepProfile } from '../../runtime/eval/step-profile';
import { heatColor } from './profiler-panel';

export class HeatMap {
  private program: Program | undefined;
  private profile: StepProfile | undefined;
  private frame = 0;
  private off: (() => void)[] = [];
  costs: NodeCost[] = [];

  constructor(
    private readonly session: Session,
    /** Where the editor draws its <sinew-node> elements. */
    private readonly root: ParentNode,
    private readonly changed: (costs: readonly NodeCost[], passes: number) => void,
  ) {}

  get active(): boolean {
    return this.off.length > 0;
  }

  start(): void {
    if (this.active) return;
    const s = this.session;
    this.off = [s.on('pose', () => { this.schedule(); }), s.on('graph', () => { this.schedule(); })];
    this.attach();
    // Measure the frame on screen at once, so the map is never empty after switching on.
    s.rig.evaluateAll(s.frame);
    this.schedule();
  }

  stop(): void {
    this.off.forEach((f) => { f(); });
    this.off = [];
    cancelAnimationFrame(this.frame);
    this.program?.stopProfiling();
    this.program = undefined;
    this.profile = undefined;
    this.costs = [];
    for (const el of this.nodes()) { el.removeAttribute('data-heat'); el.style.removeProperty('--sinew-heat'); el.removeAttribute('title'); }
    this.changed([], 0);
  }

  /** Profiles the session's current program (a new one after a recompile). */
  private attach(): void {
    const p = this.session.rig.program;
    if (p === this.program) return;
    this.program?.stopProfiling();
    this.program = p;
    this.profile = p?.startProfiling();
  }

  private schedule(): void {
    cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(() => { this.refresh(); });
  }

  /** Reads the profile and paints the nodes. */
  refresh(): void {
    if (!this.active) return;
    if (this.session.rig.program !== this.program) {
      this.attach();
      this.session.rig.evaluateAll(this.session.frame);
    }
    const profile = this.profile;
    this.costs = profile ? nodeCosts(profile, this.session.graph) : [];
    const top = this.costs.length ? this.costs[0].msPerPass : 0;
    const byId = new Map(this.costs.map((c) => [c.nodeId, c]));
    for (const el of this.nodes()) {
      const id = (el as HTMLElement & { data?: { id: string } }).data?.id;
      const c = id === undefined ? undefined : byId.get(id);
      if (!c) { el.removeAttribute('data-heat'); el.style.removeProperty('--sinew-heat'); continue; }
      const share = top > 0 ? c.msPerPass / top : 0;
      el.setAttribute('data-heat', share.toFixed(3));
      el.style.setProperty('--sinew-heat', heatColor(share));
      el.title = `${c.msPerPass.toFixed(4)} ms per frame (${Math.round(share * 100)}% of the costliest)`;
    }
    this.changed(this.costs, profile?.passes ?? 0);
  }

  private nodes(): HTMLElement[] {
    return [...this.root.querySelectorAll<HTMLElement>('sinew-node')];
  }
}
