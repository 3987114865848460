// Blender's IK and Spline IK against the recorded fixtures (ik_two_bone_pole, ik_two_bone_nopole,
// ik_chain, ik_unreachable, spline_ik) and the composite rigs, each case at the manifest's tolerance
// and scope (README, measured fact 2): nothing skipped, nothing loosened.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { casesIn, runConformance, type CaseResult } from '../../runtime/blender/conformance';

const dir = join(__dirname, '../../../shared/conformance/fixtures');
const CATEGORIES = ['ik_two_bone_pole', 'ik_two_bone_nopole', 'ik_chain', 'ik_unreachable', 'spline_ik', 'composite'];

const describeFailure = (r: CaseResult) =>
  `${r.name}: ${r.error ?? `max error ${r.maxError} at ${r.where} (tolerance ${r.tolerance}, scope ${r.scope})`}${r.unsupported.length ? `; unsupported: ${r.unsupported.join(', ')}` : ''}`;

describe('IK conformance with Blender 3.4', () => {
  for (const category of CATEGORIES) {
    it(`${category}: every case passes at its manifest tolerance`, () => {
      const expected = casesIn(dir).filter((c) => c.name.replace(/_\d+$/, '') === category);
      expect(expected.length).toBeGreaterThan(0);
      const { results } = runConformance([dir], expected.map((c) => c.name));
      // --only matches by prefix: keep exactly this category's cases.
      const mine = results.filter((r) => r.name.replace(/_\d+$/, '') === category);
      expect(mine.map((r) => r.name).sort()).toEqual(expected.map((c) => c.name).sort());
      const failed = mine.filter((r) => !r.passed).map(describeFailure);
      expect(failed, failed.join('\n')).toEqual([]);
    });
  }
});
