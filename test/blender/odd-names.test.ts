// Names as artists write them, round trip: slashes, quotes, a backslash, brackets, dots, spaces and
// non-ASCII letters in object, bone, constraint and custom-property names (rigs.py `odd_names`), a
// driver reading a quoted property of a quoted bone into a channel of a bone whose name has a
// backslash and brackets, another into the influence of a constraint named with quotes and a slash,
// the property keyed. Before, an object name holding "/" made the import split the owner id at the
// wrong slash: that driver was dropped as "not supported" (1.6 off at frame 5).
// `odd_names_clash`: armature "A" with bone "B/C" beside armature "A/B" with bone "C" would be one
// owner, "A/B/C": the import refuses it naming both, instead of a misleading "used twice".
import { describe, expect, it } from 'vitest';
import { expectAsBlender, roundTrip } from './roundtrip';

describe('Blender round trip: odd names', () => {
  it('every owner as Blender has it, every driver carried', () => {
    const rt = roundTrip('odd_names');
    expectAsBlender(rt, 3 * 10);
  });

  it('two owners one id would name: refused, naming both', () => {
    const rt = roundTrip('odd_names_clash');
    expect(rt.importStatus).toBe(1);
    expect(rt.importLog.join('\n')).toContain('/objects/2/bones/0/name: bone "C" of "A/B" is named "A/B/C" as an owner, and so is a bone of "A"; rename one of them');
  });
});
