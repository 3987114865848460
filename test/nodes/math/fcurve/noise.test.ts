// Noise F-curve modifiers against Blender 3.4.1's own evaluation (`FCurve.evaluate`), recorded by
// `gen-modifiers.py --noise`: 60 random curves whose stacks hold Noise modifiers (every blend type,
// random scale, strength, phase, offset and depth, some with restricted ranges, blends, influence
// or muted) among the other kinds, written as the exporter writes them, with the samples of their
// noise it takes in Blender (`noise_samples`), evaluated at every whole frame from -10 to 60.
// Sinew has no noise tables of its own: between whole frames it interpolates the samples, which
// the property test below pins.
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateFCurve, packFCurve, type FCurveSource, type Keyframe } from '../../../../nodes/math/fcurve/fcurve';
import { unsupportedModifier, type ModifierSource } from '../../../../nodes/math/fcurve/modifiers';

interface Recorded {
  curve: { keyframes: Keyframe[]; extrapolation: 'CONSTANT' | 'LINEAR'; modifiers?: ModifierSource[] };
  frames: number[];
  values: number[];
}

const recorded = (JSON.parse(readFileSync(join(import.meta.dirname, 'blender-noise.json'), 'utf8')) as { cases: Recorded[] }).cases;

/** A value of size v is known to about v·2⁻²³ at each of Blender's few float32 steps. */
const tolerance = (v: number) => 2e-6 * Math.max(1, Math.abs(v));

function valueAt(source: FCurveSource, frame: number): number {
  const curve = packFCurve(source);
  const time = new Float64Array(1), out = new Float64Array(1);
  time[0] = frame;
  evaluateFCurve(curve, time, out, 0);
  return out[0];
}

describe('Noise modifiers, from the samples Blender gave', () => {
  it('every recorded curve at every recorded whole frame', () => {
    const misses: string[] = [];
    recorded.forEach((c, k) => {
      const source: FCurveSource = { keyframes: c.curve.keyframes, extrapolation: c.curve.extrapolation, modifiers: c.curve.modifiers };
      c.frames.forEach((f, i) => {
        const got = valueAt(source, f), want = c.values[i];
        if (!(Math.abs(got - want) <= tolerance(want))) misses.push(`curve ${k} (${(c.curve.modifiers ?? []).map((m) => m.type).join(', ')}) at frame ${f}: ${got}, Blender ${want}`);
      });
    });
    expect(misses).toEqual([]);
  });

  it('the recording holds every blend type, depths 0-3, ranges, influence, and curves where the noise moves the value', () => {
    const noises = recorded.flatMap((c) => (c.curve.modifiers ?? []).filter((m) => m.type === 'NOISE'));
    for (const blend of ['REPLACE', 'ADD', 'SUBTRACT', 'MULTIPLY']) expect(noises.filter((m) => m.blend_type === blend && m.mute !== true).length).toBeGreaterThan(10);
    for (const depth of [0, 1, 2, 3]) expect(noises.filter((m) => m.depth === depth).length).toBeGreaterThan(5);
    expect(noises.filter((m) => m.use_restricted_range === true).length).toBeGreaterThan(5);
    expect(noises.filter((m) => m.use_influence === true).length).toBeGreaterThan(5);
    // Left out, the noise changes most curves: the test above would see it.
    const moved = recorded.filter((c) => c.frames.some((f, i) => {
      const without = valueAt({ keyframes: c.curve.keyframes, extrapolation: c.curve.extrapolation, modifiers: (c.curve.modifiers ?? []).filter((m) => m.type !== 'NOISE') }, f);
      return Math.abs(without - c.values[i]) > 1e-3;
    }));
    expect(moved.length).toBeGreaterThan(40);
  });

  it('a Noise modifier without samples is named, not evaluated as zero', () => {
    expect(unsupportedModifier({ type: 'NOISE' })).toContain('no samples');
    expect(unsupportedModifier({ type: 'NOISE', noise_samples: { start: 0, values: [] } } as ModifierSource)).toContain('Noise');
    expect(unsupportedModifier({ type: 'NOISE', noise_samples: { start: 0, values: [0.5] } } as ModifierSource)).toBeUndefined();
  });

  it('between whole frames the noise is the line between their samples; before and after them, the end samples', () => {
    const samples = fc.record({
      start: fc.integer({ min: -50, max: 50 }),
      values: fc.array(fc.float({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 30 }),
      at: fc.double({ min: -80, max: 120, noNaN: true }),
    });
    fc.assert(fc.property(samples, ({ start, values, at }) => {
      // ADD onto a constant 0 at strength 1: the value is the noise itself.
      const source: FCurveSource = { keyframes: [{ co: [0, 0], handle_left: [-1, 0], handle_right: [1, 0], interpolation: 'CONSTANT' }], extrapolation: 'CONSTANT', modifiers: [{ type: 'NOISE', blend_type: 'ADD', strength: 1, noise_samples: { start, values } } as ModifierSource] };
      const x = Math.min(Math.max(Math.fround(at) - start, 0), values.length - 1);
      const i = Math.floor(x), f = x - i;
      const expected = f === 0 ? values[i] : values[i] + f * (values[i + 1] - values[i]);
      expect(Math.abs(valueAt(source, at) - expected)).toBeLessThanOrEqual(1e-6);
      if (Number.isInteger(Math.fround(at)) && x === Math.fround(at) - start) expect(valueAt(source, at)).toBe(values[x]);
    }), { numRuns: 300 });
  });
});
