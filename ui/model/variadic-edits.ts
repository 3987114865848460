// Changing how many items a variadic node has (an Armature node's targets) as one undoable edit:
// the count, and for the items dropped, their links and their values, so no link is left pointing
// at a socket the node no longer has and an item added back starts from its defaults.
import { batch, disconnect, setParam, type Edit } from '../../graph/edits';
import type { GraphDocument } from '../../graph/types';
import { variadicCount, type NodeDefinition } from '../../nodes/define';

/** The edit that gives node `nodeId` (of kind `def`) `count` items; undefined if `def` is not variadic or the count is out of range. */
export function setItemCount(graph: GraphDocument, nodeId: string, def: NodeDefinition, count: number): Edit | undefined {
  const v = def.variadic;
  const node = graph.nodes.find((n) => n.id === nodeId);
  if (!v || !node) return undefined;
  const spec = def.params[v.param];
  const min = spec.kind === 'int' ? spec.min ?? 0 : 0;
  const max = spec.kind === 'int' ? spec.max ?? Infinity : Infinity;
  if (!Number.isInteger(count) || count < min || count > max) return undefined;
  const edits: Edit[] = [];
  for (const l of graph.links) {
    if (l.to.node === nodeId && v.itemOf(l.to.socket) > count) edits.push(disconnect(l.from, l.to));
  }
  for (const name of Object.keys(node.params)) {
    if (v.itemOf(name) > count) edits.push(setParam(nodeId, name, undefined));
  }
  edits.push(setParam(nodeId, v.param, count));
  const before = variadicCount(def, node.params);
  return batch(count > before ? `Add ${def.label} item` : count < before ? `Remove ${def.label} item` : `Set ${def.label} items`, edits);
}
