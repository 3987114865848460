// Animation under constraints, against Blender 3.4 (../shared/conformance/actions): every case's
// objects and bones at every recorded frame within the manifest's tolerance; incremental updates
// across frames equal full evaluations; and the CLI's eval of an imported animated rig prints
// Blender's matrices at the frame asked for.
import fc from 'fast-check';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { casesIn, runCase } from '../../runtime/io/blender/conformance';
import type { Fixture, FixtureFrames } from '../../runtime/io/blender/fixture';
import { importBlenderFixture } from '../../runtime/io/blender/import';
import { run } from '../../runtime/cli/main';
import { compile } from '../../runtime/eval/compile';
import { SHARED_DIR } from '../shared-path';

const ACTIONS = join(SHARED_DIR, 'conformance/actions');
const cases = casesIn(ACTIONS);
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Fixture;

describe('actions (Blender 3.4)', () => {
  for (const c of cases) {
    it(`${c.name}: every object and bone at every frame within ${c.tolerance}`, () => {
      const r = runCase(read(c.file), c);
      expect(r.error).toBeUndefined();
      expect(r.unsupported).toEqual([]);
      expect(r.maxError, r.where).toBeLessThanOrEqual(c.tolerance);
      expect(r.passed).toBe(true);
    });
  }

  it('update(frame) after any sequence of frames equals evaluate(frame), bit for bit', () => {
    const programs = cases.map((c) => {
      const imported = importBlenderFixture(read(c.file));
      return { incremental: compile(imported.graph, imported.scene), full: compile(imported.graph, imported.scene) };
    });
    const frame = fc.integer({ min: -80, max: 300 }).map((q) => q / 4);
    fc.assert(fc.property(fc.nat(programs.length - 1), fc.array(frame, { minLength: 1, maxLength: 12 }), (i, frames) => {
      const { incremental, full } = programs[i];
      for (const f of frames) {
        incremental.update(f);
        full.evaluate(f);
        for (const o of full.owners) expect(Array.from(incremental.ownerMatrix(o.id)!), `${o.id} at ${f}`).toEqual(Array.from(o.final));
      }
    }), { numRuns: 200 });
  });

  it('sinew import-blender then eval --frame N prints Blender\'s matrices at frame N', () => {
    const c = cases.find((x) => x.name.startsWith('anim_bones'))!;
    const fx = read(c.file);
    const dir = mkdtempSync(join(tmpdir(), 'sinew-actions-'));
    const graph = join(dir, 'animated.sinew.json');
    const quiet = { out: () => {}, err: () => {} };
    expect(run(['import-blender', c.file, '-o', graph], quiet)).toBe(0);
    for (const [key, readout] of Object.entries(fx.expected as FixtureFrames)) {
      const out: string[] = [];
      expect(run(['eval', graph, '--frame', key], { out: (s) => out.push(s), err: () => {} })).toBe(0);
      const owners = (JSON.parse(out.join('')) as { owners: Record<string, number[]> }).owners;
      for (const [name, m] of Object.entries(readout.objects)) {
        m.forEach((x, k) => { expect(Math.abs(owners[name][k] - x), `${name}[${k}] at frame ${key}`).toBeLessThanOrEqual(c.tolerance); });
      }
    }
  });
});
