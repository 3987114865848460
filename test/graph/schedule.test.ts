import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IndexHeap } from '../../graph/index-heap';
import { schedule, type Schedule } from '../../graph/schedule';

type Edge = [string, string];

const names = (n: number) => Array.from({ length: n }, (_, i) => `u${i}`);

/** Every unit once, and each edge not set aside goes forward in the order. */
function expectValid(units: readonly string[], edges: readonly Edge[], result: Schedule): void {
  expect([...result.order].sort()).toEqual([...units].sort());
  const position = new Map(result.order.map((u, i) => [u, i]));
  const aside = result.setAside.map((e) => JSON.stringify(e));
  for (const [a, b] of edges) {
    if (aside.includes(JSON.stringify([a, b]))) continue;
    expect(position.get(a)!, `${a} → ${b}`).toBeLessThan(position.get(b)!);
  }
}

/** Which units reach which, by repeated squaring of a boolean matrix: slow, obviously right. */
function reachability(n: number, edges: readonly [number, number][]): boolean[][] {
  const reach = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
  for (const [a, b] of edges) reach[a][b] = true;
  for (let k = 0; k < n; k++) for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (reach[i][k] && reach[k][j]) reach[i][j] = true;
  return reach;
}

/**
 * The documented rule, written the slow, plain way: take the earliest unit whose remaining edges
 * are all satisfied; when there is none, take the earliest unit that waits only on units of its
 * own cycle and set aside those edges.
 */
function referenceSchedule(units: readonly string[], edges: readonly Edge[], breaks: readonly boolean[] = []): Schedule {
  const n = units.length;
  const idx = (u: string) => units.indexOf(u);
  const numeric = edges.map(([a, b]): [number, number] => [idx(a), idx(b)]);
  const reach = reachability(n, numeric);
  const sameCycle = (a: number, b: number) => a === b ? reach[a][a] : reach[a][b] && reach[b][a];
  const done = new Array<boolean>(n).fill(false);
  const aside = new Array<boolean>(edges.length).fill(false);
  const order: string[] = [];
  const setAside: Edge[] = [];
  // Edges flagged to break first: set aside before anything else, when a cycle runs through them.
  numeric.forEach(([a, b], k) => {
    if (!breaks[k] || !sameCycle(a, b)) return;
    aside[k] = true;
    setAside.push(edges[k]);
  });
  const blockers = (u: number) => numeric.map((e, k) => k).filter((k) => !aside[k] && numeric[k][1] === u && !done[numeric[k][0]]);
  while (order.length < n) {
    let next = -1;
    for (let u = 0; u < n && next < 0; u++) if (!done[u] && blockers(u).length === 0) next = u;
    if (next < 0) {
      for (let u = 0; u < n && next < 0; u++) {
        if (!done[u] && blockers(u).every((k) => sameCycle(numeric[k][0], u))) next = u;
      }
      for (const k of blockers(next)) {
        aside[k] = true;
        setAside.push([units[numeric[k][0]], units[next]]);
      }
    }
    done[next] = true;
    order.push(units[next]);
  }
  const cycles: { units: string[] }[] = [];
  const seen = new Set<number>();
  for (let u = 0; u < n; u++) {
    if (seen.has(u) || !sameCycle(u, u)) continue;
    const members = units.map((_, v) => v).filter((v) => v === u || (reach[u][v] && reach[v][u]));
    members.forEach((v) => seen.add(v));
    cycles.push({ units: members.map((v) => units[v]) });
  }
  return { order, cycles, setAside };
}

/** Random graphs on u0..u(n-1): `dag` keeps every edge going from a lower to a higher rank in a shuffled ranking. */
function randomGraph(dag: boolean): fc.Arbitrary<{ units: string[]; edges: Edge[] }> {
  return fc.integer({ min: 0, max: 12 }).chain((n) => {
    const units = names(n);
    if (n === 0) return fc.constant({ units, edges: [] });
    const pair = fc.tuple(fc.nat(n - 1), fc.nat(n - 1));
    return fc.record({
      rank: fc.shuffledSubarray(units, { minLength: n, maxLength: n }),
      pairs: fc.array(pair, { maxLength: 3 * n }),
    }).map(({ rank, pairs }) => {
      const edges = pairs
        .filter(([a, b]) => !dag || a !== b)
        .map(([a, b]): Edge => {
          if (!dag) return [units[a], units[b]];
          const [lo, hi] = rank.indexOf(units[a]) < rank.indexOf(units[b]) ? [a, b] : [b, a];
          return [units[lo], units[hi]];
        });
      return { units, edges };
    });
  });
}

describe('IndexHeap', () => {
  it('pops in ascending order', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(1000), { maxLength: 200 }), (values) => {
        const heap = new IndexHeap(values.length);
        values.forEach((v) => { heap.push(v); });
        const popped = values.map(() => heap.pop());
        expect(popped).toEqual([...values].sort((a, b) => a - b));
        expect(heap.pop()).toBe(-1);
      }),
    );
  });
});

describe('schedule', () => {
  it('keeps document order when nothing constrains it', () => {
    expect(schedule(['c', 'a', 'b'], [])).toEqual({ order: ['c', 'a', 'b'], cycles: [], setAside: [] });
  });

  it('takes the earliest ready unit first (stable Kahn), not depth first', () => {
    // d must wait for a; b and c are free and come before d though d was unlocked first.
    expect(schedule(['a', 'b', 'c', 'd', 'e'], [['a', 'd'], ['e', 'b']]).order).toEqual(['a', 'c', 'd', 'e', 'b']);
  });

  it('reports a cycle, sets aside the edge into its earliest unit, and orders the rest', () => {
    const result = schedule(['x', 'a', 'b', 'c', 'y'], [['a', 'b'], ['b', 'c'], ['c', 'a'], ['y', 'a'], ['c', 'x']]);
    expect(result.cycles).toEqual([{ units: ['a', 'b', 'c'] }]);
    expect(result.setAside).toEqual([['c', 'a']]);
    expect(result.order).toEqual(['y', 'a', 'b', 'c', 'x']);
  });

  it('reports a self-loop as a cycle of one', () => {
    expect(schedule(['a', 'b'], [['a', 'a'], ['a', 'b']])).toEqual({ order: ['a', 'b'], cycles: [{ units: ['a'] }], setAside: [['a', 'a']] });
  });

  it('reports separate cycles separately, earliest first', () => {
    const result = schedule(['p', 'q', 'r', 's'], [['s', 'r'], ['r', 's'], ['q', 'p'], ['p', 'q']]);
    expect(result.cycles).toEqual([{ units: ['p', 'q'] }, { units: ['r', 's'] }]);
    expect(result.setAside).toEqual([['q', 'p'], ['s', 'r']]);
    expect(result.order).toEqual(['p', 'q', 'r', 's']);
  });

  it('refuses a repeated unit and an edge to an unknown unit', () => {
    expect(() => schedule(['a', 'a'], [])).toThrow('unit "a" is listed twice');
    expect(() => schedule(['a'], [['a', 'b']])).toThrow('"b", which is not among the units');
  });

  it('on random DAGs gives a topological order that matches the stable rule exactly', () => {
    fc.assert(
      fc.property(randomGraph(true), ({ units, edges }) => {
        const result = schedule(units, edges);
        expect(result.cycles).toEqual([]);
        expect(result.setAside).toEqual([]);
        expectValid(units, edges, result);
        expect(result.order).toEqual(referenceSchedule(units, edges).order);
        // Equal inputs, equal outputs; edge order does not matter for the order.
        expect(schedule([...units], [...edges].reverse()).order).toEqual(result.order);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the document order of unconstrained units among the others', () => {
    fc.assert(
      fc.property(randomGraph(true), fc.array(fc.nat(), { maxLength: 5 }), ({ units, edges }, gaps) => {
        const free = gaps.map((_, i) => `free-${i}`);
        // Slip the free units in among the others, in their own order.
        const all = [...units];
        let at = 0;
        free.forEach((unit, i) => {
          at += gaps[i] % (all.length - at + 1);
          all.splice(at++, 0, unit);
        });
        const order = schedule(all, edges).order.filter((u) => u.startsWith('free-'));
        expect(order).toEqual(free);
      }),
    );
  });

  it('on random graphs with cycles reports every cycle, sets aside only edges inside them, and orders the rest', () => {
    fc.assert(
      fc.property(randomGraph(false), ({ units, edges }) => {
        const result = schedule(units, edges);
        expectValid(units, edges, result);
        const reference = referenceSchedule(units, edges);
        expect(result.cycles).toEqual(reference.cycles);
        expect(result.setAside).toEqual(reference.setAside);
        expect(result.order).toEqual(reference.order);
        const cycleOf = new Map(result.cycles.flatMap((c, i) => c.units.map((u) => [u, i] as const)));
        for (const [a, b] of result.setAside) {
          expect(cycleOf.get(a)).toBeDefined();
          expect(cycleOf.get(a)).toBe(cycleOf.get(b));
        }
        // A graph with no cycle reported really has none: then nothing is set aside.
        if (result.cycles.length === 0) expect(result.setAside).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });

  it('breaks a cycle first at the edges flagged to break it (Blender\u2019s marked relations), and flags outside a cycle change nothing', () => {
    fc.assert(
      fc.property(randomGraph(false).chain((g) => fc.record({ g: fc.constant(g), breaks: fc.array(fc.boolean(), { minLength: g.edges.length, maxLength: g.edges.length }) })), ({ g: { units, edges }, breaks }) => {
        const result = schedule(units, edges, breaks);
        expectValid(units, edges, result);
        const reference = referenceSchedule(units, edges, breaks);
        expect(result.setAside).toEqual(reference.setAside);
        expect(result.order).toEqual(reference.order);
        // The cycles are the graph's, whatever breaks them.
        expect(result.cycles).toEqual(schedule(units, edges).cycles);
        const cycleOf = new Map(result.cycles.flatMap((c, i) => c.units.map((u) => [u, i] as const)));
        const aside = new Set(result.setAside.map((e) => JSON.stringify(e)));
        edges.forEach(([a, b], k) => {
          if (!breaks[k]) return;
          const inCycle = cycleOf.get(a) !== undefined && cycleOf.get(a) === cycleOf.get(b) && (a !== b || result.cycles[cycleOf.get(a)!].units.length > 1 || edges.some(([x, y]) => x === a && y === a));
          expect(aside.has(JSON.stringify([a, b])), `${a} → ${b}`).toBe(inCycle);
        });
      }),
      { numRuns: 1000 },
    );
  });

  it('schedules 10,000 units and 30,000 edges, acyclic and cyclic', () => {
    const n = 10_000;
    const units = names(n);
    let seed = 12345;
    const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
    const dag: Edge[] = [];
    const any: Edge[] = [];
    for (let k = 0; k < 30_000; k++) {
      const a = Math.floor(random() * n);
      const b = Math.floor(random() * n);
      any.push([units[a], units[b]]);
      if (a !== b) dag.push([units[Math.min(a, b)], units[Math.max(a, b)]]);
    }
    const acyclic = schedule(units, dag);
    expect(acyclic.cycles).toEqual([]);
    expectValidFast(units, dag, acyclic);
    const cyclic = schedule(units, any);
    expect(cyclic.cycles.length).toBeGreaterThan(0);
    expectValidFast(units, any, cyclic);
  });
});

/** expectValid for big inputs: a Set for the set-aside edges instead of a list scan. */
function expectValidFast(units: readonly string[], edges: readonly Edge[], result: Schedule): void {
  expect(new Set(result.order).size).toBe(units.length);
  expect(result.order.length).toBe(units.length);
  const position = new Map(result.order.map((u, i) => [u, i]));
  const aside = new Set(result.setAside.map((e) => e.join('\u0000')));
  const broken = edges.filter(([a, b]) => !aside.has(`${a}\u0000${b}`) && position.get(a)! >= position.get(b)!);
  expect(broken).toEqual([]);
}
