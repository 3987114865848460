import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { composeMat4 } from '../../../nodes/math/matrix';
import { rotateVec3ByQuat } from '../../../nodes/math/quaternion';
import { dampedTrack, applyTrackToQuat, vecToQuat } from '../../../nodes/math/track';
import { expectClose, expectFinite, nonZeroVec3, unitQuat, vec3 } from './helpers';

const AXES = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
  [-1, 0, 0],
  [0, -1, 0],
  [0, 0, -1],
];

const unit = (v: ArrayLike<number>) => {
  const l = Math.hypot(v[0], v[1], v[2]);
  return [v[0] / l, v[1] / l, v[2] / l];
};

// Blender's vec_to_quat swaps in a fixed rotation axis when v is within 1e-4 (|a|+|b|, absolute)
// of the tracked axis, so the aim is then only approximate.
function guardSlack(v: ArrayLike<number>, axis: number): number {
  const others = [0, 1, 2].filter((i) => i !== axis).reduce((s, i) => s + Math.abs(v[i]), 0);
  return others < 1e-4 ? 2e-4 / Math.hypot(v[0], v[1], v[2]) : 0;
}

describe('vecToQuat (vec_to_quat)', () => {
  it('aims the local axis against v for codes 0..2 and along v for 3..5, with a unit result', () => {
    fc.assert(
      fc.property(nonZeroVec3, fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 2 }), (v, axis, up) => {
        const q = vecToQuat(new Float64Array(4), v, axis, up);
        expect(Math.abs(Math.hypot(...q) - 1)).toBeLessThan(1e-12);
        const local = AXES[axis % 3];
        const sign = axis > 2 ? 1 : -1;
        expectClose(rotateVec3ByQuat(new Float64Array(3), q, local), unit(v).map((x) => sign * x), 1e-9 + guardSlack(v, axis % 3));
      }),
    );
  });

  it('is the identity for a zero vector', () => {
    expectClose(vecToQuat(new Float64Array(4), [0, 0, 0], 5, 1), [0, 0, 0, 1], 0);
  });
});

describe('applyTrackToQuat (quat_apply_track)', () => {
  it('turns a path frame (+Z along the path) so the forward axis follows the path', () => {
    fc.assert(
      fc.property(nonZeroVec3, fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 2 }), (d, fwd, up) => {
        fc.pre(up !== fwd % 3);
        const q = vecToQuat(new Float64Array(4), d, 5, 1);
        const t = applyTrackToQuat(new Float64Array(4), q, fwd, up);
        expect(Math.abs(Math.hypot(...t) - 1)).toBeLessThan(1e-12);
        const slack = guardSlack(d, 2);
        expectClose(rotateVec3ByQuat(new Float64Array(3), t, AXES[fwd]), unit(d), 1e-9 + slack);
        // The up axis is the image of the frame's own axis, so it is perpendicular to the path.
        const u = rotateVec3ByQuat(new Float64Array(3), t, AXES[up]);
        expect(Math.abs(u[0] * d[0] + u[1] * d[1] + u[2] * d[2])).toBeLessThan((1e-9 + slack) * Math.hypot(...d));
      }),
    );
  });
});

describe('dampedTrack (damptrack_do_transform)', () => {
  it('points the tracked axis at the direction by a minimal rotation, keeping translation and scale', () => {
    fc.assert(
      fc.property(vec3, unitQuat, fc.tuple(fc.double({ min: 0.2, max: 3, noNaN: true }), fc.double({ min: 0.2, max: 3, noNaN: true }), fc.double({ min: 0.2, max: 3, noNaN: true })), nonZeroVec3, fc.integer({ min: 0, max: 5 }), (loc, q, s, dir, axis) => {
        const m = composeMat4(new Float64Array(16), loc, q, s);
        const out = dampedTrack(new Float64Array(16), m, dir, axis);
        expectFinite(out);
        expectClose(out.slice(12), m.slice(12), 0);
        const a = AXES[axis];
        const tracked = [0, 1, 2].map((r) => out[r] * a[0] + out[4 + r] * a[1] + out[8 + r] * a[2]);
        expectClose(unit(tracked), unit(dir), 2e-7);
        for (let c = 0; c < 3; c++) expect(Math.hypot(out[4 * c], out[4 * c + 1], out[4 * c + 2])).toBeCloseTo(s[c], 12);
        // Minimal: the rotation axis (before × after) is left unchanged by the turn.
        const before = unit([0, 1, 2].map((r) => m[r] * a[0] + m[4 + r] * a[1] + m[8 + r] * a[2]));
        const after = unit(dir);
        const k = [before[1] * after[2] - before[2] * after[1], before[2] * after[0] - before[0] * after[2], before[0] * after[1] - before[1] * after[0]];
        fc.pre(Math.hypot(...k) > 1e-3);
        // Express k in m's local frame, then map it through out: it must come back as k.
        const inM = solve3(m, k);
        const mapped = [0, 1, 2].map((r) => out[r] * inM[0] + out[4 + r] * inM[1] + out[8 + r] * inM[2]);
        expectClose(mapped, k, 1e-9);
      }),
    );
  });

  it('turns 180° for an opposite direction and does nothing for a zero one', () => {
    const m = composeMat4(new Float64Array(16), [1, 2, 3], [0, 0, 0, 1], [1, 1, 1]);
    const out = dampedTrack(new Float64Array(16), m, [0, -5, 0], 1);
    expectClose([out[4], out[5], out[6]], [0, -1, 0], 1e-15);
    expectFinite(out);
    expectClose(dampedTrack(new Float64Array(16), m, [0, 0, 0], 1), m, 0);
    const same = Float64Array.from(m);
    dampedTrack(same, same, [0, 3, 0], 1);
    expectClose(same, m, 0);
  });
});

function solve3(m: ArrayLike<number>, b: number[]): number[] {
  // Cramer's rule on the 3x3 part of a 4x4.
  const c0 = [m[0], m[1], m[2]], c1 = [m[4], m[5], m[6]], c2 = [m[8], m[9], m[10]];
  const det = (a: number[], bb: number[], c: number[]) =>
    a[0] * (bb[1] * c[2] - bb[2] * c[1]) - bb[0] * (a[1] * c[2] - a[2] * c[1]) + c[0] * (a[1] * bb[2] - a[2] * bb[1]);
  const d = det(c0, c1, c2);
  return [det(b, c1, c2) / d, det(c0, b, c2) / d, det(c0, c1, b) / d];
}
