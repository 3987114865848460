// The evaluation order: a stable topological sort that survives cycles. Ties keep document order,
// so equal files give equal orders. A cycle is reported, not fatal: as Blender does after printing
// "Dependency cycle detected", one dependency is set aside and everything else still evaluates.
//
// Rule for cycles, chosen so it can run in O((V + E) log V) on any input: when every remaining unit
// waits on another, take the earliest unit (in document order) that waits only on units of its own
// cycle (its strongly connected component), set aside the edges into it from that component, and
// carry on. Those are the edges the stable sort would have had to break anyway to reach that unit.
import { IndexHeap } from './index-heap';
import { stronglyConnected, type Adjacency } from './strongly-connected';

export interface ScheduleCycle {
  /** The units of one cycle (a strongly connected component), in document order. */
  units: string[];
}

export interface Schedule {
  /** Every unit exactly once, each after everything it depends on except through `setAside` edges. */
  order: string[];
  /** Each dependency cycle, ordered by its earliest unit. */
  cycles: ScheduleCycle[];
  /** Edges ignored to break the cycles, `[from, to]`, in the order they were set aside. */
  setAside: [string, string][];
}

/**
 * Orders `units` so that for each edge `[a, b]`, a comes before b; among units ready at the same
 * time, the one earliest in `units` goes first. `breaks[e]`: edge e is where a cycle through it is
 * broken first ({@link scheduleIndices}). Throws on a repeated unit or an edge to an unknown one.
 */
export function schedule(units: readonly string[], edges: readonly (readonly [string, string])[], breaks?: readonly boolean[]): Schedule {
  const indexOf = new Map<string, number>();
  units.forEach((unit, i) => {
    if (indexOf.has(unit)) throw new RangeError(`schedule: unit "${unit}" is listed twice`);
    indexOf.set(unit, i);
  });
  const from = new Int32Array(edges.length);
  const to = new Int32Array(edges.length);
  edges.forEach(([a, b], e) => {
    from[e] = unitIndex(indexOf, a);
    to[e] = unitIndex(indexOf, b);
  });
  const s = scheduleIndices(units.length, from, to, breaks && Uint8Array.from(edges, (_, e) => (breaks[e] ? 1 : 0)));
  return {
    order: Array.from(s.order, (u) => units[u]),
    cycles: s.cycles.map((c) => ({ units: c.map((u) => units[u]) })),
    setAside: s.setAside.map((e) => [units[from[e]], units[to[e]]]),
  };
}

/** {@link schedule} over units named by their index: what a compiler that numbers its units calls. */
export interface IndexSchedule {
  /** Unit indices in evaluation order. */
  order: Int32Array;
  /** Each cycle's unit indices, ascending; cycles ordered by their earliest unit. */
  cycles: number[][];
  /** Indices of the edges set aside, in the order they were. */
  setAside: number[];
}

/**
 * Orders units 0 … n − 1 given the edges `from[e] → to[e]` (each an index below n), by the rule of
 * {@link schedule}. `breaks` (optional, one flag per edge): edges where a cycle is to be broken first.
 * Each flagged edge inside a cycle is set aside before the rule runs (the rule then breaks only what
 * they leave), as Blender's depsgraph sets aside the relations its cycle detection marked; a flagged
 * edge outside any cycle is kept.
 */
export function scheduleIndices(n: number, from: Int32Array, to: Int32Array, breaks?: Uint8Array): IndexSchedule {
  const m = from.length;
  const outEdges = edgesByUnit(n, from);
  const inEdges = edgesByUnit(n, to);

  const targets = new Int32Array(m);
  for (let k = 0; k < m; k++) targets[k] = to[outEdges.edges[k]]!;
  const { component, count } = stronglyConnected(n, { start: outEdges.start, targets } satisfies Adjacency);
  const cyclic = findCyclicComponents(n, m, component, count, from, to);

  // Waiting counts: on all edges, and on edges from other components only.
  const waiting = new Int32Array(n);
  const waitingOutside = new Int32Array(n);
  for (let e = 0; e < m; e++) {
    waiting[to[e]]++;
    if (component[from[e]] !== component[to[e]]) waitingOutside[to[e]]++;
  }
  const edgeSetAside = new Uint8Array(m);
  const setAside: number[] = [];
  if (breaks) {
    for (let e = 0; e < m; e++) {
      // Both ends in one component: a cycle runs through the edge (a lone unit's is a self-loop).
      if (breaks[e] !== 1 || component[from[e]] !== component[to[e]]) continue;
      edgeSetAside[e] = 1;
      waiting[to[e]]--;
      setAside.push(e);
    }
  }
  const ready = new IndexHeap(n);
  // Units of cycles that no longer wait on anything outside their cycle: where a cycle is broken.
  const breakable = new IndexHeap(n);
  for (let u = 0; u < n; u++) {
    if (waiting[u] === 0) ready.push(u);
    if (waitingOutside[u] === 0 && cyclic[component[u]] === 1) breakable.push(u);
  }

  const done = new Uint8Array(n);
  const order = new Int32Array(n);
  for (let placed = 0; placed < n; placed++) {
    if (ready.size === 0) {
      const r = nextUndone(breakable, done);
      const first = inEdges.start[r];
      const last = inEdges.start[r + 1];
      for (let k = first; k < last; k++) {
        const e = inEdges.edges[k];
        if (edgeSetAside[e] === 1 || done[from[e]] === 1) continue;
        edgeSetAside[e] = 1;
        waiting[r]--;
        setAside.push(e);
      }
      ready.push(r);
    }
    const u = ready.pop();
    done[u] = 1;
    order[placed] = u;
    for (let k = outEdges.start[u]; k < outEdges.start[u + 1]; k++) {
      const e = outEdges.edges[k];
      if (edgeSetAside[e] === 1) continue;
      const v = to[e];
      if (--waiting[v] === 0) ready.push(v);
      if (component[u] !== component[v] && --waitingOutside[v] === 0 && cyclic[component[v]] === 1) breakable.push(v);
    }
  }
  return { order, cycles: listCycles(n, component, count, cyclic), setAside };
}

function unitIndex(indexOf: Map<string, number>, unit: string): number {
  const i = indexOf.get(unit);
  if (i === undefined) throw new RangeError(`schedule: an edge names "${unit}", which is not among the units`);
  return i;
}

/** Edge ids grouped by unit (counting sort), each group in edge order so results stay stable. */
function edgesByUnit(n: number, endOf: Int32Array): { start: Int32Array; edges: Int32Array } {
  const start = new Int32Array(n + 1);
  for (let e = 0; e < endOf.length; e++) start[endOf[e] + 1]++;
  for (let u = 0; u < n; u++) start[u + 1] += start[u];
  const fill = start.slice(0, n);
  const edges = new Int32Array(endOf.length);
  for (let e = 0; e < endOf.length; e++) edges[fill[endOf[e]]++] = e;
  return { start, edges };
}

/** A component is a cycle when it has more than one unit, or one unit that depends on itself. */
function findCyclicComponents(n: number, m: number, component: Int32Array, count: number, from: Int32Array, to: Int32Array): Uint8Array {
  const size = new Int32Array(count);
  for (let u = 0; u < n; u++) size[component[u]]++;
  const cyclic = new Uint8Array(count);
  for (let c = 0; c < count; c++) if (size[c] > 1) cyclic[c] = 1;
  for (let e = 0; e < m; e++) if (from[e] === to[e]) cyclic[component[from[e]]] = 1;
  return cyclic;
}

/**
 * The next unit to break a cycle at. One exists whenever nothing is ready: the remaining units then
 * hold a cycle, and the earliest component among them that waits on no other has only such units.
 */
function nextUndone(heap: IndexHeap, done: Uint8Array): number {
  for (;;) {
    const u = heap.pop();
    if (u === -1) throw new Error('schedule: no unit to break a cycle at (this is a bug in the scheduler)');
    if (done[u] === 0) return u;
  }
}

function listCycles(n: number, component: Int32Array, count: number, cyclic: Uint8Array): number[][] {
  const byComponent = new Array<number[] | undefined>(count);
  const cycles: number[][] = [];
  for (let u = 0; u < n; u++) {
    const c = component[u];
    if (cyclic[c] !== 1) continue;
    let cycle = byComponent[c];
    if (cycle === undefined) {
      cycle = [];
      byComponent[c] = cycle;
      cycles.push(cycle);
    }
    cycle.push(u);
  }
  return cycles;
}
