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

  // rigs.py `driven_settings_wide`: drivers on an IK's iterations (a whole number the schedule does
  // not depend on: before, the import refused the rig, taking every int param of an IK for its chain
  // length), pole angle and weight, a Stretch To's rest length and bulge, a Damped Track's head/tail,
  // Copy Location's axis and offset switches, Limit Rotation's switch and limit; frames 1, 3 and 5.
  it('settings of many kinds driven, an IK iteration count among them', () => {
    const rt = roundTrip('driven_settings_wide');
    const log = rt.importLog.join('\n');
    expect(rt.importStatus, log).toBe(0);
    expect(log).toContain('10 wired live');
    expect(log).toContain('not carried: nothing');
    const diffs = differences(rt);
    expect(diffs.length).toBe(3 * 9); // three frames × (the armature, 6 bones, 2 empties)
    expect(failures(diffs, 1e-4)).toEqual([]);
  });
});
