// Blender's Transform constraints against the recorded fixtures: every case must pass at the
// manifest's tolerance, with no RNA property left unmapped.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../runtime/blender/conformance';
import type { Fixture } from '../../runtime/blender/fixture';
import { importBlenderFixture } from '../../runtime/blender/import';
import { compile } from '../../runtime/compile';

const dir = join(__dirname, '../../../shared/conformance/fixtures');
const CATEGORIES = [
  'copy_location', 'copy_rotation', 'copy_scale', 'copy_transforms',
  'limit_location', 'limit_rotation', 'limit_scale', 'limit_distance',
  'maintain_volume', 'transform',
  'bone_copy_rotation', 'bone_copy_location', 'bone_limit_rotation',
];

describe('Transform constraints match Blender 3.4', () => {
  it.each(CATEGORIES)('%s', (category) => {
    const { results } = runConformance([dir], [`${category}_`]);
    const mine = results.filter((r) => r.name.replace(/_\d+$/, '') === category);
    expect(mine.length, `cases found for ${category}`).toBe(12);
    const failures = mine
      .filter((r) => !r.passed)
      .map((r) => `${r.name}: ${r.error ?? (r.unsupported.length ? `unsupported ${r.unsupported.join('; ')}` : `error ${r.maxError.toExponential(2)} at ${r.where} > ${r.tolerance}`)}`);
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it("limit_distance_11 takes distance 0 as the owner's current distance itself (Blender's write-back not applied)", () => {
    const fx = JSON.parse(readFileSync(join(dir, 'limit_distance_11.json'), 'utf8')) as Fixture;
    expect(fx.constraints[0].props.distance).toBe(0);
    const imported = importBlenderFixture(fx, { applyAfterEval: false });
    expect(imported.unsupported).toEqual([]);
    const program = compile(imported.graph, imported.scene);
    // The distance is captured on the first evaluation and kept: later ones give the same steady state.
    for (let pass = 0; pass < 3; pass++) {
      program.evaluate(1);
      for (const [name, m] of Object.entries(fx.expected.objects)) {
        const got = program.ownerMatrix(name)!;
        m.forEach((x, i) => expect(Math.abs(got[i] - x), `${name}[${i}] on evaluation ${pass + 1}`).toBeLessThanOrEqual(1e-5));
      }
    }
  });
});
