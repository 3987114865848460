// Strongly connected components (Tarjan), iterative so a long chain cannot overflow the call stack.
// A component of more than one unit, or one unit with an edge to itself, is a dependency cycle.

/** A graph over units 0..n-1 in compressed adjacency form: successors of u are targets[start[u]..start[u+1]). */
export interface Adjacency {
  start: Int32Array;
  targets: Int32Array;
}

/** Returns, for each unit, the id of its component; ids are 0..count-1. */
export function stronglyConnected(n: number, adjacency: Adjacency): { component: Int32Array; count: number } {
  const { start, targets } = adjacency;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const component = new Int32Array(n).fill(-1);
  const onStack = new Uint8Array(n);
  const stack = new Int32Array(n);
  const callUnit = new Int32Array(n);
  const callEdge = new Int32Array(n);
  let stackTop = 0;
  let nextIndex = 0;
  let count = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    let depth = 0;
    callUnit[0] = root;
    callEdge[0] = start[root]!;
    index[root] = low[root] = nextIndex++;
    stack[stackTop++] = root;
    onStack[root] = 1;
    while (depth >= 0) {
      const u = callUnit[depth];
      const e = callEdge[depth];
      if (e < start[u + 1]) {
        callEdge[depth] = e + 1;
        const v = targets[e];
        if (index[v] === -1) {
          index[v] = low[v] = nextIndex++;
          stack[stackTop++] = v;
          onStack[v] = 1;
          depth++;
          callUnit[depth] = v;
          callEdge[depth] = start[v]!;
        } else if (onStack[v] === 1 && index[v] < low[u]) {
          low[u] = index[v]!;
        }
        continue;
      }
      // All successors of u are done: u closes a component if it is its root.
      if (low[u] === index[u]) {
        let w: number;
        do {
          w = stack[--stackTop]!;
          onStack[w] = 0;
          component[w] = count;
        } while (w !== u);
        count++;
      }
      depth--;
      if (depth >= 0) {
        const parent = callUnit[depth];
        if (low[u] < low[parent]) low[parent] = low[u]!;
      }
    }
  }
  return { component, count };
}
