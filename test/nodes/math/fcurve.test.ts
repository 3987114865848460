// F-curve evaluation against Blender 3.4: every animated channel of every case in
// ../shared/conformance/actions at every recorded frame (integer, fractional, before, inside and
// after the keys, cycles out to four periods), within the manifest's channel tolerance; and
// properties Blender's definition implies for any curve.
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateFCurve, INTERPOLATIONS, packFCurve, type FCurveSource, type Keyframe } from '../../../nodes/math/fcurve/fcurve';
import { SHARED_DIR } from '../../shared-path';

const ACTIONS = join(SHARED_DIR, 'conformance/actions');

interface ActionCase {
  frames: number[];
  actions: { fcurves: (FCurveSource & { key: string })[] }[];
  expected: Record<string, { channels: Record<string, number> }>;
}
interface ActionManifest { cases: { name: string; file: string; channel_tolerance: number }[] }

const manifest = JSON.parse(readFileSync(join(ACTIONS, 'manifest.json'), 'utf8')) as ActionManifest;
const time = new Float64Array(1);
const out = new Float64Array(1);
const valueAt = (curve: ReturnType<typeof packFCurve>, t: number) => {
  time[0] = t;
  evaluateFCurve(curve, time, out, 0);
  return out[0];
};

describe('F-curves against Blender 3.4 (shared/conformance/actions channels)', () => {
  for (const c of manifest.cases) {
    it(`${c.name}: every channel at every frame within ${c.channel_tolerance}`, () => {
      const fx = JSON.parse(readFileSync(join(ACTIONS, c.file), 'utf8')) as ActionCase;
      let worst = 0, where = '';
      let checked = 0;
      for (const action of fx.actions) {
        for (const f of action.fcurves) {
          const curve = packFCurve(f);
          for (const [frameKey, at] of Object.entries(fx.expected)) {
            const want = at.channels[f.key];
            if (want === undefined) continue;
            const err = Math.abs(valueAt(curve, Number(frameKey)) - want);
            checked++;
            if (!(err <= worst)) { worst = err; where = `${f.key} at frame ${frameKey}`; }
          }
        }
      }
      expect(checked).toBeGreaterThan(0);
      expect(worst, where).toBeLessThanOrEqual(c.channel_tolerance);
    });
  }
});

const frame = fc.integer({ min: -50, max: 50 }).map((x) => x * 1.25);
const value = fc.double({ min: -10, max: 10, noNaN: true });
const keyframes = (interpolation: fc.Arbitrary<Keyframe['interpolation']>) =>
  fc.uniqueArray(frame, { minLength: 1, maxLength: 6 }).chain((frames) =>
    fc.tuple(...frames.map((x) => fc.tuple(value, interpolation).map(([y, i]): Keyframe => ({ co: [x, y], handle_left: [x - 0.5, y], handle_right: [x + 0.5, y], interpolation: i })))),
  );

describe('F-curve properties', () => {
  it('every interpolation passes through its keys, and holds the end values under CONSTANT extrapolation', () => {
    fc.assert(fc.property(keyframes(fc.constantFrom(...INTERPOLATIONS)), fc.double({ min: 1, max: 100, noNaN: true }), (keys, beyond) => {
      const curve = packFCurve({ keyframes: keys });
      const sorted = [...keys].sort((a, b) => a.co[0] - b.co[0]);
      for (const k of sorted) expect(valueAt(curve, k.co[0]) - Math.fround(k.co[1])).toBe(0);
      expect(valueAt(curve, sorted[0].co[0] - beyond) - Math.fround(sorted[0].co[1])).toBe(0);
      expect(valueAt(curve, sorted.at(-1)!.co[0] + beyond) - Math.fround(sorted.at(-1)!.co[1])).toBe(0);
    }));
  });

  it('a LINEAR segment is the straight line between its keys, a CONSTANT one holds its first key', () => {
    fc.assert(fc.property(frame, fc.integer({ min: 1, max: 40 }), value, value, fc.double({ min: 0.001, max: 0.999, noNaN: true }), (x0, span, y0, y1, u) => {
      const k = (i: Keyframe['interpolation']): Keyframe[] => [{ co: [x0, y0], interpolation: i }, { co: [x0 + span, y1], interpolation: i }];
      const t = x0 + u * span;
      const [fy0, fy1] = [Math.fround(y0), Math.fround(y1)];
      expect(valueAt(packFCurve({ keyframes: k('LINEAR') }), t)).toBeCloseTo(fy0 + ((fy1 - fy0) * (t - Math.fround(x0))) / (Math.fround(x0 + span) - Math.fround(x0)), 9);
      expect(valueAt(packFCurve({ keyframes: k('CONSTANT') }), t) - fy0).toBe(0);
    }));
  });

  it('a Bezier segment whose handles lie a third of the way along the chord is the straight line', () => {
    // P1 = P0 + (P3 − P0)/3, P2 = P3 − (P3 − P0)/3 makes the cubic the chord itself, traversed at constant speed.
    fc.assert(fc.property(fc.integer({ min: -20, max: 20 }), fc.integer({ min: 3, max: 30 }), fc.integer({ min: -20, max: 20 }), fc.integer({ min: -20, max: 20 }), fc.double({ min: 0.01, max: 0.99, noNaN: true }), (x0, span, y0, y1, u) => {
      const x3 = x0 + span;
      const keys: Keyframe[] = [
        { co: [x0, y0], handle_right: [x0 + span / 3, y0 + (y1 - y0) / 3], interpolation: 'BEZIER' },
        { co: [x3, y1], handle_left: [x3 - span / 3, y1 - (y1 - y0) / 3], interpolation: 'BEZIER' },
      ];
      const t = x0 + u * span;
      expect(valueAt(packFCurve({ keyframes: keys }), t)).toBeCloseTo(y0 + (y1 - y0) * u, 5);
    }));
  });

  // Inside the key range only: exactly on a cycle boundary Blender gives the last key's value.
  it('REPEAT cycles give the same value one period later, REPEAT_OFFSET adds one period\'s change', () => {
    fc.assert(fc.property(keyframes(fc.constantFrom('LINEAR', 'BEZIER', 'SINE', 'BOUNCE')).filter((k) => k.length >= 2), fc.double({ min: 0.001, max: 0.999, noNaN: true }), fc.integer({ min: 1, max: 3 }), (keys, u, n) => {
      const sorted = [...keys].sort((a, b) => a.co[0] - b.co[0]);
      const [f0, f1] = [Math.fround(sorted[0].co[0]), Math.fround(sorted.at(-1)!.co[0])];
      const period = f1 - f0;
      const t = f0 + u * period;
      const repeat = packFCurve({ keyframes: keys, modifiers: [{ type: 'CYCLES', mode_before: 'REPEAT', mode_after: 'REPEAT' } as never] });
      const offset = packFCurve({ keyframes: keys, modifiers: [{ type: 'CYCLES', mode_before: 'REPEAT_OFFSET', mode_after: 'REPEAT_OFFSET' } as never] });
      const inside = valueAt(repeat, t);
      const change = Math.fround(sorted.at(-1)!.co[1]) - Math.fround(sorted[0].co[1]);
      const scale = 1 + Math.abs(inside) + n * Math.abs(change);
      expect(Math.abs(valueAt(repeat, t + n * period) - inside)).toBeLessThan(1e-7 * scale);
      expect(Math.abs(valueAt(offset, t + n * period) - (inside + n * change))).toBeLessThan(1e-7 * scale);
    }));
  });
});
