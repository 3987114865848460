// Loading a graph file: read the JSON, refuse what is not ours or too new, upgrade what is old,
// then check structure and meaning, and report every problem at once rather than the first.
import { limitsWith, tooMany, type Limits } from './limits';
import { describeValue } from './messages';
import { migrate, MIGRATIONS, type MigrationTable, type RawGraph } from './migrate';
import { readJson } from './safe-json';
import { checkAgainstSchema } from './schema-check';
import { checkSemantics } from './semantic-check';
import { GRAPH_FORMAT, GRAPH_VERSION, type Catalog, type GraphDocument, type GraphError } from './types';

export type LoadResult =
  | { ok: true; graph: GraphDocument; warnings: GraphError[] }
  | { ok: false; errors: GraphError[]; warnings: GraphError[] };

/** Knobs for tools and tests that load with another migration table or target version. */
export interface LoadOptions {
  migrations?: MigrationTable;
  version?: number;
  /** Size, depth and count limits; the defaults (graph/limits.ts) for any left out. */
  limits?: Partial<Limits>;
}

/**
 * Loads a graph from JSON text or from an already parsed value (which is copied, never kept).
 * With a catalog, node types, sockets and params are checked too. Keys Sinew does not know are kept.
 */
export function loadGraph(source: unknown, catalog?: Catalog, options: LoadOptions = {}): LoadResult {
  const target = options.version ?? GRAPH_VERSION;
  const limits = limitsWith(options.limits);
  // Bounded in size and depth, numbers within a double's range, keys kept as plain data.
  const read = readJson(source, limits, 'graph');
  if (!read.ok) return refuse(read.errors);
  const header = checkHeader(read.value, target);
  if (header !== undefined) return refuse([header]);
  const counts = checkCounts(read.value as RawGraph, limits);
  if (counts.length > 0) return refuse(counts);
  const migrated = migrate(read.value as RawGraph, options.migrations ?? MIGRATIONS, target);
  if (!migrated.ok) return refuse([migrated.error]);
  const file = migrated.file;
  const semantics = checkSemantics(file, catalog);
  const errors = [...checkAgainstSchema(file).map((e) => withNodeId(e, file)), ...semantics.errors];
  if (errors.length > 0) return { ok: false, errors, warnings: semantics.warnings };
  // The schema and the semantic checks together establish every property GraphDocument promises.
  return { ok: true, graph: file as unknown as GraphDocument, warnings: semantics.warnings };
}

/** Errors inside a node name its id too, so the editor can select the node, when the id is readable. */
function withNodeId(error: GraphError, file: RawGraph): GraphError {
  const match = /^\/nodes\/(\d+)(?:\/|$)/.exec(error.pointer);
  const nodes = file['nodes'];
  if (match === null || !Array.isArray(nodes)) return error;
  const node: unknown = nodes[Number(match[1])];
  const id = typeof node === 'object' && node !== null ? (node as RawGraph)['id'] : undefined;
  return typeof id === 'string' && id !== '' ? { ...error, nodeId: id } : error;
}

function refuse(errors: GraphError[]): LoadResult {
  return { ok: false, errors, warnings: [] };
}

/** Format and version come first: past a wrong format or a newer version, other errors are noise. */
function checkHeader(value: unknown, target: number): GraphError | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      code: 'wrong-format',
      pointer: '',
      message: `this is not a Sinew graph file: expected a JSON object with "format": "${GRAPH_FORMAT}", got ${describeValue(value)}`,
    };
  }
  const { format, version } = value as RawGraph;
  if (format === undefined) {
    return { code: 'wrong-format', pointer: '/format', message: `this is not a Sinew graph file: it has no "format" (expected "${GRAPH_FORMAT}")` };
  }
  if (format !== GRAPH_FORMAT) {
    const what = typeof format === 'string' && format !== '' ? `a "${format}" file` : `a file with "format": ${describeValue(format)}`;
    return { code: 'wrong-format', pointer: '/format', message: `this is ${what}, not a Sinew graph file (expected "format": "${GRAPH_FORMAT}")` };
  }
  if (typeof version === 'number' && Number.isInteger(version) && version > target) {
    return {
      code: 'newer-version',
      pointer: '/version',
      message: `this file is version ${version}; this build of Sinew reads up to version ${target}. Open it with a newer Sinew.`,
    };
  }
  return undefined;
}

/** Node and link counts within their limits, so no later step does unbounded work. */
function checkCounts(file: RawGraph, limits: Limits): GraphError[] {
  const errors: GraphError[] = [];
  const { nodes, links } = file;
  if (Array.isArray(nodes) && nodes.length > limits.maxNodes) errors.push(tooMany('/nodes', 'nodes', 'graph', nodes.length, 'maxNodes', limits));
  if (Array.isArray(links) && links.length > limits.maxLinks) errors.push(tooMany('/links', 'links', 'graph', links.length, 'maxLinks', limits));
  return errors;
}
