// Constraint settings keyed by actions, built in Blender 3.4 (rigs.py `animated_settings`): a bone's
// Copy Rotation influence (Bezier keys), an Armature target's weight, an object's Copy Location
// influence keyed past 1 (Blender clamps it), and an influence both keyed and driven (the driver
// wins). Each keyed setting is a `driver/channel` node linked into the constraint: `import-blender`
// then `eval` equals Blender within 1e-4 at frames 1, 4, 7.5 and 9, with no warning.
import { describe, expect, it } from 'vitest';
import { differences, failures, roundTrip } from './roundtrip';

describe('Blender round trip: animated constraint settings', () => {
  it('keyed influences and Armature weights follow their curves; a driver wins over a key', () => {
    const rt = roundTrip('animated_settings');
    const log = rt.importLog.join('\n');
    expect(rt.importStatus, log).toBe(0);
    expect(log).toContain('not carried: nothing');
    expect(log).not.toContain('warning');
    const diffs = differences(rt);
    expect(diffs.length).toBe(4 * (4 + 5));
    expect(failures(diffs, 1e-4)).toEqual([]);
  });
});
