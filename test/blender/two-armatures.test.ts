// Two armatures that reach into each other (rigs.py `rig_two_armatures`, a prop rig on a hand): the
// prop armature parented to a bone of the body, constraints and an Armature constraint across the
// two, a driver on a prop bone reading a body bone and a body custom property, an object on a prop
// bone tracking a body bone, an IK arm; keyed over three frames. `import-blender` then `eval`
// equals Blender within 1e-4 for every owner at every frame. (A rig whose two armatures feed each
// other in a loop is a dependency cycle in Blender too, which it evaluates in an order of its own;
// `sinew eval` names such a cycle in a warning.)
import { describe, expect, it } from 'vitest';
import { differences, failures, roundTrip } from './roundtrip';

describe('Blender round trip: two armatures', () => {
  it('a prop armature on a hand bone, constraints, an Armature constraint and a driver across them', () => {
    const rt = roundTrip('two_armatures');
    expect(rt.importStatus, rt.importLog.join('\n')).toBe(0);
    const log = rt.importLog.join('\n');
    expect(log).toContain('drivers: 1 (SCRIPTED 1; variables TRANSFORMS 1, SINGLE_PROP 1), 1 wired live');
    expect(log).toContain('not carried: nothing');
    const diffs = differences(rt);
    expect(diffs.length).toBe(3 * (4 + 8)); // 3 frames × (2 armatures, Gem, Reach + 8 bones)
    expect(failures(diffs, 1e-4)).toEqual([]);
  });
});
