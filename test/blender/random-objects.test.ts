// Random object hierarchies (rigs.py `rig_random_objects(seed)`, names random_objects<N>): ten
// empties, each parented at random to nothing, an earlier empty (a random parent inverse), a bone
// of a keyed armature (Relative Parenting drawn), a curve with Path Animation (Follow, Curve Radius,
// track and up axes drawn), one or three vertices of a mesh, or by the ARMATURE or LATTICE parent
// type; every rotation mode and delta transforms drawn, some keyed; three with a Copy Location or
// Damped Track onto an unconstrained object outside their own hierarchy. Every owner within 1e-4
// of Blender at three frames; seed 20 found the float tilt of a flat triangle (docs/fidelity.md).
import { describe, it } from 'vitest';
import { expectAsBlender, roundTrip } from './roundtrip';

describe('Blender round trip: random object hierarchies', () => {
  for (const seed of [0, 20]) {
    it(`random_objects${seed}`, () => {
      // 3 frames × (ten empties, the armature, the path, the mesh, the lattice; two bones).
      expectAsBlender(roundTrip(`random_objects${seed}`), 3 * 16);
    });
  }
});
