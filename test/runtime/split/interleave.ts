// A split frame run on this one thread: each thread's program (compiled on one shared memory) takes
// its steps in turn, in an order a random stream picks among the steps whose waits are met — any order
// real threads could take, mostly with one thread running ahead as far as it can. What plan.ts promises is that every such order gives what one program
// gives; `splitDifference` finds the first bit where it does not.
import type { GraphDocument } from '../../../graph/types';
import { compile } from '../../../runtime/eval/compile';
import type { Program } from '../../../runtime/eval/program';
import { SCRATCH } from '../../../runtime/eval/wasm/kernels';
import { ownRegionStart, sharedMemory } from '../../../runtime/eval/wasm/shared-memory';
import type { SceneDocument } from '../../../runtime/rig/scene/types';
import { splitPlan, stepReads, type SplitPlan } from '../../../runtime/split/plan';
import { rng } from '../../bench/rigs';

export interface Rig { name: string; graph: GraphDocument; scene: SceneDocument }

/** Each of `steps` steps on a thread 0 … threads − 1, at random from `seed`. */
export function randomThreads(steps: number, seed: number, threads = 2): Int8Array {
  const next = rng(seed);
  return Int8Array.from({ length: steps }, () => Math.floor(next() * threads));
}

/** The programs of `threads` threads on one shared memory, as split-rig.ts compiles them. */
export function splitPrograms(rig: Rig, threads: number): Program[] {
  const capacity = compile(rig.graph, rig.scene).buffer.length;
  const memory = sharedMemory(capacity, threads, SCRATCH);
  return Array.from({ length: threads }, (_, thread) => compile(rig.graph, rig.scene, { shared: { memory, thread, threads }, lazyPre: false }));
}


/** One pass of every thread's share, interleaved as `next` picks; false when an unguarded one failed. */
function interleavedPass(programs: Program[], plan: SplitPlan, guarded: boolean, next: () => number): boolean {
  const done = new Int32Array(plan.threads);
  let ok = true;
  const gates = programs.map((p) => (guarded ? undefined : p.unguardedPass));
  for (const g of gates) if (g) { g.guards[0] = 0; g.guards[1] = 0; }
  const ready = (t: number) => {
    const i = done[t];
    if (i >= plan.shares[t].length) return false;
    const w = plan.waits[t];
    for (let k = w.start[i]; k < w.start[i + 1]; k++) if (done[w.thread[k]] < w.count[k]) return false;
    return true;
  };
  // Mostly one thread runs on as far as its waits let it (what exposes a step overwriting what a
  // step of another thread has yet to read), now and then another takes over.
  let t = 0;
  for (;;) {
    const candidates = [...Array(plan.threads).keys()].filter(ready);
    if (candidates.length === 0) break;
    if (!candidates.includes(t) || next() < 0.05) t = candidates[Math.floor(next() * candidates.length)];
    const step = programs[t].steps[plan.shares[t][done[t]]];
    try {
      (guarded ? step.run : step.bare)();
    } catch (e) {
      if (guarded) throw e;
      ok = false;
    }
    done[t]++;
  }
  if (done.some((d, t) => d !== plan.shares[t].length)) throw new Error('interleavedPass: the plan left steps that can never run');
  for (const g of gates) if (g) { g.guards[0] = 1; if (g.guards[1] !== 0) ok = false; }
  return ok;
}

/**
 * Evaluates `frames` split as `threadOf` says, interleaved from `seed`, and with one program; the
 * first number that differs (owners' final matrices, `Object.is`), or undefined. `pose(program, k)`
 * may write the owners' bases before frame k (in the shared memory: thread 0's owners).
 */
export function splitDifference(rig: Rig, frames: number[], threadOf: (steps: number) => ArrayLike<number>, seed: number, pose?: (p: Program, k: number) => void, threads = 2): string | undefined {
  const programs = splitPrograms(rig, threads);
  const one = compile(rig.graph, rig.scene);
  const main = programs[0];
  const plan = splitPlan(stepReads(main), threadOf(main.steps.length), threads);
  const next = rng(seed);
  for (let k = 0; k < frames.length; k++) {
    pose?.(main, k);
    pose?.(one, k);
    main.setFrame(frames[k]);
    const gate = main.unguardedPass;
    const passed = gate !== undefined && interleavedPass(programs, plan, false, next) && gate.check.passed();
    if (!passed) interleavedPass(programs, plan, true, next);
    one.evaluate(frames[k]);
    for (let o = 0; o < one.owners.length; o++) {
      const a = main.owners[o].final, b = one.owners[o].final;
      for (let i = 0; i < 16; i++) {
        if (!Object.is(a[i], b[i])) return `${rig.name}, frame ${frames[k]} (seed ${seed}): owner ${one.owners[o].id}[${i}] split ${a[i]}, one program ${b[i]}`;
      }
    }
  }
  return undefined;
}

/**
 * What a split frame's steps write where they must not: a slot of the shared memory two steps write
 * while neither reads the other, directly or through others (a split frame may run them at once: the
 * interleavings above take a step whole, so a slot two steps both use as scratch would pass them), and
 * anything a step writes in another thread's own region. The steps run in the program's order, each
 * by its thread's program as `threadOf` gives (so each thread's own bookkeeping decides what its steps
 * write); a step's writes are the numbers it changes over `frames`, posed by `pose`.
 */
export function misplacedWrites(rig: Rig, frames: number[], threadOf: (steps: number) => ArrayLike<number>, pose?: (p: Program, k: number) => void): string[] {
  const threads = 2;
  const programs = splitPrograms(rig, threads);
  const main = programs[0];
  const memory = new Float64Array(main.buffer.buffer);
  const capacity = main.buffer.length;
  // -1 for the shared slots, else whose own region (shared-memory.ts; threads for the pages' rest).
  const regionOf = (i: number) => {
    let t = -1;
    while (t < threads && i >= ownRegionStart(capacity, t + 1, SCRATCH)) t++;
    return t;
  };
  const n = main.steps.length;
  const thread = threadOf(n);
  const writers = new Map<number, Set<number>>();
  const found: string[] = [];
  const before = new Float64Array(memory.length);
  frames.forEach((frame, k) => {
    pose?.(main, k);
    main.setFrame(frame);
    for (let s = 0; s < n; s++) {
      before.set(memory);
      programs[thread[s]].steps[s].run();
      for (let i = 0; i < memory.length; i++) {
        if (Object.is(before[i], memory[i])) continue;
        const region = regionOf(i);
        if (region >= 0) {
          if (region !== thread[s]) found.push(`${rig.name}: step ${s} (unit ${main.steps[s].unit}) on thread ${thread[s]} wrote thread ${region}'s own region, at ${i}`);
          continue;
        }
        let w = writers.get(i);
        if (!w) writers.set(i, (w = new Set()));
        w.add(s);
      }
    }
  });
  // Each step's ancestors, as bits: the steps it reads, and theirs (steps come in the program's order).
  const reads = stepReads(main);
  const words = (n + 31) >>> 5;
  const ancestors = new Uint32Array(n * words);
  for (let s = 0; s < n; s++) {
    for (const p of reads[s]) {
      ancestors[s * words + (p >>> 5)] |= 1 << (p & 31);
      for (let w = 0; w < words; w++) ancestors[s * words + w] |= ancestors[p * words + w];
    }
  }
  const precedes = (a: number, b: number) => (ancestors[b * words + (a >>> 5)] & (1 << (a & 31))) !== 0;
  for (const [slot, steps] of writers) {
    const list = [...steps].sort((a, b) => a - b);
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        if (!precedes(list[i], list[j])) found.push(`${rig.name}: slot ${slot} written by step ${list[i]} (unit ${main.steps[list[i]].unit}) and step ${list[j]} (unit ${main.steps[list[j]].unit}), neither reading the other`);
      }
    }
  }
  return found;
}
