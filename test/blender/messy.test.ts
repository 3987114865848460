// What production files hold beside the rig, built in Blender 3.4 (rigs.py `messy`): constraints
// Blender marks invalid (no target, a bone name matching no bone, a bone tracking itself, an IK
// without a target), a muted one and one at influence 0 mid-stack, targets in a collection excluded
// from the view layer and a hidden empty, a child of an excluded object, drivers reading or driving
// paths that are gone (a deleted bone or constraint, a missing property, no target object), action
// curves on a bone and constraints that are gone, Transform
// Channel and Distance variables naming a bone the armature lacks (Blender reads the armature object
// then), a custom shape in a hidden collection and a skinned mesh with shape keys; keyed, 3 frames.
// Before, the import refused the file outright (a constraint naming a missing bone; a variable's owner
// "M/Nope" not in the scene) and named the dead drivers as not carried and the dead curves as ignored
// (warnings), so `--strict` refused it too.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../runtime/cli/main';
import { differences, failures, roundTrip } from './roundtrip';

describe('Blender round trip: a messy production file', () => {
  it('imports, skips what Blender skips, and equals Blender', () => {
    const rt = roundTrip('messy');
    const log = rt.importLog.join('\n');
    expect(rt.importStatus, log).toBe(0);
    expect(log).toContain('skipped as Blender skips them: 12');
    for (const owner of ['M/A: Copy Location', 'M/B: Copy Rotation', 'M/C: Damped Track', 'M/H: IK']) expect(log).toContain(`  ${owner} `);
    expect(log).toContain('driver M: pose.bones["Gone"].location: it drives pose.bones["Gone"].location, which Blender cannot find');
    expect(log).toContain('driver M: pose.bones["A"].constraints["Deleted"].influence: it drives');
    expect(log).toContain('variable a reads M.pose.bones["Nope"].location[0], which Blender cannot find');
    expect(log).toContain('variable b reads M["missing"], which Blender cannot find');
    expect(log).toContain('variable n has no target object');
    for (const curve of ['action MAction: pose.bones["Gone"].location[0]: "M" has no bone "Gone"', 'action MAction: pose.bones["A"].constraints["Deleted"].influence[0]: bone "A" of "M" has no constraint "Deleted"', 'action FarTargetAction: constraints["Gone"].influence[0]: "FarTarget" has no constraint "Gone"']) {
      expect(log).toContain(`  ${curve}, so Blender cannot resolve the curve and it animates nothing`);
    }
    expect(log).toContain('drivers: 10 (');
    expect(log).toContain('not carried: nothing');
    const diffs = differences(rt);
    expect(diffs.length).toBe(45); // 15 owners (7 objects, 8 bones) at 3 frames
    expect(failures(diffs, 1e-4)).toEqual([]);
    const err: string[] = [];
    const strict = run(['import-blender', join(rt.dir, 'messy.export.json'), '-o', join(rt.dir, 'strict.sinew.json'), '--strict'], { out: () => {}, err: (s) => err.push(s) });
    expect(strict, err.join('\n')).toBe(0);
  });
});
