// An action whose curves carry F-curve modifiers, imported: the ones Sinew evaluates play (a Limits
// modifier holds the bone's X location at 0.5 from frame 5 on), the ones it does not are named in
// the import's report with where they are (a Noise modifier), and a muted one is neither.
import { describe, expect, it } from 'vitest';
import { compile } from '../../../runtime/eval/compile';
import type { Fixture } from '../../../runtime/io/blender/fixture';
import { importBlenderFixture } from '../../../runtime/io/blender/import';

const identity = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
const keys = [{ co: [1, 0] as [number, number], interpolation: 'LINEAR' }, { co: [9, 1] as [number, number], interpolation: 'LINEAR' }];
const fixture: Fixture = {
  format: 'blender-constraint-fixture/1', blender: '3.4.1', name: 'mods', category: 'mods', seed: 0, description: '',
  extensions: ['actions'],
  objects: [{ name: 'Arm', type: 'ARMATURE', bones: [{ name: 'B', matrix_local: identity, length: 1 }] }],
  constraints: [],
  actions: [{
    name: 'act', id: { object: 'Arm' },
    fcurves: [
      { data_path: 'pose.bones["B"].location', array_index: 0, keyframes: keys, modifiers: [{ type: 'LIMITS', use_max_y: true, max_y: 0.5 }] },
      { data_path: 'pose.bones["B"].location', array_index: 1, keyframes: keys, modifiers: [{ type: 'NOISE', strength: 1 }, { type: 'NOISE', mute: true }] },
    ],
  }],
  expected: { objects: {}, bones: {} },
  expected_unconstrained: { objects: {}, bones: {} },
} as unknown as Fixture;

describe('F-curve modifiers of an imported action', () => {
  it('plays the ones it evaluates and names the ones it does not', () => {
    const imported = importBlenderFixture(fixture);
    expect(imported.unsupported).toEqual(['action "act" pose.bones["B"].location[1]: a Noise modifier (Blender\'s own noise tables; the export holds no samples of it) is not evaluated; the curve plays without it']);
    expect(imported.unsupportedAt).toEqual(['/actions/0/fcurves/1/modifiers/0']);
    const program = compile(imported.graph, imported.scene);
    const x = (frame: number) => { program.evaluate(frame); return program.ownerMatrix('Arm/B')![12]; };
    expect(x(3)).toBeCloseTo(0.25, 6);
    expect(x(7)).toBeCloseTo(0.5, 6); // 0.75 unlimited
  });
});
