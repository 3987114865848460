// One thread's share of a split frame: its steps in the program's order, each after the steps of
// other threads it reads (plan.ts), its count of steps run published where another thread waits on
// it. The same code runs on the main thread and in the workers.
import type { Program } from '../eval/program';
import { failedAt, progressAt, type SplitControl } from './control';
import type { SplitPlan } from './plan';

/**
 * A wait polls the other thread's count this many times, then (where the thread may block: not a
 * browser's main thread) naps a millisecond at a time, so that on a machine with fewer free cores
 * than threads the thread it waits for gets the core.
 */
const SPIN_POLLS = 1 << 16;
/** Naps, or for a thread that cannot nap polls, before a wait gives up: only a thread gone (its worker killed) takes so long. */
const MAX_NAPS = 60_000;
const MAX_POLLS = 2 ** 32;

/** Whether this thread may block in Atomics.wait (a browser's main thread may not). */
const canNap = (() => {
  try {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 1, 0);
    return true;
  } catch {
    return false;
  }
})();

export class SplitStalled extends Error {}

export class ShareRunner {
  private readonly bares: (() => void)[];
  private readonly runs: (() => void)[];
  private readonly sizes: Int32Array;
  /** Passes run so far (every thread runs every pass, so all count alike). */
  private passes = 0;
  private readonly bases: Int32Array;

  constructor(private readonly program: Program, private readonly plan: SplitPlan, readonly thread: number, private readonly control: SplitControl) {
    const share = plan.shares[thread];
    this.bares = Array.from(share, (s) => program.steps[s].bare);
    this.runs = Array.from(share, (s) => program.steps[s].run);
    this.sizes = Int32Array.from(plan.shares, (s) => s.length);
    this.bases = new Int32Array(plan.threads);
  }

  /**
   * Runs this thread's steps of the next pass, with the guards off unless `guarded`. Returns false
   * when a step of an unguarded pass threw or met what its guard acts on (the frame must run again,
   * guarded). A step throwing in a guarded pass is an error of the program's: thrown, after this
   * thread's count says it is done, so no other thread waits for it. `beforeDone` runs last, before
   * the count says so, with that error if there is one (what it writes is there when another thread
   * sees the pass done).
   */
  run(guarded: boolean, beforeDone?: (error: Error | undefined) => void): boolean {
    const { words } = this.control;
    const t = this.thread;
    const { start, thread: waitThread, count: waitCount } = this.plan.waits[t];
    const publish = this.plan.publish[t];
    // Counts go on over passes (wrapping at 2^31: compared by difference), so no thread resets one another may still read.
    for (let u = 0; u < this.bases.length; u++) this.bases[u] = Math.imul(this.passes, this.sizes[u]);
    this.passes++;
    const base = this.bases[t];
    const gate = guarded ? undefined : this.program.unguardedPass;
    if (!guarded && !gate) throw new Error('ShareRunner: this program runs every pass guarded');
    const steps = guarded ? this.runs : this.bares;
    if (gate) { gate.guards[0] = 0; gate.guards[1] = 0; }
    let ok = true;
    let error: Error | undefined;
    try {
      for (let i = 0; i < steps.length; i++) {
        for (let w = start[i]; w < start[i + 1]; w++) this.wait(waitThread[w], waitCount[w]);
        steps[i]();
        if (publish[i] === 1) Atomics.store(words, progressAt(t), (base + i + 1) | 0);
      }
    } catch (e) {
      if (guarded || e instanceof SplitStalled) error = e instanceof Error ? e : new Error(String(e));
      else ok = false;
    }
    if (gate) {
      gate.guards[0] = 1;
      if (gate.guards[1] !== 0) ok = false;
    }
    Atomics.store(words, failedAt(t), ok ? 0 : 1);
    beforeDone?.(error);
    Atomics.store(words, progressAt(t), (base + steps.length) | 0);
    if (error) throw error;
    return ok;
  }

  /** Waits until thread u has run `count` of its steps of this pass (its count of every pass is `bases[u] + count` then). */
  private wait(u: number, count: number): void {
    this.waitFor(progressAt(u), (this.bases[u] + count) | 0);
  }

  /** Waits until the word at `at` reaches `target` (compared by difference, so across the wrap at 2^31). */
  waitFor(at: number, target: number): void {
    const words = this.control.words;
    for (let polls = 0; ((Atomics.load(words, at) - target) | 0) < 0; polls++) {
      if (polls < SPIN_POLLS) continue;
      if (canNap) Atomics.wait(words, at, Atomics.load(words, at), 1);
      if (polls - SPIN_POLLS === (canNap ? MAX_NAPS : MAX_POLLS)) throw new SplitStalled(`split frame: thread ${this.thread} waited on another, which did not go on`);
    }
  }

  /** Waits until thread u has run all its steps of the last pass. */
  waitDone(u: number): void {
    this.wait(u, this.sizes[u]);
  }

  /** Whether thread u's last pass failed (read after `waitDone(u)`). */
  failed(u: number): boolean {
    return Atomics.load(this.control.words, failedAt(u)) !== 0;
  }
}
