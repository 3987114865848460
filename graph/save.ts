// Canonical saving: the same graph always gives the same bytes, so files diff well in git and a
// load → save round trip changes nothing. Known keys come in reading order, all others sorted.
import { formatNumber } from './canonical-number';
import type { GraphDocument } from './types';

/** Where known keys go; keys not listed follow, sorted, so nothing a file carried is lost. */
interface Layout {
  first?: readonly string[];
  fields?: { readonly [key: string]: Layout };
  items?: Layout;
}

const LINK_END: Layout = { first: ['node', 'socket'] };

const NODES: Layout = { items: { first: ['id', 'type', 'group', 'position', 'collapsed', 'params'] } };
const LINKS: Layout = { items: { first: ['from', 'to'], fields: { from: LINK_END, to: LINK_END } } };

const GRAPH_LAYOUT: Layout = {
  first: ['format', 'version', 'scene', 'view', 'nodes', 'links', 'groups', 'frames'],
  fields: {
    nodes: NODES,
    links: LINKS,
    groups: {
      items: {
        first: ['id', 'label', 'inputs', 'outputs', 'nodes', 'links'],
        fields: {
          inputs: { items: { first: ['name', 'to'], fields: { to: { items: LINK_END } } } },
          outputs: { items: { first: ['name', 'from'], fields: { from: LINK_END } } },
          nodes: NODES,
          links: LINKS,
        },
      },
    },
    frames: { items: { first: ['id', 'label', 'color', 'nodes'] } },
  },
};

const INDENT = '  ';

/** Writes a graph as canonical JSON text: stable key order, no float noise, 2-space indent, final newline. */
export function saveGraph(graph: GraphDocument): string {
  return writeValue(graph, GRAPH_LAYOUT, '') + '\n';
}

function writeValue(value: unknown, layout: Layout | undefined, indent: string): string {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'number':
      return formatNumber(value);
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      return Array.isArray(value) ? writeArray(value, layout?.items, indent) : writeObject(value as Record<string, unknown>, layout, indent);
    default:
      return 'null'; // functions, symbols, bigints: not JSON, and never in a loaded graph
  }
}

function writeArray(items: readonly unknown[], layout: Layout | undefined, indent: string): string {
  if (items.length === 0) return '[]';
  // Positions, vectors and matrices read best on one line, and a moved node then changes one line.
  if (items.every((item) => typeof item === 'number')) return `[${items.map((n) => formatNumber(n)).join(', ')}]`;
  const inner = indent + INDENT;
  return `[\n${items.map((item) => inner + writeValue(item, layout, inner)).join(',\n')}\n${indent}]`;
}

function writeObject(object: Record<string, unknown>, layout: Layout | undefined, indent: string): string {
  const keys = orderedKeys(object, layout?.first ?? []);
  if (keys.length === 0) return '{}';
  const inner = indent + INDENT;
  const fields = layout?.fields;
  const lines = keys.map((key) => {
    const fieldLayout = fields !== undefined && Object.hasOwn(fields, key) ? fields[key] : undefined;
    return `${inner}${JSON.stringify(key)}: ${writeValue(object[key], fieldLayout, inner)}`;
  });
  return `{\n${lines.join(',\n')}\n${indent}}`;
}

/** Known keys in layout order, then the rest sorted by code unit; keys holding undefined are left out as JSON does. */
function orderedKeys(object: Record<string, unknown>, first: readonly string[]): string[] {
  const present = Object.keys(object).filter((key) => object[key] !== undefined);
  const presentSet = new Set(present);
  const firstSet = new Set(first);
  const known = first.filter((key) => presentSet.has(key));
  const rest = present.filter((key) => !firstSet.has(key)).sort();
  return [...known, ...rest];
}
