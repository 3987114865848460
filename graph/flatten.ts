// Groups compile away: every group node is replaced by its definition's nodes and links, with ids
// prefixed by the group node's id (`arm_l/ik`), and links through the group's interface joined end
// to end. The result is the flat graph the compiler sees, so a grouped rig costs exactly what the
// same rig drawn flat costs. A nested group node comes out as a group node (`arm_l/hand`) and is
// expanded in its turn.
import { GROUP_NODE_TYPE, type GraphDocument, type GraphGroup, type GraphLink, type GraphNode, type LinkEnd } from './types';

/** A group node or definition that cannot be expanded: a bad file, named in plain words. */
export class FlattenError extends Error {
  override name = 'FlattenError';
  constructor(
    readonly pointer: string,
    message: string,
    readonly nodeId?: string,
  ) {
    super(message);
  }
}

/** The id an inner node gets once its group node `instance` is expanded. */
export const innerId = (instance: string, inner: string): string => `${instance}/${inner}`;

export const isGroupNode = (node: GraphNode): boolean => node.type === GROUP_NODE_TYPE;

/** The graph with every group node expanded, and without `groups`; a graph without group nodes comes back as it is. */
export function flattenGroups(graph: GraphDocument): GraphDocument {
  if (!graph.nodes.some(isGroupNode)) return graph;
  const defs = new Map((graph.groups ?? []).map((g, i) => [g.id, { def: g, index: i }]));
  let nodes = [...graph.nodes];
  let links = [...graph.links];
  // The groups each expanded node came out of, to refuse a group that contains itself.
  const within = new Map<string, readonly string[]>();
  for (let i = 0; i < nodes.length; ) {
    const node = nodes[i];
    if (!isGroupNode(node)) {
      i++;
      continue;
    }
    const found = node.group === undefined ? undefined : defs.get(node.group);
    if (found === undefined) {
      const what = node.group === undefined ? 'names no group (its "group" field is missing)' : `uses group "${node.group}", which is not in the file's "groups"`;
      throw new FlattenError(`/nodes/${graph.nodes.indexOf(node)}`, `group node "${node.id}" ${what}`, node.id);
    }
    const chain = within.get(node.id) ?? [];
    if (chain.includes(found.def.id)) {
      throw new FlattenError(`/groups/${found.index}`, `group "${found.def.id}" contains itself (${[...chain, found.def.id].join(' → ')}); a group cannot use itself`, node.id);
    }
    const expanded = expandNode(node, found.def, found.index, links);
    for (const n of expanded.nodes) within.set(n.id, [...chain, found.def.id]);
    nodes = [...nodes.slice(0, i), ...expanded.nodes, ...nodes.slice(i + 1)];
    links = expanded.links;
  }
  const ids = new Set<string>();
  for (const node of nodes) {
    if (ids.has(node.id)) throw new FlattenError('/nodes', `expanding groups gives two nodes with id "${node.id}"; rename one so ids stay unique`, node.id);
    ids.add(node.id);
  }
  const { groups: _groups, ...rest } = graph;
  return { ...rest, nodes, links };
}

/**
 * One group node replaced by its definition: the inner nodes (renamed by `idOf`, `instance/inner`
 * unless given) and all of `links`, rewired through the interface. Ungrouping uses it too.
 */
export function expandNode(
  node: GraphNode,
  def: GraphGroup,
  defIndex: number,
  links: readonly GraphLink[],
  idOf: (inner: string) => string = (inner) => innerId(node.id, inner),
): { nodes: GraphNode[]; links: GraphLink[] } {
  const at = `/groups/${defIndex}`;
  const innerIds = new Set(def.nodes.map((n) => n.id));
  const rename = (end: LinkEnd): LinkEnd => ({ node: idOf(end.node), socket: end.socket });
  const inputs = new Map<string, LinkEnd[]>();
  def.inputs.forEach((input, i) => {
    for (const end of input.to) {
      if (!innerIds.has(end.node)) throw new FlattenError(`${at}/inputs/${i}`, `group "${def.id}" input "${input.name}" feeds node "${end.node}", which is not in the group`);
    }
    inputs.set(input.name, input.to.map(rename));
  });
  const outputs = new Map<string, LinkEnd>();
  def.outputs.forEach((output, i) => {
    if (!innerIds.has(output.from.node)) throw new FlattenError(`${at}/outputs/${i}`, `group "${def.id}" output "${output.name}" comes from node "${output.from.node}", which is not in the group`);
    outputs.set(output.name, rename(output.from));
  });
  const out: GraphLink[] = [];
  for (const link of links) {
    const from = link.from.node === node.id ? outputs.get(link.from.socket) : link.from;
    if (from === undefined) throw new FlattenError('/links', `a link starts at group node "${node.id}" output "${link.from.socket}", which group "${def.id}" does not have`, node.id);
    const tos = link.to.node === node.id ? inputs.get(link.to.socket) : [link.to];
    if (tos === undefined) throw new FlattenError('/links', `a link ends at group node "${node.id}" input "${link.to.socket}", which group "${def.id}" does not have`, node.id);
    for (const to of tos) out.push({ from, to });
  }
  for (const l of def.links) out.push({ from: rename(l.from), to: rename(l.to) });
  const nodes = def.nodes.map((n) => ({ ...n, id: idOf(n.id) }));
  return { nodes, links: out };
}
