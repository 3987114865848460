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
import { describe, it } from 'vitest';
import { expectAsBlender, roundTrip } from './roundtrip';

const RIGS: [rig: string, frames: number, owners: number][] = [['nla_pushed', 2, 3], ['nla', 7, 6], ['nla_combine', 6, 4]];

describe('Blender round trip: NLA tracks', () => {
  for (const [rig, frames, owners] of RIGS) {
    it(rig, () => {
      const rt = roundTrip(rig);
      expectAsBlender(rt, frames * owners);
    });
  }
});
