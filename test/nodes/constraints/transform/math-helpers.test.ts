// The math this group added to nodes/math: swing-twist split, rotate_eulO, channel-split products.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EULER_ORDERS, eulerToMat3 } from '../../../../nodes/math/euler';
import { rotateEuler } from '../../../../nodes/math/euler-rotate';
import { multiplyMat3, multiplyMat4 } from '../../../../nodes/math/matrix';
import { multiplyQuat } from '../../../../nodes/math/quaternion';
import { multiplyMat4AlignedScale, multiplyMat4SplitChannels } from '../../../../nodes/math/split-channels';
import { splitQuatSwingAndTwist } from '../../../../nodes/math/swing-twist';
import { anyMatrix, positiveScaled, quaternion, trs, vec3 } from '../../harness';

describe('splitQuatSwingAndTwist', () => {
  it('swing·twist rebuilds the (canonical) quaternion, the swing has no component on the axis', () => {
    fc.assert(fc.property(quaternion, fc.constantFrom<0 | 1 | 2>(0, 1, 2), (q0, axis) => {
      const l = Math.hypot(...q0);
      const q = new Float64Array(q0.map((v) => v / l));
      const swing = new Float64Array(4), twist = new Float64Array(4);
      const angle = splitQuatSwingAndTwist(q, axis, swing, twist);
      expect(Math.abs(swing[axis])).toBeLessThan(1e-12);
      const back = multiplyQuat(new Float64Array(4), swing, twist);
      const s = q[3] < 0 ? -1 : 1;
      for (let i = 0; i < 4; i++) expect(back[i]).toBeCloseTo(q[i] * s, 12);
      expect(Math.cos(angle / 2)).toBeCloseTo(twist[3], 12);
    }));
  });
});

describe('rotateEuler', () => {
  it('gives the angles of R(eul)·R(angle about the axis)', () => {
    const angle = fc.double({ min: -1.2, max: 1.2, noNaN: true });
    fc.assert(fc.property(fc.tuple(angle, angle, angle), fc.constantFrom(...EULER_ORDERS), fc.constantFrom<0 | 1 | 2>(0, 1, 2), angle, (e, order, axis, a) => {
      const t = [0, 0, 0];
      t[axis] = a;
      const turned = rotateEuler(new Float64Array(e), order, axis, t);
      const want = multiplyMat3(new Float64Array(9), eulerToMat3(new Float64Array(9), e, order), eulerToMat3(new Float64Array(9), t, order));
      const got = eulerToMat3(new Float64Array(9), turned, order);
      for (let i = 0; i < 9; i++) expect(got[i]).toBeCloseTo(want[i], 9);
    }));
  });
});

describe('channel-split products', () => {
  it('aligned-scale product equals the plain product when the left scale is uniform', () => {
    fc.assert(fc.property(vec3, quaternion, fc.double({ min: 0.2, max: 3, noNaN: true }), positiveScaled, (t, q, s, b) => {
      const a = trs(t, q, [s, s, s]);
      const want = multiplyMat4(new Float64Array(16), a, b);
      const got = multiplyMat4AlignedScale(new Float64Array(16), a, b);
      for (let i = 0; i < 16; i++) expect(got[i]).toBeCloseTo(want[i], 9);
    }));
  });

  it('split-channels adds locations, multiplies rotations and per-axis scales', () => {
    const a = trs([1, 2, 3], [0, 0, Math.SQRT1_2, Math.SQRT1_2], [2, 3, 4]);
    const b = trs([10, 20, 30], [0, 0, 0, 1], [5, 6, 7]);
    const out = multiplyMat4SplitChannels(new Float64Array(16), a, b);
    expect(Array.from(out.subarray(12, 15))).toEqual([11, 22, 33]);
    expect(Math.hypot(out[0], out[1], out[2])).toBeCloseTo(10, 12);
    expect(out[1]).toBeCloseTo(10, 12); // X turned onto Y by a's 90° about Z
  });

  it('both stay finite for any finite input', () => {
    fc.assert(fc.property(anyMatrix, anyMatrix, (a, b) => {
      const x = multiplyMat4SplitChannels(new Float64Array(16), a, b);
      const y = multiplyMat4AlignedScale(new Float64Array(16), a, b);
      // Huge locations may overflow to ±Infinity in the product (as in Blender); never NaN.
      for (let i = 0; i < 16; i++) { expect(Number.isNaN(x[i])).toBe(false); expect(Number.isNaN(y[i])).toBe(false); }
    }));
  });
});
