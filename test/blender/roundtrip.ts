// The round trip through Blender for test/blender/*.test.ts: a rig built by test/blender/rigs.py in
// Blender (one Blender process builds it, saves RIG.blend, dumps Blender's evaluated world matrices
// at the rig's frames, and runs the bundled exporter on the saved file opened afresh, as
// `import-blender RIG.blend` has Blender do), then `sinew import-blender` of that export and
// `sinew eval --frame N` for each frame, compared number by number. `viaBlend` imports RIG.blend
// itself instead (a second Blender process, the command's whole path), as roundtrip.test.ts does.
import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findBlender } from '../../runtime/cli/blend-export';
import { run } from '../../runtime/cli/main';

const RIGS_SCRIPT = resolve(import.meta.dirname, 'rigs.py');

/** Blender on PATH (or $BLENDER): these tests need it, and say so when it is missing. */
export function blenderPath(): string {
  const found = findBlender({});
  if (!found.ok) throw new Error(`${found.message}. The Blender round-trip tests need Blender 3.4 (apt-get install -y blender; .ci/run does it)`);
  return found.path;
}

export interface RoundTrip {
  dir: string;
  /** Blender's matrices per frame key ("1", "7.5"), per owner ("Obj", "Arm/Bone"). */
  expected: Record<string, Record<string, number[]>>;
  /** The owners whose matrix depends on an IK result in Blender (rigs.py `ik_affected`). */
  ikAffected: Set<string>;
  /** For the `_wild` rigs: per owner, how far Blender's own result moves under 2-ULP float32 input noise (rigs.py `float32_noise`). */
  float32Noise: Record<string, number>;
  /** For the `_animated` rigs: the same at each frame (the noise depends on the pose). */
  float32NoiseFrames: Record<string, Record<string, number>>;
  /** The import's output lines (stdout and stderr). */
  importLog: string[];
  importStatus: number;
  /** Sinew's `eval` per frame key. */
  evaluated: Record<string, Record<string, number[]>>;
}

/** Exit status of rigs.py when the rig needs an add-on this Blender lacks (Rigify). */
const UNAVAILABLE = 3;

/**
 * Builds `rig` in Blender, imports its .blend and evaluates it at each of Blender's frames. A Blender
 * without the Rigify add-on fails the test rather than skipping it: Debian's package ships Rigify.
 */
export function roundTrip(rig: string, options: { viaBlend?: boolean } = {}): RoundTrip {
  const blender = blenderPath();
  const dir = mkdtempSync(join(tmpdir(), `sinew-rt-${rig}-`));
  // One thread (-t 1): Blender's threaded depsgraph races where a bone reads a parent that an IK tree
  // moves while the bone's own chain is out of the tree (muted, influence 0): it reads the parent
  // before the solve in most runs and after it in some (rigs.py random_ik_keyed2: 1 run in 16). One
  // thread evaluates in the graph's order, the same every run (16 in 16: the common answer).
  const built = spawnSync(blender, ['-b', '-t', '1', '--factory-startup', '--python-exit-code', '1', '--python', RIGS_SCRIPT, '--', rig, dir], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (built.status === UNAVAILABLE) throw new Error(`rigs.py ${rig}: this Blender (${blender}) has no Rigify add-on; install Blender with its bundled add-ons`);
  if (built.status !== 0) throw new Error(`rigs.py ${rig} failed (status ${built.status}): ${(built.stderr || built.stdout).slice(-2000)}`);
  const dump = JSON.parse(readFileSync(join(dir, `${rig}.expected.json`), 'utf8')) as { frames: RoundTrip['expected']; ik_affected: string[]; float32_noise?: Record<string, number>; float32_noise_frames?: Record<string, Record<string, number>> };
  const expected = dump.frames;
  const importLog: string[] = [];
  const graph = join(dir, `${rig}.sinew.json`);
  const source = join(dir, options.viaBlend ? `${rig}.blend` : `${rig}.export.json`);
  const importStatus = run(['import-blender', source, '-o', graph], { out: (s) => importLog.push(s), err: (s) => importLog.push(s) });
  const evaluated: RoundTrip['evaluated'] = {};
  if (importStatus === 0) {
    for (const frame of Object.keys(expected)) {
      const out: string[] = [];
      const err: string[] = [];
      const status = run(['eval', graph, '--frame', frame], { out: (s) => out.push(s), err: (s) => err.push(s) });
      if (status !== 0) throw new Error(`eval --frame ${frame} failed: ${err.join('\n')}`);
      evaluated[frame] = (JSON.parse(out.join('\n')) as { owners: Record<string, number[]> }).owners;
    }
  }
  return { dir, expected, ikAffected: new Set(dump.ik_affected), float32Noise: dump.float32_noise ?? {}, float32NoiseFrames: dump.float32_noise_frames ?? {}, importLog, importStatus, evaluated };
}

/** How far Blender's own result for `owner` moves under 2-ULP input noise at `frame` (that frame's measure where there is one), 0 when not measured. */
export function noiseAt(rt: RoundTrip, frame: string, owner: string): number {
  return rt.float32NoiseFrames[frame]?.[owner] ?? rt.float32Noise[owner] ?? 0;
}

export interface Difference {
  frame: string;
  owner: string;
  error: number;
}

/** Every owner Blender has, at every frame: the largest element difference (Infinity when Sinew lacks the owner). */
export function differences(rt: RoundTrip, skip: (owner: string) => boolean = () => false): Difference[] {
  const out: Difference[] = [];
  for (const [frame, owners] of Object.entries(rt.expected)) {
    const ours = rt.evaluated[frame] ?? {};
    for (const [owner, m] of Object.entries(owners)) {
      if (skip(owner)) continue;
      const s = ours[owner];
      const error = s ? Math.max(...m.map((x, i) => Math.abs(x - s[i]))) : Infinity;
      out.push({ frame, owner, error: Number.isNaN(error) ? Infinity : error });
    }
  }
  return out;
}

/** The differences above `tolerance`, worst first, as lines for an assertion message. */
export function failures(diffs: Difference[], tolerance: number): string[] {
  return diffs.filter((d) => !(d.error <= tolerance)).sort((a, b) => b.error - a.error).map((d) => `frame ${d.frame} ${d.owner}: ${d.error.toExponential(2)}`);
}

/**
 * What most round trips check: the import ran and carried everything, Blender has `ownerFrames`
 * owner-frames (owners × frames: a rig that lost or gained an owner fails here), and every one of
 * them is within `tolerance` of Blender's matrix.
 */
export function expectAsBlender(rt: RoundTrip, ownerFrames: number, tolerance = 1e-4): void {
  expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
  expect(rt.importLog.join('\n')).toContain('not carried: nothing');
  const diffs = differences(rt);
  expect(diffs.length).toBe(ownerFrames);
  expect(failures(diffs, tolerance)).toEqual([]);
}
