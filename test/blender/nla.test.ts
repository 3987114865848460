// NLA tracks, round trip: `import-blender` then `eval` equals Blender within 1e-4 at every frame,
// and the import leaves nothing out.
// rigs.py `nla_pushed`: an object whose action was pushed down into a track (no active action: an
// export that looked only at active actions stood it still), one whose only track is muted and one
// with NLA off (Blender plays just their actions).
// rigs.py `nla`: a pushed-down strip; two tracks, the upper ADD with blend in and out and nothing
// past its end, under the active action blended ADD at half influence; on bones a track of two
// strips with a gap (held forward), a scaled and repeated strip, a reversed one, MULTIPLY on scale,
// SUBTRACT on location, a muted strip; an object whose second track is solo. Frames before,
// inside, between and after the strips.
// rigs.py `nla_combine`: COMBINE on an object in QUATERNION mode and on bones (quaternion, Euler,
// scale), over a REPLACE track, with blend in and influence, and the active action COMBINE on top
// keying only some quaternion parts.
// rigs.py `nla_action_nothing`: the active action over an NLA with its Extrapolation set to Nothing —
// plain keys, a last Limits modifier widening its range, a last Cycles modifier opening one side; ADD
// at half influence; a bone. Blender plays it only inside that range; played at every frame (before
// 2026-12-05, when the export's action_extrapolation was read by nothing) 11 owner-frames were 1.0-2.1 off.
// rigs.py `random_nla<N>`: random NLAs of clips (every strip setting, keyed influence and strip time,
// muted and solo tracks, the action on top with any blend, influence and extrapolation) on an
// empty and two bones, a driver reading a keyed property. Seed 16: a SUBTRACT strip keying one part
// of a bone's quaternion, under the action COMBINE keying another — Blender blends and resets a
// quaternion whole (its W from its default 1); blending only the keyed part (before 2026-12-05) was
// 1.9 off. `random_nla_more<N>`: the same with axis-angle rotation modes and an object's delta
// channels; seed 5: strips keying parts of an axis-angle at partial influence, SUBTRACT and COMBINE —
// Blender's NLA default of an axis-angle is all zero, not its RNA default (0, 0, 1, 0): 0.77 off before.
// Seed 42: the action on top with Extrapolation Nothing and a Cycles modifier, which opens its range
// to ±1,048,574: Blender maps the frame through that range in float32 (an eighth of a frame kept);
// taken as it is, a keyed delta scale was 1.3e-3 off. Seed 39: a muted solo track, which Blender
// plays (the exporter took it for no NLA: 0.99 off).
import { describe, it } from 'vitest';
import { expectAsBlender, roundTrip } from './roundtrip';

const RIGS: [rig: string, frames: number, owners: number][] = [['nla_pushed', 2, 3], ['nla', 7, 6], ['nla_combine', 6, 4], ['nla_action_nothing', 11, 4], ['random_nla16', 7, 5], ['random_nla_more5', 7, 5], ['random_nla_more42', 7, 5]];

describe('Blender round trip: NLA tracks', () => {
  for (const [rig, frames, owners] of RIGS) {
    it(rig, () => {
      const rt = roundTrip(rig);
      expectAsBlender(rt, frames * owners);
    });
  }
});
