// Edits to a graph document, as plain data. Applying one returns a new document (the input is never
// changed; unchanged nodes and links are shared) and the exact edit that undoes it, computed from
// the document it was applied to. Being data, edits can be logged, sent to a worker or replayed.
import type { GraphDocument, GraphFrame, GraphGroup, GraphLink, GraphNode, JsonValue, LinkEnd } from './types';

/** A link and the index it held in `links`, so undo puts it back where it was. */
export interface IndexedLink {
  index: number;
  link: GraphLink;
}

/** A node's place in a frame, so undoing its removal puts it back in the frame where it was. */
export interface FrameSlot {
  frame: string;
  index: number;
}

export type Edit =
  /** Inserts a node (at the end unless `index` is given), then `links` at their indices, and into `frames`. */
  | { kind: 'add-node'; node: GraphNode; index?: number; links?: readonly IndexedLink[]; frames?: readonly FrameSlot[] }
  /** Removes a node, every link to or from it, and its place in any frame. */
  | { kind: 'remove-node'; id: string }
  /** Links an output to an input. A link already into that input is replaced in place. */
  | { kind: 'connect'; link: GraphLink; index?: number }
  /** Removes the link with exactly these ends. */
  | { kind: 'disconnect'; link: GraphLink }
  /** Sets a param; with `value` left out, removes it so the default applies again. */
  | { kind: 'set-param'; node: string; name: string; value?: JsonValue }
  | { kind: 'move-node'; node: string; position: readonly [number, number] }
  /** Drawn with only its linked sockets, or in full again. */
  | { kind: 'set-collapsed'; node: string; collapsed: boolean }
  /** Adds a group definition (at the end unless `index` is given). */
  | { kind: 'add-group'; group: GraphGroup; index?: number }
  /** Removes a group definition no group node uses. */
  | { kind: 'remove-group'; id: string }
  /** Replaces the definition with this id, interface and all: every group node using it changes. */
  | { kind: 'set-group'; group: GraphGroup }
  /** An edit to the nodes and links inside a definition: every group node using it changes. */
  | { kind: 'edit-group'; id: string; edit: Edit }
  | { kind: 'add-frame'; frame: GraphFrame; index?: number }
  | { kind: 'remove-frame'; id: string }
  /** Replaces the frame with this id: its label, colour or nodes. */
  | { kind: 'set-frame'; frame: GraphFrame }
  /** Several edits as one step, e.g. deleting a selection. */
  | { kind: 'batch'; label: string; edits: readonly Edit[] };

export interface Applied {
  graph: GraphDocument;
  /** Applied to `graph`, gives back the document the edit was applied to. */
  inverse: Edit;
}

/** An edit that cannot apply to this document: a bug in the caller, not a problem in a file. */
export class GraphEditError extends Error {
  override name = 'GraphEditError';
  constructor(
    readonly code: 'no-such-node' | 'duplicate-node-id' | 'no-such-link' | 'bad-index' | 'no-such-group' | 'duplicate-group-id' | 'group-in-use' | 'no-such-frame' | 'duplicate-frame-id',
    message: string,
  ) {
    super(message);
  }
}

// Constructors, so call sites read as sentences: history.perform(graph, moveNode('arm', [0, 40])).
export const addNode = (node: GraphNode, index?: number): Edit => ({ kind: 'add-node', node, ...(index !== undefined && { index }) });
export const removeNode = (id: string): Edit => ({ kind: 'remove-node', id });
export const connect = (from: LinkEnd, to: LinkEnd): Edit => ({ kind: 'connect', link: { from, to } });
export const disconnect = (from: LinkEnd, to: LinkEnd): Edit => ({ kind: 'disconnect', link: { from, to } });
export const setParam = (node: string, name: string, value: JsonValue | undefined): Edit =>
  value === undefined ? { kind: 'set-param', node, name } : { kind: 'set-param', node, name, value };
export const moveNode = (node: string, position: readonly [number, number]): Edit => ({ kind: 'move-node', node, position });
export const batch = (label: string, edits: readonly Edit[]): Edit => ({ kind: 'batch', label, edits });
export const setCollapsed = (node: string, collapsed: boolean): Edit => ({ kind: 'set-collapsed', node, collapsed });
export const editGroup = (id: string, edit: Edit): Edit => ({ kind: 'edit-group', id, edit });
export const addFrame = (frame: GraphFrame): Edit => ({ kind: 'add-frame', frame });
export const setFrame = (frame: GraphFrame): Edit => ({ kind: 'set-frame', frame });
export const removeFrame = (id: string): Edit => ({ kind: 'remove-frame', id });

/** Applies an edit; throws GraphEditError when it names a node or link the document does not have. */
export function applyEdit(graph: GraphDocument, edit: Edit): Applied {
  switch (edit.kind) {
    case 'add-node':
      return applyAddNode(graph, edit.node, edit.index, edit.links ?? [], edit.frames ?? []);
    case 'remove-node':
      return applyRemoveNode(graph, edit.id);
    case 'connect':
      return applyConnect(graph, edit.link, edit.index);
    case 'disconnect':
      return applyDisconnect(graph, edit.link);
    case 'set-param':
      return applySetParam(graph, edit.node, edit.name, edit.value);
    case 'move-node':
      return applyMoveNode(graph, edit.node, edit.position);
    case 'set-collapsed':
      return applySetCollapsed(graph, edit.node, edit.collapsed);
    case 'add-group':
      return applyAddGroup(graph, edit.group, edit.index);
    case 'remove-group':
      return applyRemoveGroup(graph, edit.id);
    case 'set-group':
      return applySetGroup(graph, edit.group);
    case 'edit-group':
      return applyEditGroup(graph, edit.id, edit.edit);
    case 'add-frame':
      return applyAddFrame(graph, edit.frame, edit.index);
    case 'remove-frame':
      return applyRemoveFrame(graph, edit.id);
    case 'set-frame':
      return applySetFrame(graph, edit.frame);
    case 'batch':
      return applyBatch(graph, edit.label, edit.edits);
  }
}

/** What the edit does, for menus: "Undo Move node "arm"". */
export function labelOf(edit: Edit): string {
  switch (edit.kind) {
    case 'add-node':
      return `Add node "${edit.node.id}"`;
    case 'remove-node':
      return `Remove node "${edit.id}"`;
    case 'connect':
      return `Connect ${endLabel(edit.link.from)} to ${endLabel(edit.link.to)}`;
    case 'disconnect':
      return `Disconnect ${endLabel(edit.link.from)} from ${endLabel(edit.link.to)}`;
    case 'set-param':
      return edit.value === undefined ? `Reset ${edit.node}.${edit.name}` : `Set ${edit.node}.${edit.name}`;
    case 'move-node':
      return `Move node "${edit.node}"`;
    case 'set-collapsed':
      return edit.collapsed ? `Collapse node "${edit.node}"` : `Expand node "${edit.node}"`;
    case 'add-group':
      return `Add group "${edit.group.id}"`;
    case 'remove-group':
      return `Remove group "${edit.id}"`;
    case 'set-group':
      return `Change group "${edit.group.id}"`;
    case 'edit-group':
      return `${labelOf(edit.edit)} in group "${edit.id}"`;
    case 'add-frame':
      return `Add frame "${edit.frame.label}"`;
    case 'remove-frame':
      return `Remove frame "${edit.id}"`;
    case 'set-frame':
      return `Change frame "${edit.frame.label}"`;
    case 'batch':
      return edit.label;
  }
}

function endLabel(end: LinkEnd): string {
  return `${end.node}.${end.socket}`;
}

function applyAddNode(graph: GraphDocument, node: GraphNode, index: number | undefined, links: readonly IndexedLink[], slots: readonly FrameSlot[]): Applied {
  if (graph.nodes.some((n) => n.id === node.id)) throw new GraphEditError('duplicate-node-id', `a node with id "${node.id}" already exists`);
  const at = checkIndex(index ?? graph.nodes.length, graph.nodes.length, 'node');
  const nodes = [...graph.nodes.slice(0, at), node, ...graph.nodes.slice(at)];
  const ids = new Set(nodes.map((n) => n.id));
  const restored = [...graph.links];
  // Ascending order, so each index is final when its link goes in.
  for (const { index: i, link } of [...links].sort((a, b) => a.index - b.index)) {
    requireEnds(ids, link);
    restored.splice(checkIndex(i, restored.length, 'link'), 0, link);
  }
  let frames = graph.frames;
  for (const slot of slots) {
    const f = frameIndex({ ...graph, frames }, slot.frame);
    const frame = frames![f];
    const members = [...frame.nodes];
    members.splice(checkIndex(slot.index, members.length, 'frame member'), 0, node.id);
    frames = frames!.map((x, i) => (i === f ? { ...frame, nodes: members } : x));
  }
  return { graph: { ...graph, nodes, links: restored, ...(frames !== undefined && { frames }) }, inverse: { kind: 'remove-node', id: node.id } };
}

function applyRemoveNode(graph: GraphDocument, id: string): Applied {
  const index = nodeIndex(graph, id);
  const removed: IndexedLink[] = [];
  const links = graph.links.filter((link, i) => {
    const touches = link.from.node === id || link.to.node === id;
    if (touches) removed.push({ index: i, link });
    return !touches;
  });
  const nodes = graph.nodes.filter((_, i) => i !== index);
  const slots: FrameSlot[] = [];
  const frames = graph.frames?.map((frame) => {
    const at = frame.nodes.indexOf(id);
    if (at < 0) return frame;
    slots.push({ frame: frame.id, index: at });
    return { ...frame, nodes: frame.nodes.filter((n) => n !== id) };
  });
  return {
    graph: { ...graph, nodes, links, ...(frames !== undefined && { frames }) },
    inverse: { kind: 'add-node', node: graph.nodes[index], index, links: removed, ...(slots.length > 0 && { frames: slots }) },
  };
}

function applyConnect(graph: GraphDocument, link: GraphLink, index: number | undefined): Applied {
  requireEnds(new Set(graph.nodes.map((n) => n.id)), link);
  const existing = graph.links.findIndex((l) => sameEnd(l.to, link.to));
  if (existing >= 0) {
    const links = graph.links.map((l, i) => (i === existing ? link : l));
    return { graph: { ...graph, links }, inverse: { kind: 'connect', link: graph.links[existing] } };
  }
  const at = checkIndex(index ?? graph.links.length, graph.links.length, 'link');
  const links = [...graph.links.slice(0, at), link, ...graph.links.slice(at)];
  return { graph: { ...graph, links }, inverse: { kind: 'disconnect', link } };
}

function applyDisconnect(graph: GraphDocument, link: GraphLink): Applied {
  const index = graph.links.findIndex((l) => sameEnd(l.from, link.from) && sameEnd(l.to, link.to));
  if (index < 0) throw new GraphEditError('no-such-link', `there is no link from ${endLabel(link.from)} to ${endLabel(link.to)}`);
  const links = graph.links.filter((_, i) => i !== index);
  return { graph: { ...graph, links }, inverse: { kind: 'connect', link: graph.links[index], index } };
}

function applySetParam(graph: GraphDocument, id: string, name: string, value: JsonValue | undefined): Applied {
  const index = nodeIndex(graph, id);
  const node = graph.nodes[index];
  const had = Object.hasOwn(node.params, name);
  if (!had && value === undefined) return { graph, inverse: setParam(id, name, undefined) };
  // Built from entries, so a param named "__proto__" stays a param. A changed param keeps its place.
  const entries: [string, JsonValue][] = Object.entries(node.params);
  const next =
    value === undefined
      ? entries.filter(([key]) => key !== name)
      : had
        ? entries.map(([key, v]): [string, JsonValue] => [key, key === name ? value : v])
        : [...entries, [name, value] as [string, JsonValue]];
  return {
    graph: replaceNode(graph, index, { ...node, params: Object.fromEntries(next) }),
    inverse: setParam(id, name, had ? node.params[name] : undefined),
  };
}

function applyMoveNode(graph: GraphDocument, id: string, position: readonly [number, number]): Applied {
  const index = nodeIndex(graph, id);
  const node = graph.nodes[index];
  return {
    graph: replaceNode(graph, index, { ...node, position: [position[0], position[1]] }),
    inverse: { kind: 'move-node', node: id, position: [node.position[0], node.position[1]] },
  };
}

function applySetCollapsed(graph: GraphDocument, id: string, collapsed: boolean): Applied {
  const index = nodeIndex(graph, id);
  const node = graph.nodes[index];
  const { collapsed: was, ...rest } = node;
  // Left out when not collapsed, so a file that never collapsed anything does not change.
  return { graph: replaceNode(graph, index, collapsed ? { ...rest, collapsed: true } : rest), inverse: { kind: 'set-collapsed', node: id, collapsed: was === true } };
}

function applyAddGroup(graph: GraphDocument, group: GraphGroup, index: number | undefined): Applied {
  const groups = graph.groups ?? [];
  if (groups.some((g) => g.id === group.id)) throw new GraphEditError('duplicate-group-id', `a group with id "${group.id}" already exists`);
  const at = checkIndex(index ?? groups.length, groups.length, 'group');
  return { graph: { ...graph, groups: [...groups.slice(0, at), group, ...groups.slice(at)] }, inverse: { kind: 'remove-group', id: group.id } };
}

function applyRemoveGroup(graph: GraphDocument, id: string): Applied {
  const index = groupIndex(graph, id);
  const user = [...graph.nodes, ...(graph.groups ?? []).flatMap((g) => g.nodes)].find((n) => n.group === id);
  if (user !== undefined) throw new GraphEditError('group-in-use', `group "${id}" is still used by group node "${user.id}"`);
  const groups = graph.groups!.filter((_, i) => i !== index);
  const { groups: _, ...rest } = graph;
  return { graph: groups.length > 0 ? { ...rest, groups } : rest, inverse: { kind: 'add-group', group: graph.groups![index], index } };
}

function applySetGroup(graph: GraphDocument, group: GraphGroup): Applied {
  const index = groupIndex(graph, group.id);
  const groups = graph.groups!.map((g, i) => (i === index ? group : g));
  return { graph: { ...graph, groups }, inverse: { kind: 'set-group', group: graph.groups![index] } };
}

function applyEditGroup(graph: GraphDocument, id: string, edit: Edit): Applied {
  const index = groupIndex(graph, id);
  const group = graph.groups![index];
  // The inside of a definition is edited as a document of its own.
  const inner = applyEdit({ format: graph.format, version: graph.version, nodes: group.nodes, links: group.links }, edit);
  const ids = new Set(inner.graph.nodes.map((n) => n.id));
  for (const end of [...group.inputs.flatMap((i) => i.to), ...group.outputs.map((o) => o.from)]) {
    if (!ids.has(end.node)) throw new GraphEditError('no-such-node', `group "${id}": its interface uses node "${end.node}"; change the interface (set-group) before removing it`);
  }
  const groups = graph.groups!.map((g, i) => (i === index ? { ...group, nodes: inner.graph.nodes, links: inner.graph.links } : g));
  return { graph: { ...graph, groups }, inverse: { kind: 'edit-group', id, edit: inner.inverse } };
}

function applyAddFrame(graph: GraphDocument, frame: GraphFrame, index: number | undefined): Applied {
  const frames = graph.frames ?? [];
  if (frames.some((f) => f.id === frame.id)) throw new GraphEditError('duplicate-frame-id', `a frame with id "${frame.id}" already exists`);
  const ids = new Set(graph.nodes.map((n) => n.id));
  for (const n of frame.nodes) if (!ids.has(n)) throw new GraphEditError('no-such-node', `frame "${frame.label}": there is no node with id "${n}"`);
  const at = checkIndex(index ?? frames.length, frames.length, 'frame');
  return { graph: { ...graph, frames: [...frames.slice(0, at), frame, ...frames.slice(at)] }, inverse: { kind: 'remove-frame', id: frame.id } };
}

function applyRemoveFrame(graph: GraphDocument, id: string): Applied {
  const index = frameIndex(graph, id);
  const frames = graph.frames!.filter((_, i) => i !== index);
  const { frames: _, ...rest } = graph;
  return { graph: frames.length > 0 ? { ...rest, frames } : rest, inverse: { kind: 'add-frame', frame: graph.frames![index], index } };
}

function applySetFrame(graph: GraphDocument, frame: GraphFrame): Applied {
  const index = frameIndex(graph, frame.id);
  const ids = new Set(graph.nodes.map((n) => n.id));
  for (const n of frame.nodes) if (!ids.has(n)) throw new GraphEditError('no-such-node', `frame "${frame.label}": there is no node with id "${n}"`);
  const frames = graph.frames!.map((f, i) => (i === index ? frame : f));
  return { graph: { ...graph, frames }, inverse: { kind: 'set-frame', frame: graph.frames![index] } };
}

function groupIndex(graph: GraphDocument, id: string): number {
  const index = (graph.groups ?? []).findIndex((g) => g.id === id);
  if (index < 0) throw new GraphEditError('no-such-group', `there is no group with id "${id}"`);
  return index;
}

function frameIndex(graph: GraphDocument, id: string): number {
  const index = (graph.frames ?? []).findIndex((f) => f.id === id);
  if (index < 0) throw new GraphEditError('no-such-frame', `there is no frame with id "${id}"`);
  return index;
}

function applyBatch(graph: GraphDocument, label: string, edits: readonly Edit[]): Applied {
  const inverses: Edit[] = [];
  let current = graph;
  for (const edit of edits) {
    const applied = applyEdit(current, edit);
    current = applied.graph;
    inverses.push(applied.inverse);
  }
  return { graph: current, inverse: { kind: 'batch', label, edits: inverses.reverse() } };
}

function replaceNode(graph: GraphDocument, index: number, node: GraphNode): GraphDocument {
  return { ...graph, nodes: graph.nodes.map((n, i) => (i === index ? node : n)) };
}

function nodeIndex(graph: GraphDocument, id: string): number {
  const index = graph.nodes.findIndex((n) => n.id === id);
  if (index < 0) throw new GraphEditError('no-such-node', `there is no node with id "${id}"`);
  return index;
}

function requireEnds(ids: ReadonlySet<string>, link: GraphLink): void {
  for (const end of [link.from, link.to]) {
    if (!ids.has(end.node)) throw new GraphEditError('no-such-node', `cannot link ${endLabel(end)}: there is no node with id "${end.node}"`);
  }
}

function checkIndex(index: number, length: number, what: string): number {
  if (!Number.isInteger(index) || index < 0 || index > length) {
    throw new GraphEditError('bad-index', `cannot insert a ${what} at index ${index}; there are ${length}`);
  }
  return index;
}

function sameEnd(a: LinkEnd, b: LinkEnd): boolean {
  return a.node === b.node && a.socket === b.socket;
}
