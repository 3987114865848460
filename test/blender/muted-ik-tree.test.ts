// An IK tree with a chain left out (rigs.py `muted_ik_tree`): two IK chains reach one root, a third
// IK is muted and a fourth has influence 0. Blender solves the active chain alone; where nothing on
// the armature animates an IK's influence or mute, the left-out chains' bones follow their root as
// the solve turns it (the import leaves those IKs out); `muted_ik_tree_keyed` keys the active IK's
// influence, and then Blender orders the left-out chains' bones before the solve: they keep their
// root's pose from before it (the import keeps those IKs, off, in the tree; active-trees.ts).
import { describe, it } from 'vitest';
import { expectAsBlender, roundTrip } from './roundtrip';

describe('Blender round trip: IK chains left out of their tree', () => {
  it('muted_ik_tree: nothing animated, the left-out chains follow the solved root', () => {
    // 11 owners (the armature, 7 bones, 3 empties) at 1 frame.
    expectAsBlender(roundTrip('muted_ik_tree'), 11);
  });
  it('muted_ik_tree_keyed: an IK influence keyed, the left-out chains keep the root from before the solve', () => {
    expectAsBlender(roundTrip('muted_ik_tree_keyed'), 33);
  });
});
