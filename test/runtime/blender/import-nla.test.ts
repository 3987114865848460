// An object's NLA, imported: what Sinew plays (a strip's action on the object's channels, held
// before and after the strip) and what it names instead of playing (a keyed strip setting other than
// influence and strip time, a strip modifier of a kind Sinew does not have or a count of them from an
// older export, a strip action's curve on something other than a transform channel).
import { describe, expect, it } from 'vitest';
import { compile } from '../../../runtime/eval/compile';
import type { Fixture } from '../../../runtime/io/blender/fixture';
import { importBlenderFixture } from '../../../runtime/io/blender/import';

const linear = (a: [number, number], b: [number, number]) => [{ co: a, interpolation: 'LINEAR' }, { co: b, interpolation: 'LINEAR' }];
const strip = (extra: Record<string, unknown>) => ({
  name: 'S', type: 'CLIP', action: 'Move', frame_start: 11, frame_end: 20, action_frame_start: 1, action_frame_end: 10, scale: 1, repeat: 1,
  use_reverse: false, extrapolation: 'HOLD', blend_type: 'REPLACE', influence: 1, use_animated_influence: false, blend_in: 0, blend_out: 0, mute: false,
  fcurves: [], modifiers: 0, ...extra,
});
const fixture = (extra: Record<string, unknown>, curves: unknown[] = []) => ({
  format: 'blender-constraint-fixture/1', blender: '3.4.1', name: 'nla', category: 'nla', seed: 0, description: '',
  extensions: ['actions', 'nla'],
  objects: [{ name: 'E', type: 'EMPTY', location: [5, 0, 0] }],
  constraints: [],
  actions: [{ name: 'Move', id: null, fcurves: [{ data_path: 'location', array_index: 0, keyframes: linear([1, 0], [10, 9]) }, ...curves] }],
  nla: [{ object: 'E', action: null, action_extrapolation: 'HOLD', action_blend_type: 'REPLACE', action_influence: 1, tracks: [{ name: 'T', mute: false, is_solo: false, strips: [strip(extra)] }] }],
  expected: { objects: {}, bones: {} },
  expected_unconstrained: { objects: {}, bones: {} },
}) as unknown as Fixture;

describe('an object\u2019s NLA, imported', () => {
  it('plays its strip: the action\u2019s frame from the strip\u2019s, held before and after it', () => {
    const imported = importBlenderFixture(fixture({}));
    expect(imported.unsupported).toEqual([]);
    const program = compile(imported.graph, imported.scene);
    const x = (frame: number) => { program.evaluate(frame); return program.ownerMatrix('E')![12]; };
    expect(x(15)).toBeCloseTo(4, 5); // strip frame 15 → action frame 5
    expect(x(2)).toBeCloseTo(0, 5); // held at its start
    expect(x(30)).toBeCloseTo(9, 5); // held at its end
  });

  it('names what it does not play', () => {
    const keyed = (path: string) => ({ data_path: path, array_index: 0, keyframes: linear([1, 0], [2, 1]) });
    // A custom property's curve (an array's element too) plays through its node (nla-reads.test.ts),
    // a drawn-only one has no effect; a datablock's setting is named.
    const imported = importBlenderFixture(fixture({ fcurves: [keyed('influence'), keyed('repeat')], modifiers: 1 }, [keyed('["prop"]'), { ...keyed('["vec"]'), array_index: 1 }, keyed('hide_viewport'), keyed('data.energy')]));
    expect(imported.unsupported).toEqual([
      'object "E" NLA track "T" strip "S": its animated repeat is not evaluated (its value at the export is used)',
      'object "E" NLA track "T" strip "S": its 1 F-curve modifier(s) are not evaluated (the export counts them without their settings)',
      'object "E" NLA track "T" strip "S": its action "Move" animates data.energy[0], which the NLA does not play in Sinew',
    ]);
  });

  it('plays a strip\u2019s modifiers and names the ones it cannot', () => {
    // A Generator adding 2 to every value plays; a Cycles has no curve to cycle on a strip (nothing to
    // name); a Noise without its samples and a kind Sinew does not have are named, by their place.
    const modifiers = [
      { type: 'GENERATOR', mode: 'POLYNOMIAL', poly_order: 1, coefficients: [2, 0], use_additive: true },
      { type: 'CYCLES' }, { type: 'NOISE', strength: 1 }, { type: 'FUTURE' },
    ];
    const imported = importBlenderFixture(fixture({ modifiers }));
    expect(imported.unsupported).toEqual([
      `object "E" NLA track "T" strip "S": a Noise modifier (Blender's own noise tables; the export holds no samples of it) on the strip is not evaluated; the strip plays without it`,
      'object "E" NLA track "T" strip "S": a FUTURE modifier on the strip is not evaluated; the strip plays without it',
    ]);
    const program = compile(imported.graph, imported.scene);
    program.evaluate(15);
    expect(program.ownerMatrix('E')![12]).toBeCloseTo(6, 5); // action frame 5 → 4, + 2
  });
});
