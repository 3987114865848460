// How the editor draws a group node: as a node kind whose sockets are its group's interface, typed
// from the inner sockets they stand for. Never compiled: groups are flattened before that.
import { GROUP_NODE_TYPE, type GraphDocument, type GraphGroup, type GraphNode, type LinkEnd } from '../../graph/types';
import type { NodeCatalog } from '../../nodes/catalog';
import { instanceDefinition, type NodeDefinition, type SocketSpec } from '../../nodes/define';

const cache = new WeakMap<GraphGroup, NodeDefinition>();

/** The definition a node is drawn with: its kind's, or for a group node its group's interface. */
export function viewDefinition(node: GraphNode, graph: GraphDocument, catalog: NodeCatalog): NodeDefinition | undefined {
  if (node.type !== GROUP_NODE_TYPE) {
    // A variadic node (Armature) draws the sockets its count gives it; a new count, a new definition.
    const def = catalog.get(node.type);
    return def && instanceDefinition(def, node.params);
  }
  const group = graph.groups?.find((g) => g.id === node.group);
  return group === undefined ? undefined : groupDefinition(group, graph.groups ?? [], catalog);
}

/** The same group object gives the same definition, so the view redraws a group node only when its group changed. */
export function groupDefinition(group: GraphGroup, groups: readonly GraphGroup[], catalog: NodeCatalog): NodeDefinition {
  const known = cache.get(group);
  if (known !== undefined) return known;
  const spec = (end: LinkEnd | undefined, side: 'inputs' | 'outputs', depth: number): SocketSpec => {
    const inner = end && group.nodes.find((n) => n.id === end.node);
    if (inner === undefined) return { type: 'float' };
    if (inner.type === GROUP_NODE_TYPE && depth < 8) {
      const nested = groups.find((g) => g.id === inner.group);
      if (nested !== undefined) return groupDefinition(nested, groups, catalog)[side][end!.socket] ?? { type: 'float' };
    }
    const s = catalog.get(inner.type)?.[side][end!.socket];
    return { type: s?.type ?? 'float', doc: `${inner.id}.${end!.socket}`, ...(side === 'inputs' && s?.required === true && { required: true }) };
  };
  const def: NodeDefinition = {
    type: GROUP_NODE_TYPE,
    label: group.label ?? group.id,
    category: 'group',
    doc: `Group "${group.id}": ${group.nodes.length} nodes. Tab enters it; every node using it changes with it.`,
    inputs: Object.fromEntries(group.inputs.map((i) => [i.name, spec(i.to[0], 'inputs', 0)])),
    outputs: Object.fromEntries(group.outputs.map((o) => [o.name, spec(o.from, 'outputs', 0)])),
    params: {},
    kernel: () => {
      throw new Error('a group node is flattened before it runs');
    },
  };
  cache.set(group, def);
  return def;
}
