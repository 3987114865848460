// The runtime's own per-frame work allocates nothing: 100,000 frames of a rig that exercises
// pre-constraint matrices, stacks, Owner In/Out and the constraint wrapper with its space
// conversions (with kernels that allocate nothing themselves) leave the heap unchanged and cause
// no garbage collection. Measured in a child process with a large young generation
// (test/runtime/perf/alloc.ts; `--kinds` there lists what each node kind allocates).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALLOC_NODE_FLAGS } from '../../bench/alloc';

function measure(rig: string, frames: number) {
  const script = join(__dirname, 'alloc.ts');
  const r = spawnSync(process.execPath, [...ALLOC_NODE_FLAGS, '--import', 'tsx', script, '--rig', rig, '--frames', String(frames), '--json', '--max', '1e9'], { encoding: 'utf8', cwd: join(__dirname, '../../..') });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as { bytesPerFrame: number; scavenges: number; collections: number; frames: number };
}

describe('evaluate allocates nothing per frame', () => {
  it('the runtime itself: 100,000 frames, 0 bytes, no collection', () => {
    const r = measure('runtime', 100_000);
    expect(r.frames).toBe(100_000);
    expect(r.bytesPerFrame).toBe(0);
    expect(r.scavenges).toBe(0);
  }, 120_000);
});
