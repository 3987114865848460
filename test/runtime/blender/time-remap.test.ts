// Blender's time remapping (Time Stretching) on import: the scene plays its animation at
// frame · frame_map_old ÷ frame_map_new (as a float32, Blender's framelen), by `evaluate` and by
// `update` alike, while the timeline's frame stays what the program was asked for.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile } from '../../../runtime/eval/compile';
import type { Fixture } from '../../../runtime/io/blender/fixture';
import { importBlenderFixture } from '../../../runtime/io/blender/import';

const fixture = (frameMap: [number, number] | undefined) => ({
  format: 'blender-constraint-fixture/1', blender: '3.4.1', name: 'remap', category: 'export', seed: 0, description: '',
  extensions: ['actions'],
  ...(frameMap ? { exporter: { frame_current: 1, subframe: 0, frame_map_old: frameMap[0], frame_map_new: frameMap[1] } } : {}),
  objects: [{ name: 'E', type: 'EMPTY', location: [0, 0, 0] }],
  constraints: [],
  actions: [{ name: 'Move', id: { object: 'E' }, fcurves: [
    { data_path: 'location', array_index: 0, keyframes: [{ co: [1, 0], interpolation: 'BEZIER' }, { co: [40, 9], interpolation: 'LINEAR' }, { co: [90, -3], interpolation: 'LINEAR' }] },
  ] }],
  expected: { objects: {}, bones: {} },
  expected_unconstrained: { objects: {}, bones: {} },
}) as unknown as Fixture;

describe('time remapping, imported', () => {
  it('plays the scene at frame · old ÷ new (float32), by evaluate and update alike', () => {
    const plain = compile(importBlenderFixture(fixture(undefined)).graph, importBlenderFixture(fixture(undefined)).scene);
    fc.assert(fc.property(fc.integer({ min: 1, max: 900 }), fc.integer({ min: 1, max: 900 }), fc.array(fc.double({ min: -50, max: 150, noNaN: true }), { minLength: 1, maxLength: 6 }), (from, to, frames) => {
      const imported = importBlenderFixture(fixture([from, to]));
      const scale = Math.fround(from / to);
      expect(imported.scene.time_scale).toBe(from === to ? undefined : scale);
      const remapped = compile(imported.graph, imported.scene);
      const updated = compile(imported.graph, imported.scene);
      for (const f of frames) {
        const want = plain.evaluate(f * scale).ownerMatrix('E')![12];
        expect(remapped.evaluate(f).ownerMatrix('E')![12]).toBe(want);
        expect(updated.update(f).ownerMatrix('E')![12]).toBe(want);
        expect(remapped.frameSlot[0]).toBe(f);
      }
    }), { numRuns: 60 });
  });

  it('a scene without remapping keeps one slot for frame and time', () => {
    const imported = importBlenderFixture(fixture([25, 25]));
    expect(imported.scene.time_scale).toBeUndefined();
  });
});
