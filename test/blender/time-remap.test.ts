// A scene with Time Stretching (rigs.py `time_remap`: frame_map_old 3, new 2). Blender plays the
// active action, an NLA strip, a keyed custom property, a keyed influence and drivers' `frame` at
// frame · 1.5, and a Single Property read of the scene's frame_current gives the timeline's whole
// frame while frame_current_final gives the remapped time. Played at the frame itself, the owners
// were 0.06-0.75 off.
import { describe, it } from 'vitest';
import { expectAsBlender, roundTrip } from './roundtrip';

describe('Blender round trip: a scene with time remapping', () => {
  it('time_remap', () => {
    expectAsBlender(roundTrip('time_remap'), 30);
  });
});
