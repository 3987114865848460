// Bones under a parent scaled to 0 (rigs.py `rig_zero_parents`): "Flat" is scaled to 0 on X, "Gone"
// on all three axes; their children (one per inheritance mode, and two whose rest orientation is
// Flat's own) have constraints in LOCAL or LOCAL_WITH_PARENT space, some at an influence below 1;
// "Reader" reads a child of Flat as a LOCAL target, "GoneReader" children of Gone.
//
// Under Flat, Blender inverts a parent transform that its float rounding leaves barely invertible,
// so its own result there is rounding: up to 8e7 in size, moving by as much under 2-ULP input noise.
// Those owners are held to the noise rule. Under Gone the transform is exactly singular and
// Blender's invert_m4 gives the zero matrix, so a child's LOCAL matrix reads as all zeros:
// GoneReader was 0.64 off while Sinew inverted it to the identity (nodes/math/bone-parent.ts
// invertOrZero, runtime/rig/parent-frame.ts); it and everything outside Flat's subtree must hold
// to 1e-4.
import { describe, expect, it } from 'vitest';
import { differences, roundTrip } from './roundtrip';

describe('Blender round trip: bones under a parent scaled to 0', () => {
  it('zero_parents', () => {
    const rt = roundTrip('zero_parents');
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    expect(rt.importLog.join('\n')).toContain('not carried: nothing');
    const diffs = differences(rt);
    expect(diffs.length).toBe(17); // the armature, 15 bones, the empty
    const allowed = (owner: string) => Math.max(1e-4, 2 * (rt.float32Noise[owner] ?? 0));
    expect(diffs.filter((d) => !(d.error <= allowed(d.owner))).map((d) => `${d.owner}: ${d.error.toExponential(2)}`)).toEqual([]);
    const underFlat = /^Zp\/(F_|S_|Reader$)/;
    expect(diffs.filter((d) => !underFlat.test(d.owner) && !(d.error <= 1e-4)).map((d) => `${d.owner}: ${d.error.toExponential(2)}`)).toEqual([]);
  });
});
