// Drivers reading channels the NLA plays (rigs.py `nla_reads`): a bone's location and rotation from
// a pushed-down strip with the active action ADDed on top, its scale (keyed by nothing), and an
// object's location from its strip, read by Single Property variables and a Transform Channel.
// Blender's drivers read what the NLA wrote; before 2026-12-05 a Single Property variable read the
// active action's curve alone (or the authored value): 0.5-2.0 off.
import { describe, it } from 'vitest';
import { expectAsBlender, roundTrip } from './roundtrip';

describe('Blender round trip: drivers reading what the NLA plays', () => {
  it('nla_reads', () => {
    expectAsBlender(roundTrip('nla_reads'), 25);
  });
});
