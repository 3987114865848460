// Which thread runs each step of a frame split across threads, and what each step waits for.
//
// Every thread runs its steps in the program's order. A step that reads what a step of another
// thread writes (an edge of the schedule, followed through units that have no step) waits until that
// thread has run so many of its steps; each thread publishes its count only after the steps another
// waits on, and a wait already covered by an earlier one is left out. Any assignment of steps to
// threads gives the same numbers as one thread does: what a step reads is written, and not
// overwritten, before it runs, as in the program's order (test/runtime/split/plan.test.ts runs random
// assignments in random interleavings against one thread).
import type { Program } from '../eval/program';

export interface SplitPlan {
  readonly threads: number;
  /** Per thread: its steps (indices into `Program.steps`), in the program's order. */
  readonly shares: readonly Int32Array[];
  /**
   * Per thread: before the step at position i of its share, the waits `waitStart[i]` … `waitStart[i + 1] − 1`,
   * each "thread `waitThread[w]` has run `waitCount[w]` of its steps".
   */
  readonly waits: readonly { start: Int32Array; thread: Int32Array; count: Int32Array }[];
  /**
   * Per thread: 1 at the positions after which it publishes how many steps it has run (another
   * thread waits on them). The count after its last step is published when its pass ends (share.ts),
   * after what it reports, so it is never published before.
   */
  readonly publish: readonly Uint8Array[];
}

/**
 * The steps each step of the program reads from (indices into `Program.steps`): its unit's
 * predecessors in the schedule, followed through units that have no step. Made once per program;
 * every plan and way of sharing out reads it.
 */
export function stepReads(program: Program): Int32Array[] {
  const deps = program.dependencies;
  if (!deps) throw new Error('stepReads: the program has no dependency information');
  const stepUnits = program.steps.map((s) => s.unit);
  const n = deps.units.count;
  const stepOf = new Int32Array(n).fill(-1);
  stepUnits.forEach((u, s) => { stepOf[u] = s; });
  const preds: number[][] = Array.from({ length: n }, () => []);
  for (let e = 0; e < deps.from.length; e++) if (deps.from[e] !== deps.to[e]) preds[deps.to[e]].push(deps.from[e]);
  // Memoized per unit, whole: a unit's steps are those of every path back to a step (a shared
  // "visited" set would leave out, for the second unit reaching a stepless unit, what lies behind it).
  const memo = new Map<number, Set<number>>();
  const through = (u: number): Set<number> => {
    const known = memo.get(u);
    if (known) return known;
    const out = new Set<number>();
    memo.set(u, out); // a unit reached again while its set is made would be a cycle: split programs have none
    for (const p of preds[u]) {
      if (stepOf[p] >= 0) out.add(stepOf[p]);
      else for (const s of through(p)) out.add(s);
    }
    return out;
  };
  return stepUnits.map((u) => Int32Array.from(through(u)));
}

/**
 * The plan for `threadOf` (each step's thread, 0 … threads − 1), given what each step reads
 * (`stepReads`). Throws when a step reads a step that runs after it in the program's order (a
 * dependency cycle: such a program is not split).
 */
export function splitPlan(reads: readonly Int32Array[], threadOf: ArrayLike<number>, threads: number): SplitPlan {
  const position = new Int32Array(reads.length);
  const shares: number[][] = Array.from({ length: threads }, () => []);
  reads.forEach((_, s) => {
    const t = threadOf[s];
    if (!(t >= 0 && t < threads)) throw new RangeError(`splitPlan: step ${s} is given thread ${t}, not one of 0 … ${threads - 1}`);
    position[s] = shares[t].length;
    shares[t].push(s);
  });
  const publish = shares.map((share) => new Uint8Array(share.length));
  const waits = shares.map((share, t) => {
    const start = [0];
    const thread: number[] = [];
    const count: number[] = [];
    const awaited = new Int32Array(threads);
    for (const s of share) {
      const needed = new Int32Array(threads);
      for (const p of reads[s]) {
        if (p >= s) throw new Error(`splitPlan: step ${s} reads step ${p}, which runs after it (a dependency cycle)`);
        const u = threadOf[p];
        if (u !== t) needed[u] = Math.max(needed[u], position[p] + 1);
      }
      for (let u = 0; u < threads; u++) {
        if (needed[u] <= awaited[u]) continue;
        awaited[u] = needed[u];
        thread.push(u);
        count.push(needed[u]);
        publish[u][needed[u] - 1] = 1;
      }
      start.push(thread.length);
    }
    return { start: Int32Array.from(start), thread: Int32Array.from(thread), count: Int32Array.from(count) };
  });
  shares.forEach((share, t) => { if (share.length) publish[t][share.length - 1] = 0; });
  return { threads, shares: shares.map((s) => Int32Array.from(s)), waits, publish };
}

/**
 * Each step's thread, balancing `cost` (any unit, per step) against what reading across threads
 * costs: steps are taken in the program's order and each goes to the thread where it could start
 * first, given when its inputs are ready there — an input from another thread `crossCost` later (the
 * cache lines it brings from the other core), so a step stays with what it reads unless another
 * thread is far enough ahead. A list schedule with communication costs.
 */
export function balancedThreads(reads: readonly Int32Array[], cost: ArrayLike<number>, threads: number, crossCost = 0): Int8Array {
  const threadOf = new Int8Array(reads.length);
  const finish = new Float64Array(reads.length);
  const free = new Float64Array(threads);
  for (let s = 0; s < reads.length; s++) {
    let best = 0;
    let bestStart = Infinity;
    for (let t = 0; t < threads; t++) {
      let start = free[t];
      for (const p of reads[s]) start = Math.max(start, finish[p] + (threadOf[p] === t ? 0 : crossCost));
      if (start < bestStart) { bestStart = start; best = t; }
    }
    threadOf[s] = best;
    finish[s] = bestStart + Math.max(0, cost[s]);
    free[best] = finish[s];
  }
  return threadOf;
}

/**
 * How long a frame shared out as `threadOf` would take, in the unit of `cost`: every thread runs its
 * steps in the program's order, each starting when its thread is free and every step it reads is
 * done — `latency` later when that step ran on another thread (the wait, the cache lines). `finish`
 * receives each step's finish (scratch, reused by `refinedThreads`).
 */
export function simulatedFrame(reads: readonly Int32Array[], cost: ArrayLike<number>, threadOf: ArrayLike<number>, threads: number, latency: number, finish = new Float64Array(reads.length)): number {
  const free = new Float64Array(threads);
  let end = 0;
  for (let s = 0; s < reads.length; s++) {
    const t = threadOf[s];
    let start = free[t];
    const r = reads[s];
    for (let k = 0; k < r.length; k++) {
      const p = r[k];
      const ready = threadOf[p] === t ? finish[p] : finish[p] + latency;
      if (ready > start) start = ready;
    }
    finish[s] = start + Math.max(0, cost[s]);
    free[t] = finish[s];
    if (finish[s] > end) end = finish[s];
  }
  return end;
}

/**
 * `threadOf` improved a step at a time: each step, in the program's order, moves to the thread that
 * makes `simulatedFrame` shortest, for `sweeps` sweeps or until one moves nothing. The list schedule
 * (`balancedThreads`) places each step once, knowing only the steps before it; this weighs every
 * move against the whole frame. On Rigify's human rig it took the simulated frame from ~440 to ~370
 * µs of profiled cost and the measured one from ~330 to ~290 (docs/performance.md).
 */
export function refinedThreads(reads: readonly Int32Array[], cost: ArrayLike<number>, threadOf: ArrayLike<number>, threads: number, latency: number, sweeps = 2): Int8Array {
  const way = Int8Array.from(threadOf);
  const finish = new Float64Array(reads.length);
  let best = simulatedFrame(reads, cost, way, threads, latency, finish);
  for (let sweep = 0; sweep < sweeps; sweep++) {
    let moved = false;
    for (let s = 0; s < reads.length; s++) {
      const from = way[s];
      let to = from;
      for (let t = 0; t < threads; t++) {
        if (t === from) continue;
        way[s] = t;
        const frame = simulatedFrame(reads, cost, way, threads, latency, finish);
        if (frame < best) { best = frame; to = t; }
      }
      way[s] = to;
      moved ||= to !== from;
    }
    if (!moved) break;
  }
  return way;
}
