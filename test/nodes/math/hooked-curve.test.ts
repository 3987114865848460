// A curve moved by hooks (nodes/math/hook.ts, bezier-handles.ts, hooked-curve.ts): fidelity to
// Blender is the round trip's (test/blender/hooked-curves.test.ts); these check the properties the
// code must have on any input. A hook whose target is where it was set moves nothing; a hook moves
// a point by its strength times the falloff, nothing past the radius; AUTO and VECTOR handles follow
// their points under any rotation, uniform scale and move (Blender's are made from the points
// alone), and FREE and ALIGNED ones stay where the points put them; the path is made again only
// when the curve or a target moved.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HANDLE_ALIGNED, HANDLE_AUTO, HANDLE_FREE, HANDLE_VECTOR, setBezierHandles } from '../../../nodes/math/bezier-handles';
import { applyHook, type Hook } from '../../../nodes/math/hook';
import { updateHookedCurve } from '../../../nodes/math/hooked-curve';
import { composeMat4, invertMat4, multiplyMat4, transformPointByMat4Of } from '../../../nodes/math/matrix';
import { bindHookedCurve } from '../../../runtime/rig/hooked-curves';
import type { SceneCurve } from '../../../runtime/rig/scene/types';
import { unitQuat, vec3 } from './helpers';

const scale = fc.double({ min: 0.2, max: 5, noNaN: true });
/** A rotation, a uniform scale and a move. */
const similarity = fc.tuple(vec3, unitQuat, scale).map(([t, q, s]) => composeMat4(new Float64Array(16), t, q, [s, s, s]));
const matrix = fc.tuple(vec3, unitQuat, fc.tuple(scale, scale, scale)).map(([t, q, s]) => composeMat4(new Float64Array(16), t, q, s));
const points = (n: number) => fc.array(vec3, { minLength: n, maxLength: n }).map((ps) => Float64Array.from(ps.flatMap((p) => [...p])));

function hookOf(target: Float64Array, parentInverse: Float64Array, indices: number[], extra: Partial<Hook> = {}): Hook {
  return { target: { final: target }, parentInverse, center: new Float64Array(3), uniform: undefined, strength: 1, radius: 0, falloff: 0, indices: Uint32Array.from(indices), ...extra };
}

function transformAll(m: Float64Array, coords: Float64Array): Float64Array {
  const out = new Float64Array(coords.length), p = new Float64Array(3);
  for (let i = 0; i < coords.length; i += 3) out.set(transformPointByMat4Of(p, m, coords.subarray(i, i + 3)), i);
  return out;
}

const close = (a: ArrayLike<number>, b: ArrayLike<number>, tol: number) => Array.from(a).every((v, i) => Math.abs(v - b[i]) <= tol * (1 + Math.abs(b[i])));

describe('a Hook modifier', () => {
  it('whose target stands where the hook was set moves nothing (the reset matrix undoes it)', () => {
    fc.assert(fc.property(matrix, matrix, points(4), (object, target, coords) => {
      // Reset: the parent inverse is the inverse of the target in the object's space.
      const inObject = multiplyMat4(new Float64Array(16), invertedOf(object), target);
      const hook = hookOf(target, invertedOf(inObject), [0, 1, 2, 3]);
      const moved = Float64Array.from(coords);
      applyHook(moved, hook, object);
      expect(close(moved, coords, 1e-9)).toBe(true);
    }));
  });

  it('moves its points by its strength toward where the target takes them, and past the falloff radius not at all', () => {
    fc.assert(fc.property(matrix, points(3), fc.double({ min: 0.05, max: 1, noNaN: true }), fc.double({ min: 0.5, max: 5, noNaN: true }), (target, coords, strength, radius) => {
      const identity = composeMat4(new Float64Array(16), [0, 0, 0], [0, 0, 0, 1], [1, 1, 1]);
      const full = transformAll(target, coords);
      // No falloff: a straight blend by the strength.
      const moved = Float64Array.from(coords);
      applyHook(moved, hookOf(target, identity, [0, 1, 2], { strength }), identity);
      expect(close(moved, coords.map((c, i) => c + (full[i] - c) * strength), 1e-9)).toBe(true);
      // A LINEAR falloff centered on point 0: point 0 gets the whole strength, a point past the radius nothing.
      const far = Float64Array.from(coords);
      for (let k = 0; k < 3; k++) far[3 + k] = coords[k] + (k === 0 ? radius * 1.01 : 0);
      const fell = Float64Array.from(far);
      applyHook(fell, hookOf(target, identity, [0, 1], { strength, radius, falloff: 2, center: far.slice(0, 3) }), identity);
      expect(close(fell.subarray(0, 3), far.subarray(0, 3).map((c, k) => c + (full[k] - c) * strength), 1e-9)).toBe(true);
      expect(Array.from(fell.subarray(3, 6))).toEqual(Array.from(far.subarray(3, 6)));
    }));
  });
});

function invertedOf(m: Float64Array): Float64Array {
  const out = new Float64Array(16);
  invertMat4(out, m);
  return out;
}

describe('Bezier handles set again after the points move', () => {
  const kind = fc.constantFrom(HANDLE_FREE, HANDLE_AUTO, HANDLE_VECTOR, HANDLE_ALIGNED);
  it('AUTO and VECTOR handles follow their points under a rotation, a uniform scale and a move; FREE and ALIGNED ones are left alone', () => {
    // Away from Blender's own degenerate cases, which are not scale-free: coinciding points (a zero
    // distance counts as 1) and a point where the curve turns straight back (no bisector).
    const spread = ([coords, , cyclic]: [Float64Array, number[], boolean, Float64Array]) => {
      const n = coords.length / 9, at = (i: number) => coords.subarray(9 * ((i + n) % n) + 3, 9 * ((i + n) % n) + 6);
      const unit = (a: Float64Array, b: Float64Array) => { const d = [b[0] - a[0], b[1] - a[1], b[2] - a[2]], l = Math.hypot(...d); return { l, u: d.map((x) => x / l) }; };
      for (let i = 0; i < n; i++) {
        if (!cyclic && i === n - 1) break;
        if (unit(at(i), at(i + 1)).l < 0.1) return false;
        if (cyclic || i > 0) { const a = unit(at(i - 1), at(i)).u, b = unit(at(i), at(i + 1)).u; if (Math.hypot(a[0] + b[0], a[1] + b[1], a[2] + b[2]) < 0.1) return false; }
      }
      return true;
    };
    fc.assert(fc.property(fc.integer({ min: 2, max: 6 }).chain((n) => fc.tuple(points(3 * n), fc.array(kind, { minLength: 2 * n, maxLength: 2 * n }), fc.boolean(), similarity)).filter(spread), ([coords, types, cyclic, m]) => {
      const n = coords.length / 9, t = Uint8Array.from(types);
      const moved = transformAll(m, coords);
      const before = Float64Array.from(moved);
      setBezierHandles(moved, t, n, cyclic);
      const set = Float64Array.from(coords);
      setBezierHandles(set, t, n, cyclic);
      expect(close(moved, transformAll(m, set), 1e-7)).toBe(true);
      for (let i = 0; i < n; i++) {
        for (const [side, at] of [[0, 9 * i], [1, 9 * i + 6]] as const) {
          const h = t[2 * i + side];
          // Points never move, and FREE and ALIGNED handles stay.
          expect(Array.from(moved.subarray(9 * i + 3, 9 * i + 6))).toEqual(Array.from(before.subarray(9 * i + 3, 9 * i + 6)));
          if (h === HANDLE_FREE || h === HANDLE_ALIGNED) expect(Array.from(moved.subarray(at, at + 3))).toEqual(Array.from(before.subarray(at, at + 3)));
        }
      }
    }));
  });

  it('an AUTO handle of a point between two at equal distances on a line lies 0.39 of the way (Blender\'s 2.5614), a VECTOR one a third', () => {
    const c = Float64Array.of(0, 0, 0, 0, 0, 0, 0, 0, 0, 9, 9, 9, 0, 0, 3, 9, 9, 9, 9, 9, 9, 0, 0, 6, 9, 9, 9);
    setBezierHandles(c, Uint8Array.of(HANDLE_FREE, HANDLE_FREE, HANDLE_AUTO, HANDLE_VECTOR, HANDLE_FREE, HANDLE_FREE), 3, false);
    expect(c[11]).toBeCloseTo(3 - (2 * 3) / (2 * 2.5614), 12);
    expect(c[17]).toBeCloseTo(4, 12);
  });
});

describe('a hooked curve', () => {
  // A POLY curve of three points, the middle one hooked to a target.
  const curve: SceneCurve = {
    splines: [{ points: [[0, 0, 0], [1, 0, 0], [2, 0, 0]], control: { co: [[0, 0, 0], [1, 0, 0], [2, 0, 0]] } }],
    hooks: [{ object: 'T', matrix_inverse: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], indices: [1] }],
  };
  it('makes its path again only when the curve or a target moved, and then from where the hooks put the points', () => {
    const target = { final: composeMat4(new Float64Array(16), [0, 1, 0], [0, 0, 0, 1], [1, 1, 1]) };
    const { hooked, reads } = bindHookedCurve(curve, (id) => (id === 'T' ? target : undefined))!;
    expect(reads).toEqual([target]);
    const world = composeMat4(new Float64Array(16), [0, 0, 0], [0, 0, 0, 1], [1, 1, 1]);
    const path = updateHookedCurve(hooked, world);
    expect(Array.from(path.points.subarray(0, 9))).toEqual([0, 0, 0, 1, 1, 0, 2, 0, 0]);
    expect(path.length).toBeCloseTo(2 * Math.SQRT2, 12);
    const moves = hooked.moves;
    updateHookedCurve(hooked, Float64Array.from(world));
    expect(hooked.moves).toBe(moves);
    target.final[13] = 2;
    updateHookedCurve(hooked, world);
    expect(hooked.moves).toBe(moves + 1);
    expect(Array.from(path.points.subarray(3, 6))).toEqual([1, 2, 0]);
    // The curve moved, the target not: the point is where the target is in the curve's space.
    world[12] = 1;
    updateHookedCurve(hooked, world);
    expect(Array.from(path.points.subarray(3, 6))).toEqual([0, 2, 0]);
  });
});

describe('a hooked NURBS curve', () => {
  // Three path points: the first control point, the mean of the two, the second; end directions from the end points.
  const curve: SceneCurve = {
    splines: [{
      points: [[0, 0, 0], [0.5, 0, 0], [1, 0, 0]], end_directions: [[1, 0, 0], [1, 0, 0]],
      control: { co: [[0, 0, 0], [1, 0, 0]], nurbs_basis: [[[0, 1]], [[0, 0.5], [1, 0.5]], [[1, 1]]] },
    }],
    hooks: [{ object: 'T', matrix_inverse: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], indices: [1] }],
  };
  it('makes its path points as the weighted sums of the moved control points, and its end directions from its end points', () => {
    const target = { final: composeMat4(new Float64Array(16), [0, 2, 0], [0, 0, 0, 1], [1, 1, 1]) };
    const { hooked } = bindHookedCurve(curve, (id) => (id === 'T' ? target : undefined))!;
    const path = updateHookedCurve(hooked, composeMat4(new Float64Array(16), [0, 0, 0], [0, 0, 0, 1], [1, 1, 1]));
    expect(Array.from(path.points.subarray(0, 9))).toEqual([0, 0, 0, 0.5, 1, 0, 1, 2, 0]);
    expect(Array.from(hooked.endDirections!)).toEqual([1, 2, 0, 1, 2, 0]);
  });
});
