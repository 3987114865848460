// Drivers on enum settings (rigs.py `driven_enums`): a Copy Rotation's Mix mode and owner space, a
// Track To's track and up axes, a Copy Location's target space on an object, driven by a keyed int
// property and expressions of it. Blender writes the item whose value the driver gives; the export
// carries each setting's items and their values (`enum_items`), and the import turns the driver's
// value into the param's option (driver/enum-choice). Keyed ones too: a Limit Rotation's Euler order
// (the curve holds Blender's value of each item; the export lists them as for a driver) and a Copy
// Location's Y switch (a bool: Blender holds each key). Before, all seven were named not carried, and
// 21 of the 48 owner-frames miss when the choice is not followed.
import { describe, it } from 'vitest';
import { expectAsBlender, roundTrip } from './roundtrip';

describe('Blender round trip: driven enum settings', () => {
  it('driven_enums: every owner as Blender has it at eight frames', () => {
    // 6 owners (the armature, 3 bones, 2 empties) at 8 frames.
    expectAsBlender(roundTrip('driven_enums'), 48);
  });
});
