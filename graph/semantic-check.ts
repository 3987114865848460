// The checks a schema cannot express: ids that must be unique, links that must land on real nodes
// and sockets, params that must fit their node kind. Written defensively so it can run on a file
// the schema already rejected and still report everything else that is wrong with it.
import { checkParam } from './param-check';
import { describeValue, quoteList } from './messages';
import { pointerOf } from './pointer';
import { nearestName } from './spelling';
import { GROUP_NODE_TYPE, type Catalog, type CatalogEntry, type GraphError } from './types';

export interface SemanticReport {
  errors: GraphError[];
  warnings: GraphError[];
}

type PlainObject = { readonly [key: string]: unknown };

/** Keys a file may carry that Sinew reads; any other is kept, with a warning in case it is a typo. */
const FILE_KEYS = new Set(['$schema', 'format', 'version', 'nodes', 'links', 'scene', 'view', 'groups', 'frames']);
/** The param kinds a link may drive (a choice by the option's position: runtime/eval/driven-params.ts). */
const DRIVABLE: ReadonlySet<string> = new Set(['float', 'int', 'bool', 'choice']);
const NODE_KEYS = new Set(['id', 'type', 'params', 'position', 'group', 'collapsed']);

interface KnownNode {
  id: string;
  type: string | undefined;
  entry: CatalogEntry | undefined;
}

/** Checks ids, links and params of a parsed file. Without a catalog, node kinds are not checked. */
export function checkSemantics(data: unknown, catalog?: Catalog): SemanticReport {
  const report: SemanticReport = { errors: [], warnings: [] };
  if (!isRecord(data)) return report;
  for (const key of Object.keys(data)) {
    if (!FILE_KEYS.has(key)) report.warnings.push(extraField(pointerOf(key), key, 'the file'));
  }
  const nodes = checkNodes(data['nodes'], catalog, report, groupEntries(data['groups']));
  checkLinks(data['links'], nodes, report);
  checkFrames(data['frames'], nodes, report);
  return report;
}

function checkNodes(nodes: unknown, catalog: Catalog | undefined, report: SemanticReport, groups: ReadonlyMap<string, CatalogEntry>): Map<string, KnownNode> {
  const byId = new Map<string, KnownNode>();
  const firstIndex = new Map<string, number>();
  if (!Array.isArray(nodes)) return byId;
  nodes.forEach((node: unknown, i) => {
    if (!isRecord(node)) return;
    const id = typeof node['id'] === 'string' && node['id'] !== '' ? node['id'] : undefined;
    const type = typeof node['type'] === 'string' && node['type'] !== '' ? node['type'] : undefined;
    for (const key of Object.keys(node)) {
      if (!NODE_KEYS.has(key)) report.warnings.push({ ...extraField(pointerOf('nodes', i, key), key, 'a node'), ...(id !== undefined && { nodeId: id }) });
    }
    if (id !== undefined) {
      const first = firstIndex.get(id);
      if (first !== undefined) {
        report.errors.push({
          code: 'duplicate-node-id',
          pointer: pointerOf('nodes', i, 'id'),
          message: `node id "${id}" is already used by ${pointerOf('nodes', first)}; every node needs its own id`,
          nodeId: id,
        });
      } else {
        firstIndex.set(id, i);
      }
    }
    if (type === GROUP_NODE_TYPE) {
      const group = node['group'];
      const entry = typeof group === 'string' ? groups.get(group) : undefined;
      if (entry === undefined) {
        report.errors.push({
          code: 'missing-group',
          pointer: pointerOf('nodes', i, 'group'),
          message: typeof group === 'string' ? `group node "${id ?? i}" uses group "${group}", which is not in the file's "groups"` : `group node "${id ?? i}" names no group; give it a "group" field`,
          ...(id !== undefined && { nodeId: id }),
        });
      }
      if (id !== undefined && !byId.has(id)) byId.set(id, { id, type, entry });
      return;
    }
    const entry = catalog !== undefined && type !== undefined ? catalog.get(type) : undefined;
    if (catalog !== undefined && type !== undefined && entry === undefined) {
      report.warnings.push({
        code: 'unknown-node-type',
        pointer: pointerOf('nodes', i, 'type'),
        message: `unknown node type "${type}"; the node is kept as it is but does nothing in this build of Sinew`,
        ...(id !== undefined && { nodeId: id }),
      });
    }
    if (entry !== undefined && isRecord(node['params'])) checkParams(node['params'], entry, type ?? '', i, id, report);
    if (id !== undefined && !byId.has(id)) byId.set(id, { id, type, entry });
  });
  return byId;
}

function checkParams(params: PlainObject, entry: CatalogEntry, type: string, i: number, id: string | undefined, report: SemanticReport): void {
  for (const [name, value] of Object.entries(params)) {
    const pointer = pointerOf('nodes', i, 'params', name);
    const nodeId = id !== undefined ? { nodeId: id } : {};
    const shape = Object.hasOwn(entry.params, name) ? entry.params[name] : undefined;
    if (shape === undefined) {
      // An input without a stored default (a transform) may still hold its unconnected value here.
      if (Object.hasOwn(entry.inputs, name)) continue;
      report.warnings.push({ code: 'unknown-param', pointer, message: unknownParamMessage(name, entry, type, i, id), ...nodeId });
      continue;
    }
    const problem = checkParam(value, shape);
    if (problem !== undefined) report.errors.push({ code: 'invalid-param', pointer, message: problem, ...nodeId });
  }
}

/** Names the node, the key and the nearest name the node kind knows, so a typo is one look away. */
function unknownParamMessage(name: string, entry: CatalogEntry, type: string, i: number, id: string | undefined): string {
  const node = id !== undefined ? `node "${id}"` : `the ${type} node at ${pointerOf('nodes', i)}`;
  const nearest = nearestName(name, [...Object.keys(entry.params), ...Object.keys(entry.inputs)]);
  const hint = nearest === undefined ? '' : ` (did you mean ${JSON.stringify(nearest)}?)`;
  return `${node}: unknown param ${describeValue(name)}${hint}; it is kept in the file but not used`;
}

function checkLinks(links: unknown, nodes: Map<string, KnownNode>, report: SemanticReport): void {
  if (!Array.isArray(links)) return;
  const inputTaken = new Map<string, number>();
  links.forEach((link: unknown, j) => {
    if (!isRecord(link)) return;
    const from = linkEnd(link['from']);
    const to = linkEnd(link['to']);
    if (from !== undefined) checkEnd(from, 'from', j, nodes, report);
    if (to !== undefined) {
      checkEnd(to, 'to', j, nodes, report);
      const key = JSON.stringify([to.node, to.socket]);
      const first = inputTaken.get(key);
      if (first === undefined) {
        inputTaken.set(key, j);
      } else {
        report.errors.push({
          code: 'input-linked-twice',
          pointer: pointerOf('links', j, 'to'),
          message: `input "${to.socket}" of node "${to.node}" is already linked by ${pointerOf('links', first)}; an input takes only one link`,
          nodeId: to.node,
        });
      }
    }
  });
}

function checkEnd(end: { node: string; socket: string }, side: 'from' | 'to', j: number, nodes: Map<string, KnownNode>, report: SemanticReport): void {
  const node = nodes.get(end.node);
  if (node === undefined) {
    report.errors.push({
      code: 'missing-node',
      pointer: pointerOf('links', j, side, 'node'),
      message: `this link ${side === 'from' ? 'starts at' : 'ends at'} node "${end.node}", but there is no node with that id`,
    });
    return;
  }
  const entry = node.entry;
  if (entry === undefined) return; // unknown kind: its sockets cannot be checked, and the link is kept
  const wanted = side === 'from' ? entry.outputs : entry.inputs;
  const other = side === 'from' ? entry.inputs : entry.outputs;
  if (Object.hasOwn(wanted, end.socket)) return;
  // A link may end at a number, int, bool or choice param: it drives the param (runtime/eval/driven-params.ts).
  if (side === 'to' && Object.hasOwn(entry.params, end.socket) && DRIVABLE.has(entry.params[end.socket].kind)) return;
  const pointer = pointerOf('links', j, side, 'socket');
  const named = `node "${end.node}" (${node.type})`;
  if (Object.hasOwn(other, end.socket)) {
    report.errors.push(
      side === 'from'
        ? { code: 'link-from-input', pointer, message: `"${end.socket}" is an input of ${named}; a link must start at an output`, nodeId: end.node }
        : { code: 'link-to-output', pointer, message: `"${end.socket}" is an output of ${named}; a link must end at an input`, nodeId: end.node },
    );
    return;
  }
  const kind = side === 'from' ? 'output' : 'input';
  const names = Object.keys(wanted);
  const choices = names.length === 0 ? `it has no ${kind}s` : `its ${kind}s are ${quoteList(names)}`;
  report.errors.push({ code: 'missing-socket', pointer, message: `${named} has no ${kind} "${end.socket}"; ${choices}`, nodeId: end.node });
}

/** A group definition's interface as socket names, so links to group nodes are checked like any other. */
function groupEntries(groups: unknown): Map<string, CatalogEntry> {
  const entries = new Map<string, CatalogEntry>();
  if (!Array.isArray(groups)) return entries;
  for (const group of groups) {
    if (!isRecord(group) || typeof group['id'] !== 'string') continue;
    const names = (list: unknown) => (Array.isArray(list) ? list.filter(isRecord).map((s) => s['name']).filter((n): n is string => typeof n === 'string') : []);
    // Types are not checked here; the compiler checks them on the flat graph.
    const sockets = (list: unknown) => Object.fromEntries(names(list).map((n) => [n, { type: 'float' as const }]));
    entries.set(group['id'], { inputs: sockets(group['inputs']), outputs: sockets(group['outputs']), params: {} });
  }
  return entries;
}

function checkFrames(frames: unknown, nodes: Map<string, KnownNode>, report: SemanticReport): void {
  if (!Array.isArray(frames)) return;
  frames.forEach((frame: unknown, f) => {
    if (!isRecord(frame) || !Array.isArray(frame['nodes'])) return;
    frame['nodes'].forEach((id: unknown, k) => {
      if (typeof id === 'string' && !nodes.has(id)) {
        report.errors.push({ code: 'missing-node', pointer: pointerOf('frames', f, 'nodes', k), message: `frame "${String(frame['label'] ?? frame['id'])}" holds node "${id}", but there is no node with that id` });
      }
    });
  });
}

function linkEnd(value: unknown): { node: string; socket: string } | undefined {
  if (!isRecord(value)) return undefined;
  const { node, socket } = value;
  return typeof node === 'string' && typeof socket === 'string' && node !== '' && socket !== '' ? { node, socket } : undefined;
}

function extraField(pointer: string, key: string, where: string): GraphError {
  return { code: 'extra-field', pointer, message: `"${key}" is not something Sinew reads in ${where}; it is kept as it is` };
}

function isRecord(value: unknown): value is PlainObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
