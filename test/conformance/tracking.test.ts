// Blender's Tracking constraints (all but IK and Spline IK) against the recorded fixtures: every case
// must pass at the manifest's tolerance.
import { describe, expect, it } from 'vitest';
import { authoredPropsFailures, expectCategoryPasses, readFixture } from './category';

const CATEGORIES = ['track_to', 'damped_track', 'locked_track', 'stretch_to', 'clamp_to', 'bone_damped_track', 'bone_track_to', 'bone_stretch_to'];

describe('Tracking constraints match Blender 3.4', () => {
  it.each(CATEGORIES)('%s', (category) => { expectCategoryPasses(category, 12); });

  it('stretch_to_11 computes rest length 0 itself (Blender\'s write-back not applied)', () => {
    const fx = readFixture('stretch_to_11.json');
    expect(fx.constraints[0].props.rest_length).toBe(0);
    const failures = authoredPropsFailures('stretch_to_11', fx, 1e-5, 2);
    expect(failures, failures.join('\n')).toEqual([]);
  });
});
