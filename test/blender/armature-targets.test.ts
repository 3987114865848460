// Armature constraints with more than eight targets, built in Blender 3.4 (rigs.py
// `armature_many`): twelve posed target bones blended linearly, as dual quaternions (Preserve
// Volume), with Use Current Location, with Use Envelopes (from the rest head and from the current
// location), one target multiplying by its envelope for all; an object owner with nine; a tenth weight set by a driver
// from the frame, past 1 at frame 4 (Blender clamps it to 1). `import-blender` then `eval` equals Blender's own
// matrices within 1e-4 at both frames, and the import leaves nothing out.
import { describe, expect, it } from 'vitest';
import { differences, failures, roundTrip } from './roundtrip';

describe('Blender round trip: Armature constraints with more than eight targets', () => {
  it('twelve targets linear, dual-quaternion, current-location and with envelopes; nine on an object; a driven tenth weight', () => {
    const rt = roundTrip('armature_many');
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    expect(rt.importLog.join('\n')).toContain('not carried: nothing');
    const diffs = differences(rt);
    expect(diffs.length).toBe(2 * (2 + 19)); // frames 1 and 4 × (2 objects + 19 bones)
    expect(failures(diffs, 1e-4)).toEqual([]);
  });
});
