// Constraint settings keyed in actions the NLA plays (rigs.py `nla_settings`): an IK's influence in
// a pushed-down strip that blends in and out and plays nothing past its ends, a Copy Location's
// Head/Tail in a second strip ADDed at half influence, a Limit Rotation's max in the active action on
// top; a Copy Rotation's mute and Mix mode (an enum) keyed in a third strip that blends in, a Limit
// Location's enabled keyed in the action on top. Blender's NLA blends each from the setting's RNA default (an influence's is
// 0: before the strip starts, the IK is off), which the export records with the curve, and writes a
// bool or an enum as the blend truncated (the mute holds off until the strip's influence reaches 1:
// measured).
// Before 2026-12-05 the strips' curves were named not carried and the IK, at influence 0 at the
// saved frame, was left out of the graph (0.35-0.52 off on the chain); the active action's curve
// played alone.
import { describe, it } from 'vitest';
import { expectAsBlender, roundTrip } from './roundtrip';

describe('Blender round trip: constraint settings the NLA plays', () => {
  it('nla_settings', () => {
    expectAsBlender(roundTrip('nla_settings'), 72);
  });
});
