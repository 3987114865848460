// driver/property: a keyed custom property is written as Blender's animation system writes an ID
// property (RNA_property_float_set / _int_set clamp to the hard range): a curve overshooting the
// range (a BACK ease, keys past it) gives the bound, as a driven one does; soft limits do not clamp.
// Found by rigs.py `random_keyed_drivers9` (a BACK-eased float property in [-1, 1] read by a driver:
// 1.5e-3 off between the keys before).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { GRAPH_FORMAT, type GraphDocument } from '../../../graph/types';
import { compile } from '../../../runtime/eval/compile';
import { SCENE_FORMAT, type SceneDocument } from '../../../runtime/rig/scene/types';

const scene: SceneDocument = { format: SCENE_FORMAT, version: 1, objects: [{ name: 'E', type: 'EMPTY' }] };

/** The property's value at `frame`, keyed LINEAR from `a` at frame 1 to `b` at frame 11. */
function keyed(kind: 'FLOAT' | 'INT' | 'BOOL', range: { min?: number; max?: number; soft_min?: number; soft_max?: number }, a: number, b: number, frame: number): number {
  const animation = JSON.stringify({ keyframes: [{ co: [1, a], interpolation: 'LINEAR' }, { co: [11, b] }] });
  const g: GraphDocument = { format: GRAPH_FORMAT, version: 1, nodes: [{ id: 'p', type: 'driver/property', position: [0, 0], params: { owner: 'E', name: 'k', kind, value: a, animation, ...range } }], links: [] };
  const program = compile(g, scene).evaluate(frame);
  return program.socketValue('p', 'output', 'value')!.view[0];
}

describe('driver/property, keyed', () => {
  it('clamps the curve to the hard range, for floats and ints, not to the soft one', () => {
    fc.assert(fc.property(
      fc.double({ min: -5, max: 5, noNaN: true }), fc.double({ min: -5, max: 5, noNaN: true }), fc.integer({ min: 1, max: 11 }),
      fc.double({ min: -2, max: 0, noNaN: true }), fc.double({ min: 0, max: 2, noNaN: true }),
      (a, b, frame, min, max) => {
        const raw = a + ((b - a) * (frame - 1)) / 10;
        const clamp = (v: number) => Math.min(max, Math.max(min, v));
        // Within the F-curve's float32 arithmetic (Blender's): 5 · 2⁻²³ ≈ 6e-7 at these sizes.
        expect(Math.abs(keyed('FLOAT', { min, max, soft_min: min / 2, soft_max: max / 2 }, a, b, frame) - clamp(raw))).toBeLessThan(1e-6);
        // Unbounded: the curve itself (the clamp above is the range's doing).
        expect(Math.abs(keyed('FLOAT', {}, a, b, frame) - raw)).toBeLessThan(1e-6);
      },
    ), { numRuns: 60 });
  });
  it('an int: truncated, then held in its whole-number range', () => {
    expect(keyed('INT', { min: 0, max: 2 }, 0, 10, 6)).toBe(2); // the curve gives 5
    expect(keyed('INT', { min: -1, max: 3 }, -5, 5, 2)).toBe(-1); // the curve gives -4
    expect(keyed('INT', { min: 0, max: 9 }, 0, 10, 4.5)).toBe(3); // 3.5, truncated
  });
});
