// SessionRefresh (ui/model/session-refresh.ts), the panels' link to their session, driven by a
// stand-in host: it asks for an update on each event it was given and on no other, moves to a new
// session (the old one no longer reaches the host), and lets go when the host leaves the page.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { describe, expect, it } from 'vitest';
import { Session } from '../../../ui/model/session';
import { SessionRefresh } from '../../../ui/model/session-refresh';

class Host implements ReactiveControllerHost {
  session: Session | undefined;
  updates = 0;
  private controllers: ReactiveController[] = [];
  addController(c: ReactiveController): void { this.controllers.push(c); }
  removeController(): void { /* not used */ }
  requestUpdate(): void { this.updates++; }
  readonly updateComplete = Promise.resolve(true);
  connect(): void { for (const c of this.controllers) c.hostConnected?.(); }
  updated(): void { for (const c of this.controllers) c.hostUpdated?.(); }
  disconnect(): void { for (const c of this.controllers) c.hostDisconnected?.(); }
}

describe('SessionRefresh', () => {
  it('updates the host on the events it names, follows a new session and lets go on disconnect', () => {
    const host = new Host();
    new SessionRefresh(host, ['selection']);
    const first = new Session();
    host.session = first;
    host.connect();
    expect(host.updates).toBe(1); // bound to the session it was connected with
    first.select(['a']);
    expect(host.updates).toBe(2);
    first.setFrame(3); // a pose event: not one it listens to
    expect(host.updates).toBe(2);

    const second = new Session();
    host.session = second;
    host.updated();
    expect(host.updates).toBe(3);
    first.select(['b']);
    expect(host.updates).toBe(3); // the old session no longer reaches it
    second.select(['c']);
    expect(host.updates).toBe(4);

    host.updated(); // no new session: nothing rebinds
    expect(host.updates).toBe(4);
    host.disconnect();
    second.select(['d']);
    expect(host.updates).toBe(4);
    host.connect(); // back on the page: listening again
    second.select(['e']);
    expect(host.updates).toBe(6);
  });
});
