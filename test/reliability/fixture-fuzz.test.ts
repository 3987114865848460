// The Blender export fuzz: exports and fixtures (the exporter's handmade rig, NLA transitions and
// meta strips, metas' and transitions' keyed strip times, rotation modes keyed, every constraint kind, B-Bones, object parents on paths and vertices with a keyed
// Evaluation Time (test/reliability/fuzz-seeds/, exported by rigs.py), Blender's recorded action,
// IK, path and Spline IK cases), mutated as JSON values —
// deletions, hostile and Blender-named values, duplicates, nesting, growth — and run through what a
// user runs on such a file: `sinew import-blender`, `eval` of the graph it writes at two frames, and
// `conformance` on a recorded case. Each either succeeds or says where and what is wrong: the CLI
// never stops with an internal error (a thrown exception) and prints no stack trace. Bounded by
// its count of files, never by time. Before check-extensions.ts, 400 files found 11 distinct
// internal errors (drivers without variables, keys without `co`, actions without curves, …); runs of
// 5,000 then found three rarer ones (a strip modifier that is null, a property's UI data that is not
// an object, a variable without targets), and with the fuzz seeds a curve's keyed Evaluation Time
// that the scene schema took as any object; 55,000 more found none (and 4,000 with the keyed strip
// times and rotation modes among the seeds, 2026-12-05, none).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { run } from '../../runtime/cli/main';
import { SHARED_DIR } from '../shared-path';
import { applyMutation, mutationOf } from './mutate';

const RUNS = Number(process.env['SINEW_FUZZ_RUNS'] ?? 1000);

const seeds = [
  join(import.meta.dirname, '../blender/fixtures/handmade.export.json'),
  join(import.meta.dirname, '../blender/fixtures/nla_metas.export.json'),
  join(import.meta.dirname, '../blender/fixtures/nla_transitions.export.json'),
  join(import.meta.dirname, '../blender/fixtures/nla_strip_times.export.json'),
  join(import.meta.dirname, '../blender/fixtures/keyed_rotation_modes.export.json'),
  join(import.meta.dirname, 'fuzz-seeds/every_constraint.export.json'),
  join(import.meta.dirname, 'fuzz-seeds/bbone.export.json'),
  join(import.meta.dirname, 'fuzz-seeds/object_parents.export.json'),
  join(SHARED_DIR, 'conformance/actions/anim_constraint_03.json'),
  join(SHARED_DIR, 'conformance/actions/anim_ik_00.json'),
  join(SHARED_DIR, 'conformance/fixtures/spline_ik_00.json'),
  join(SHARED_DIR, 'conformance/fixtures/follow_path_00.json'),
  join(SHARED_DIR, 'conformance/fixtures/ik_chain_00.json'),
].map((f) => JSON.parse(readFileSync(f, 'utf8')) as unknown);

/** Names the export uses, so a mutation can turn one valid word into another. */
const WORDS = [
  'EMPTY', 'MESH', 'CURVE', 'LATTICE', 'OBJECT', 'VERTEX', 'BEZIER', 'POLY', 'NURBS', 'ABSOLUTE', 'TANGENT', 'SCRIPTED', 'SUM', 'AVERAGE', 'TRANSFORMS', 'SINGLE_PROP', 'ROTATION_DIFF', 'LOC_DIFF', 'REPLACE', 'ADD', 'COMBINE',
  'META', 'TRANSITION', 'CLIP', 'SOUND', 'BEZIER', 'CONSTANT', 'LINEAR', 'CYCLES', 'NOISE', 'STEPPED', 'LOCAL', 'WORLD', 'POSE',
  -1, 1, 2, 3, 1e9, 0.5, 'var', 'frame', '1/0', 'var +', 'pose.bones["X"].location', 'pose.bones["Bone"]["p"]', 'location', 'influence', 'rotation_mode', 'pose.bones["First"].rotation_mode', 'QUATERNION', 'AXIS_ANGLE',
];

describe('Blender export fuzz', () => {
  it('every mutated export or fixture imports, evaluates and compares, or is refused with where and what', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sinew-export-fuzz-'));
    const out = join(dir, 'out.sinew.json');
    const stats = { files: 0, imported: 0, compared: 0 };
    const file = fc.tuple(fc.nat(seeds.length - 1), fc.array(mutationOf(WORDS), { minLength: 1, maxLength: 3 })).map(([i, ms]) => {
      let v: unknown = structuredClone(seeds[i]);
      for (const m of ms) v = applyMutation(v, m);
      return v;
    });
    fc.assert(
      fc.property(file, (data) => {
        const path = join(dir, `case${stats.files++}.json`);
        writeFileSync(path, JSON.stringify(data) ?? 'null');
        const lines: string[] = [];
        const io = { out: (s: string) => lines.push(s), err: (s: string) => lines.push(s) };
        // A thrown exception is the CLI's internal error: the property fails, naming it.
        if (run(['import-blender', path, '-o', out, '--force'], io) === 0) {
          stats.imported++;
          for (const frame of ['1', '2.5']) run(['eval', out, '--frame', frame], io);
        }
        if (typeof data === 'object' && data !== null && 'expected' in data) {
          stats.compared++;
          run(['conformance', path], io);
        }
        for (const line of lines) expect(line).not.toMatch(/\n\s+at |internal error/);
      }),
      { numRuns: RUNS },
    );
    // The mutations leave most files usable: the import, evaluation and comparison paths are run.
    expect(stats.imported).toBeGreaterThan(RUNS / 5);
    expect(stats.compared).toBeGreaterThan(RUNS / 5);
  }, 600_000);
});
