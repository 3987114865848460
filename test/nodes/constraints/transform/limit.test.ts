// Limit Location / Rotation / Scale / Distance and Limit Transform: outputs stay inside their bounds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { limitDistance } from '../../../../nodes/constraints/transform/limit-distance';
import { limitLocation } from '../../../../nodes/constraints/transform/limit-location';
import { limitRotation } from '../../../../nodes/constraints/transform/limit-rotation';
import { limitScale } from '../../../../nodes/constraints/transform/limit-scale';
import { limitTransform } from '../../../../nodes/constraints/transform/limit-transform';
import { axisBounds, clampAnglesOnCircle } from '../../../../nodes/constraints/transform/axis-bounds';
import { EULER_ORDERS, eulerToMat4, mat4ToEuler } from '../../../../nodes/math/euler';
import { anyMatrix, axisLength, bound, positiveScaled, translation, trs } from '../../harness';

const bound3 = fc.tuple(fc.double({ min: -5, max: 5, noNaN: true }), fc.double({ min: -5, max: 5, noNaN: true })).map(([a, b]) => (a <= b ? [a, b] : [b, a]));
const flags = fc.tuple(fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean());

describe('Limit Location', () => {
  it('keeps every enabled coordinate within its bounds and the rest of the matrix as it was', () => {
    fc.assert(fc.property(anyMatrix, bound3, bound3, bound3, flags, (m, x, y, z, f) => {
      const p = { minX: x[0], maxX: x[1], minY: y[0], maxY: y[1], minZ: z[0], maxZ: z[1], useMinX: f[0], useMaxX: f[1], useMinY: f[2], useMaxY: f[3], useMinZ: f[4], useMaxZ: f[5] };
      const out = bound(limitLocation, p)(m);
      const b = [x, y, z];
      for (let i = 0; i < 3; i++) {
        if (f[2 * i]) expect(out[12 + i]).toBeGreaterThanOrEqual(b[i][0]);
        if (f[2 * i + 1]) expect(out[12 + i]).toBeLessThanOrEqual(b[i][1]);
        if (!f[2 * i] && !f[2 * i + 1]) expect(out[12 + i]).toBe(m[12 + i]);
      }
      expect(Array.from(out.subarray(0, 12))).toEqual(Array.from(m.subarray(0, 12)));
    }));
  });

  it('lets the maximum win when the bounds cross, as Blender checks min first', () => {
    const out = bound(limitLocation, { useMinX: true, minX: 2, useMaxX: true, maxX: 1 })(translation(0, 0, 0));
    expect(out[12]).toBe(1);
  });
});

describe('Limit Rotation', () => {
  const angle = fc.double({ min: -1.4, max: 1.4, noNaN: true });
  const range = fc.tuple(angle, angle).map(([a, b]) => (a <= b ? [a, b] : [b, a]));
  it('keeps the limited Euler angles within bounds (in the chosen order)', () => {
    fc.assert(fc.property(fc.tuple(angle, angle, angle), range, range, range, fc.constantFrom(...EULER_ORDERS), fc.tuple(fc.boolean(), fc.boolean(), fc.boolean()), (e, rx, ry, rz, order, use) => {
      const m = eulerToMat4(new Float64Array(16), e, order);
      m[12] = 1; m[13] = 2; m[14] = 3;
      const out = bound(limitRotation, { eulerOrder: order, useLimitX: use[0], useLimitY: use[1], useLimitZ: use[2], minX: rx[0], maxX: rx[1], minY: ry[0], maxY: ry[1], minZ: rz[0], maxZ: rz[1] })(m);
      const got = mat4ToEuler(new Float64Array(3), out, order);
      const r = [rx, ry, rz];
      for (let i = 0; i < 3; i++) {
        const want = use[i] ? Math.min(Math.max(e[i], r[i][0]), r[i][1]) : e[i];
        expect(got[i]).toBeCloseTo(want, 9);
      }
      expect([out[12], out[13], out[14]]).toEqual([1, 2, 3]);
    }));
  });

  it('clamps the raw angle with no wrap-around (3.0 limited to [−3, −2] becomes −2)', () => {
    const m = eulerToMat4(new Float64Array(16), [3, 0, 0], 'XYZ');
    const out = bound(limitRotation, { eulerOrder: 'XYZ', useLimitX: true, minX: -3, maxX: -2 })(m);
    expect(mat4ToEuler(new Float64Array(3), out, 'XYZ')[0]).toBeCloseTo(-2, 12);
  });

  it('without Legacy Behavior goes round the circle to the nearer end (3.0 limited to [−3, −2] becomes −3)', () => {
    const m = eulerToMat4(new Float64Array(16), [3, 0, 0], 'XYZ');
    const out = bound(limitRotation, { eulerOrder: 'XYZ', useLimitX: true, minX: -3, maxX: -2, legacy: false })(m);
    expect(mat4ToEuler(new Float64Array(3), out, 'XYZ')[0]).toBeCloseTo(-3, 12);
  });

  describe('angles on a circle (Blender 4.2 without Legacy Behavior)', () => {
    const TURN = 2 * Math.PI;
    /** Where x lies past `from`, counted round the circle: in [0, 2π). */
    const past = (x: number, from: number) => ((x - from) % TURN + TURN) % TURN;
    /** How far apart two angles are round the circle: in [0, π]. */
    const apart = (a: number, b: number) => Math.min(past(a, b), past(b, a));
    const limit = (angle: number, min: number, max: number) => {
      const v = Float64Array.of(angle, 0.5, -0.5);
      clampAnglesOnCircle(v, 0, axisBounds([true, false, false], [min, 0, 0], [true, false, false], [max, 0, 0]));
      expect([v[1], v[2]]).toEqual([0.5, -0.5]); // axes without both ends on are left alone
      return v[0];
    };
    // Angles as an Euler decomposition gives them; ranges anywhere, narrower than a turn.
    const euler = fc.double({ min: -Math.PI, max: Math.PI, noNaN: true });
    const start = fc.double({ min: -2 * TURN, max: 2 * TURN, noNaN: true });
    const width = fc.double({ min: 1e-3, max: TURN - 1e-3, noNaN: true });

    it('keeps an angle inside the range as it is, and puts one outside on the nearer end', () => {
      fc.assert(fc.property(euler, start, width, (a, min, w) => {
        const max = min + w;
        const got = limit(a, min, max);
        // On an end, to rounding: it stays there.
        if (Math.min(apart(a, min), apart(a, max)) < 1e-12) expect(apart(got, a)).toBeLessThan(1e-12);
        else if (past(a, min) <= w) expect(got === a, `${got} for ${a}`).toBe(true); // −0 may come back +0 (Blender adds 0)
        else {
          const toMin = apart(a, min), toMax = apart(a, max);
          // A tie (the angle opposite the middle of the range) may go either way.
          if (Math.abs(toMin - toMax) > 1e-9) expect(apart(got, toMin < toMax ? min : max)).toBeLessThan(1e-9);
          expect(Math.min(apart(got, min), apart(got, max))).toBeLessThan(1e-9);
        }
      }), { numRuns: 500 });
    });

    it('limits nothing with a range of a turn or more, and gives min for an empty range', () => {
      fc.assert(fc.property(euler, start, fc.double({ min: 0, max: 10, noNaN: true }), (a, min, extra) => {
        expect(limit(a, min, min + TURN + extra)).toBe(a);
        expect(limit(a, min, min - extra)).toBe(min);
      }));
    });
  });

  it('removes shear even with no limit on, keeping the volume', () => {
    const m = trs([0, 0, 0], [0.1, 0.2, 0.3, 0.9], [1, 2, 3], 0.5);
    const out = bound(limitRotation)(m);
    const dot = (a: number, b: number) => out[a] * out[b] + out[a + 1] * out[b + 1] + out[a + 2] * out[b + 2];
    expect(Math.abs(dot(0, 4)) + Math.abs(dot(0, 8)) + Math.abs(dot(4, 8))).toBeLessThan(1e-12);
  });
});

describe('Limit Scale', () => {
  const pos = fc.tuple(fc.double({ min: 0.1, max: 5, noNaN: true }), fc.double({ min: 0.1, max: 5, noNaN: true })).map(([a, b]) => (a <= b ? [a, b] : [b, a]));
  it('keeps every enabled axis length within its bounds, directions and location kept', () => {
    fc.assert(fc.property(positiveScaled, pos, pos, pos, flags, (m, x, y, z, f) => {
      const p = { minX: x[0], maxX: x[1], minY: y[0], maxY: y[1], minZ: z[0], maxZ: z[1], useMinX: f[0], useMaxX: f[1], useMinY: f[2], useMaxY: f[3], useMinZ: f[4], useMaxZ: f[5] };
      const out = bound(limitScale, p)(m);
      const b = [x, y, z];
      for (let i = 0; i < 3; i++) {
        const len = axisLength(out, i);
        if (f[2 * i]) expect(len).toBeGreaterThanOrEqual(b[i][0] - 1e-12);
        if (f[2 * i + 1]) expect(len).toBeLessThanOrEqual(b[i][1] + 1e-12);
        const k = len / axisLength(m, i);
        for (let r = 0; r < 3; r++) expect(out[4 * i + r]).toBeCloseTo(m[4 * i + r] * k, 12);
      }
      expect([out[12], out[13], out[14]]).toEqual([m[12], m[13], m[14]]);
    }));
  });
});

describe('Limit Distance', () => {
  const point = fc.tuple(fc.double({ min: -5, max: 5, noNaN: true }), fc.double({ min: -5, max: 5, noNaN: true }), fc.double({ min: -5, max: 5, noNaN: true }));
  const dist = (m: ArrayLike<number>, p: readonly number[]) => Math.hypot(m[12] - p[0], m[13] - p[1], m[14] - p[2]);
  it('INSIDE keeps the owner within the distance, OUTSIDE beyond it, ON_SURFACE at it', () => {
    fc.assert(fc.property(positiveScaled, point, fc.double({ min: 0.1, max: 6, noNaN: true }), (m, t, d) => {
      fc.pre(dist(m, t) > 1e-6);
      const target = translation(t[0], t[1], t[2]);
      expect(dist(bound(limitDistance, { distance: d, limitMode: 'LIMITDIST_INSIDE' })(m, target), t)).toBeLessThanOrEqual(d + 1e-9);
      expect(dist(bound(limitDistance, { distance: d, limitMode: 'LIMITDIST_OUTSIDE' })(m, target), t)).toBeGreaterThanOrEqual(d - 1e-9);
      expect(dist(bound(limitDistance, { distance: d, limitMode: 'LIMITDIST_ONSURFACE' })(m, target), t)).toBeCloseTo(d, 9);
    }));
  });

  it('distance 0 takes the distance of the first evaluation and keeps it', () => {
    const run = bound(limitDistance, { distance: 0, limitMode: 'LIMITDIST_INSIDE' });
    const target = translation(0, 0, 0);
    expect(run(translation(2, 0, 0), target)[12]).toBe(2);
    // Further away later: pulled back to the captured 2.
    expect(run(translation(5, 0, 0), target)[12]).toBeCloseTo(2, 12);
  });
});

describe('Limit Transform', () => {
  it('keeps location, Euler XYZ angles and scale within every enabled bound', () => {
    const angle = fc.double({ min: -1.4, max: 1.4, noNaN: true });
    fc.assert(fc.property(vecBounds(-5, 5), vecBounds(-1.4, 1.4), vecBounds(0.1, 4), fc.tuple(angle, angle, angle), fc.array(fc.boolean(), { minLength: 18, maxLength: 18 }), (loc, rot, scl, e, f) => {
      const m = eulerToMat4(new Float64Array(16), e, 'XYZ');
      for (let c = 0; c < 3; c++) for (let r = 0; r < 3; r++) m[4 * c + r] *= 0.5 + c;
      m[12] = 3; m[13] = -4; m[14] = 0.5;
      const axes = ['X', 'Y', 'Z'];
      const p: Record<string, number[] | boolean> = { locationMin: loc[0], locationMax: loc[1], rotationMin: rot[0], rotationMax: rot[1], scaleMin: scl[0], scaleMax: scl[1] };
      ['Location', 'Rotation', 'Scale'].forEach((ch, k) => { axes.forEach((a, i) => {
        p[`use${ch}Min${a}`] = f[6 * k + 2 * i];
        p[`use${ch}Max${a}`] = f[6 * k + 2 * i + 1];
      }); });
      const out = bound(limitTransform, p)(m);
      const got = mat4ToEuler(new Float64Array(3), out, 'XYZ');
      for (let i = 0; i < 3; i++) {
        const check = (v: number, k: number, b: number[][], eps: number) => {
          if (f[6 * k + 2 * i]) expect(v).toBeGreaterThanOrEqual(b[0][i] - eps);
          if (f[6 * k + 2 * i + 1]) expect(v).toBeLessThanOrEqual(b[1][i] + eps);
        };
        check(out[12 + i], 0, loc, 0);
        check(got[i], 1, rot, 1e-9);
        check(axisLength(out, i), 2, scl, 1e-9);
      }
    }));
  });

  it('with no bound on leaves the owner exactly (no shear removed)', () => {
    fc.assert(fc.property(anyMatrix, (m) => {
      expect(Array.from(bound(limitTransform)(m))).toEqual(Array.from(m));
    }));
  });
});

// [min, max] vectors with min ≤ max per axis.
function vecBounds(lo: number, hi: number) {
  const d = fc.double({ min: lo, max: hi, noNaN: true });
  return fc.tuple(fc.tuple(d, d), fc.tuple(d, d), fc.tuple(d, d)).map((pairs) => {
    const min = pairs.map(([a, b]) => Math.min(a, b));
    const max = pairs.map(([a, b]) => Math.max(a, b));
    return [min, max];
  });
}
