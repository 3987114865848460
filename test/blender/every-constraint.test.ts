// The constraints no other round trip builds from a .blend, one each, settings away from their
// defaults, on bones and objects, animated over four frames (rigs.py `rig_every_constraint`): Child
// Of (inverse set, channels off; on a bone and on an object with a bone target), Spline IK on a
// Bezier curve (FIT_CURVE, volume preserving), Follow Path (Follow Curve along a POLY curve with a
// tilted point and an Evaluation Time and offset; Fixed Position with the curve's radius), Clamp To,
// Copy Scale (power, additive, offset, LOCAL), Limit Scale, Maintain Volume, Pivot, Locked Track,
// Transformation (rotation to location, ADD), Copy Transforms (BEFORE_SPLIT, LOCAL, influence 0.7)
// and Limit Distance (OUTSIDE). `import-blender` then `eval` equals Blender within 1e-4 for every
// owner at every frame. The Bezier is written as the POLY line of its evaluated points, and said so.
import { describe, expect, it } from 'vitest';
import { differences, failures, roundTrip } from './roundtrip';

describe('Blender round trip: every other constraint', () => {
  it('one of each, on bones and objects, four frames', () => {
    const rt = roundTrip('every_constraint');
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    const log = rt.importLog.join('\n');
    expect(log).toContain('constraints: 14 (CHILD_OF 2, FOLLOW_PATH 2, CLAMP_TO 1, COPY_SCALE 1, COPY_TRANSFORMS 1, LIMIT_DISTANCE 1, LIMIT_SCALE 1, LOCKED_TRACK 1, MAINTAIN_VOLUME 1, PIVOT 1, SPLINE_IK 1, TRANSFORM 1)');
    expect(log).toContain('not carried: 1');
    expect(log).toContain('spline 0 is BEZIER, written as the POLY line of its 25 evaluated points');
    const diffs = differences(rt);
    expect(diffs.length).toBe(4 * (9 + 14)); // 4 frames × (9 objects + 14 bones)
    expect(failures(diffs, 1e-4)).toEqual([]);
  });
});
