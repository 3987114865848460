// Random Shrinkwraps and vertex-group targets (rigs.py `rig_random_wrap(seed)`, names
// random_wrap<N>): three meshes (a UV sphere with faces drawn flat or smooth, a cube flat or smooth,
// a bumpy open grid), each randomly placed and keyed, with a weighted vertex group; six empties and a
// four-bone chain each get a Shrinkwrap with every enum and bool setting drawn (mode, snap mode,
// projection axis and its space, culling, Align to Normal, owner space), a random distance, limit
// and influence, or a Copy Transforms, Damped Track or Child Of onto a vertex group. Every owner
// within 1e-4 of Blender. Seeds 0-15 checked by hand on 2026-12-04: 0, 3, 4, 5, 8, 10, 12, 14 and 15
// within 1e-4, 1 and 2 within twice Blender's own float32 noise; 6, 7, 9 and 11 differ (0.28–2.2) only
// on owners that take a normal (Align to Normal, Above Surface) where the nearest point lies on an
// edge of a flat face — two faces equally near, which Blender picks by its BVH's order — and all
// four pass within 1.1e-6 with every face smooth; 11 and 13 differ by up to 2e-4 on Target Normal
// Project owners, where Blender's float32 Newton solve stops at its residual threshold. The test
// builds the smooth variants (random_wrap_smooth<N>): which polygons are flat is drawn by index, and
// Blender numbers the UV sphere's polygons differently from one build to the next, so a seed with
// flat faces can meet a flat edge in one build and not in another (random_wrap3 did, once in five).
import { describe, expect, it } from 'vitest';
import { differences, failures, roundTrip } from './roundtrip';

describe('Blender round trip: random Shrinkwraps and vertex-group targets', () => {
  for (const seed of [0, 3, 8]) {
    it(`random_wrap_smooth${seed}`, () => {
      const rt = roundTrip(`random_wrap_smooth${seed}`);
      expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
      expect(rt.importLog.join('\n')).toContain('not carried: nothing');
      const diffs = differences(rt);
      expect(diffs.length).toBe(14 * 3); // 6 empties, 3 meshes, the armature and its 4 bones, 3 frames
      expect(failures(diffs, 1e-4)).toEqual([]);
    });
  }
});
