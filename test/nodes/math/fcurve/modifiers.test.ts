// F-curve modifiers against Blender 3.4.1's own evaluation (`FCurve.evaluate`), recorded by
// gen-modifiers.py: 120 random curves with stacks of Generator, Built-In Function, Envelope, Limits
// and Stepped modifiers (some after a Cycles modifier), with restricted ranges, blend in and out,
// influence and mute (some ranges ending on recorded frames), each at 50 frames. The curves are read as the importer reads an action's.
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

const read = (file: string) => (JSON.parse(readFileSync(join(import.meta.dirname, file), 'utf8')) as { cases: Recorded[] }).cases;
const recorded = read('blender-modifiers.json');
// gen-modifiers.py --ranged-cycles: 80 curves (49 frames each) whose first modifier is a Cycles with a restricted
// range (blends), an influence or both, any modes and counts, up to two modifiers after it.
const rangedCycles = read('blender-cycles.json');

/**
 * Blender evaluates in float32: a value of size v is known to about v·2⁻²³ at each of a few steps.
 * A Cycles remap is in double here and in float32 in Blender (README-action-additions §4.1: up to
 * 2.3e-6 on the keys); a Built-In tan near its poles multiplies that frame difference by 1 + tan²
 * (about 25 on curve 71), so a tan after a Cycles modifier is held to ten times the bound.
 */
const tolerance = (v: number, c: Recorded) => {
  const mods = c.curve.modifiers ?? [];
  const amplified = mods[0]?.type === 'CYCLES' && mods.some((m) => m.type === 'FNGENERATOR' && m.function_type === 'TAN');
  return (amplified ? 2e-5 : 2e-6) * Math.max(1, Math.abs(v));
};

/** Where Sinew's value at each recorded frame is further from Blender's than the tolerance. */
function misses(cases: Recorded[]): string[] {
  const out: string[] = [];
  cases.forEach((c, k) => {
    const source: FCurveSource = { keyframes: c.curve.keyframes, extrapolation: c.curve.extrapolation, modifiers: c.curve.modifiers };
    const curve = packFCurve(source);
    const time = new Float64Array(1), value = new Float64Array(1);
    c.frames.forEach((f, i) => {
      time[0] = Math.fround(f); // FCurve.evaluate takes a float32 frame
      evaluateFCurve(curve, time, value, 0);
      const want = c.values[i];
      if (!(Math.abs(value[0] - want) <= tolerance(want, c))) out.push(`curve ${k} (${(c.curve.modifiers ?? []).map((m) => m.type).join(', ')}) at frame ${f}: ${value[0]}, Blender ${want}`);
    });
  });
  return out;
}

describe('F-curve modifiers, as Blender evaluates them', () => {
  it('every recorded curve at every recorded frame', () => {
    expect(misses(recorded)).toEqual([]);
  });

  it('a first Cycles with a restricted range or an influence, at every recorded frame', () => {
    expect(misses(rangedCycles)).toEqual([]);
    // The recording holds what it is for: ranges (with blends), influences, finite counts, a mode off.
    const first = rangedCycles.map((c) => c.curve.modifiers![0]);
    expect(first.every((m) => m.type === 'CYCLES')).toBe(true);
    expect(first.filter((m) => m.use_restricted_range === true && Number(m.blend_in) > 0).length).toBeGreaterThan(10);
    expect(first.filter((m) => m.use_influence === true && Number(m.influence) < 0.9).length).toBeGreaterThan(20);
    expect(first.filter((m) => Number(m.cycles_after) > 0 || Number(m.cycles_before) > 0).length).toBeGreaterThan(10);
  });

  it('the recording exercises every kind, with ranges, blends and influence', () => {
    const mods = recorded.flatMap((c) => c.curve.modifiers ?? []);
    for (const kind of ['GENERATOR', 'FNGENERATOR', 'ENVELOPE', 'LIMITS', 'STEPPED', 'CYCLES']) expect(mods.filter((m) => m.type === kind).length).toBeGreaterThan(20);
    expect(mods.filter((m) => m.use_restricted_range === true && Number(m.blend_in) > 0).length).toBeGreaterThan(5);
    expect(mods.filter((m) => m.use_influence === true).length).toBeGreaterThan(10);
    // Ranges that end on recorded frames: the ends are in the range, and a blend there starts from 0.
    const onFrames = recorded.flatMap((c) => (c.curve.modifiers ?? []).filter((m) => m.use_restricted_range === true && c.frames.includes(Number(m.frame_start))));
    expect(onFrames.filter((m) => Number(m.blend_in) === 0).length).toBeGreaterThan(3);
    expect(onFrames.filter((m) => Number(m.blend_in) > 0).length).toBeGreaterThan(3);
  });

  it('names what it does not evaluate', () => {
    expect(unsupportedModifier({ type: 'NOISE' })).toContain('Noise');
    expect(unsupportedModifier({ type: 'NOISE', mute: true } as ModifierSource)).toBeUndefined();
    expect(unsupportedModifier({ type: 'CYCLES', use_influence: true } as ModifierSource)).toBeUndefined();
    expect(unsupportedModifier({ type: 'STEPPED' })).toBeUndefined();
  });
});
