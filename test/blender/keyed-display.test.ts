// What an animator keys besides transforms (rigs.py `keyed_display`): a prop shown and hidden over
// the shot, its display size and colour, a bone's custom-shape scale. They move no matrix (Blender
// still evaluates the hidden prop, and the object tracking it follows it); the import lists them
// as having no effect, where it named each curve not carried and `--strict` refused the file.
import { describe, expect, it } from 'vitest';
import { expectAsBlender, roundTrip } from './roundtrip';

describe('Blender round trip: keyed display settings', () => {
  it('keyed_display: listed with no effect, every matrix as Blender', () => {
    const rt = roundTrip('keyed_display');
    // 4 owners (the armature, its bone, two empties) at 5 frames.
    expectAsBlender(rt, 20);
    expect(rt.importLog.join('\n')).toMatch(/hide_viewport\[0\]: it changes only how the object or bone is drawn/);
  });
});
