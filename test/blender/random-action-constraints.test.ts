// Random Action constraints (rigs.py `rig_random_action_constraints(seed)`, names
// random_action_cons<N>): a six-bone armature of random parents, rotation modes and poses, two
// keyed control empties, three actions keying bones' and an object's channels at random frames;
// Action constraints on four bones and an empty with every setting drawn (action, target control or
// earlier bone, channel, target space, range, frame range, mix mode, Evaluation Time, object action on
// a bone, influence). Every owner within 1e-4 of Blender at three frames.
import { describe, it } from 'vitest';
import { expectAsBlender, roundTrip } from './roundtrip';

describe('Blender round trip: random Action constraints', () => {
  for (const seed of [0, 7]) {
    it(`random_action_cons${seed}`, () => {
      // 3 frames × (the armature, two controls, the constrained empty; six bones).
      expectAsBlender(roundTrip(`random_action_cons${seed}`), 3 * 10);
    });
  }
});
