// Random rigs of drivers (rigs.py `rig_random_drivers(seed)`): a control bone with float, int and
// bool custom properties and two empties, keyed at frames 1 and 4; five bones, each with a Copy
// Rotation, Copy Location or Limit Rotation; twelve drivers on their rotations, locations, scales and
// constraint influences, and one on a custom property that a later driver reads. Each driver is
// SCRIPTED, a random expression of Blender's simple subset (rigs.py `random_expression`: arithmetic,
// comparisons chained or not, and/or/not, conditionals, every function, domain errors such as
// log(-0.49) and 1/0 included), or AVERAGE, SUM, MIN or MAX over one to three variables: custom
// properties, pose channels, TRANSFORMS of the control bone or an empty in any type, space and
// rotation mode, ROTATION_DIFF and LOC_DIFF. `import-blender` then `eval` at both frames equals
// Blender for every owner within 1e-4, every driver wired live. Of seeds 0-59, checked by hand on
// 2026-12-03, all but 41 passed then. Seed 41 scales a bone to 0 on one axis (a driver on a custom
// property hits a domain error, so the property is 0, and another driver scales by it) under a Copy
// Rotation at partial influence. Blender blends by a polar decomposition through Eigen's SVD, whose
// choice for the flattened axis Sinew's decomposition did not reproduce (0.87 off); it now does
// (nodes/math/eigen-svd.ts), and the test keeps seed 41 with three others, for CI's time.
import { describe, expect, it } from 'vitest';
import { differences, failures, roundTrip } from './roundtrip';

describe('Blender round trip: random drivers', () => {
  // Wired live: every driver but those whose expression fails at the saved frame (frame 1), which
  // Blender skips all session after failing there on opening the file (drivers.ts `failsOnOpening`).
  // Seed 88's second failing driver reads a distance: decided by evaluating the graph at that frame
  // (opening-failures.ts); before both, it was 1.34 off at frame 4.
  const WIRED: Record<number, number> = { 0: 12, 3: 13, 11: 11, 41: 12, 88: 11 };
  for (const seed of [0, 3, 11, 41, 88]) {
    it(`random_drivers${seed}`, () => {
      const rt = roundTrip(`random_drivers${seed}`);
      expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
      const log = rt.importLog.join('\n');
      expect(log).toContain('not carried: nothing');
      expect(log).toMatch(new RegExp(`drivers: 13 \\(.*\\), ${WIRED[seed]} wired live`));
      // Skipped by Sinew's own evaluation at the saved frame, or by Blender's flag in the export (is_valid false).
      const skipped = (l: string) => l.includes('its expression fails at frame 1, the frame the file was saved at') || l.includes('Blender flagged it invalid when it evaluated the file');
      expect(log.split('\n').filter(skipped).length).toBe(13 - WIRED[seed]);
      const diffs = differences(rt);
      expect(diffs.length).toBe(2 * 9); // two frames × (the armature, 6 bones, 2 empties)
      expect(failures(diffs, 1e-4)).toEqual([]);
    });
  }
});
