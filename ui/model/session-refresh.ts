// Re-renders a Lit element when its session changes what the element shows: it listens to the
// session events it is given while the element is connected, moves to the new session when the
// element is given another, and lets go when the element leaves the page (so a panel closed for
// good leaves no listener holding it).
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Session, SessionEvents } from './session';

export class SessionRefresh implements ReactiveController {
  private bound: Session | undefined;
  private off: (() => void)[] = [];

  constructor(
    private readonly host: ReactiveControllerHost & { readonly session: Session | undefined },
    private readonly events: readonly (keyof SessionEvents)[],
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.bind();
  }

  /** After each update: the element may have been given another session. */
  hostUpdated(): void {
    this.bind();
  }

  hostDisconnected(): void {
    this.unbind();
    this.bound = undefined;
  }

  private bind(): void {
    const s = this.host.session;
    if (this.bound === s) return;
    this.unbind();
    this.bound = s;
    if (!s) return;
    const refresh = () => { this.host.requestUpdate(); };
    this.off = this.events.map((type) => s.on(type, refresh));
    refresh();
  }

  private unbind(): void {
    for (const off of this.off) off();
    this.off = [];
  }
}
