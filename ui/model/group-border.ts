// The border of a group, drawn inside it: a Group In node whose outputs are the group's inputs
// (wired to the inner inputs each feeds) and a Group Out node whose inputs are the group's outputs
// (wired from the inner output each gives). They are views of the definition's `inputs` and
// `outputs`, never stored as nodes: wiring to them edits the interface, so a TA can feed another
// inner node from an input that crosses the border, or give an output from another inner node.
import { applyEdit, type Edit } from '../../graph/edits';
import { GRAPH_FORMAT, GRAPH_VERSION, type GraphDocument, type GraphGroup, type GraphLink, type GraphNode, type LinkEnd } from '../../graph/types';
import type { NodeCatalog } from '../../nodes/catalog';
import type { NodeDefinition } from '../../nodes/define';
import { groupDefinition } from './group-definition';

export const GROUP_IN_TYPE = 'group/input';
export const GROUP_OUT_TYPE = 'group/output';
/** The border nodes' ids; `@` keeps them apart from the ids of the nodes Sinew makes. */
export const GROUP_IN_ID = '@group-in';
export const GROUP_OUT_ID = '@group-out';

const isBorder = (id: string) => id === GROUP_IN_ID || id === GROUP_OUT_ID;

/** Space between the border nodes and the inner nodes nearest them. */
const GAP = 120;
const WIDTH = 230;

const cache = new WeakMap<GraphGroup, { input: NodeDefinition; output: NodeDefinition }>();

/** The definitions the border nodes are drawn with: the group node's sockets, turned inside out. */
export function borderDefinition(node: GraphNode, graph: GraphDocument, catalog: NodeCatalog): NodeDefinition | undefined {
  const group = graph.groups?.find((g) => g.id === node.group);
  if (group === undefined) return undefined;
  let defs = cache.get(group);
  if (defs === undefined) {
    const outer = groupDefinition(group, graph.groups ?? [], catalog);
    const base = { params: {}, kernel: () => { throw new Error('a group border is never compiled'); } };
    defs = {
      input: { ...base, type: GROUP_IN_TYPE, label: 'Group In', category: 'group', doc: `What reaches group "${group.id}" from outside; wire an output here to a node inside.`, inputs: {}, outputs: outer.inputs },
      output: { ...base, type: GROUP_OUT_TYPE, label: 'Group Out', category: 'group', doc: `What group "${group.id}" gives outside; wire a node inside to one of these.`, inputs: outer.outputs, outputs: {} },
    };
    cache.set(group, defs);
  }
  return node.type === GROUP_IN_TYPE ? defs.input : node.type === GROUP_OUT_TYPE ? defs.output : undefined;
}

/** The inside of `group` as the editor shows it: its nodes and links, and its border with the links across it. */
export function withBorder(inside: GraphDocument, group: GraphGroup): GraphDocument {
  const xs = group.nodes.map((n) => n.position[0]);
  const ys = group.nodes.map((n) => n.position[1]);
  const x1 = xs.length ? Math.min(...xs) : 0;
  const x2 = xs.length ? Math.max(...xs) : 0;
  const y = ys.length ? Math.min(...ys) : 0;
  const border = (id: string, type: string, x: number): GraphNode => ({ id, type, group: group.id, params: {}, position: [x, y] });
  const nodes = [border(GROUP_IN_ID, GROUP_IN_TYPE, x1 - WIDTH - GAP), ...inside.nodes, border(GROUP_OUT_ID, GROUP_OUT_TYPE, x2 + WIDTH + GAP)];
  const crossing: GraphLink[] = [
    ...group.inputs.flatMap((i) => i.to.map((to) => ({ from: { node: GROUP_IN_ID, socket: i.name }, to }))),
    ...group.outputs.map((o) => ({ from: o.from, to: { node: GROUP_OUT_ID, socket: o.name } })),
  ];
  return { ...inside, nodes, links: [...inside.links, ...crossing] };
}

/** Whether an edit made inside a group touches its border (so it is an edit of the interface). */
export function touchesBorder(edit: Edit): boolean {
  switch (edit.kind) {
    case 'connect':
    case 'disconnect':
      return isBorder(edit.link.from.node) || isBorder(edit.link.to.node);
    case 'move-node':
      return isBorder(edit.node);
    case 'remove-node':
      return isBorder(edit.id);
    case 'batch':
      return edit.edits.some(touchesBorder);
    default:
      return false;
  }
}

const sameEnd = (a: LinkEnd, b: LinkEnd) => a.node === b.node && a.socket === b.socket;

/**
 * An edit made inside `group` that touches its border, as one change of the definition. Wires to
 * the border change its inputs' `to` and outputs' `from`; the rest of the edit changes its nodes and
 * links as it would have. Border nodes cannot be moved or removed (they are not nodes), and a group
 * output always gives something, so a wire leaving Group Out only goes when another replaces it.
 */
export function borderEdit(group: GraphGroup, edit: Edit, label: string): Edit | undefined {
  let inputs = group.inputs.map((i) => ({ ...i, to: [...i.to] }));
  let outputs = group.outputs.map((o) => ({ ...o }));
  let inner: GraphDocument = { format: GRAPH_FORMAT, version: GRAPH_VERSION, nodes: group.nodes, links: group.links };
  const apply = (e: Edit): void => {
    if (e.kind === 'batch') { e.edits.forEach(apply); return; }
    if ((e.kind === 'move-node' && isBorder(e.node)) || (e.kind === 'remove-node' && isBorder(e.id))) return;
    if (e.kind === 'connect' || e.kind === 'disconnect') {
      const { from, to } = e.link;
      if (from.node === GROUP_IN_ID) {
        inputs = inputs.map((i) => i.name !== from.socket ? i : {
          ...i,
          to: e.kind === 'connect' ? [...i.to.filter((t) => !sameEnd(t, to)), to] : i.to.filter((t) => !sameEnd(t, to)),
        });
        // An input takes one wire: the inner input fed from the border lets go of any other.
        if (e.kind === 'connect') inner = { ...inner, links: inner.links.filter((l) => !sameEnd(l.to, to)) };
        return;
      }
      if (to.node === GROUP_OUT_ID) {
        if (e.kind === 'connect') outputs = outputs.map((o) => (o.name === to.socket ? { ...o, from } : o));
        return;
      }
      // An inner input wired from inside stops being fed from the border.
      if (e.kind === 'connect') inputs = inputs.map((i) => ({ ...i, to: i.to.filter((t) => !sameEnd(t, to)) }));
    }
    inner = applyEdit(inner, e).graph;
  };
  apply(edit);
  // An input that feeds nothing inside any more is still part of the interface: its group nodes keep the socket.
  const next: GraphGroup = { ...group, nodes: inner.nodes, links: inner.links, inputs, outputs };
  if (JSON.stringify(next) === JSON.stringify(group)) return undefined; // only border nodes moved or deleted: nothing to do
  return { kind: 'batch', label, edits: [{ kind: 'set-group', group: next }] };
}
