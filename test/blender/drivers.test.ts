// Pending drivers as nodes (branch `drivers`): a rig with every driver type (AVERAGE, SUM,
// SCRIPTED, MIN, MAX) and variable type (SINGLE_PROP of a custom property and of a constraint
// property, TRANSFORMS in local, world and transform space with a SWING_TWIST mode, ROTATION_DIFF,
// LOC_DIFF), a generator modifier, a keyframed driver curve and `frame` in an expression, driving
// influences, a mute flag, Armature weights and bone channels. Exported by the bundled exporter and
// imported, it equals Blender at frames 1 and 5 within 1e-4. Kept in its own file: red until the
// importer evaluates drivers (today driven settings keep the values stored at the saved frame, so
// frame 1 may pass and frame 5, where `frame` moves a driver, does not).
import { describe, expect, it } from 'vitest';
import { differences, failures, roundTrip } from './roundtrip';

describe('Blender round trip, pending drivers', () => {
  it('every driver and variable type', () => {
    const rt = roundTrip('drivers')!;
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    const diffs = differences(rt);
    expect(diffs.length).toBe(2 * 9); // 3 objects and 6 bones at frames 1 and 5
    expect(failures(diffs, 1e-4)).toEqual([]);
  });
});
