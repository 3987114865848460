// Blender's IK and Spline IK against the recorded fixtures (ik_two_bone_pole, ik_two_bone_nopole,
// ik_chain, ik_unreachable, spline_ik) and the composite rigs, each case at the manifest's tolerance
// and scope (README, measured fact 2): nothing skipped, nothing loosened.
import { describe, it } from 'vitest';
import { expectCategoryPasses } from './category';

const CATEGORIES = ['ik_two_bone_pole', 'ik_two_bone_nopole', 'ik_chain', 'ik_unreachable', 'spline_ik', 'composite'];

describe('IK conformance with Blender 3.4', () => {
  for (const category of CATEGORIES) {
    it(`${category}: every case passes at its manifest tolerance`, () => expectCategoryPasses(category));
  }
});
