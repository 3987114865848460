// A glTF file's node tree: parents, a parents-first order, and each node's rest matrices.
import type { GltfLimits } from './limits';
import { mul, trs, type M4 } from './mat';
import { nodeTree } from './structure';
import type { GltfJson } from './types';

export interface Hierarchy {
  /** Parent node index, or -1 for a root. */
  parent: Int32Array;
  /** Every node, parents before children (roots in index order, then depth first). */
  order: number[];
  /** The node's own rest matrix (its TRS or matrix). */
  local: M4[];
  /** The node's rest matrix in the glTF scene (world) space. */
  world: M4[];
}

/** Reading a file checks its tree against the limits; walks after that need only be loops. */
const UNLIMITED = { maxNodes: Infinity, maxNodeDepth: Infinity };

/** The tree (structure.ts, nodeTree: no recursion) and its rest matrices. */
export function hierarchy(json: GltfJson, limits: Pick<GltfLimits, 'maxNodes' | 'maxNodeDepth'> = UNLIMITED): Hierarchy {
  const nodes = json.nodes ?? [];
  const { parent, order } = nodeTree(json, limits);
  const local = nodes.map((n) => (Array.isArray(n.matrix) && n.matrix.length === 16 ? Float64Array.from(n.matrix) : trs(n.translation, n.rotation, n.scale)));
  const world = new Array<M4>(nodes.length);
  for (const i of order) world[i] = parent[i] < 0 ? local[i] : mul(world[parent[i]], local[i]);
  return { parent, order, local, world };
}
