// Drivers reading what the NLA plays (rigs.py `nla_reads`): a bone's location and rotation from a
// pushed-down strip with the active action ADDed on top, its scale (keyed by nothing), an object's
// location from its strip, and custom properties keyed in strips' actions (a float, an array's
// element; an int in a second strip held forward) and in the action on top, read by Single Property variables and a
// Transform Channel. Blender's drivers read what the NLA wrote; before 2026-12-05 a Single Property
// variable read the active action's curve alone, or the authored value (0.5-2.0 off), and a custom
// property keyed in a strip's action was named not carried (up to 1.7 off).
import { describe, it } from 'vitest';
import { expectAsBlender, roundTrip } from './roundtrip';

describe('Blender round trip: drivers reading what the NLA plays', () => {
  it('nla_reads', () => {
    expectAsBlender(roundTrip('nla_reads'), 25);
  });
});
