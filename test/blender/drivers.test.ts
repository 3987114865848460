// Drivers round trip: a rig with every driver type (AVERAGE, SUM, SCRIPTED, MIN, MAX) and variable
// type (SINGLE_PROP of an animated custom property, of a constraint property, of an animated pose
// channel, of an object's location, and of a pose channel and an influence other drivers set; TRANSFORMS in local, world and transform space with
// QUATERNION and SWING_TWIST modes; ROTATION_DIFF; LOC_DIFF), a generator modifier, a Bezier-keyed
// driver curve and `frame` in an expression, driving influences, a mute flag (with an authored
// influence), Armature weights and pose channels (rotation, location, scale). Built in Blender
// 3.4 by rigs.py, exported by the bundled exporter and imported, it equals Blender at frames 1 and
// 5 within 1e-4, every driver wired live.
import { describe, expect, it } from 'vitest';
import { differences, failures, roundTrip } from './roundtrip';

describe('Blender round trip, drivers', () => {
  it('every driver and variable type', () => {
    const rt = roundTrip('drivers');
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    expect(rt.importLog.join('\n')).toContain('not carried: nothing');
    const diffs = differences(rt);
    expect(diffs.length).toBe(2 * 9); // 3 objects and 6 bones at frames 1 and 5
    expect(failures(diffs, 1e-4)).toEqual([]);
  });

  // rigs.py `driver_modifiers`: driver curves with Limits, Stepped, Built-In Function, Envelope, a
  // restricted Generator, an additive one with influence, and keys under a Limits (before, all but
  // the Generator were not carried).
  it('F-curve modifiers on driver curves', () => {
    const rt = roundTrip('driver_modifiers');
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    expect(rt.importLog.join('\n')).toContain('not carried: nothing');
    const diffs = differences(rt);
    expect(diffs.length).toBe(4 * 9); // the armature and 8 bones at frames 1-4
    expect(failures(diffs, 1e-4)).toEqual([]);
  });
});
