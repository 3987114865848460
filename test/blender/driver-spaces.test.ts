// Driver variables outside world space, round trip through Blender 3.4 (rigs.py `driver_spaces`):
// 154 TRANSFORMS variables (11 channels and rotation modes × 7 owners × TRANSFORM_SPACE and
// LOCAL_SPACE) of an unparented object, an object parented to an object through a parent inverse,
// an object parented to a bone, a root bone, a child bone, a hinge bone with aligned scale and
// non-local location and a connected bone with a location set, each under a constraint (44 of the
// 77 pairs read differently in the two spaces); 27 LOC_DIFF variables (every space on either side
// of three object–bone pairs) and 4 ROTATION_DIFF on a rotated armature. Each drives one empty's X
// location, so every variable is compared: `import-blender` then `eval` equals Blender within 1e-4.
import { describe, expect, it } from 'vitest';
import { differences, failures, roundTrip } from './roundtrip';

describe('Blender round trip: driver variables in transform and local space', () => {
  it('TRANSFORMS of objects and bones, LOC_DIFF in every space, ROTATION_DIFF of a bone', () => {
    const rt = roundTrip('driver_spaces');
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    expect(rt.importLog.join('\n')).toContain('not carried: nothing');
    expect(rt.importLog.join('\n')).toContain('185 wired live');
    const diffs = differences(rt);
    expect(diffs.length).toBe(191 + 5); // 191 objects (185 driven) and 5 bones
    expect(failures(diffs, 1e-4)).toEqual([]);
  });
});
