// What an owner's result depends on in the graph: every node and link upstream of its Owner Out
// node(s), following links backwards, and from a node that reads another owner (Owner In, Read
// Owner, B-Bone) on to that owner's Owner Out nodes, since it reads that owner's final matrix. Parents in
// the scene's hierarchy are not followed (they are not in the graph).
import type { GraphDocument } from '../../graph/types';

/** A link's key as the editor draws it: `from.socket>to.socket`. */
export const linkKeyOf = (l: { from: { node: string; socket: string }; to: { node: string; socket: string } }) =>
  `${l.from.node}.${l.from.socket}>${l.to.node}.${l.to.socket}`;

export interface Upstream {
  nodes: Set<string>;
  links: Set<string>;
}

const OWNER_TYPES = new Set(['owner/input', 'owner/output', 'owner/read', 'owner/bbone']);

/** The owner a node stands for (Owner In, Owner Out, Read Owner), if it is one of those. */
export function ownerOfNode(graph: Pick<GraphDocument, 'nodes'>, nodeId: string): string | undefined {
  const n = graph.nodes.find((x) => x.id === nodeId);
  const owner = n?.params.owner;
  return n && OWNER_TYPES.has(n.type) && typeof owner === 'string' && owner ? owner : undefined;
}

/** Everything upstream of `owner`'s result (its Owner Out nodes included). Empty when none has one. */
export function upstreamOfOwner(graph: Pick<GraphDocument, 'nodes' | 'links'>, owner: string): Upstream {
  const outputsOf = new Map<string, string[]>();
  for (const n of graph.nodes) {
    const o = n.params.owner;
    if (n.type === 'owner/output' && typeof o === 'string') outputsOf.set(o, [...(outputsOf.get(o) ?? []), n.id]);
  }
  const into = new Map<string, { from: string; key: string }[]>();
  for (const l of graph.links) into.set(l.to.node, [...(into.get(l.to.node) ?? []), { from: l.from.node, key: linkKeyOf(l) }]);
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const nodes = new Set<string>();
  const links = new Set<string>();
  const todo = [...(outputsOf.get(owner) ?? [])];
  const ownersSeen = new Set([owner]);
  while (todo.length) {
    const id = todo.pop()!;
    if (nodes.has(id)) continue;
    nodes.add(id);
    for (const l of into.get(id) ?? []) {
      links.add(l.key);
      todo.push(l.from);
    }
    const n = byId.get(id);
    const read = n?.params.owner;
    // Reading another owner is reading its final: what produces that is upstream too.
    if (n && (n.type === 'owner/read' || n.type === 'owner/input' || n.type === 'owner/bbone') && typeof read === 'string' && !ownersSeen.has(read)) {
      ownersSeen.add(read);
      todo.push(...(outputsOf.get(read) ?? []));
    }
  }
  return { nodes, links };
}
