// A crowd: many characters over the same graph and scene, evaluated in parallel on every core. The
// characters are split across workers (Node worker threads, browser Web Workers); each worker
// compiles one program and evaluates all its characters with it, keeping per character only its
// stateful nodes' state (characters.ts; a graph whose results depend on earlier evaluations gets a
// program per character instead). Inputs (each character's frame) and outputs (each owner's world
// matrix, per character) live in one SharedArrayBuffer, so a frame is one small message per worker
// ("evaluate"), and no pose is copied between threads.
//
// The pool library is workerpool (pinned in package.json): one API over worker_threads in Node and
// Web Workers in the browser, kept up for a decade, no dependencies, and it posts task arguments with
// structured clone, so a SharedArrayBuffer reaches the worker shared, not copied. Its pools hand a
// task to whichever worker is free; a character must stay in one worker (it keeps the character's
// spring state), so the crowd makes one pool of exactly one worker per share.
import { pool as makePool, type Pool } from 'workerpool';
import type { GraphDocument } from '../../graph/types';
import { compile } from '../eval/compile';
import type { SceneDocument } from '../rig/scene/types';
import { sharesProgram } from './characters';
import { workerScript } from '../threads/worker-script';
import { crowdBytes, framesView, MATRIX_SIZE, matricesView, partition, type CrowdLayout } from './layout';

export interface CrowdOptions {
  /** How many characters (≥ 1). */
  characters: number;
  /** How many workers (≥ 1; more than `characters` are not started). */
  workers: number;
  /**
   * The worker script (runtime/crowd/worker.ts, or what a bundler made of it). By default the one
   * beside this file (in Node, worker.node.mjs, which loads it through tsx).
   */
  script?: string | URL;
}

export interface Crowd {
  readonly characters: number;
  /** Owner ids, in the order of each character's matrices. */
  readonly owners: readonly string[];
  /** Each character's frame, shared with the workers: write it in place, or pass frames to `evaluate`. */
  readonly frames: Float64Array;
  /** Every character's owners' world matrices: character c's owner o at `(c * owners.length + o) * 16`. */
  readonly matrices: Float64Array;
  /** Workers started. */
  readonly workers: number;
  /**
   * Whether each worker evaluates all its characters with one program (else each character has its
   * own, because the graph's results depend on the frames evaluated before: `history` says why).
   */
  readonly sharedProgram: boolean;
  /** `Program.history` of the graph: empty when the characters share programs. */
  readonly history: readonly string[];
  /** Evaluates every character at its frame (`frames`, given or already in place). One call at a time. */
  evaluate(frames?: ArrayLike<number>): Promise<void>;
  /** Character c's owner o's matrix (a view of `matrices`, no copy). */
  matrix(character: number, owner: number): Float64Array;
  /** Stops the workers; the crowd cannot evaluate after. */
  dispose(): Promise<void>;
}

function count(name: string, x: number): number {
  if (!Number.isInteger(x) || x < 1) throw new RangeError(`createCrowd: ${name} must be a whole number ≥ 1, got ${x}`);
  return x;
}

/**
 * Starts the workers and compiles every character's program in them. The graph is compiled once here
 * first, so a bad graph fails with its CompileFailure before any worker starts.
 */
export async function createCrowd(graph: GraphDocument, scene: SceneDocument, options: CrowdOptions): Promise<Crowd> {
  const characters = count('characters', options.characters);
  const workers = Math.min(count('workers', options.workers), characters);
  if (typeof SharedArrayBuffer === 'undefined') {
    throw new Error('createCrowd: SharedArrayBuffer is not available; in a browser the page must be cross-origin isolated (Cross-Origin-Opener-Policy: same-origin, Cross-Origin-Embedder-Policy: require-corp)');
  }
  const probe = compile(graph, scene);
  const owners = probe.owners.map((o) => o.id);
  const { history } = probe;
  const layout: CrowdLayout = { characters, owners: owners.length };
  const buffer = new SharedArrayBuffer(crowdBytes(layout));
  const frames = framesView(buffer, layout);
  const matrices = matricesView(buffer, layout);
  const script = workerScript(options.script, new URL('./worker.node.mjs', import.meta.url), new URL('./worker.ts', import.meta.url));
  const pools: Pool[] = [];
  for (let w = 0; w < workers; w++) {
    pools.push(makePool(script, {
      minWorkers: 1,
      maxWorkers: 1,
      workerType: 'auto',
      workerOpts: { type: 'module', name: `sinew-crowd-${w}` },
    }));
  }
  const stop = () => Promise.all(pools.map((p) => p.terminate(true))).then(() => undefined);
  try {
    await Promise.all(pools.map((p, w) => {
      const { first, count: n } = partition(characters, workers, w);
      return p.exec('init', [graph, scene, buffer, layout, first, n]);
    }));
  } catch (e) {
    await stop();
    throw e;
  }

  let busy = false;
  let disposed = false;
  return {
    characters,
    owners,
    frames,
    matrices,
    workers,
    sharedProgram: sharesProgram(probe),
    history,
    async evaluate(given?: ArrayLike<number>): Promise<void> {
      if (disposed) throw new Error('crowd.evaluate: the crowd was disposed');
      if (busy) throw new Error('crowd.evaluate: the last evaluation has not finished (await it before the next)');
      if (given !== undefined) {
        if (given.length !== characters) throw new RangeError(`crowd.evaluate: ${given.length} frames given for ${characters} characters`);
        for (let c = 0; c < characters; c++) {
          const f = given[c];
          if (typeof f !== 'number' || f !== f) throw new RangeError(`crowd.evaluate: frame ${c} is not a number (${f})`);
          frames[c] = f;
        }
      }
      busy = true;
      try {
        await Promise.all(pools.map((p) => p.exec('frame', [])));
      } finally {
        busy = false;
      }
    },
    matrix(character: number, owner: number): Float64Array {
      const at = (character * owners.length + owner) * MATRIX_SIZE;
      return matrices.subarray(at, at + MATRIX_SIZE);
    },
    async dispose(): Promise<void> {
      if (disposed) return;
      disposed = true;
      await stop();
    },
  };
}
