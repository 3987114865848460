// `evaluate` allocates nothing per frame. Measured in child processes with a large young generation
// (test/runtime/perf/alloc.ts; `--kinds` there lists what each node kind allocates):
// - the runtime's own per-frame work: 100,000 frames of a rig that exercises pre-constraint
//   matrices, stacks, Owner In/Out and the constraint wrapper with its space conversions (with
//   kernels that allocate nothing themselves) leave the heap unchanged, no garbage collection;
// - every node kind's kernel, all in one program (a short chain per kind and params of
//   KIND_CASES), blended by the constraint wrapper or not: 0 bytes per frame, no collection;
// - the benchmark humanoid (the alloc_bytes_per_frame): 0 bytes per frame, no collection;
// - every animated case of the shared actions set (the action stage before pre steps): the same;
// - Rigify's human rig of the shared cases, its controls re-posed every frame: the same;
// - keyed and driven delta transforms, Relative Parenting and a rest-position armature, and a curve
//   whose path its hooks' keyed targets make again every frame: the same;
// - a spring-bone rig (two chains, a sphere and a capsule, one chain in center space) played
//   forward in quarter frames and jumping back (a reset and a replay) every 385: the same;
// - a B-Bone posed by an action with linked settings, read by Armature constraints (linear and
//   Preserve Volume) and Follow B-Bone (a point, the whole matrix, LOCAL space): the same;
// - a crowd's share of six characters of the spring rig sharing one program (`Program.evaluateCharacter`,
//   each character's state swapped in and out), each at its own frame: the same;
// - the NLA editor's rigs (transitions, meta strips, strips' F-curve modifiers joined across metas
//   and transitions, their Noise): the same.
// When one fails, V8's sampling heap profiler names the files that allocate (`--sites`).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../../../graph/types';
import { defaultCatalog } from '../../../nodes/catalog';
import { ALLOC_NODE_FLAGS } from '../../bench/alloc';
import { KIND_CASES } from './alloc';

interface Measured { bytesPerFrame: number; scavenges: number; collections: number; frames: number; sites?: Record<string, number> }

function measure(rig: string, frames: number, extra: string[] = [], nodeFlags: string[] = []): Measured {
  const script = join(__dirname, 'alloc.ts');
  const r = spawnSync(process.execPath, [...ALLOC_NODE_FLAGS, ...nodeFlags, '--import', 'tsx', script, '--rig', rig, '--frames', String(frames), '--json', '--max', '1e9', ...extra], { encoding: 'utf8', cwd: join(__dirname, '../../..') });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as Measured;
}

/** Enough frames for every kernel to be optimized, then short windows: a few seconds a rig. */
const SHORT = ['--warmup', '4000', '--window', '200'];
/**
 * Optimized code compiled on the main thread when a function gets hot, not on a background thread
 * that a loaded machine (the rest of `npm test`) may delay past the warm-up: the same code, in time.
 */
const SYNC = ['--no-concurrent-recompilation'];

/** For a failure message: the files V8's sampling heap profiler saw allocating, bytes per frame (median of its windows). */
function allocators(rig: string, extra: string[]): string {
  const sites = measure(rig, 1000, [...extra, '--sites', ...SHORT], SYNC).sites ?? {};
  return `allocating per frame: ${JSON.stringify(Object.fromEntries(Object.entries(sites).filter(([, bytes]) => bytes >= 4)))}`;
}

type Case = [string, Record<string, JsonValue>];
const all = KIND_CASES.filter(([kind]) => kind !== 'bones' && kind !== 'runtime');
/** Blended by the constraint wrapper (influence below 1, the kernel not blending by itself). */
const wrapperBlended = ([kind, params]: Case) =>
  typeof params.influence === 'number' && params.influence < 1 && defaultCatalog.get(kind)?.constraint?.blend !== 'self';

describe('evaluate allocates nothing per frame', () => {
  it('the runtime itself: 100,000 frames, 0 bytes, no collection', () => {
    const r = measure('runtime', 100_000);
    expect(r.frames).toBe(100_000);
    expect(r.bytesPerFrame).toBe(0);
    expect(r.scavenges).toBe(0);
  });

  it('every node kind not blended by the constraint wrapper, all in one program: 0 bytes, no collection', () => {
    const cases = all.filter((c) => !wrapperBlended(c));
    const r = measure('kinds', 1000, ['--cases', JSON.stringify(cases), '--bones', '4', ...SHORT], SYNC);
    expect(r.bytesPerFrame).toBe(0);
    expect(r.scavenges).toBe(0);
  });

  it('the benchmark humanoid: 0 bytes, no collection', () => {
    const r = measure('humanoid', 1000, SHORT, SYNC);
    expect(r.bytesPerFrame, r.bytesPerFrame === 0 ? '' : allocators('humanoid', [])).toBe(0);
    expect(r.scavenges).toBe(0);
  });

  it('every animated case of shared/conformance/actions (F-curves of every kind, bones, bone-parented objects): 0 bytes, no collection', () => {
    // Each easing segment is met a few frames in 385: a longer warm-up lets V8 optimize them all.
    const warm = ['--warmup', '20000', '--window', '200'];
    const r = measure('actions', 1000, warm, SYNC);
    expect(r.bytesPerFrame, r.bytesPerFrame === 0 ? '' : allocators('actions', warm.slice(0, 2))).toBe(0);
    expect(r.scavenges).toBe(0);
  });

  it('the mannequin playing its glTF clips (sampling and track products before the pre steps): 0 bytes, no collection', () => {
    const r = measure('clips', 1000, SHORT, SYNC);
    expect(r.bytesPerFrame, r.bytesPerFrame === 0 ? '' : allocators('clips', [])).toBe(0);
    expect(r.scavenges).toBe(0);
  });

  it("Rigify's human rig (706 bones, 533 constraints, imported from shared/conformance/rigify-human), a recorded pose of its controls each frame: 0 bytes, no collection", () => {
    const r = measure('rigify', 1000, ['--warmup', '2000', '--window', '100'], SYNC);
    expect(r.bytesPerFrame, r.bytesPerFrame === 0 ? '' : allocators('rigify', ['--warmup', '2000', '--window', '100'])).toBe(0);
    expect(r.scavenges).toBe(0);
  });

  it('delta transforms keyed and driven, Relative Parenting, a rest-position armature, path, vertex and triangle parents, a keyed and a driven Evaluation Time, a vertex group on a deformed mesh, a curve its hooks move (object-extras-rig.ts): 0 bytes, no collection', () => {
    const r = measure('object-extras', 1000, SHORT, SYNC);
    expect(r.bytesPerFrame, r.bytesPerFrame === 0 ? '' : allocators('object-extras', [])).toBe(0);
    expect(r.scavenges).toBe(0);
  });

  it('a spring-bone rig, stepping, jumping back and replaying: 0 bytes, no collection', () => {
    const r = measure('spring', 1000, SHORT, SYNC);
    expect(r.bytesPerFrame, r.bytesPerFrame === 0 ? '' : allocators('spring', [])).toBe(0);
    expect(r.scavenges).toBe(0);
  });

  it('B-Bone shapes computed and read (Armature segments, Follow B-Bone), settings linked: 0 bytes, no collection', () => {
    const r = measure('bbone', 1000, SHORT, SYNC);
    expect(r.bytesPerFrame, r.bytesPerFrame === 0 ? '' : allocators('bbone', [])).toBe(0);
    expect(r.scavenges).toBe(0);
  });

  it('a crowd share: six characters of the spring rig sharing one program, each at its own frame, jumping back on its own: 0 bytes, no collection', () => {
    const r = measure('crowd', 1000, SHORT, SYNC);
    expect(r.bytesPerFrame, r.bytesPerFrame === 0 ? '' : allocators('crowd', [])).toBe(0);
    expect(r.scavenges).toBe(0);
  });

  it('kinds blended by influence (the constraint wrapper blends them), all in one program: 0 bytes, no collection', () => {
    const cases = ['--cases', JSON.stringify(all.filter(wrapperBlended)), '--bones', '4'];
    const r = measure('kinds', 1000, [...cases, ...SHORT], SYNC);
    expect(r.bytesPerFrame, r.bytesPerFrame === 0 ? '' : allocators('kinds', cases)).toBe(0);
    expect(r.scavenges).toBe(0);
  });

  it('NLA transitions, meta strips, strip modifiers and keyed strip times (the NLA editor rigs of test/blender/fixtures): 0 bytes, no collection', () => {
    const r = measure('nla', 1000, SHORT, SYNC);
    expect(r.bytesPerFrame, r.bytesPerFrame === 0 ? '' : allocators('nla', [])).toBe(0);
    expect(r.scavenges).toBe(0);
  });

  it('rotation modes keyed in an action, at frames where no mode changes: 0 bytes, no collection', () => {
    const r = measure('keyed-modes', 1000, SHORT, SYNC);
    expect(r.bytesPerFrame, r.bytesPerFrame === 0 ? '' : allocators('keyed-modes', [])).toBe(0);
    expect(r.scavenges).toBe(0);
  });
});
