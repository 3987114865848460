// How bones inherit from their parents, switched by drivers (rigs.py `driven_inheritance`): Inherit
// Rotation and Local Location driven by keyed switches (a "head follows the body" switch), Inherit
// Scale driven through all six modes, under a parent keyed to turn and scale unevenly; children of
// the switched bones, a Copy Rotation in a switched bone's LOCAL space, a driver reading its LOCAL
// rotation. Before 2026-12-05 the import named these drivers not carried and kept the file's settings.
import { describe, it } from 'vitest';
import { expectAsBlender, roundTrip } from './roundtrip';

describe('Blender round trip: driven bone inheritance', () => {
  it('driven_inheritance: each frame built with the driven settings, as Blender builds it', () => {
    // 9 owners (the armature, 7 bones, an empty) at 12 frames.
    expectAsBlender(roundTrip('driven_inheritance'), 108);
  });
});
