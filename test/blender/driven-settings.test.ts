// Drivers on constraint settings that are params (runtime/eval/driven-params.ts): a Limit
// Distance's distance, a Transformation's from and to ranges and a Limit Rotation's limit, each from
// an animated custom property so the values change every frame. Built in Blender 3.4 by rigs.py,
// exported and imported, every driver is wired live and the rig equals Blender at every frame within 1e-4.
import { describe, expect, it } from 'vitest';
import { differences, failures, roundTrip } from './roundtrip';

describe('Blender round trip, driven constraint settings', () => {
  it('distance, ranges and limits driven every frame', () => {
    const rt = roundTrip('driven_settings');
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    expect(rt.importLog.join('\n')).toContain('not carried: nothing');
    const diffs = differences(rt);
    expect(diffs.length).toBe(4 * 6); // 2 objects and 4 bones at 4 frames
    expect(failures(diffs, 1e-4)).toEqual([]);
  });

  // rigs.py `driven_ik`: drivers on a Blender IK's pole angle, influence, weight and use_stretch
  // (on/off), and on the Limit Rotation after it in the chain, from a keyed control; frames 1 and 4.
  it("a Blender IK's pole angle, influence, weight and stretch driven", () => {
    const rt = roundTrip('driven_ik');
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    expect(rt.importLog.join('\n')).toContain('not carried: nothing');
    expect(rt.importLog.join('\n')).toContain('5 wired live');
    const diffs = differences(rt);
    expect(diffs.length).toBe(2 * 8); // two frames × (the armature, 5 bones, 2 empties)
    expect(failures(diffs, 1e-4)).toEqual([]);
  });
});
