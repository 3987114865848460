// Random constraint rigs with an animator's keys over them (rigs.py `random_keyed<N>`): the random
// rig of the same seed (12 bones, 4 empties, constraints of 18 kinds with every setting drawn), then
// random channels of every bone and empty, each constraint's influence or mute keyed at frames 1, 4
// and 7 with random interpolation; six frames between and past the keys. Seeds 0-39 checked by hand
// on 2026-12-05 (docs/blender-exporter.md).
import { describe, it } from 'vitest';
import { expectAsBlender, roundTrip } from './roundtrip';

describe('Blender round trip: random rigs under keys', () => {
  for (const seed of [0, 5]) {
    it(`random_keyed${seed}`, () => {
      // 17 owners (the armature, 12 bones, 4 empties) at 6 frames.
      expectAsBlender(roundTrip(`random_keyed${seed}`), 102);
    });
  }
});
