// Blender's IK and Spline IK against the recorded fixtures (ik_two_bone_pole, ik_two_bone_nopole,
// ik_chain, ik_unreachable, spline_ik) and the composite rigs, each case at the manifest's tolerance
// and scope (README, measured fact 2): nothing skipped, nothing loosened.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCase } from '../../runtime/io/blender/conformance';
import type { Fixture } from '../../runtime/io/blender/fixture';
import { casesOf, expectCategoryPasses } from './category';

const CATEGORIES = ['ik_two_bone_pole', 'ik_two_bone_nopole', 'ik_chain', 'ik_unreachable', 'spline_ik', 'composite'];

describe('IK conformance with Blender 3.4', () => {
  for (const category of CATEGORIES) {
    it(`${category}: every case passes at its manifest tolerance`, () => { expectCategoryPasses(category); });
  }
});

// Blender's own solver (Solver = BLENDER, as imported) lands on Blender's pose, so every bone of
// every chain is compared, not only the end effector: scope `all`, at the 1e-5 float32 noise level
// or the case's own tolerance when it is looser.
describe("IK conformance at scope all (Blender's IK solver)", () => {
  for (const category of ['ik_two_bone_pole', 'ik_two_bone_nopole', 'ik_chain', 'ik_unreachable']) {
    it(`${category}: every bone of every case within 2e-5`, () => {
      const cases = casesOf(category);
      expect(cases.length).toBeGreaterThan(0);
      for (const c of cases) {
        const fx = JSON.parse(readFileSync(c.file, 'utf8')) as Fixture;
        const r = runCase(fx, { ...c, tolerance_scope: 'all', tolerance: Math.min(c.tolerance, 2e-5) });
        expect(r.error, c.name).toBeUndefined();
        expect(r.maxError, `${c.name}: largest error at ${r.where}`).toBeLessThanOrEqual(2e-5);
      }
    });
  }
});
