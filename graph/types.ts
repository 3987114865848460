// The graph document: what a user edits and saves. Plain JSON data, no behaviour.

/** The format tag every graph file carries. */
export const GRAPH_FORMAT = 'sinew-graph';
/** The newest graph file version this build reads and writes. */
export const GRAPH_VERSION = 2;

/** The node type of a group node: one use of a group definition, named by its `group` field. */
export const GROUP_NODE_TYPE = 'group';

/** A JSON value as it may appear in a node's params. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export interface GraphNode {
  /** Unique within the graph; links and errors refer to it. */
  id: string;
  /** A node kind from the catalog, e.g. `constraint/copy-location`. */
  type: string;
  /** Param values and the values of unconnected inputs, by name. Missing ones take the default. */
  params: Record<string, JsonValue>;
  /** Where the node sits in the editor. */
  position: [number, number];
  /** Group nodes only: the id of the definition in `groups` this node uses. */
  group?: string;
  /** Drawn with only its linked sockets; evaluation is unchanged. */
  collapsed?: boolean;
}

export interface LinkEnd {
  node: string;
  socket: string;
}

export interface GraphLink {
  from: LinkEnd;
  to: LinkEnd;
}

export interface GraphView {
  x?: number;
  y?: number;
  zoom?: number;
}

/** A group input: a socket on every group node, fed into these inner inputs. */
export interface GroupInput {
  name: string;
  to: LinkEnd[];
}

/** A group output: a socket on every group node, giving this inner output. */
export interface GroupOutput {
  name: string;
  from: LinkEnd;
}

/** A group definition, stored once and used by any number of group nodes; editing it changes them all. */
export interface GraphGroup {
  id: string;
  label?: string;
  nodes: GraphNode[];
  links: GraphLink[];
  inputs: GroupInput[];
  outputs: GroupOutput[];
}

/** A labelled, coloured box drawn around its nodes; it has no position of its own, so it moves with them. */
export interface GraphFrame {
  id: string;
  label: string;
  /** `#rrggbb`. */
  color: string;
  nodes: string[];
}

export interface GraphDocument {
  format: typeof GRAPH_FORMAT;
  version: number;
  nodes: GraphNode[];
  links: GraphLink[];
  /** The scene, inline (an object) or as a path relative to the graph file. */
  scene?: JsonValue;
  view?: GraphView;
  /** Group definitions (version 2). */
  groups?: GraphGroup[];
  /** Frames around top-level nodes (version 2). */
  frames?: GraphFrame[];
}

/** The socket types a link can carry. */
export type SocketType = 'transform' | 'vector' | 'quaternion' | 'float' | 'bool' | 'curve' | 'owner';

/** What the graph layer needs to know of node kinds to validate and schedule, without importing them. */
export interface CatalogEntry {
  inputs: Record<string, { type: SocketType }>;
  outputs: Record<string, { type: SocketType }>;
  params: Record<string, ParamShape>;
}

/** The shape of a param, enough to check a value against it. */
export type ParamShape =
  | { kind: 'float'; min?: number; max?: number }
  | { kind: 'int'; min?: number; max?: number }
  | { kind: 'bool' }
  | { kind: 'choice'; options: readonly string[] }
  | { kind: 'string' }
  | { kind: 'owner' }
  | { kind: 'action' }
  | { kind: 'vector'; size: number }
  | { kind: 'matrix' };

export interface Catalog {
  get(type: string): CatalogEntry | undefined;
}

/** A problem found in a file or graph: where (a JSON pointer or node id) and what, in plain words. */
export interface GraphError {
  code: string;
  /** JSON pointer into the file, e.g. `/nodes/3/params/influence`. */
  pointer: string;
  message: string;
  nodeId?: string;
}
