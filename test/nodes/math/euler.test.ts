import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EULER_ORDERS,
  compatibleEuler,
  eulerToMat3,
  eulerToMat4,
  mat3NormalizedToCompatibleEuler,
  mat3NormalizedToEuler,
  mat3ToEuler,
  mat4ToEuler,
  type EulerOrder,
} from '../../../nodes/math/euler';
import { axisAngleToMat3 } from '../../../nodes/math/axis-angle';
import { eulerToQuat, quatToMat3 } from '../../../nodes/math/quaternion';
import { referenceNormalizedToCompatibleEuler, referenceNormalizedToEuler, referenceTwoEulers } from './euler-reference/euler';
import { angle, basis3, euler, expectClose, loadFixtures, mul3, orthonormalError } from './helpers';

const order = fc.constantFrom(...EULER_ORDERS);
const AXES = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
];

function elementary(axis: number, a: number): Float64Array {
  return axisAngleToMat3(new Float64Array(9), AXES[axis], a);
}

describe('eulerToMat3', () => {
  it('applies the first named axis first: R = R(third)·R(second)·R(first)', () => {
    fc.assert(
      fc.property(euler, order, (e, o) => {
        const ax = Array.from(o, (c) => 'XYZ'.indexOf(c));
        const expected = mul3(elementary(ax[2], e[ax[2]]), mul3(elementary(ax[1], e[ax[1]]), elementary(ax[0], e[ax[0]])));
        expectClose(eulerToMat3(new Float64Array(9), e, o), expected, 1e-14, o);
      }),
    );
  });

  it('XYZ is Rz·Ry·Rx and ZXY is Ry·Rx·Rz (README conventions)', () => {
    const e = [0.3, -0.7, 1.1];
    const [rx, ry, rz] = [elementary(0, e[0]), elementary(1, e[1]), elementary(2, e[2])];
    expectClose(eulerToMat3(new Float64Array(9), e, 'XYZ'), mul3(rz, mul3(ry, rx)), 1e-15);
    expectClose(eulerToMat3(new Float64Array(9), e, 'ZXY'), mul3(ry, mul3(rx, rz)), 1e-15);
  });

  it('agrees with eulerToQuat', () => {
    fc.assert(
      fc.property(euler, order, (e, o) => {
        const q = eulerToQuat(new Float64Array(4), e, o);
        expect(Math.abs(Math.hypot(...q) - 1)).toBeLessThan(1e-14);
        expectClose(quatToMat3(new Float64Array(9), q), eulerToMat3(new Float64Array(9), e, o), 1e-14, o);
      }),
    );
  });

  it('eulerToMat4 is the same rotation with identity translation', () => {
    const m = eulerToMat4(new Float64Array(16).fill(7), [0.1, 0.2, 0.3], 'YZX');
    expectClose(basis3(m), eulerToMat3(new Float64Array(9), [0.1, 0.2, 0.3], 'YZX'), 0);
    expect(Array.from(m.slice(12))).toEqual([0, 0, 0, 1]);
    expect([m[3], m[7], m[11]]).toEqual([0, 0, 0]);
  });
});

describe('mat3ToEuler', () => {
  it('round-trips euler → matrix → euler → matrix for every order', () => {
    fc.assert(
      fc.property(euler, order, (e, o) => {
        const m = eulerToMat3(new Float64Array(9), e, o);
        const back = mat3NormalizedToEuler(new Float64Array(3), m, o);
        expectClose(eulerToMat3(new Float64Array(9), back, o), m, 1e-12, o);
        // Blender keeps the smaller of the two solutions: never larger than the wrapped input.
        for (const x of back) expect(Math.abs(x)).toBeLessThanOrEqual(Math.PI + 1e-12);
      }),
      { numRuns: 500 },
    );
  });

  it('returns the input angles when they are in the principal range', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: -1.4, max: 1.4, noNaN: true }),
        fc.double({ min: -3, max: 3, noNaN: true }),
        order,
        (x, y, z, o) => {
          const ax = Array.from(o, (c) => 'XYZ'.indexOf(c));
          const e = new Float64Array(3);
          e[ax[0]] = x;
          e[ax[1]] = y;
          e[ax[2]] = z;
          // The other solution (π+x, π−y, π+z) has a larger sum of magnitudes unless |x|+|z| is large.
          fc.pre(Math.abs(x) + Math.abs(z) + Math.abs(y) < Math.PI);
          const back = mat3ToEuler(new Float64Array(3), eulerToMat3(new Float64Array(9), e, o), o);
          expectClose(back, e, 1e-12, o);
        },
      ),
    );
  });

  it('handles gimbal lock (middle angle ±90°) with the third angle zero', () => {
    for (const o of EULER_ORDERS) {
      const ax = Array.from(o, (c) => 'XYZ'.indexOf(c));
      for (const mid of [Math.PI / 2, -Math.PI / 2]) {
        const e = new Float64Array(3);
        e[ax[0]] = 0.4;
        e[ax[1]] = mid;
        e[ax[2]] = -0.3;
        const m = eulerToMat3(new Float64Array(9), e, o);
        const back = mat3NormalizedToEuler(new Float64Array(3), m, o);
        expect(Math.abs(back[ax[2]])).toBe(0);
        expectClose(eulerToMat3(new Float64Array(9), back, o), m, 1e-12, `${o} gimbal`);
      }
    }
  });

  it('ignores column scale (mat3ToEuler / mat4ToEuler normalize first)', () => {
    fc.assert(
      fc.property(euler, order, fc.double({ min: 0.1, max: 10, noNaN: true }), (e, o, s) => {
        const m = eulerToMat3(new Float64Array(9), e, o);
        const scaled = m.map((x, i) => x * (i < 3 ? s : i < 6 ? 2 * s : 0.5));
        const m4 = eulerToMat4(new Float64Array(16), e, o);
        for (let i = 0; i < 3; i++) m4[i] *= 3;
        const ref = mat3NormalizedToEuler(new Float64Array(3), m, o);
        expectClose(mat3ToEuler(new Float64Array(3), scaled, o), ref, 1e-12);
        expectClose(mat4ToEuler(new Float64Array(3), m4, o), ref, 1e-12);
      }),
    );
  });
});

describe('compatibleEuler', () => {
  it('only ever moves angles by whole turns and keeps the matrix', () => {
    fc.assert(
      fc.property(euler, euler, order, (e, old, o) => {
        const c = compatibleEuler(new Float64Array(3), e, old);
        for (let i = 0; i < 3; i++) {
          const turns = (c[i] - e[i]) / (2 * Math.PI);
          expect(Math.abs(turns - Math.round(turns))).toBeLessThan(1e-9);
        }
        expectClose(eulerToMat3(new Float64Array(9), c, o), eulerToMat3(new Float64Array(9), e, o), 1e-12);
      }),
    );
  });

  it('wraps a value 2π away back next to the old one', () => {
    const c = compatibleEuler(new Float64Array(3), [0.1 + 2 * Math.PI, -0.2, 0.3 - 4 * Math.PI], [0, 0, 0]);
    expectClose(c, [0.1, -0.2, 0.3], 1e-12);
  });

  it('mat3NormalizedToCompatibleEuler picks the solution nearest the old angles', () => {
    fc.assert(
      fc.property(euler, order, (e, o) => {
        const m = eulerToMat3(new Float64Array(9), e, o);
        const c = mat3NormalizedToCompatibleEuler(new Float64Array(3), m, e, o);
        expectClose(eulerToMat3(new Float64Array(9), c, o), m, 1e-12);
        // The input itself is a candidate after wrapping, so the pick is at least as close.
        const dist = Math.abs(c[0] - e[0]) + Math.abs(c[1] - e[1]) + Math.abs(c[2] - e[2]);
        expect(dist).toBeLessThan(1e-9 + 3 * Math.PI);
      }),
    );
  });
});

describe('Blender fixtures', () => {
  it('rotation_euler + rotation_mode give the rotation of every unparented Euler-mode object', () => {
    let checked = 0;
    for (const c of loadFixtures()) {
      for (const ob of c.objects) {
        if (ob.parent !== null || !(EULER_ORDERS as readonly string[]).includes(ob.rotation_mode)) continue;
        const world = c.expected_unconstrained.objects[ob.name];
        const m = basis3(world);
        // world = T·R·S: divide the columns by the scale.
        for (let col = 0; col < 3; col++) for (let r = 0; r < 3; r++) m[3 * col + r] /= ob.scale[col];
        const r = eulerToMat3(new Float64Array(9), ob.rotation_euler, ob.rotation_mode as EulerOrder);
        expectClose(r, m, 2e-6, `${c.name}/${ob.name}`);
        expect(orthonormalError(r)).toBeLessThan(1e-14);
        // And back: the recovered angles rebuild the same matrix.
        const back = mat3ToEuler(new Float64Array(3), m, ob.rotation_mode as EulerOrder);
        expectClose(eulerToMat3(new Float64Array(9), back, ob.rotation_mode as EulerOrder), r, 5e-6);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(200);
  });
});

describe('choosing between Blender\'s two solutions without making the second when the first is sure', () => {
  // Rotations of any angles, rotations a hair off gimbal lock (on either side of Blender's 16·FLT_EPSILON
  // switch), and arbitrary 3×3s (the functions take any numbers).
  const nearGimbal = fc.tuple(angle, fc.constantFrom(1, -1), fc.double({ min: -1e-5, max: 1e-5, noNaN: true }), angle, order).map(([a, side, off, c, o]) => {
    const ax = Array.from(o, (ch) => 'XYZ'.indexOf(ch));
    const e = new Float64Array(3);
    e[ax[0]] = a; e[ax[1]] = side * Math.PI / 2 + off; e[ax[2]] = c;
    return { m: eulerToMat3(new Float64Array(9), e, o), o };
  });
  const rotation = fc.tuple(euler, order).map(([e, o]) => ({ m: eulerToMat3(new Float64Array(9), e, o), o }));
  // Angles spread evenly as well: fast-check's doubles keep near 0, where both picks are easy.
  const spread = fc.integer({ min: -7e6, max: 7e6 }).map((x) => x / 1e6);
  const spreadRotation = fc.tuple(spread, spread, spread, order).map(([a, b, c, o]) => ({ m: eulerToMat3(new Float64Array(9), [a, b, c], o), o }));
  const anyMatrix = fc.tuple(fc.array(fc.oneof(fc.double({ min: -2, max: 2, noNaN: true }), fc.constantFrom(0, -0, 1)), { minLength: 9, maxLength: 9 }), order).map(([v, o]) => ({ m: Float64Array.from(v), o }));
  // First and last angles near a half turn: there Blender keeps the second solution.
  const halfTurn = fc.tuple(fc.double({ min: 2, max: 3.14, noNaN: true }), fc.boolean()).map(([a, flip]) => (flip ? -a : a));
  const flipped = fc.tuple(halfTurn, angle, halfTurn, order).map(([a, b, c, o]) => {
    const ax = Array.from(o, (ch) => 'XYZ'.indexOf(ch));
    const e = new Float64Array(3);
    e[ax[0]] = a; e[ax[1]] = b; e[ax[2]] = c;
    return { m: eulerToMat3(new Float64Array(9), e, o), o };
  });
  const matrix = fc.oneof({ weight: 2, arbitrary: rotation }, { weight: 2, arbitrary: spreadRotation }, { weight: 1, arbitrary: flipped }, { weight: 1, arbitrary: nearGimbal }, { weight: 1, arbitrary: anyMatrix });
  const big = fc.double({ min: -2e7, max: 2e7, noNaN: true });
  const old = fc.oneof(euler, fc.tuple(big, angle, angle).map((v) => Float64Array.from(v)), fc.constantFrom(Float64Array.of(0, 0, 0), Float64Array.of(1e15, 0, 0), Float64Array.of(NaN, 0, 0)));
  const same = (a: ArrayLike<number>, b: ArrayLike<number>) => Array.from(a).every((x, i) => Object.is(x, b[i]));

  it('mat3NormalizedToEuler gives Blender\'s pick, to the bit', () => {
    let second = 0, runs = 0;
    fc.assert(
      fc.property(matrix, ({ m, o }) => {
        const want = referenceNormalizedToEuler(m, o);
        const got = mat3NormalizedToEuler(new Float64Array(3), m, o);
        expect(same(got, want), `${o} ${Array.from(m)}: ${Array.from(got)} ≠ ${Array.from(want)}`).toBe(true);
        runs++;
        if (!same(want, referenceTwoEulers(m, o)[0])) second++;
      }),
      { numRuns: 3000 },
    );
    // Both outcomes were checked: Blender kept the second solution in some runs.
    expect(second).toBeGreaterThan(runs / 30);
  });

  it('mat3NormalizedToCompatibleEuler gives Blender\'s pick, to the bit, near old angles and far from them', () => {
    const nearOld = fc.tuple(matrix, fc.tuple(angle, angle, angle).map((n) => n.map((x) => x * 0.05))).map(([{ m, o }, noise]) => {
      const start = referenceNormalizedToEuler(m, o);
      return { m, o, old: Float64Array.from(start, (x, i) => x + noise[i]) };
    });
    // Old angles between the two solutions, where either may be the closer.
    const between = fc.tuple(matrix, fc.double({ min: 0.2, max: 0.8, noNaN: true })).map(([{ m, o }, t]) => {
      const [first, second] = referenceTwoEulers(m, o);
      return { m, o, old: Float64Array.from(first, (x, i) => x + t * (second[i] - x)) };
    });
    // One old angle so large that a whole turn is below its rounding (the wraps then leave both
    // solutions on the same numbers there), one anywhere, one near the first solution.
    const hugeOld = fc.tuple(spreadRotation, spread, spread, fc.integer({ min: 15, max: 18 }), fc.boolean(), fc.integer({ min: 0, max: 5 })).map(([{ m, o }, noise, anywhere, digits, negative, axes]) => {
      const huge = (1 + Math.abs(noise)) * 10 ** digits;
      const far = Float64Array.from(referenceTwoEulers(m, o)[0], (x) => x + 0.05 * noise);
      const hugeAxis = axes % 3, anyAxis = (hugeAxis + 1 + (axes >> 2 === 0 ? axes % 2 : 1)) % 3;
      far[hugeAxis] += negative ? -huge : huge;
      far[anyAxis] = anywhere;
      return { m, o, old: far };
    });
    const anyOld = fc.tuple(matrix, old).map(([{ m, o }, before]) => ({ m, o, old: before }));
    fc.assert(
      fc.property(fc.oneof(nearOld, between, hugeOld, anyOld), ({ m, o, old: before }) => {
        const want = referenceNormalizedToCompatibleEuler(m, before, o);
        const got = mat3NormalizedToCompatibleEuler(new Float64Array(3), m, before, o);
        expect(same(got, want), `${o} ${Array.from(m)} old ${Array.from(before)}: ${Array.from(got)} ≠ ${Array.from(want)}`).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});
