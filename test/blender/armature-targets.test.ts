// Armature constraints with more than eight targets, built in Blender 3.4 (rigs.py
// `armature_many`): twelve posed target bones blended linearly, as dual quaternions (Preserve
// Volume), with Use Current Location; an object owner with nine; a tenth weight set by a driver
// from the frame, past 1 at frame 4 (Blender clamps it to 1). `import-blender` then `eval` equals Blender's own
// matrices within 1e-4 at both frames, and the import leaves nothing out.
import { describe, expect, it } from 'vitest';
import { differences, failures, roundTrip } from './roundtrip';

describe('Blender round trip: Armature constraints with more than eight targets', () => {
  it('twelve targets linear, dual-quaternion and current-location; nine on an object; a driven tenth weight', () => {
    const rt = roundTrip('armature_many')!;
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    expect(rt.importLog.join('\n')).toContain('not carried: nothing');
    const diffs = differences(rt);
    expect(diffs.length).toBe(2 * (2 + 17)); // frames 1 and 4 × (2 objects + 17 bones)
    expect(failures(diffs, 1e-4)).toEqual([]);
  });
});
