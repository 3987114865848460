// Linked duplicates (rigs.py `shared_data`): two armature objects made by Alt+D and a third built
// bare (one constraint of its own), all on one armature datablock — each object with its own pose, constraints, drivers and
// action; the datablock's custom property, its own action keying it, and the B-Bone shape it drives
// (read through Copy Location's Follow B-Bone). Passed first time (2026-12-05); kept so a change to
// how the exporter walks datablocks and their users cannot break it silently.
import { describe, it } from 'vitest';
import { expectAsBlender, roundTrip } from './roundtrip';

describe('Blender round trip: objects sharing one armature datablock', () => {
  it('shared_data', () => {
    expectAsBlender(roundTrip('shared_data'), 66);
  });
});
