// Files saved in NLA tweak mode (rigs.py `nla_tweak<N>`, `nla_tweak_upper<N>`: an empty and an
// armature with three tracks, one strip tweaked — offset, scaled, repeated, a key added outside its
// range while tweaking, Sync Length on the empty's). Blender plays the tweaked strip alone in its
// track over its action's current range, the tracks above it only when tweaking with the full stack,
// and not the object's own action (blender/sinew_export/tweak.py). Exported as if tweak mode were
// off, these two were 0.90 off (24 and 8 owner-frames past 1e-4); without the synced range 0.25-0.6
// off; with the tracks above always left out, the full-stack case 0.24 off.
import { describe, it } from 'vitest';
import { expectAsBlender, roundTrip } from './roundtrip';

describe('Blender round trip: a file saved in NLA tweak mode', () => {
  it('nla_tweak0: the lowest track\'s strip tweaked, the tracks above not playing', () => {
    expectAsBlender(roundTrip('nla_tweak0'), 40);
  });

  it('nla_tweak_upper1: the middle track\'s strip tweaked with the full stack', () => {
    expectAsBlender(roundTrip('nla_tweak_upper1'), 40);
  });

  // Its strip time animated, with blends: Blender plays a strip tweaked so (not in place) at every
  // frame at the scene's frame, its blends ramped from its ends (past 1 far from them). Exported
  // with the strip's time, as before 2026-12-05, it was 0.13-2.2 off (7 of 40 owner-frames past 1e-4).
  it('nla_tweak_timed1: the middle track\'s ADD strip tweaked, its time animated', () => {
    expectAsBlender(roundTrip('nla_tweak_timed1'), 40);
  });
});
