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
import { basis3, euler, expectClose, loadFixtures, mul3, orthonormalError } from './helpers';

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
