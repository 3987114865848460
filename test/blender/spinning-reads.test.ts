// Drivers reading a rotation that turns more than once (rigs.py `spinning_reads`): a wheel bone
// keyed to turn 20 rad, a ZXY dial keyed the other way, an empty keyed to turn and a bone a driver
// turns from a keyed property, each read by Transform Channel variables in AUTO mode (transform,
// world and local space). Blender keeps an AUTO Euler reading compatible with the owner's Euler
// angles as this frame's animation and drivers set them (`pchan->eul`, `ob->rot`); with the angles
// as authored, every reading past a half turn was a multiple of 2π off (0.31-1.26 on the readers).
import { describe, it } from 'vitest';
import { expectAsBlender, roundTrip } from './roundtrip';

describe('Blender round trip: reading a rotation that turns more than once', () => {
  it('spinning_reads', () => {
    expectAsBlender(roundTrip('spinning_reads'), 81);
  });
});
