// A glTF file's node tree: parents, a parents-first order, and each node's rest matrices.
import { GltfError } from './container';
import { mul, trs, type M4 } from './mat';
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

export function hierarchy(json: GltfJson): Hierarchy {
  const nodes = json.nodes ?? [];
  const parent = new Int32Array(nodes.length).fill(-1);
  nodes.forEach((n, i) => {
    for (const c of n.children ?? []) {
      if (!Number.isInteger(c) || c < 0 || c >= nodes.length) throw new GltfError(`node ${i} lists child ${c}, which is not a node`);
      if (parent[c] !== -1) throw new GltfError(`node ${c} has two parents (${parent[c]} and ${i}); glTF nodes form a tree`);
      parent[c] = i;
    }
  });
  const order: number[] = [];
  const seen = new Uint8Array(nodes.length);
  const visit = (i: number) => {
    seen[i] = 1;
    order.push(i);
    for (const c of nodes[i].children ?? []) visit(c);
  };
  nodes.forEach((_, i) => { if (parent[i] === -1) visit(i); });
  if (order.length !== nodes.length) {
    const stuck = nodes.findIndex((_, i) => !seen[i]);
    throw new GltfError(`node ${stuck} is its own ancestor (a loop in "children")`);
  }
  const local = nodes.map((n) => (Array.isArray(n.matrix) && n.matrix.length === 16 ? Float64Array.from(n.matrix) : trs(n.translation, n.rotation, n.scale)));
  const world: M4[] = new Array(nodes.length);
  for (const i of order) world[i] = parent[i] < 0 ? local[i] : mul(world[parent[i]], local[i]);
  return { parent, order, local, world };
}
