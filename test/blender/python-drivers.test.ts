// Drivers whose expressions Blender 3.4 hands to Python, built in Blender (rigs.py `python_drivers`):
// `**`, `%`, `//` with round, int, floor, max, pow, bool and math's e and tau around them, on bones'
// channels and a Damped Track's influence, reading keyed custom properties, a keyed bone channel
// and the frame; frames 1, 3, 5 and 4.5. Sinew evaluates them with Python's semantics (compile.ts's
// Python mode; values against Blender's own in python-expression.test.ts). Three fail in Blender,
// which runs a file without its scripts (no Auto Run Python Scripts): one calls abs, which Python
// drivers may not use then, one a function a rig's UI script would register, one reads `bpy`.
// Blender flags them invalid on opening the file and writes the same value from then on (is_valid
// false in the export): the import skips them as Blender does, keeping the value the file holds.
// Before, all 13 were named not carried and kept the value the file holds; the three failing ones
// were named not carried until 2026-12-05.
import { describe, expect, it } from 'vitest';
import { differences, failures, roundTrip } from './roundtrip';

describe('Blender round trip: drivers Blender evaluates in Python', () => {
  it("evaluates Python's **, % and // as Blender's Python does", () => {
    const rt = roundTrip('python_drivers');
    const log = rt.importLog.join('\n');
    expect(rt.importStatus, log).toBe(0);
    expect(log).toContain("12 wired live (12 with Python's **, % or //, evaluated as Python does)");
    expect(log).toContain('not carried: nothing');
    expect(log).toContain('skipped as Blender skips them: 3');
    for (const key of ['scale[2]', 'location[2]', 'rotation_euler[1]']) expect(log).toContain(`driver Py: pose.bones["B"].${key}: Blender flagged it invalid when it evaluated the file`);
    const diffs = differences(rt);
    expect(diffs.length).toBe(4 * 6); // four frames × (the armature, 4 bones, the goal)
    expect(failures(diffs, 1e-4)).toEqual([]);
  });
});
