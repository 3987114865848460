// A constraint's on/off switch (`mute`, `enabled`) that a driver or an action sets, combined with its
// influence. Blender skips a muted constraint and blends one that is on by its influence, each set
// on its own (an action may key the influence while a driver flips the switch), so the constraint's
// influence input takes switch × influence: a `math/float` multiply whose `a` is the switch (1 on,
// 0 off) and whose `b` is what set the influence before (its driver or keyed curve, moved there) or,
// when nothing does, the authored influence. Wired last, once every influence link is in the graph.
import type { GraphLink, GraphNode } from '../../../graph/types';

/** A switch to put in front of a constraint's influence. */
export interface ConstraintSwitch {
  /** The constraint node. */
  constraint: string;
  /** The socket giving 1 while the constraint is on and 0 while it is off. */
  enabled: { node: string; socket: string };
  /**
   * The multiply node's id. Named after the node that sets the switch (`drv:N:influence`), so that
   * dropping that driver (opening-failures.ts) drops its multiply with it.
   */
  id: string;
  position: [number, number];
}

/** Puts each switch in front of its constraint's influence (switches whose source is gone are left out). */
export function wireConstraintSwitches(nodes: GraphNode[], links: GraphLink[], switches: readonly ConstraintSwitch[]): void {
  const ids = new Set(nodes.map((n) => n.id));
  for (const s of switches) {
    if (!ids.has(s.enabled.node) || !ids.has(s.constraint)) continue;
    const into = links.find((l) => l.to.node === s.constraint && l.to.socket === 'influence');
    const authored = nodes.find((n) => n.id === s.constraint)?.params?.influence;
    const influence = typeof authored === 'number' ? authored : 1;
    if (!into && influence === 1) {
      links.push({ from: s.enabled, to: { node: s.constraint, socket: 'influence' } });
      continue;
    }
    nodes.push({ id: s.id, type: 'math/float', params: { operation: 'multiply', b: influence }, position: s.position });
    // What set the influence now sets the multiply's b (its authored value stays b's default).
    if (into) into.to = { node: s.id, socket: 'b' };
    links.push({ from: s.enabled, to: { node: s.id, socket: 'a' } }, { from: { node: s.id, socket: 'value' }, to: { node: s.constraint, socket: 'influence' } });
  }
}
