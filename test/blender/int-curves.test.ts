// Whole-number custom properties keyed (rigs.py `int_curves`): a curve keyed through keyframe_insert
// on an int property is flagged by Blender to round its value (FCURVE_INT_VALUES: 0 to 3 is 2 at the
// middle, through a Generator modifier and an eased key too), one made by `fcurves.new` is not (the
// value is truncated as it is written: 1 at the middle). The exporter reads the flag, and `eval`
// between the keys equals Blender, drivers and a parent switch (`sw == k` weights) included.
import { describe, it } from 'vitest';
import { expectAsBlender, roundTrip } from './roundtrip';

describe('Blender round trip: keyed int properties', () => {
  it('int_curves: rounded where Blender rounds, truncated where it truncates', () => {
    // 7 owners (the armature and 6 bones) at 9 frames.
    expectAsBlender(roundTrip('int_curves'), 63);
  });
});
