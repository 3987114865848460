// Objects and bones of one armature depending on each other back and forth, as prop rigs do, built
// in Blender 3.4 (rigs.py `interleaved`): a prop on the hand bone, a bone held by the prop (Child Of),
// an empty tracking that bone's child, a bone copying the empty's rotation, an object on that bone
// with Copy Location of another, a driver reading that object; keyed, 3 frames. Sinew orders owners
// bone by bone, as Blender's depsgraph does, so none of it is a cycle (30 of 30 first time).
import { describe, expect, it } from 'vitest';
import { differences, failures, roundTrip } from './roundtrip';

describe('Blender round trip: objects and bones interleaved', () => {
  it('orders bones and objects of one armature as Blender does', () => {
    const rt = roundTrip('interleaved');
    const log = rt.importLog.join('\n');
    expect(rt.importStatus, log).toBe(0);
    expect(log).not.toContain('cycle');
    expect(log).toContain('not carried: nothing');
    const diffs = differences(rt);
    expect(diffs.length).toBe(30); // 4 objects and 6 bones, 3 frames
    expect(failures(diffs, 1e-4)).toEqual([]);
  });
});
