// Bytes allocated per evaluated frame, on the JS heap.
//
// Run node with a young generation large enough that a measuring window never fills it:
//   node --max-semi-space-size=128 --min-semi-space-size=128 --import tsx …   (ALLOC_NODE_FLAGS)
// Then heap growth over a window of frames is exactly what those frames allocated (no collection
// happens inside the window to hide it). Do not call gc() between windows: a full collection makes
// V8 rebuild code and feedback, which the next window would count. The same windows over an empty
// loop give the measuring's own bytes, subtracted. Separately, frames run in one long go while
// V8's GC profiler counts collections: an allocation-free frame loop triggers none.
import { PerformanceObserver } from 'node:perf_hooks';
import { GCProfiler } from 'node:v8';

/** Node flags for the measuring process. */
export const ALLOC_NODE_FLAGS = ['--max-semi-space-size=128', '--min-semi-space-size=128'];

export interface AllocReport {
  /** Median over the windows, minus the empty loop's median; 0 below 0.5 bytes per frame. */
  bytesPerFrame: number;
  /** Median raw figure of the windows, before the subtraction. */
  rawBytesPerFrame: number;
  /** Frames run in one go, and the collections counted meanwhile (minor = scavenges). */
  frames: number;
  scavenges: number;
  collections: number;
  windows: number;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const tick = () => new Promise((r) => setImmediate(r));

/** Measures `run(frame)`: `frames` frames in one go with collections counted, then 20 windows. */
export async function measureAllocation(run: (frame: number) => void, frames = 100_000, warmup = 20_000, windowSize = 1000): Promise<AllocReport> {
  let collections = 0;
  const obs = new PerformanceObserver((list) => {
    collections += list.getEntries().length;
  });
  obs.observe({ entryTypes: ['gc'] });

  let frame = 0;
  for (let i = 0; i < warmup; i++) run(frame++);
  await tick();
  // The long run's collections, from V8's own GC profiler (the observer may drop entries).
  const gcProfiler = new GCProfiler();
  gcProfiler.start();
  for (let i = 0; i < frames; i++) run(frame++);
  const stats = gcProfiler.stop()?.statistics ?? [];
  await tick();
  const longRun = { collections: stats.length, scavenges: stats.filter((x) => x.gcType === 'Scavenge').length };

  // Windows: a window in which a collection happened anyway (seen by the observer) is dropped.
  const measure = async (fn: (f: number) => void): Promise<number[]> => {
    const out: number[] = [];
    for (let w = 0; w < 20; w++) {
      const seen = collections;
      const before = process.memoryUsage().heapUsed;
      for (let i = 0; i < windowSize; i++) fn(frame++);
      const after = process.memoryUsage().heapUsed;
      await tick();
      if (collections === seen && after >= before) out.push((after - before) / windowSize);
    }
    return out;
  };
  const noop = (f: number) => { if (f < 0) throw new Error('never'); };
  for (let i = 0; i < warmup; i++) noop(i);
  const raw = await measure(run);
  const empty = await measure(noop);
  obs.disconnect();
  if (raw.length < 5 || empty.length < 5) throw new Error(`too few windows without a collection (${raw.length}, ${empty.length}): run node with ${ALLOC_NODE_FLAGS.join(' ')}`);
  const net = median(raw) - median(empty);
  return {
    bytesPerFrame: net < 0.5 ? 0 : Math.round(net * 10) / 10,
    rawBytesPerFrame: median(raw),
    frames,
    scavenges: longRun.scavenges,
    collections: longRun.collections,
    windows: raw.length,
  };
}
