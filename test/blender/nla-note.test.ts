// NLA tracks are not carried, and the export says so wherever Blender plays them: rigs.py
// `nla_pushed` has an object whose action was pushed down into a track (no active action, so an
// export that looked only at active actions said nothing and the object stood still), one whose only
// track is muted and one with NLA off (Blender plays just their actions, as Sinew does).
import { describe, expect, it } from 'vitest';
import { differences, failures, roundTrip } from './roundtrip';

describe('Blender round trip: NLA tracks are named where they play', () => {
  it('a pushed-down action is reported; a muted track and NLA off are not, and match Blender', () => {
    const rt = roundTrip('nla_pushed');
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    const log = rt.importLog.join('\n');
    expect(log).toContain('object Pushed: 1 NLA track plays in Blender and is not exported; the object is exported unanimated');
    expect(log).not.toMatch(/object (Muted|Off): .*NLA/);
    const diffs = differences(rt, (owner) => owner === 'Pushed');
    expect(diffs.length).toBe(2 * 2);
    expect(failures(diffs, 1e-4)).toEqual([]);
  });
});
