// Blender's Tracking constraints (all but IK and Spline IK) against the recorded fixtures: every case
// must pass at the manifest's tolerance.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../runtime/blender/conformance';
import type { Fixture } from '../../runtime/blender/fixture';
import { importBlenderFixture } from '../../runtime/blender/import';
import { compile } from '../../runtime/compile';

const dir = join(__dirname, '../../../shared/conformance/fixtures');
const CATEGORIES = ['track_to', 'damped_track', 'locked_track', 'stretch_to', 'clamp_to', 'bone_damped_track', 'bone_track_to', 'bone_stretch_to'];

describe('Tracking constraints match Blender 3.4', () => {
  it.each(CATEGORIES)('%s', (category) => {
    const { results } = runConformance([dir], [`${category}_`]);
    const mine = results.filter((r) => r.name.replace(/_\d+$/, '') === category);
    expect(mine.length, `cases found for ${category}`).toBe(12);
    const failures = mine
      .filter((r) => !r.passed)
      .map((r) => `${r.name}: ${r.error ?? (r.unsupported.length ? `unsupported ${r.unsupported.join('; ')}` : `error ${r.maxError.toExponential(2)} at ${r.where} > ${r.tolerance}`)}`);
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('stretch_to_11 computes rest length 0 itself (Blender\'s write-back not applied)', () => {
    const fx = JSON.parse(readFileSync(join(dir, 'stretch_to_11.json'), 'utf8')) as Fixture;
    expect(fx.constraints[0].props.rest_length).toBe(0);
    const imported = importBlenderFixture(fx, { applyAfterEval: false });
    expect(imported.unsupported).toEqual([]);
    const program = compile(imported.graph, imported.scene);
    for (let pass = 0; pass < 2; pass++) {
      program.evaluate(1);
      for (const [name, m] of Object.entries(fx.expected.objects)) {
        const got = program.ownerMatrix(name)!;
        m.forEach((x, i) => expect(Math.abs(got[i] - x), `${name}[${i}] on evaluation ${pass + 1}`).toBeLessThanOrEqual(1e-5));
      }
    }
  });
});
