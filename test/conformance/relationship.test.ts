// Blender's Relationship constraints (Child Of, Floor, Follow Path, Pivot; Child Of on bones) against
// the recorded fixtures: every case must pass at the manifest's tolerance, both as the runner imports
// them (Blender's write-back applied) and with the authored props (Set Inverse still pending).
import { describe, expect, it } from 'vitest';
import { authoredPropsFailures, casesOf, expectCategoryPasses, readFixture } from './category';

const CATEGORIES = ['child_of', 'floor', 'follow_path', 'pivot', 'bone_child_of'];

describe('Relationship constraints match Blender 3.4', () => {
  it.each(CATEGORIES)('%s (runner, Blender\'s write-back applied)', (category) => { expectCategoryPasses(category, 12); });

  it.each(CATEGORIES)('%s (authored props: Set Inverse computed by Sinew, evaluated twice)', (category) => {
    const failures = casesOf(category).flatMap((c) => authoredPropsFailures(c.name, readFixture(c.file), c.tolerance, 2));
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('the pending cases really are pending in the authored props', () => {
    for (const category of ['child_of', 'bone_child_of']) {
      const pending = casesOf(category)
        .map((c) => readFixture(c.file))
        .filter((fx) => fx.constraints.some((k) => k.type === 'CHILD_OF' && k.props.set_inverse_pending === true));
      expect(pending.length, category).toBeGreaterThanOrEqual(3);
    }
  });
});
