// One rig's frame on several threads, as Blender's depsgraph evaluates a rig's bones on every core.
// Each thread compiles the same graph and scene on one shared WebAssembly memory (the same slots, so
// the same numbers in the same places) and runs its share of the steps (plan.ts: balanced by the
// steps' measured costs; a step waits only for the steps of other threads it reads). The main thread
// runs a share too, so a frame stays a synchronous call: it commands a pass through shared memory,
// runs its steps, and waits for the others' counts. Frames first run with the guards off and are
// checked at once, as a program's are (frame-check.ts); a frame that fails runs again, guarded, split
// the same way, and the workers' warnings join the main program's.
//
// The workers are started by workerpool (as the crowd's: runtime/crowd/crowd.ts), one pool of one
// worker per thread, each running `serve`, a loop that waits on the command word between frames.
import { pool as makePool, type Pool } from 'workerpool';
import type { GraphDocument } from '../../graph/types';
import { compile } from '../eval/compile';
import type { Program, ProgramWarning } from '../eval/program';
import { SCRATCH } from '../eval/wasm/kernels';
import { sharedMemory } from '../eval/wasm/shared-memory';
import type { SceneDocument } from '../rig/scene/types';
import { ackAt, brokenAt, Command, progressAt, SplitControl } from './control';
import { programLayout, splitProgramOptions } from './layout';
import { balancedThreads, refinedThreads, splitPlan, stepReads } from './plan';
import { ShareRunner } from './share';
import { whyNotSplit } from './splittable';
import { isNode, workerScript } from '../threads/worker-script';
import type { ThreadInit } from './thread';

export interface SplitRigOptions {
  /** Threads to split each frame across, the main one included (1 … 64; default: the machine's cores, at most 4). */
  threads?: number;
  /** The worker script (runtime/split/worker.ts, or what a bundler made of it); by default the one beside this file. */
  script?: string | URL;
  /** Frames evaluated on one thread to measure each step's cost before the steps are shared out (default 64). */
  measureFrames?: number;
  /**
   * What reading a step's output on another thread costs as the steps are shared out, in ms (plan.ts
   * `balancedThreads`). By default each of CROSS_COSTS is tried on a few frames and the fastest kept
   * (DEFAULT_CROSS_COST without trying, where a node keeps a value from its first evaluation).
   */
  crossCost?: number;
  /** Each step's thread (index into `Program.steps`, 0 the main thread), as given: nothing measured or tried. */
  threadOf?: ArrayLike<number>;
  /**
   * Poses the rig for the k-th frame the ways of sharing out are tried on (writing owners' bases in
   * `program`), so they are timed on frames like the application's; by default the scene's pose.
   */
  pose?: (program: Program, k: number) => void;
}

/**
 * The cross-thread costs tried when none is given, ms: from sharing steps out finely to keeping
 * long runs together. Which is fastest depends on the rig and on what moving cache lines between the
 * machine's cores costs (on Rigify's human rig here: 0.02, 314 µs a frame against 415 at 0).
 */
const CROSS_COSTS = [0.002, 0.005, 0.01, 0.015, 0.02, 0.03, 0.04, 0.05, 0.08];
/** The cost used where none is given and none are tried: the fastest on Rigify's human rig here. */
const DEFAULT_CROSS_COST = 0.02;
/**
 * What reading another thread's step is taken to cost (ms) when the way at DEFAULT_CROSS_COST is
 * refined on the simulated frame (plan.ts `refinedThreads`); each refined way is tried too.
 */
const REFINE_LATENCIES = [0.002, 0.005];
/**
 * Rounds of trying the ways in turn (each way keeps its fastest round, so a round the host took from,
 * or the first ways' rounds while the code is still being optimized, count less); frames warmed up
 * on and timed in each. The last round tries only the ways within KEEP_WITHIN of the fastest so far,
 * at most KEEP_MOST of them (the rest are far off by then; trying them again was a third of the
 * time a split rig takes to create).
 */
const TRY_ROUNDS = 3;
const TRY_WARM = 10;
const TRY_TIMED = 40;
const KEEP_WITHIN = 1.25;
const KEEP_MOST = 4;
/** Whole frames a worker evaluates on a program of its own after compiling, before any way is tried or frame run (thread.ts `warmUp`). */
const WORKER_WARM_FRAMES = 100;

export interface SplitRig {
  /**
   * The main thread's program: its owners' matrices are the frame's results, and their bases the
   * pose (both in the shared memory, so writing a basis poses every thread).
   */
  readonly program: Program;
  /** Threads each frame runs on (1 when the program cannot be split: `whyNotSplit`). */
  readonly threads: number;
  /** Why the frame runs on one thread, when it does. */
  readonly whyNotSplit: string | undefined;
  /** How many steps each thread runs. */
  readonly shares: readonly number[];
  /** Evaluates `frame` on every thread; returns when all are done. */
  evaluate(frame: number): void;
  /** Stops the workers; the rig cannot evaluate after. */
  dispose(): Promise<void>;
}

/** The machine's cores, as Node or the browser reports them. */
async function cores(): Promise<number> {
  if (typeof navigator !== 'undefined' && navigator.hardwareConcurrency > 0) return navigator.hardwareConcurrency;
  if (isNode) return (await import('node:os')).availableParallelism();
  return 1;
}

/** Each step's mean time over `frames` frames at the scene's frame (posed by `pose`), on one thread. */
function measuredCosts(program: Program, frame: number, frames: number, pose: SplitRigOptions['pose']): Float64Array {
  const profile = program.startProfiling();
  for (let i = 0; i < frames; i++) { pose?.(program, i); program.evaluate(frame); }
  program.stopProfiling();
  return Float64Array.from(profile.time, (t) => t / Math.max(1, profile.passes));
}

/** A rig that evaluates on one thread: the program itself. */
function oneThread(program: Program, why: string): SplitRig {
  return { program, threads: 1, whyNotSplit: why, shares: [program.steps.length], evaluate: (frame) => { program.evaluate(frame); }, dispose: () => Promise.resolve() };
}

/**
 * Compiles the rig on `threads` threads. The graph is compiled here first, so a bad graph fails with
 * its CompileFailure before any worker starts; a program that cannot be split runs on this thread.
 */
export async function createSplitRig(graph: GraphDocument, scene: SceneDocument, options: SplitRigOptions = {}): Promise<SplitRig> {
  const threads = options.threads ?? Math.min(4, await cores());
  if (!Number.isInteger(threads) || threads < 1 || threads > 64) throw new RangeError(`createSplitRig: threads must be a whole number from 1 to 64, got ${threads}`);
  // Compiled as every thread compiles it but on a memory of its own: the steps' costs are measured on it.
  const probe = compile(graph, scene, splitProgramOptions(undefined, 0, threads));
  const why = whyNotSplit(probe) ?? (threads === 1 ? 'one thread was asked for' : undefined)
    ?? (typeof SharedArrayBuffer === 'undefined' ? 'SharedArrayBuffer is not available (in a browser the page must be cross-origin isolated)' : undefined);
  if (why) return oneThread(probe, why);

  const frame = scene.frame_current ?? 0;
  const reads = stepReads(probe);
  const steps = reads.length;
  const given = options.threadOf;
  if (given && given.length !== steps) throw new RangeError(`createSplitRig: threadOf gives ${given.length} threads for ${steps} steps`);
  const costs = () => measuredCosts(probe, frame, options.measureFrames ?? 64, options.pose);
  // Ways of sharing out to try: each cross-thread cost, and the default one's way refined, from each
  // of two measurements of the costs (one measurement's noise moves steps between threads), and
  // every step on this thread. Not where a node keeps a value from its first evaluation: it would
  // keep a tried frame's.
  const tried = given === undefined && options.crossCost === undefined && probe.playbackDependence.length === 0;
  const waysFrom = (cost: Float64Array): Int8Array[] => {
    const listed = CROSS_COSTS.map((c) => balancedThreads(reads, cost, threads, c));
    const start = listed[CROSS_COSTS.indexOf(DEFAULT_CROSS_COST)];
    return [...listed, ...REFINE_LATENCIES.map((latency) => refinedThreads(reads, cost, start, threads, latency))];
  };
  const ways = given ? [Int8Array.from(given)]
    : !tried ? [balancedThreads(reads, costs(), threads, options.crossCost ?? DEFAULT_CROSS_COST)]
    : [...waysFrom(costs()), ...waysFrom(costs()), new Int8Array(steps)];
  splitPlan(reads, ways[0], threads); // a given threadOf out of range fails here, before any worker starts

  const memory = sharedMemory(probe.buffer.length, threads, SCRATCH);
  const program = compile(graph, scene, splitProgramOptions(memory, 0, threads));
  if (program.steps.some((s, i) => s.unit !== probe.steps[i].unit)) throw new Error('createSplitRig: the rig compiled to other steps on the shared memory than on its own; the frame cannot be split');
  const control = SplitControl.create(threads, program.steps.length);
  control.threadOf.set(ways[0]);
  const layout = programLayout(program);

  const script = workerScript(options.script, new URL('./worker.node.mjs', import.meta.url), new URL('./worker.ts', import.meta.url));
  const pools: Pool[] = Array.from({ length: threads - 1 }, (_, i) => makePool(script, {
    minWorkers: 1, maxWorkers: 1, workerType: 'auto', workerOpts: { type: 'module', name: `sinew-split-${i + 1}` },
  }));
  const stop = () => Promise.all(pools.map((p) => p.terminate(true))).then(() => undefined);
  try {
    // One worker after another: compiling writes the shared slots' first values, some in two
    // stages, and a compile must not read what another is halfway through writing (a Rigify bone
    // wrong for good was seen with two workers compiling at once, on three threads under load).
    const layouts: string[] = [];
    for (const [i, p] of pools.entries()) {
      const init: ThreadInit = { graph, scene, memory, control: control.buffer, threads, thread: i + 1, warmFrames: WORKER_WARM_FRAMES, frame };
      layouts.push(await (p.exec('init', [init]) as Promise<string>));
    }
    layouts.forEach((l, i) => {
      if (l !== layout) throw new Error(`createSplitRig: thread ${i + 1} compiled the rig to other slots than the main thread did; the frame cannot be split`);
    });
  } catch (e) {
    await stop();
    throw e;
  }
  // Each worker now waits for commands until told to stop (its task ends then).
  const serving = pools.map((p) => p.exec('serve', []).catch(() => undefined));
  const rig = new SplitFrame(program, reads, control, threads, async () => {
    await Promise.all(serving);
    await stop();
  });
  if (ways.length > 1) rig.replan(fastest(rig, ways, frame, options.pose));
  return rig;
}

/** Of the ways of sharing the steps out, the one whose frames took least time (the rig is left on the last tried). */
function fastest(rig: SplitFrame, ways: readonly Int8Array[], frame: number, pose: SplitRigOptions['pose']): Int8Array {
  const times = new Float64Array(ways.length).fill(Infinity);
  const evaluate = (k: number) => { pose?.(rig.program, k); rig.evaluate(frame); };
  let trying = ways.map((_, w) => w);
  for (let round = 0; round < TRY_ROUNDS; round++) {
    for (const w of trying) {
      rig.replan(ways[w]);
      for (let i = 0; i < TRY_WARM; i++) evaluate(i);
      const t0 = performance.now();
      for (let i = 0; i < TRY_TIMED; i++) evaluate(i);
      times[w] = Math.min(times[w], performance.now() - t0);
    }
    if (round === TRY_ROUNDS - 2) {
      const best = Math.min(...times);
      trying = trying.filter((w) => times[w] <= best * KEEP_WITHIN).sort((a, b) => times[a] - times[b]).slice(0, KEEP_MOST);
    }
  }
  return ways[times.indexOf(Math.min(...times))];
}

/** The main thread's side of a split rig. */
class SplitFrame implements SplitRig {
  readonly whyNotSplit = undefined;
  private runner: ShareRunner;
  /** The workers' warnings as joined into the program's, by thread and position in its list. */
  private readonly joined = new Map<string, ProgramWarning>();
  private disposed = false;
  shares: readonly number[] = [];

  /** `reads`: what each step reads (plan.ts `stepReads`), the same for every way of sharing out. */
  constructor(readonly program: Program, private readonly reads: readonly Int32Array[], private readonly control: SplitControl, readonly threads: number, private readonly stopWorkers: () => Promise<void>) {
    this.runner = this.planned();
  }

  private planned(): ShareRunner {
    const plan = splitPlan(this.reads, this.control.threadOf, this.threads);
    this.shares = plan.shares.map((s) => s.length);
    return new ShareRunner(this.program, plan, 0, this.control);
  }

  /** Shares the steps out anew (between frames): every thread's count starts again from 0. */
  replan(threadOf: Int8Array): void {
    const { words } = this.control;
    this.control.threadOf.set(threadOf);
    for (let t = 0; t < this.threads; t++) Atomics.store(words, progressAt(t), 0);
    this.control.command(Command.Replan);
    const seq = Atomics.load(words, this.control.commandAt);
    for (let t = 1; t < this.threads; t++) this.runner.waitFor(ackAt(t), seq);
    this.runner = this.planned();
  }

  evaluate(frame: number): void {
    if (this.disposed) throw new Error('SplitRig.evaluate: the rig was disposed');
    const program = this.program;
    program.setFrame(frame);
    const gate = program.unguardedPass;
    if (gate && this.pass(Command.Unguarded) && gate.check.passed()) return;
    this.pass(Command.Guarded);
    for (let t = 1; t < this.threads; t++) this.join(t);
  }

  /** Commands a pass, runs this thread's share, and waits for the others; whether every share passed. */
  private pass(kind: Command): boolean {
    const { words } = this.control;
    this.control.command(kind);
    let ok = this.runner.run(kind === Command.Guarded);
    for (let t = 1; t < this.threads; t++) {
      this.runner.waitDone(t);
      if (Atomics.load(words, brokenAt(t)) !== 0) {
        const mail = this.control.take(t) as { error?: string } | undefined;
        throw new Error(`split rig: thread ${t} stopped: ${mail?.error ?? 'no reason given'}`);
      }
      if (this.runner.failed(t)) ok = false;
    }
    return ok;
  }

  /** Joins thread t's warnings (posted after its guarded pass) into the program's: new ones added, counts updated. */
  private join(t: number): void {
    const posted = this.control.take(t);
    if (!Array.isArray(posted)) return;
    (posted as ProgramWarning[]).forEach((w, i) => {
      const key = `${t}:${i}`;
      const known = this.joined.get(key);
      if (known) known.count = w.count;
      else {
        const copy = { ...w };
        this.joined.set(key, copy);
        this.program.warnings.push(copy);
      }
    });
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    this.control.command(Command.Stop);
    await this.stopWorkers();
  }
}
