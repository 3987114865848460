// Custom properties on all four holders Blender has — an object, the armature datablock, a bone and
// a pose bone — read by drivers through an OBJECT target (`["p"]`, `data["p"]`,
// `data.bones["B"]["p"]`, `pose.bones["B"]["p"]`) and through an ARMATURE datablock target (`["p"]`,
// `bones["B"]["p"]`), driving pose channels and an object's Armature target weights
// (`constraints["Armature"].targets[i].weight`); and properties drivers set (an int, truncated and
// clamped to its range; a float, clamped; one on the armature data) read by another driver. One
// property is animated, so frame 5 reads everything anew. Built in Blender 3.4 (rigs.py
// `props_everywhere`): every property a node, every driver wired live, every owner equal to Blender
// within 1e-4 at frames 1 and 5.
import { describe, expect, it } from 'vitest';
import { differences, failures, roundTrip } from './roundtrip';

describe('Blender round trip: custom properties on objects, armatures, bones and pose bones', () => {
  it('drivers read each of them, through object and armature-data targets, and set some', () => {
    const rt = roundTrip('props_everywhere');
    const log = rt.importLog.join('\n');
    expect(rt.importStatus, log).toBe(0);
    expect(log).toContain('custom properties: 8');
    expect(log).toContain('10 wired live');
    expect(log).toContain('not carried: nothing');
    const diffs = differences(rt);
    expect(diffs.length).toBe(2 * (3 + 4));
    expect(failures(diffs, 1e-4)).toEqual([]);
  });
});
