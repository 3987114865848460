// Drivers whose expressions Blender 3.4 hands to Python, built in Blender (rigs.py `python_drivers`):
// `**`, `%`, `//` with round, int, floor, max, pow, bool and math's e and tau around them, on bones'
// channels and a Damped Track's influence, reading keyed custom properties, a keyed bone channel
// and the frame; frames 1, 3, 5 and 4.5. Sinew evaluates them with Python's semantics (compile.ts's
// Python mode; values against Blender's own in python-expression.test.ts). One calls abs, which
// Blender's Python drivers may not use without Auto Run Python Scripts: Blender fails it, and the
// import names it. Before, all 13 were named not carried and kept the value the file holds.
import { describe, expect, it } from 'vitest';
import { differences, failures, roundTrip } from './roundtrip';

describe('Blender round trip: drivers Blender evaluates in Python', () => {
  it("evaluates Python's **, % and // as Blender's Python does", () => {
    const rt = roundTrip('python_drivers');
    const log = rt.importLog.join('\n');
    expect(rt.importStatus, log).toBe(0);
    expect(log).toContain("12 wired live (12 with Python's **, % or //, evaluated as Python does)");
    expect(log).toContain('not carried: 1');
    expect(log).toContain('abs is not one of the names Blender 3.4 lets a driver\'s Python use unless Auto Run Python Scripts is on');
    const diffs = differences(rt);
    expect(diffs.length).toBe(4 * 6); // four frames × (the armature, 4 bones, the goal)
    expect(failures(diffs, 1e-4)).toEqual([]);
  });
});
