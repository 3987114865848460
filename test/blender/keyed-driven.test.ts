// Owners an action keys and drivers drive (rigs.py `keyed_driven`): an animator keys every bone of a
// rig whose TA put drivers on some of them. Blender plays the action, the drivers replace their
// channels, then it builds the pose; the import once refused such a rig outright ("cannot combine an
// action with driven channels"). Bones in Euler, QUATERNION and AXIS_ANGLE modes, keyed and driven on
// other or the same channels; objects with keyed deltas and a driven delta, one played by an NLA strip.
import { describe, it } from 'vitest';
import { expectAsBlender, roundTrip } from './roundtrip';

describe('Blender round trip: keyed and driven owners', () => {
  it('keyed_driven: the action plays, then the drivers, as in Blender', () => {
    // 11 owners (the armature, 6 bones, 4 empties) at 5 frames.
    expectAsBlender(roundTrip('keyed_driven'), 55);
  });
});
