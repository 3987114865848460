import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FORWARD_AXES, followPath, UP_AXES } from '../../../../nodes/constraints/relationship/follow-path';
import type { SceneObject } from '../../../../runtime/rig/scene/types';
import { allFinite, anyInfluence, anyMatrix, bound, curveHandle, evaluateGraph, IDENTITY, maxDiff, mul, oneNodeGraph, quaternion, rigid, scene, sceneObject, sceneTransform, translation, trs } from '../../harness';

const coord = fc.double({ min: -5, max: 5, noNaN: true });
const point: fc.Arbitrary<number[]> = fc.tuple(coord, coord, coord).map((p) => [...p]);
/** 2–8 points, now and then with repeated points. */
const polyline: fc.Arbitrary<number[][]> = fc.array(point, { minLength: 2, maxLength: 8 }).chain((pts) =>
  fc.constantFrom(pts, [...pts.slice(0, 1), ...pts]));
/** Degenerate curves: no points, one point, every point the same, two points a hair apart. */
const degenerateCurve: fc.Arbitrary<number[][]> = fc.oneof(
  fc.constant([] as number[][]),
  point.map((p) => [p]),
  point.chain((p) => fc.integer({ min: 2, max: 5 }).map((n) => Array.from({ length: n }, () => [...p]))),
  point.map((p) => [p, [p[0] + 1e-12, p[1], p[2]]]),
  point.map((p) => [p, [p[0] + 1e300, p[1], p[2]]]),
);
const anyParams = fc.record({
  useFixedLocation: fc.boolean(),
  offsetFactor: fc.oneof(fc.double({ min: -3, max: 3, noNaN: true }), fc.constantFrom(0, 1, 1e300, -1e300)),
  offset: fc.oneof(fc.double({ min: -500, max: 500, noNaN: true }), fc.constantFrom(1e300)),
  useCurveFollow: fc.boolean(),
  forwardAxis: fc.constantFrom(...FORWARD_AXES),
  upAxis: fc.constantFrom(...UP_AXES),
  useCurveRadius: fc.boolean(),
});

/** The point at fraction t of the local arc length (open polyline, t in [0, 1]), computed directly. */
function pointAt(pts: number[][], t: number): number[] {
  const lens = pts.slice(1).map((p, i) => Math.hypot(p[0] - pts[i][0], p[1] - pts[i][1], p[2] - pts[i][2]));
  const total = lens.reduce((a, b) => a + b, 0);
  let goal = t * total;
  for (let i = 0; i < lens.length; i++) {
    if (goal <= lens[i] || i === lens.length - 1) {
      const f = lens[i] > 0 ? goal / lens[i] : 0;
      return [0, 1, 2].map((k) => pts[i][k] + f * (pts[i + 1][k] - pts[i][k]));
    }
    goal -= lens[i];
  }
  return pts[0];
}

const apply = (m: ArrayLike<number>, p: number[]) => [0, 1, 2].map((r) => m[r] * p[0] + m[4 + r] * p[1] + m[8 + r] * p[2] + m[12 + r]);

describe('Follow Path', () => {
  it('gives finite output for any finite owner, curve matrix, curve shape and settings', () => {
    fc.assert(fc.property(anyMatrix, anyMatrix, fc.oneof(polyline, degenerateCurve), fc.boolean(), fc.constantFrom('MINIMUM', 'Z_UP'), anyParams,
      (o, curveWorld, pts, cyclic, twist, params) => {
        const k = bound(followPath, params, { target: curveHandle(pts, cyclic, { twist: twist, radius: Float64Array.from(pts.map((_, i) => (i % 3) - 0.5)) }) });
        expect(allFinite(k(o, curveWorld))).toBe(true);
      }), { numRuns: 800 });
  });

  it('with a fixed position, an unrotated owner lies on the polyline at that fraction of its local length', () => {
    const curveWorld = fc.tuple(fc.tuple(coord, coord, coord), quaternion, fc.tuple(fc.double({ min: 0.3, max: 3, noNaN: true }), fc.double({ min: 0.3, max: 3, noNaN: true }), fc.double({ min: 0.3, max: 3, noNaN: true })))
      .map(([t, q, s]) => trs(t, q, s));
    fc.assert(fc.property(fc.array(point, { minLength: 2, maxLength: 8 }), curveWorld, fc.double({ min: 0, max: 1, noNaN: true }), fc.boolean(), (pts, world, t, follow) => {
      const lens = pts.slice(1).map((p, i) => Math.hypot(p[0] - pts[i][0], p[1] - pts[i][1], p[2] - pts[i][2]));
      fc.pre(lens.every((l) => l > 1e-3));
      const m = bound(followPath, { useFixedLocation: true, offsetFactor: t, useCurveFollow: follow }, { target: curveHandle(pts) })(IDENTITY, world);
      const want = apply(world, pointAt(pts, t));
      expect(Math.hypot(m[12] - want[0], m[13] - want[1], m[14] - want[2])).toBeLessThan(1e-9);
    }), { numRuns: 400 });
  });

  it('Evaluation Time: (time − offset) / duration, clamped to the ends of an open path', () => {
    const pts = [[0, 0, 0], [2, 0, 0], [2, 2, 0]];
    const at = (evalTime: number, offset: number, useClamp: boolean) => {
      const k = bound(followPath, { offset }, { target: curveHandle(pts, false, { evalTime, pathDuration: 40, useClamp }) });
      const m = k(IDENTITY, IDENTITY);
      return [m[12], m[13], m[14]].map((x) => +x.toFixed(12));
    };
    expect(at(30, 10, true)).toEqual([2, 0, 0]); // t = ½: the corner, half of the length 4
    expect(at(30, 0, true)).toEqual([2, 1, 0]); // t = ¾
    expect(at(100, 0, true)).toEqual([2, 2, 0]); // t = 2.5 clamped to the end
    expect(at(100, 0, false)).toEqual([2, 8, 0]); // unclamped: straight on past the end
    expect(at(-20, 0, false)).toEqual([-2, 0, 0]); // and before the start (t = −½: 2 back along the first segment)
  });

  it('a cyclic path wraps around, including its closing segment', () => {
    const square = [[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]];
    const k = (t: number) => bound(followPath, { useFixedLocation: true, offsetFactor: t }, { target: curveHandle(square, true) })(IDENTITY, IDENTITY);
    expect(maxDiff(k(0.875).subarray(12, 15), [0, 0.5, 0])).toBeLessThan(1e-12); // on the closing segment
    expect(maxDiff(k(1.125).subarray(12, 15), [0.5, 0, 0])).toBeLessThan(1e-12);
    expect(maxDiff(k(-0.125).subarray(12, 15), [0, 0.5, 0])).toBeLessThan(1e-12);
  });

  it('Follow Curve on a level straight path: the forward axis runs along it and the up axis points up', () => {
    const combos = FORWARD_AXES.flatMap((f, fi) => UP_AXES.map((u, ui) => [f, u, fi, ui] as const)).filter(([, , fi, ui]) => fi % 3 !== ui);
    fc.assert(fc.property(fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), fc.constantFrom(...combos), fc.constantFrom('MINIMUM', 'Z_UP'), fc.double({ min: 0, max: 1, noNaN: true }),
      (heading, [forwardAxis, upAxis, fi, ui], twist, t) => {
        const d = [Math.cos(heading), Math.sin(heading), 0];
        const pts = [0, 1, 2.5, 4].map((s) => [1 + s * d[0], -2 + s * d[1], 0.5]);
        const m = bound(followPath, { useFixedLocation: true, offsetFactor: t, useCurveFollow: true, forwardAxis, upAxis }, { target: curveHandle(pts, false, { twist: twist }) })(IDENTITY, IDENTITY);
        const sign = fi > 2 ? -1 : 1;
        const fwd = [m[4 * (fi % 3)], m[4 * (fi % 3) + 1], m[4 * (fi % 3) + 2]].map((x) => x * sign);
        expect(maxDiff(fwd, d)).toBeLessThan(1e-9);
        expect(maxDiff([m[4 * ui], m[4 * ui + 1], m[4 * ui + 2]], [0, 0, 1])).toBeLessThan(1e-9);
      }), { numRuns: 300 });
  });

  it('keeps the owner\'s scale unless Curve Radius is on, which scales by the radius interpolated along the segment', () => {
    fc.assert(fc.property(rigid, fc.double({ min: 0, max: 1, noNaN: true }), (o, t) => {
      const pts = [[0, 0, 0], [4, 0, 0]];
      const target = curveHandle(pts, false, { radius: Float64Array.from([1, 3]) });
      const plain = bound(followPath, { useFixedLocation: true, offsetFactor: t, useCurveFollow: true }, { target })(o, IDENTITY);
      for (let c = 0; c < 3; c++) expect(Math.hypot(plain[4 * c], plain[4 * c + 1], plain[4 * c + 2])).toBeCloseTo(Math.hypot(o[4 * c], o[4 * c + 1], o[4 * c + 2]), 9);
      const scaled = bound(followPath, { useFixedLocation: true, offsetFactor: t, useCurveFollow: true, useCurveRadius: true }, { target })(o, IDENTITY);
      const r = 1 + 2 * t;
      for (let c = 0; c < 3; c++) expect(Math.hypot(scaled[4 * c], scaled[4 * c + 1], scaled[4 * c + 2])).toBeCloseTo(r * Math.hypot(o[4 * c], o[4 * c + 1], o[4 * c + 2]), 9);
    }), { numRuns: 200 });
  });

  it('the target is curve world · path point, and the owner rides on it: target · owner', () => {
    const pts = [[0, 0, 0], [1, 0, 0], [1, 1, 0]];
    const world = translation(3, -1, 2);
    const o = translation(0.5, 0.25, -1);
    const m = bound(followPath, { useFixedLocation: true, offsetFactor: 0.25 }, { target: curveHandle(pts) })(o, world);
    expect(maxDiff(m, mul(mul(world, translation(0.5, 0, 0)), o))).toBeLessThan(1e-12);
  });

  it('leaves the owner alone when the input is not a curve object', () => {
    const o = trs([1, 2, 3], [0.1, 0.2, 0.3, 0.9], [1, 2, 3]);
    expect(maxDiff(bound(followPath, { useFixedLocation: true, offsetFactor: 0.5 })(o, translation(5, 5, 5)), o)).toBe(0);
  });

  it('stays finite in a program for degenerate curves and scenes and influence outside 0…1', () => {
    fc.assert(fc.property(sceneTransform, sceneTransform, fc.oneof(polyline, degenerateCurve), fc.boolean(), anyInfluence, anyParams, ([ot, oq, os], [ct, cq, cs], pts, cyclic, influence, params) => {
      const path: SceneObject = sceneObject('Path', ct, cq, cs, { type: 'CURVE', curve: { splines: pts.length ? [{ type: 'POLY', points: pts, cyclic }] : [], path_duration: 50, eval_time: 7, use_path_clamp: true, twist_mode: 'MINIMUM' } });
      const sc = scene([sceneObject('Owner', ot, oq, os), path]);
      const p = evaluateGraph(oneNodeGraph(followPath, 'Owner', { ...params, influence }, { target: 'Path' }), sc);
      expect(allFinite(p.ownerMatrix('Owner')!)).toBe(true);
    }), { numRuns: 200 });
  });

  it('maps every FOLLOW_PATH property', () => {
    const m = followPath.blender!;
    for (const prop of ['use_fixed_location', 'offset_factor', 'offset', 'use_curve_follow', 'forward_axis', 'up_axis', 'use_curve_radius', 'target_space']) {
      expect(m.params[prop] ?? m.ignore?.includes(prop), prop).toBeTruthy();
    }
  });
});
