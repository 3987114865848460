// Single Property driver variables reading what an animator keys rather than what a driver sets
// (rigs.py `keyed_reads`): a constraint's influence, a Copy Location's Head/Tail and a Limit
// Rotation's max (keyed constraint settings), an object's location and scale, a bone's quaternion,
// and custom properties of an object and of the armature datablock (keyed in the datablock's own
// action, which the export writes as `data_actions`). Blender's animation system writes them before
// the drivers run, so a variable reads this frame's value. Before 2026-12-05 the constraint settings
// were read as authored (0.3-1.0 off) and the datablock's property was named not carried (its
// action was not exported) and read as saved (up to 3.0 off).
import { describe, it } from 'vitest';
import { expectAsBlender, roundTrip } from './roundtrip';

describe('Blender round trip: drivers reading keyed settings and properties', () => {
  it('keyed_reads', () => {
    expectAsBlender(roundTrip('keyed_reads'), 48);
  });
});
