// crowd_chars_16ms: how many animated humanoids (each at its own frame of a 24-frame swing on every
// bone, so every character holds a different pose) a crowd evaluates in full within one 60 Hz frame
// (16.7 ms, median of a frame's evaluations), with one worker per core. Found by doubling, then
// bisecting, a fresh crowd for each count tried.
import { availableParallelism } from 'node:os';
import { createCrowd } from '../../runtime/crowd/crowd';
import { animatedHumanoid } from './crowd-rig';

export const FRAME_MS = 1000 / 60;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Median wall time (ms) of one evaluation of `characters` humanoids on `workers` workers, and the
 * CPU time (µs, the process's: main thread and workers) per character evaluated.
 */
export async function crowdFrame(characters: number, workers: number, frames: number): Promise<{ ms: number; cpuUsPerChar: number }> {
  const rig = animatedHumanoid();
  const crowd = await createCrowd(rig.graph, rig.scene, { characters, workers });
  try {
    const f = crowd.frames;
    let k = 0;
    const next = () => { for (let c = 0; c < characters; c++) f[c] = 1 + k + c * 0.37; k++; return crowd.evaluate(); };
    // Warm up until the workers' code is optimized: at least 30 frames and 1.5 s (a few frames leave
    // the kernels in the baseline tiers, several times slower on the animated humanoid).
    const w0 = performance.now();
    for (let i = 0; i < 30 || performance.now() - w0 < 1500; i++) await next();
    const times: number[] = [];
    const c0 = process.cpuUsage();
    for (let i = 0; i < frames; i++) {
      const t0 = performance.now();
      await next();
      times.push(performance.now() - t0);
    }
    const c = process.cpuUsage(c0);
    return { ms: median(times), cpuUsPerChar: (c.user + c.system) / (frames * characters) };
  } finally {
    await crowd.dispose();
  }
}

export interface CrowdCapacity {
  chars: number;
  workers: number;
  /** The median frame time (ms) at `chars`, and per character (µs). */
  frameMs: number;
  usPerChar: number;
  /**
   * CPU time per character at `chars` (µs) and the count it would give if the workers had their
   * cores to themselves: 16.7 ms × workers ÷ that (a shared machine's wall time hides it).
   */
  cpuUsPerChar: number;
  cpuBoundChars: number;
  tried: { characters: number; ms: number }[];
}

/** The largest character count whose median frame is ≤ 16.7 ms (to within 2 %, or 2 characters). */
export async function crowdCapacity(frames: number, workers = availableParallelism()): Promise<CrowdCapacity> {
  const tried: { characters: number; ms: number }[] = [];
  let loCpu = 0;
  const at = async (n: number) => { const r = await crowdFrame(n, workers, frames); tried.push({ characters: n, ms: r.ms }); last = r.cpuUsPerChar; return r.ms; };
  let last = 0;
  let lo = 0, loMs = 0;
  let hi = 16;
  for (;;) {
    const ms = await at(hi);
    if (ms > FRAME_MS) break;
    lo = hi; loMs = ms; loCpu = last; hi *= 2;
  }
  while (hi - lo > Math.max(2, lo * 0.02)) {
    const mid = Math.round((lo + hi) / 2);
    const ms = await at(mid);
    if (ms <= FRAME_MS) { lo = mid; loMs = ms; loCpu = last; } else hi = mid;
  }
  if (lo === 0) loCpu = last;
  return { chars: lo, workers, frameMs: loMs, usPerChar: lo ? (loMs * 1000) / lo : 0, cpuUsPerChar: loCpu, cpuBoundChars: Math.floor((FRAME_MS * 1000 * workers) / loCpu), tried };
}
