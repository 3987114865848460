// One thread of a split frame, other than the main one: its program compiled on the shared memory,
// its share of the steps, and the loop that runs a pass each time the main thread commands one.
import type { GraphDocument } from '../../graph/types';
import { compile } from '../eval/compile';
import type { SceneDocument } from '../rig/scene/types';
import { ackAt, brokenAt, Command, SplitControl } from './control';
import { programLayout, splitProgramOptions } from './layout';
import { splitPlan, stepReads } from './plan';
import { ShareRunner } from './share';

/** Polls of the command word before the thread sleeps on it: back-to-back frames find it awake. */
const POLLS_BEFORE_SLEEP = 200_000;

export interface ThreadInit {
  graph: GraphDocument;
  scene: SceneDocument;
  memory: WebAssembly.Memory;
  control: SharedArrayBuffer;
  threads: number;
  thread: number;
  /** Whole frames to evaluate at `frame` before serving, so the code is optimized first (`warmUp`). */
  warmFrames: number;
  frame: number;
}

/**
 * Evaluates the rig `warmFrames` times on a program of its own memory (not the shared one, so
 * nothing another thread reads is written, and no warning or kept value of the thread's program
 * comes of it): the thread's program runs the same code, optimized by then. Alone, V8's compiler
 * threads have a core; during split frames both cores are busy, and the first ways tried on
 * Rigify's human rig ran up to ten times slower than the rest.
 */
function warmUp(init: ThreadInit): void {
  if (init.warmFrames <= 0) return;
  const program = compile(init.graph, init.scene, splitProgramOptions(undefined, init.thread, init.threads));
  for (let i = 0; i < init.warmFrames; i++) program.evaluate(init.frame);
}

export class SplitThread {
  private runner: ShareRunner;
  private readonly control: SplitControl;
  /** The program's layout, for the main thread to compare with its own (layout.ts). */
  readonly layout: string;
  private readonly warnings: () => readonly unknown[];
  /** A runner for the steps' threads as `control.threadOf` has them now. */
  private readonly planned: () => ShareRunner;
  private readonly commandAtInit: number;

  constructor(init: ThreadInit) {
    const program = compile(init.graph, init.scene, splitProgramOptions(init.memory, init.thread, init.threads));
    this.layout = programLayout(program);
    warmUp(init);
    this.control = new SplitControl(init.control, init.threads, program.steps.length);
    const reads = stepReads(program);
    this.planned = () => new ShareRunner(program, splitPlan(reads, this.control.threadOf, init.threads), init.thread, this.control);
    this.runner = this.planned();
    this.commandAtInit = Atomics.load(this.control.words, this.control.commandAt);
    // Only what its passes warn of: the main thread's own compile gave it the rest.
    const compiled = program.warnings.length;
    this.warnings = () => program.warnings.slice(compiled);
  }

  /** Whether the pass running now is guarded. */
  private guarded = false;

  /**
   * What a pass has to say, sent to the main thread before this thread says it is done: a guarded
   * pass's warnings, or the error that stops this thread. One function for every pass (a frame
   * allocates nothing).
   */
  private readonly report = (error: Error | undefined): void => {
    const t = this.runner.thread;
    if (error) {
      this.control.post(t, { error: error.message });
      Atomics.store(this.control.words, brokenAt(t), 1);
    } else if (this.guarded) this.control.post(t, this.warnings());
  };

  /** Runs passes as commanded until told to stop. */
  serve(): void {
    const { words, commandAt, kindAt } = this.control;
    const t = this.runner.thread;
    // The command word as it was at init (before the main thread could command anything), so a
    // command given before this loop starts is taken.
    let seen = this.commandAtInit;
    for (;;) {
      for (let polls = 0; Atomics.load(words, commandAt) === seen && polls < POLLS_BEFORE_SLEEP; polls++);
      while (Atomics.load(words, commandAt) === seen) Atomics.wait(words, commandAt, seen);
      seen = Atomics.load(words, commandAt);
      const kind = Atomics.load(words, kindAt);
      if (kind === Command.Stop) return;
      if (kind === Command.Replan) {
        this.runner = this.planned();
        Atomics.store(words, ackAt(t), seen);
        continue;
      }
      this.guarded = kind === Command.Guarded;
      try {
        this.runner.run(this.guarded, this.report);
      } catch {
        return;
      }
    }
  }
}
