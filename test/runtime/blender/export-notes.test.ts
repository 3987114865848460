// The exporter's notes are differences from Blender (import-summary.ts): an earlier add-on also
// noted delta transforms, Relative Parenting and an armature in rest position, which Sinew now
// evaluates from the data written beside those notes, and a LATTICE parent type, which was exact
// (a vertex parent written as OBJECT was not: that note stays); a file exported then imports without them.
import { describe, expect, it } from 'vitest';
import type { Fixture } from '../../../runtime/io/blender/fixture';
import { exportNotes } from '../../../runtime/io/blender/import-summary';

const withNotes = (notes: string[]) => ({ exporter: { notes } }) as unknown as Fixture;

describe('exportNotes', () => {
  it('drops the earlier add-on\u2019s notes on what is now evaluated, keeps every other', () => {
    const kept = [
      'object Lamp: parent type VERTEX is written as OBJECT',
      'object Arm: IK solver ITASC; Sinew follows the legacy solver',
      'curve Path: spline 0 is BEZIER, written as the POLY line of its 13 evaluated points',
      'object Rig: 2 NLA tracks are not exported; only the active action is',
    ];
    const obsolete = [
      'object Empty.001: delta_location is not identity; Sinew does not read delta transforms',
      'object Cube: delta_rotation_quaternion is not identity; Sinew does not read delta transforms',
      'bone hand.L: use_relative_parent is on; Sinew evaluates it as an ordinary parent',
      'object rig: the armature is in REST position',
      'object Cage.child: parent type LATTICE is written as OBJECT',
    ];
    expect(exportNotes(withNotes([...obsolete.slice(0, 2), ...kept, ...obsolete.slice(2)]))).toEqual(kept);
  });
});
