// Compile phase 1, resolve nodes: each graph node's kind, params and wired inputs. Unknown kinds are
// kept in the file but not evaluated; links must join existing sockets of one type.
import { flattenGroups, FlattenError } from '../../graph/flatten';
import type { GraphDocument } from '../../graph/types';
import type { NodeCatalog } from '../../nodes/catalog';
import { instanceDefinition, variadicCount } from '../../nodes/define';
import { resolveParams } from '../../nodes/resolve-params';
import type { CompiledNode, NodeTable } from './compiled-node';
import { drivableParam, scheduleParam } from './driven-params';
import { CompileFailure, type Problems } from './errors';
import type { UnitId } from './unit';

export interface ResolvedGraph {
  /** Every graph node by index. */
  compiled: NodeTable;
  /** The nodes of known kinds, in graph order. */
  live: CompiledNode[];
  /** Node id → index. */
  byId: Map<string, number>;
}

/** Groups compile away first: what runs is the flat graph, so a group costs nothing of its own. */
export function flatGraph(graph: GraphDocument): GraphDocument {
  try {
    return flattenGroups(graph);
  } catch (e) {
    if (e instanceof FlattenError) throw new CompileFailure([{ code: 'bad-group', pointer: e.pointer, message: e.message, ...(e.nodeId !== undefined && { nodeId: e.nodeId }) }]);
    throw e;
  }
}

/** The nodes and their links; refuses the graph for a bad link or a duplicate id. */
export function resolveNodes(graph: GraphDocument, catalog: NodeCatalog, problems: Problems): ResolvedGraph {
  const compiled = graph.nodes.map((node, index) => resolveNode(graph, index, catalog, problems));
  const byId = new Map<string, number>();
  graph.nodes.forEach((n, i) => {
    if (byId.has(n.id)) problems.errors.push({ code: 'duplicate-id', pointer: `/nodes/${i}/id`, nodeId: n.id, message: `node id "${n.id}" is used twice` });
    else byId.set(n.id, i);
  });
  resolveLinks(graph, compiled, byId, problems);
  problems.failIfAny();
  for (const c of compiled) {
    if (c) for (const name in c.def.inputs) if (c.def.inputs[name].required && !c.sources.has(name)) c.missing.push(name);
  }
  return { compiled, live: compiled.filter((c): c is CompiledNode => c !== undefined), byId };
}

function resolveNode(graph: GraphDocument, index: number, catalog: NodeCatalog, problems: Problems): CompiledNode | undefined {
  const node = graph.nodes[index];
  const kind = catalog.get(node.type);
  if (!kind) {
    problems.warnings.push({ code: 'unknown-node-type', pointer: `/nodes/${index}/type`, nodeId: node.id, message: `node "${node.id}" has type "${node.type}", which this version of Sinew does not know; it is kept but not evaluated` });
    return undefined;
  }
  // A variadic node (Armature) compiles with the inputs its count param gives it, no more.
  const def = instanceDefinition(kind, node.params);
  const v = kind.variadic;
  if (v && Object.hasOwn(node.params, v.param) && node.params[v.param] !== variadicCount(kind, node.params)) {
    const spec = kind.params[v.param];
    const range = spec.kind === 'int' ? ` (a whole number from ${spec.min ?? 0} to ${spec.max ?? 'any'})` : '';
    problems.errors.push({ code: 'bad-param', pointer: `/nodes/${index}/params/${v.param}`, nodeId: node.id, message: `node "${node.id}" (${kind.label}) param "${v.param}" is ${JSON.stringify(node.params[v.param])}; it must be a count${range}` });
  }
  return { index, node, def, params: resolveParams(def, node.params), io: { in: {}, out: {} }, sources: new Map(), drivenParams: new Map(), constants: {}, missing: [], stackOwnerKnown: false, unit: -1 as UnitId, written: [] };
}

/** Links: ends must exist and socket types must match; each input takes one link. */
function resolveLinks(graph: GraphDocument, compiled: NodeTable, byId: Map<string, number>, { errors }: Problems): void {
  graph.links.forEach((link, li) => {
    const fi = byId.get(link.from.node);
    const ti = byId.get(link.to.node);
    const at = `/links/${li}`;
    if (fi === undefined) return void errors.push({ code: 'dangling-link', pointer: `${at}/from/node`, message: `link ${li} starts at node "${link.from.node}", which is not in the graph` });
    if (ti === undefined) return void errors.push({ code: 'dangling-link', pointer: `${at}/to/node`, message: `link ${li} ends at node "${link.to.node}", which is not in the graph` });
    const from = compiled[fi];
    const to = compiled[ti];
    if (!from || !to) return; // an unknown node: its links are kept, not evaluated
    const out = from.def.outputs[link.from.socket];
    const inp = to.def.inputs[link.to.socket];
    if (!out) return void errors.push({ code: 'missing-socket', pointer: `${at}/from/socket`, nodeId: from.node.id, message: `node "${from.node.id}" (${from.def.label}) has no output "${link.from.socket}"` });
    if (!inp && Object.hasOwn(to.def.params, link.to.socket)) { resolveDrivenParam(link.to.socket, out.type, to, [fi, link.from.socket], at, errors); return; }
    if (!inp) {
      const v = to.def.variadic;
      const beyond = v && v.itemOf(link.to.socket) > 0 ? ` (its ${v.param} param is ${String(to.params[v.param])}; raise it to use this input)` : '';
      return void errors.push({ code: 'missing-socket', pointer: `${at}/to/socket`, nodeId: to.node.id, message: `node "${to.node.id}" (${to.def.label}) has no input "${link.to.socket}"${beyond}` });
    }
    if (out.type !== inp.type) {
      return void errors.push({ code: 'type-mismatch', pointer: at, nodeId: to.node.id, message: `node "${to.node.id}" input "${link.to.socket}" takes a ${inp.type}, but "${from.node.id}" output "${link.from.socket}" gives a ${out.type}` });
    }
    if (to.sources.has(link.to.socket)) {
      return void errors.push({ code: 'duplicate-link', pointer: at, nodeId: to.node.id, message: `node "${to.node.id}" input "${link.to.socket}" has more than one link` });
    }
    to.sources.set(link.to.socket, [fi, link.from.socket]);
  });
}

/**
 * A link into a param: a float output driving a number, int, bool or choice param (a choice by the
 * option's position) the schedule does not depend on (not a variadic count, not an IK chain length), once.
 */
function resolveDrivenParam(name: string, outType: string, to: CompiledNode, source: [number, string], at: string, errors: Problems['errors']): void {
  const spec = to.def.params[name];
  const what = `node "${to.node.id}" (${to.def.label}) param "${name}"`;
  if (!drivableParam(spec)) return void errors.push({ code: 'missing-socket', pointer: `${at}/to/socket`, nodeId: to.node.id, message: `${what} is a ${spec.kind}; a link can drive only a number, whole-number, on/off or choice param` });
  if (scheduleParam(to.def, name)) return void errors.push({ code: 'missing-socket', pointer: `${at}/to/socket`, nodeId: to.node.id, message: `${what} decides what the node writes (the evaluation order); it cannot be driven by a link` });
  if (outType !== 'float') return void errors.push({ code: 'type-mismatch', pointer: at, nodeId: to.node.id, message: `${what} takes a float link, but the link gives a ${outType}` });
  if (to.drivenParams.has(name)) return void errors.push({ code: 'duplicate-link', pointer: at, nodeId: to.node.id, message: `${what} has more than one link` });
  to.drivenParams.set(name, source);
}
