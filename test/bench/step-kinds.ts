// Where a bench rig's frame goes, by kind of step: each owner step kind (pre, stack) and each node
// type, measured two ways, for profilers and quick checks:
//   node --import tsx test/bench/step-kinds.ts humanoid|large|rigify|crowd
// - "in the frame": the program's step profiler (Program.startProfiling) over whole frames, less the
//   clock's own cost per step (measured first, and only an estimate: it moves with the load);
// - "in a row": every step of the kind run back to back, over and over, on the inputs of the last
//   frame, its data and code warm. What the first adds to the second is what a step pays for running
//   among all the others (the frame's working set, branch history), not its own arithmetic.
// The steps of a row run out of schedule order, so their results are not a frame's: timing only.
import type { UnitId, UnitTable } from '../../runtime/eval/unit';
import { rigLoop } from './rig-loop';

const which = process.argv[2] ?? 'large';
const { rig, program, frame, frames: FRAMES } = rigLoop(which);
for (let i = 0; i < FRAMES; i++) frame();

const typeOf = new Map(rig.graph.nodes.map((n) => [n.id, n.type]));
const kindOf = (table: UnitTable, u: UnitId) => {
  const k = table.kind(u);
  return k === 'node' ? (typeOf.get(table.idOf(u)) ?? 'node') : k;
};

/** The clock's cost between two reads, in ms (the profiler reads it twice a step). */
function clockCost(): number {
  const n = 200_000;
  let sum = 0;
  for (let i = 0; i < n; i++) { const t0 = performance.now(); sum += performance.now() - t0; }
  return sum / n;
}

const overhead = clockCost();
const profile = program.startProfiling();
for (let i = 0; i < FRAMES; i++) frame();
program.stopProfiling();

interface Kind { steps: number; inFrameMs: number; runs: (() => void)[] }
const kinds = new Map<string, Kind>();
program.steps.forEach((s, i) => {
  const name = kindOf(profile.table, s.unit);
  const k = kinds.get(name) ?? { steps: 0, inFrameMs: 0, runs: [] };
  k.steps++;
  k.inFrameMs += profile.time[i] / profile.passes - overhead;
  k.runs.push(s.bare);
  kinds.set(name, k);
});

/** Nanoseconds per step for the kind's steps run in a row, median of 5 rounds. */
function inARow(runs: (() => void)[]): number {
  const rounds = Math.max(20, Math.round(200_000 / runs.length));
  const once = () => { for (let r = 0; r < rounds; r++) for (let j = 0; j < runs.length; j++) runs[j](); };
  once();
  const times: number[] = [];
  for (let k = 0; k < 5; k++) {
    const t0 = performance.now();
    once();
    times.push(((performance.now() - t0) * 1e6) / (rounds * runs.length));
  }
  return times.sort((a, b) => a - b)[2];
}

const rows = [...kinds.entries()].sort((a, b) => b[1].inFrameMs - a[1].inFrameMs);
const total = rows.reduce((s, [, k]) => s + k.inFrameMs, 0);
console.log(`${which}: ${program.steps.length} steps; the profiled frame ${(total * 1000).toFixed(1)} µs (clock ${(overhead * 1e6).toFixed(0)} ns a read pair taken off each step)`);
console.log(`${'kind'.padEnd(34)} ${'steps'.padStart(5)} ${'in the frame'.padStart(13)} ${'share'.padStart(6)} ${'each'.padStart(9)} ${'in a row'.padStart(9)}`);
for (const [name, k] of rows) {
  const each = (k.inFrameMs / k.steps) * 1e6;
  console.log(`${name.padEnd(34)} ${String(k.steps).padStart(5)} ${`${(k.inFrameMs * 1000).toFixed(1)} µs`.padStart(13)} ${`${((100 * k.inFrameMs) / total).toFixed(1)}%`.padStart(6)} ${`${each.toFixed(0)} ns`.padStart(9)} ${`${inARow(k.runs).toFixed(0)} ns`.padStart(9)}`);
}
