// Grouping a selection and ungrouping a group node, as single undoable edits. A group's interface is
// the links that cross its border: one input per outside output feeding the selection, one output per
// inside output read outside it.
import { batch, connect, GraphEditError, removeNode, type Edit } from './edits';
import { expandNode, innerId } from './flatten';
import { GROUP_NODE_TYPE, type GraphDocument, type GraphGroup, type GroupInput, type GroupOutput, type LinkEnd } from './types';

export interface Grouping {
  edit: Edit;
  /** The new group node's id and its definition's id. */
  nodeId: string;
  groupId: string;
}

const endKey = (end: LinkEnd): string => JSON.stringify([end.node, end.socket]);

/** The edit that puts the nodes `ids` into a new group definition and puts one group node in their place. */
export function groupSelection(graph: GraphDocument, ids: readonly string[], label = 'Group'): Grouping {
  const selected = new Set(ids);
  if (selected.size === 0) throw new GraphEditError('no-such-node', 'nothing to group: select one or more nodes');
  for (const id of selected) if (!graph.nodes.some((n) => n.id === id)) throw new GraphEditError('no-such-node', `cannot group: there is no node with id "${id}"`);
  const nodes = graph.nodes.filter((n) => selected.has(n.id));
  const inputs: GroupInput[] = [];
  const outputs: GroupOutput[] = [];
  const inputOf = new Map<string, GroupInput>();
  const outputOf = new Map<string, GroupOutput>();
  const outside: { from: LinkEnd; input: string }[] = [];
  const inside: { output: string; to: LinkEnd }[] = [];
  for (const link of graph.links) {
    const fromIn = selected.has(link.from.node);
    const toIn = selected.has(link.to.node);
    if (!fromIn && toIn) {
      let input = inputOf.get(endKey(link.from));
      if (input === undefined) {
        input = { name: freeName(link.to.socket, inputs), to: [] };
        inputs.push(input);
        inputOf.set(endKey(link.from), input);
        outside.push({ from: link.from, input: input.name });
      }
      input.to.push(link.to);
    } else if (fromIn && !toIn) {
      let output = outputOf.get(endKey(link.from));
      if (output === undefined) {
        output = { name: freeName(link.from.socket, outputs), from: link.from };
        outputs.push(output);
        outputOf.set(endKey(link.from), output);
      }
      inside.push({ output: output.name, to: link.to });
    }
  }
  const groupId = freeId('group', new Set((graph.groups ?? []).map((g) => g.id)));
  const nodeId = freeId(groupId, new Set(graph.nodes.map((n) => n.id)));
  const group: GraphGroup = { id: groupId, label, nodes, links: graph.links.filter((l) => selected.has(l.from.node) && selected.has(l.to.node)), inputs, outputs };
  const at = graph.nodes.findIndex((n) => selected.has(n.id));
  const node = { id: nodeId, type: GROUP_NODE_TYPE, group: groupId, params: {}, position: centroid(nodes) };
  const edit = batch(`Group ${nodes.length} node${nodes.length === 1 ? '' : 's'}`, [
    { kind: 'add-group', group },
    ...nodes.map((n) => removeNode(n.id)),
    { kind: 'add-node', node, index: at },
    ...outside.map((o) => connect(o.from, { node: nodeId, socket: o.input })),
    ...inside.map((o) => connect({ node: nodeId, socket: o.output }, o.to)),
  ]);
  return { edit, nodeId, groupId };
}

/**
 * The edit that puts a group node's inner nodes back in its place, centred where it was, with its
 * links joined through; inner ids are kept where free. The definition goes too when nothing else uses it.
 */
export function ungroup(graph: GraphDocument, nodeId: string): Edit {
  const node = graph.nodes.find((n) => n.id === nodeId);
  if (node === undefined || node.type !== GROUP_NODE_TYPE) throw new GraphEditError('no-such-node', `cannot ungroup "${nodeId}": it is not a group node`);
  const defIndex = (graph.groups ?? []).findIndex((g) => g.id === node.group);
  if (defIndex < 0) throw new GraphEditError('no-such-group', `cannot ungroup "${nodeId}": its group "${node.group ?? ''}" is not in the file`);
  const def = graph.groups![defIndex];
  const taken = new Set(graph.nodes.filter((n) => n.id !== nodeId).map((n) => n.id));
  const ids = new Map<string, string>();
  for (const inner of def.nodes) {
    const id = taken.has(inner.id) ? freeId(innerId(nodeId, inner.id), taken) : inner.id;
    taken.add(id);
    ids.set(inner.id, id);
  }
  const expanded = expandNode(node, def, defIndex, graph.links, (inner) => ids.get(inner) ?? inner);
  const fresh = new Set(ids.values());
  const [cx, cy] = centroid(def.nodes);
  const at = graph.nodes.indexOf(node);
  const users = [...graph.nodes, ...graph.groups!.flatMap((g) => g.nodes)].filter((n) => n.group === def.id);
  return batch(`Ungroup "${nodeId}"`, [
    removeNode(nodeId),
    ...expanded.nodes.map((n, i): Edit => ({ kind: 'add-node', node: { ...n, position: [n.position[0] - cx + node.position[0], n.position[1] - cy + node.position[1]] }, index: at + i })),
    ...expanded.links.filter((l) => fresh.has(l.from.node) || fresh.has(l.to.node)).map((l) => connect(l.from, l.to)),
    ...(users.length === 1 ? [{ kind: 'remove-group', id: def.id } as const] : []),
  ]);
}

function centroid(nodes: readonly { position: [number, number] }[]): [number, number] {
  if (nodes.length === 0) return [0, 0];
  const sum = nodes.reduce(([x, y], n) => [x + n.position[0], y + n.position[1]], [0, 0]);
  return [sum[0] / nodes.length, sum[1] / nodes.length];
}

function freeName(name: string, taken: readonly { name: string }[]): string {
  return freeId(name, new Set(taken.map((t) => t.name)));
}

/** `base`, or `base_2`, `base_3`… whichever is free first. */
function freeId(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}_${i}`)) return `${base}_${i}`;
}
