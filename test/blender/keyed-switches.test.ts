// What an animator keys on top of a TA's drivers (rigs.py `keyed_switches`): a constraint's mute
// keyed or driven beside its influence keyed or driven, a keyed custom property a driver also sets,
// a keyed channel a driver sets and another driver reads. Blender sets each on its own (the action,
// then the drivers) and skips a muted constraint, else blends it by its influence; the import once
// refused a keyed influence beside a driven mute (two links into one input), named a driven influence
// beside a driven mute not carried, and a keyed mute too.
import { describe, it } from 'vitest';
import { expectAsBlender, roundTrip } from './roundtrip';

describe('Blender round trip: keyed and driven constraint switches', () => {
  it('keyed_switches: every switch and influence as Blender sets them', () => {
    // 8 owners (the armature and 7 bones) at 8 frames.
    expectAsBlender(roundTrip('keyed_switches'), 64);
  });
});
