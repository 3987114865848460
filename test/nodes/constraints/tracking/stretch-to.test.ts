import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stretchTo } from '../../../../nodes/constraints/tracking/stretch-to';
import { allFinite, bound, column, dot, ownerAndTarget, paramCombos, rigid, SPACE_PARAMS, translation, unit } from '../../harness';

const combos = paramCombos(stretchTo, SPACE_PARAMS);
const coord = fc.double({ min: -10, max: 10, noNaN: true });
const point = fc.tuple(coord, coord, coord);
const KEEP = ['PLANE_X', 'PLANE_Z', 'SWING_Y'];
const len = (m: ArrayLike<number>, k: number) => Math.hypot(...column(m, k));

describe('Stretch To', () => {
  it('gives finite output for any finite owner and target, every mode, bulge settings and rest length', () => {
    const settings = fc.record({
      restLength: fc.oneof(fc.constant(0), fc.double({ min: 1e-300, max: 100, noNaN: true })),
      bulge: fc.double({ min: 0, max: 100, noNaN: true }),
      bulgeMin: fc.double({ min: 0, max: 1, noNaN: true }),
      bulgeMax: fc.double({ min: 1, max: 100, noNaN: true }),
      bulgeSmooth: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    fc.assert(fc.property(ownerAndTarget, fc.integer({ min: 0, max: combos.length - 1 }), settings, ([o, t], i, s) => {
      const k = bound(stretchTo, { ...combos[i], ...s });
      expect(allFinite(k(o, t))).toBe(true);
      expect(allFinite(k(o, t))).toBe(true); // a second evaluation uses the stored rest length
    }), { numRuns: 800 });
  });

  it('points Y at the target and scales it to distance / rest length', () => {
    fc.assert(fc.property(rigid, point, fc.double({ min: 0.1, max: 5, noNaN: true }), fc.integer({ min: 0, max: 2 }), (o, p, rest, k) => {
      const d = [p[0] - o[12], p[1] - o[13], p[2] - o[14]];
      const dist = Math.hypot(...d);
      fc.pre(dist > 1e-3);
      const m = bound(stretchTo, { restLength: rest, keepAxis: KEEP[k], volume: 'NO_VOLUME' })(o, translation(p[0], p[1], p[2]));
      expect(dot(unit(column(m, 1)), unit(d))).toBeGreaterThan(1 - 1e-9);
      expect(len(m, 1)).toBeCloseTo(dist / rest, 9);
      expect([m[12], m[13], m[14]]).toEqual([o[12], o[13], o[14]]);
    }), { numRuns: 300 });
  });

  it('keeps the volume with VOLUME_XZX and bulge 1', () => {
    fc.assert(fc.property(rigid, point, fc.double({ min: 0.1, max: 5, noNaN: true }), fc.integer({ min: 0, max: 2 }), (o, p, rest, k) => {
      const d = [p[0] - o[12], p[1] - o[13], p[2] - o[14]];
      fc.pre(Math.hypot(...d) > 1e-3);
      // PLANE_X / PLANE_Z need the target off the kept axis (Blender's basis collapses there too).
      if (k < 2) fc.pre(Math.abs(dot(unit(d), unit(column(o, 2 * k)))) < 0.999);
      const m = bound(stretchTo, { restLength: rest, keepAxis: KEEP[k], volume: 'VOLUME_XZX' })(o, translation(p[0], p[1], p[2]));
      const before = len(o, 0) * len(o, 1) * len(o, 2);
      expect((len(m, 0) * len(m, 1) * len(m, 2)) / before).toBeCloseTo(1, 9);
    }), { numRuns: 300 });
  });

  it('with rest length 0, takes the first distance as the rest length and keeps it', () => {
    const k = bound(stretchTo, { restLength: 0, volume: 'NO_VOLUME' });
    const owner = translation(0, 0, 0);
    owner[5] = 2; // Y scale 2
    expect(len(k(owner, translation(0, 3, 0)), 1)).toBeCloseTo(2, 12); // rest = 3 / 2
    expect(len(k(owner, translation(0, 6, 0)), 1)).toBeCloseTo(4, 12); // twice as far: twice as long
  });

  it('clamps the bulge with Volume Min/Max, softly by Smooth', () => {
    const owner = translation(0, 0, 0);
    const far = translation(0, 4, 0); // stretched 4×: bulge 0.25 before limits
    const x = (s: Record<string, number | boolean | string>) => len(bound(stretchTo, { restLength: 1, volume: 'VOLUME_X', ...s })(owner, far), 0);
    expect(x({})).toBeCloseTo(0.25, 12);
    expect(x({ useBulgeMin: true, bulgeMin: 0.5 })).toBeCloseTo(0.5, 12);
    const soft = 1 - (0.5 * Math.atan(0.75 / 0.5)) / (Math.PI / 2);
    expect(x({ useBulgeMin: true, bulgeMin: 0.5, bulgeSmooth: 1 })).toBeCloseTo(soft, 12);
    const near = translation(0, 0.25, 0); // squashed 4×: bulge 4
    expect(len(bound(stretchTo, { restLength: 1, volume: 'VOLUME_Z', useBulgeMax: true, bulgeMax: 2 })(owner, near), 2)).toBeCloseTo(2, 12);
  });

  it('leaves the owner unchanged when the target sits on it', () => {
    const o = translation(1, 2, 3);
    expect(Array.from(bound(stretchTo, { restLength: 1 })(o, translation(1, 2, 3)))).toEqual(Array.from(o));
  });
});
