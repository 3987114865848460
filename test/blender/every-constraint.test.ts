// The constraints no other round trip builds from a .blend, one each, settings away from their
// defaults, on bones and objects, animated over four frames (rigs.py `rig_every_constraint`): Child
// Of (inverse set, channels off; on a bone and on an object with a bone target), Spline IK on a
// Bezier curve with tilts and radii (CARDINAL and BSPLINE interpolated; FIT_CURVE, volume
// preserving), Follow Path (Follow Curve on that Bezier, whose end directions are its handles', and
// along a POLY curve with a tilted point, an offset and its Evaluation Time keyed in the curve's own action, Blender's Animate Path; Fixed Position with the
// curve's radius), Clamp To,
// Copy Scale (power, additive, offset, LOCAL), Limit Scale, Maintain Volume, Pivot, Locked Track,
// Transformation (rotation to location, ADD), Copy Transforms (BEFORE_SPLIT, LOCAL, influence 0.7)
// and Limit Distance (OUTSIDE). `import-blender` then `eval` equals Blender within 1e-4 for every
// owner at every frame, and nothing is reported as not carried.
import { describe, expect, it } from 'vitest';
import { differences, failures, roundTrip } from './roundtrip';

describe('Blender round trip: every other constraint', () => {
  it('one of each, on bones and objects, four frames', () => {
    const rt = roundTrip('every_constraint');
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    const log = rt.importLog.join('\n');
    expect(log).toContain('constraints: 15 (FOLLOW_PATH 3, CHILD_OF 2, CLAMP_TO 1, COPY_SCALE 1, COPY_TRANSFORMS 1, LIMIT_DISTANCE 1, LIMIT_SCALE 1, LOCKED_TRACK 1, MAINTAIN_VOLUME 1, PIVOT 1, SPLINE_IK 1, TRANSFORM 1)');
    expect(log).toContain('not carried: nothing');
    const diffs = differences(rt);
    expect(diffs.length).toBe(4 * (10 + 14)); // 4 frames × (10 objects + 14 bones)
    expect(failures(diffs, 1e-4)).toEqual([]);
  });
});
