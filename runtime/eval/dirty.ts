// Dirty tracking for incremental evaluation. Built once from the compiler's schedule units and
// edges; marking a unit walks everything downstream of it over flat typed arrays (no allocation),
// and the program then runs only the marked steps, in schedule order.
//
// One rule beyond "downstream": a node that rewrites owners' final matrices in place (an IK chain:
// it reads X's stack results from X's final view and overwrites them) cannot run alone, because
// the view then holds last frame's post-IK matrix instead of the pre-IK one it must read. So when
// such a node is marked, the writers of each stack unit it reads (X's Owner Out node, or X's own
// stack step) are marked too; they restore the pre-IK matrices from their unchanged inputs.

import type { UnitId, UnitTable } from './unit';

/** What the compiler hands over for incremental evaluation. */
export interface DependencyInfo {
  /** Every schedule unit (owners' pre, stack and final units, and node units). */
  units: UnitTable;
  /** Edge e: unit `to[e]` reads what unit `from[e]` writes (indices into `units`; the scheduler's edges, cycle edges included). */
  from: Int32Array;
  to: Int32Array;
}

export class DirtySet {
  /** 1 for every step that must run at the next update. */
  readonly flags: Uint8Array;
  /** Lowest and highest marked step index (lo > hi: nothing marked). */
  lo: number;
  hi: number;

  private readonly stepOfUnit: Int32Array;
  private readonly succStart: Int32Array;
  private readonly succ: Int32Array;
  private readonly extraStart: Int32Array;
  private readonly extra: Int32Array;
  private readonly seen: Uint32Array;
  private readonly stack: Int32Array;
  private epoch = 0;

  constructor(info: DependencyInfo, stepUnits: readonly UnitId[]) {
    const { units } = info;
    const n = units.count;
    this.stepOfUnit = new Int32Array(n).fill(-1);
    stepUnits.forEach((u, s) => { this.stepOfUnit[u] = s; });
    this.flags = new Uint8Array(stepUnits.length);
    this.lo = stepUnits.length;
    this.hi = -1;

    // Successors, as compressed rows.
    const pairs: [number, number][] = [];
    const preds: number[][] = Array.from({ length: n }, () => []);
    for (let e = 0; e < info.from.length; e++) {
      const ia = info.from[e], ib = info.to[e];
      pairs.push([ia, ib]);
      preds[ib].push(ia);
    }
    [this.succStart, this.succ] = rows(n, pairs);

    // In-place rewriters: a node unit that reads a stack unit also marks X's stack writers.
    const extra: [number, number][] = [];
    for (let i = 0; i < n; i++) {
      if (units.kind(i as UnitId) !== 'node') continue;
      for (const p of preds[i]) {
        if (units.kind(p as UnitId) !== 'stack') continue;
        extra.push([i, p]);
        for (const w of preds[p]) if (units.kind(w as UnitId) === 'node') extra.push([i, w]);
      }
    }
    [this.extraStart, this.extra] = rows(n, extra);

    this.seen = new Uint32Array(n);
    this.stack = new Int32Array(n + extra.length + 1);
  }

  /** Marks every step. */
  markAll(): void {
    this.flags.fill(1);
    this.lo = 0;
    this.hi = this.flags.length - 1;
  }

  /** Clears every mark (after a full evaluation). */
  clear(): void {
    if (this.lo <= this.hi) this.flags.fill(0, this.lo, this.hi + 1);
    this.lo = this.flags.length;
    this.hi = -1;
  }

  /** Marks the steps of a unit and of everything downstream of it. Allocates nothing. */
  markUnit(unit: UnitId): void {
    this.markUnits(this.single(unit), 1);
  }

  private one = new Int32Array(1);
  private single(u: number): Int32Array {
    this.one[0] = u;
    return this.one;
  }

  /** Marks the first `count` units of `list` and everything downstream of them, in one walk. */
  markUnits(list: Int32Array, count: number): void {
    if (++this.epoch === 0xffffffff) { this.seen.fill(0); this.epoch = 1; }
    const epoch = this.epoch, seen = this.seen, stack = this.stack;
    const { stepOfUnit, succStart, succ, extraStart, extra, flags } = this;
    let top = 0;
    for (let k = 0; k < count; k++) {
      const u = list[k];
      if (seen[u] !== epoch) { seen[u] = epoch; stack[top++] = u; }
    }
    let lo = this.lo, hi = this.hi;
    while (top > 0) {
      const u = stack[--top];
      const s = stepOfUnit[u];
      if (s >= 0) {
        flags[s] = 1;
        if (s < lo) lo = s;
        if (s > hi) hi = s;
      }
      for (let e = succStart[u], end = succStart[u + 1]; e < end; e++) {
        const v = succ[e];
        if (seen[v] !== epoch) { seen[v] = epoch; stack[top++] = v; }
      }
      for (let e = extraStart[u], end = extraStart[u + 1]; e < end; e++) {
        const v = extra[e];
        if (seen[v] !== epoch) { seen[v] = epoch; stack[top++] = v; }
      }
    }
    this.lo = lo;
    this.hi = hi;
  }

  /** How many steps are marked. */
  count(): number {
    let n = 0;
    for (let i = this.lo; i <= this.hi; i++) n += this.flags[i];
    return n;
  }
}

/** Compressed rows of `pairs` over `n` rows: row r's entries are `cols[start[r] .. start[r + 1]]`. */
function rows(n: number, pairs: [number, number][]): [Int32Array, Int32Array] {
  const start = new Int32Array(n + 1);
  for (const [r] of pairs) start[r + 1]++;
  for (let i = 0; i < n; i++) start[i + 1] += start[i];
  const fill = start.slice(0, n);
  const cols = new Int32Array(pairs.length);
  for (const [r, c] of pairs) cols[fill[r]++] = c;
  return [start, cols];
}
