import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blendMatrices } from '../../../nodes/math/blend';
import { multiplyMat4, mat4ToScale } from '../../../nodes/math/matrix';
import { preparePath, samplePath, type PathTwist } from '../../../nodes/math/path';
import { multiplyQuat, rotateVec3ByQuat, quatToMat4 } from '../../../nodes/math/quaternion';
import { rotationBetweenToQuat } from '../../../nodes/math/rotation-between';
import { applyTrackToQuat, vecToQuat } from '../../../nodes/math/track';
import { expectClose, expectFinite, loadFixtures, vec3 } from './helpers';
import type { ParsedJson } from '../../parsed-json';

const FORWARD = ['FORWARD_X', 'FORWARD_Y', 'FORWARD_Z', 'TRACK_NEGATIVE_X', 'TRACK_NEGATIVE_Y', 'TRACK_NEGATIVE_Z'];
const UP = ['UP_X', 'UP_Y', 'UP_Z'];

const pointList = fc.array(vec3, { minLength: 1, maxLength: 8 }).map((pts) => Float64Array.from(pts.flatMap((p) => [...p])));
const twist = fc.constantFrom<PathTwist>('MINIMUM', 'Z_UP');
/** Points on a 0.1 grid: distinct points are at least 0.1 apart. */
const gridPoint = fc.tuple(fc.integer({ min: -30, max: 30 }), fc.integer({ min: -30, max: 30 }), fc.integer({ min: -30, max: 30 })).map((p) => p.map((x) => x / 10));

/** A handle direction: zero (a handle on its point), or clearly not. */
const endDirection = fc.oneof(fc.constant([0, 0, 0]), vec3.filter((v) => Math.hypot(v[0], v[1], v[2]) > 1e-6).map((v) => [...v]));

function unitOrZero(v: number[]): number[] {
  const l = Math.hypot(v[0], v[1], v[2]);
  return l > 1e-12 ? v.map((x) => x / l) : [0, 0, 0];
}

function distToSegment(p: ArrayLike<number>, a: ArrayLike<number>, b: ArrayLike<number>): number {
  const ab = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const ap = [p[0] - a[0], p[1] - a[1], p[2] - a[2]];
  const l2 = ab[0] ** 2 + ab[1] ** 2 + ab[2] ** 2;
  const s = l2 > 0 ? Math.max(0, Math.min(1, (ap[0] * ab[0] + ap[1] * ab[1] + ap[2] * ab[2]) / l2)) : 0;
  return Math.hypot(ap[0] - s * ab[0], ap[1] - s * ab[1], ap[2] - s * ab[2]);
}

describe('samplePath', () => {
  it('stays on the polyline for t in [0, 1] and hits the end points', () => {
    fc.assert(
      fc.property(pointList, fc.boolean(), twist, fc.double({ min: 0, max: 1, noNaN: true }), (pts, cyclic, tw, t) => {
        const path = preparePath(pts, null, cyclic, tw);
        const pos = new Float64Array(3), q = new Float64Array(4), r = new Float64Array(1);
        samplePath(pos, q, r, path, t);
        expectFinite(pos);
        expectFinite(q);
        expect(r[0]).toBe(1);
        const p = path.points;
        let best = Infinity;
        for (let s = 0; s < Math.max(path.segments, 1); s++) {
          const a = p.subarray(3 * s, 3 * s + 3);
          const b = p.subarray(3 * ((s + 1) % path.count), 3 * ((s + 1) % path.count) + 3);
          best = Math.min(best, distToSegment(pos, a, b));
        }
        expect(best).toBeLessThan(1e-9);
        samplePath(pos, q, null, path, 0);
        expectClose(pos, p.subarray(0, 3), 1e-12);
        samplePath(pos, q, null, path, 1);
        expectClose(pos, cyclic ? p.subarray(0, 3) : p.subarray(3 * path.count - 3), 1e-9);
      }),
    );
  });

  it('a point\'s tilt turns its frame about the path direction there by the tilt, in both twist modes (bevel_list_apply_tilt)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(gridPoint, { minLength: 2, maxLength: 6, selector: (p) => p.join() }),
        fc.array(fc.double({ min: -3, max: 3, noNaN: true }), { minLength: 6, maxLength: 6 }),
        twist,
        (points, tilts, tw) => {
          const pts = Float64Array.from(points.flat());
          const flat = preparePath(pts, null, false, tw);
          const tilted = preparePath(pts, null, false, tw, { tilt: tilts.slice(0, points.length) });
          const pos = new Float64Array(3), q0 = new Float64Array(4), q1 = new Float64Array(4);
          const unit = (a: number[], b: number[]) => unitOrZero([b[0] - a[0], b[1] - a[1], b[2] - a[2]]);
          for (let i = 0; i < flat.count; i++) {
            // Where the path turns right back there is no direction (an identity frame), nothing to tilt about.
            if (i > 0 && i < flat.count - 1) {
              const a = unit(points[i - 1], points[i]), b = unit(points[i], points[i + 1]);
              if (Math.hypot(a[0] + b[0], a[1] + b[1], a[2] + b[2]) < 1e-6) continue;
            }
            const t = i === 0 ? 0 : flat.accum[i - 1] / flat.length;
            samplePath(pos, q0, null, flat, t);
            samplePath(pos, q1, null, tilted, t);
            // The frame's Z is the path direction (vec_to_quat(dir, TRACK_NEGATIVE_Z, Y)): the tilt keeps it.
            const d0 = rotateVec3ByQuat(new Float64Array(3), q0, [0, 0, 1]);
            const d1 = rotateVec3ByQuat(new Float64Array(3), q1, [0, 0, 1]);
            expectClose(d1, d0, 1e-9);
            // Its up (Y) turns about that direction by the tilt.
            const y0 = rotateVec3ByQuat(new Float64Array(3), q0, [0, 1, 0]);
            const y1 = rotateVec3ByQuat(new Float64Array(3), q1, [0, 1, 0]);
            const cos = y0[0] * y1[0] + y0[1] * y1[1] + y0[2] * y1[2];
            const cross = [y0[1] * y1[2] - y0[2] * y1[1], y0[2] * y1[0] - y0[0] * y1[2], y0[0] * y1[1] - y0[1] * y1[0]];
            const sin = cross[0] * d0[0] + cross[1] * d0[1] + cross[2] * d0[2];
            const turned = Math.atan2(sin, cos);
            // Each point's own tilt, a path of two points too (Blender 3.4's make_bevel_list_segment_3D).
            const tilt = tilts[i];
            const want = Math.atan2(Math.sin(tilt), Math.cos(tilt));
            expect(Math.abs(Math.atan2(Math.sin(turned - want), Math.cos(turned - want)))).toBeLessThan(1e-9);
          }
        },
      ),
    );
  });

  it('an open path given end directions (a Bezier\'s end handles) points its end frames along them; zero ones fall back to the end segments', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(gridPoint, { minLength: 3, maxLength: 6, selector: (p) => p.join() }),
        endDirection,
        endDirection,
        (points, first, last) => {
          const pts = Float64Array.from(points.flat());
          // Z_UP: each point's frame is its own direction's. Under MINIMUM twist the end frames are
          // turned from their neighbours', which carry vec_to_quat's snap of the first direction (as
          // in Blender), so their axes match the directions only to that snap.
          const path = preparePath(pts, null, false, 'Z_UP', { endDirections: [...first, ...last] });
          const pos = new Float64Array(3), q = new Float64Array(4);
          const n = points.length;
          const segment = (a: number[], b: number[]) => unitOrZero([b[0] - a[0], b[1] - a[1], b[2] - a[2]]);
          for (const [t, given, fallback] of [[0, first, segment(points[0], points[1])], [1, last, segment(points[n - 2], points[n - 1])]] as const) {
            samplePath(pos, q, null, path, t);
            const z = rotateVec3ByQuat(new Float64Array(3), q, [0, 0, 1]);
            const given1 = unitOrZero([...given]);
            const want = given1[0] === 0 && given1[1] === 0 && given1[2] === 0 ? fallback : given1;
            // vec_to_quat snaps a direction within ~1e-4 of its tracking axis (±Z here) onto it, as
            // Blender's does, and finds the angle by an arccos (~1e-8 near 0): away from the axis, 1e-7.
            if (Math.abs(want[2]) > 0.9999) continue;
            expectClose(z, want, 1e-7);
          }
        },
      ),
    );
  });

  it('moves linearly with arc length inside a segment', () => {
    const path = preparePath([0, 0, 0, 3, 0, 0, 3, 1, 0], null, false);
    const pos = new Float64Array(3), q = new Float64Array(4);
    expect(path.length).toBe(4);
    samplePath(pos, q, null, path, 0.5);
    expectClose(pos, [2, 0, 0], 1e-15);
    samplePath(pos, q, null, path, 0.875);
    expectClose(pos, [3, 0.5, 0], 1e-15);
    // Open paths extrapolate along the end segments.
    samplePath(pos, q, null, path, 1.25);
    expectClose(pos, [3, 2, 0], 1e-15);
    samplePath(pos, q, null, path, -0.25);
    expectClose(pos, [-1, 0, 0], 1e-15);
  });

  it('wraps t on cyclic paths, includes the closing segment, and slerps frames by the clamped fraction', () => {
    fc.assert(
      fc.property(pointList, twist, fc.double({ min: -3, max: 3, noNaN: true }), (pts, tw, t) => {
        const path = preparePath(pts, null, true, tw);
        const [p1, q1, p2, q2] = [new Float64Array(3), new Float64Array(4), new Float64Array(3), new Float64Array(4)];
        samplePath(p1, q1, null, path, t);
        samplePath(p2, q2, null, path, t - Math.floor(t));
        expectClose(p1, p2, 1e-9);
        expectClose(q1, q2, 1e-9);
      }),
    );
    const sq = preparePath([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0], null, true);
    expect(sq.length).toBe(4);
    const pos = new Float64Array(3), q = new Float64Array(4);
    samplePath(pos, q, null, sq, 0.875);
    expectClose(pos, [0, 0.5, 0], 1e-15);
  });

  it('keeps frames and radius constant beyond the ends of an open path', () => {
    const path = preparePath([0, 0, 0, 1, 0, 0, 1, 2, 0], [0.5, 1, 3], false);
    const pos = new Float64Array(3), q = new Float64Array(4), qEnd = new Float64Array(4), r = new Float64Array(1);
    samplePath(pos, qEnd, r, path, 1);
    expect(r[0]).toBe(3);
    samplePath(pos, q, r, path, 1.7);
    expect(r[0]).toBe(3);
    expectClose(q, qEnd, 1e-15);
    samplePath(pos, q, r, path, -2);
    expect(r[0]).toBe(0.5);
    samplePath(pos, q, r, path, 0.5 / 3);
    expect(r[0]).toBeCloseTo(0.75, 14);
  });

  it('builds frames as the README model: Z_UP = vtq(d_i), MINIMUM = minimal twist from the previous frame', () => {
    fc.assert(
      fc.property(fc.array(gridPoint, { minLength: 3, maxLength: 7 }), (list) => {
        const pts = list.flatMap((p) => [...p]);
        const z = preparePath(pts, null, false, 'Z_UP');
        fc.pre(z.count === list.length);
        const n = z.count;
        const P = (i: number) => list[i];
        const dir = (a: ArrayLike<number>, b: ArrayLike<number>) => unitOrZero([b[0] - a[0], b[1] - a[1], b[2] - a[2]]);
        const d: number[][] = [];
        for (let i = 0; i < n; i++) {
          if (i === 0) d.push(dir(P(0), P(1)));
          else if (i === n - 1) d.push(dir(P(n - 2), P(n - 1)));
          else {
            const a = dir(P(i - 1), P(i)), b = dir(P(i), P(i + 1));
            d.push(unitOrZero([a[0] + b[0], a[1] + b[1], a[2] + b[2]]));
          }
        }
        // Away from reversals and from vec_to_quat's 1e-4 guard around ±Z.
        fc.pre(d.every((v) => Math.hypot(...v) > 0.5 && Math.abs(v[0]) + Math.abs(v[1]) > 1e-3));
        for (let i = 0; i < n; i++) {
          expectClose(z.framesZUp.subarray(4 * i, 4 * i + 4), vecToQuat(new Float64Array(4), d[i], 5, 1), 1e-12);
          // Every frame carries local +Z along its direction.
          const zi = rotateVec3ByQuat(new Float64Array(3), z.framesMinimum.subarray(4 * i, 4 * i + 4), [0, 0, 1]);
          expectClose(zi, d[i], 1e-9);
        }
        const m = z.framesMinimum;
        const step = (from: number, to: number) =>
          multiplyQuat(new Float64Array(4), rotationBetweenToQuat(new Float64Array(4), d[from], d[to]), m.subarray(4 * from, 4 * from + 4));
        for (let i = 1; i < n; i++) expectClose(m.subarray(4 * i, 4 * i + 4), step(i - 1, i), 1e-9);
        expectClose(m.subarray(0, 4), step(1, 0), 1e-9);
      }),
    );
  });

  it('TANGENT frames: Z along the direction, X across the curvature (t × d), each the way the flips leave it; no curvature: one degenerate frame', () => {
    const curvature = vec3.filter((v) => Math.hypot(v[0], v[1], v[2]) > 0.1).map((v) => [...v]);
    fc.assert(
      fc.property(fc.array(fc.tuple(gridPoint, curvature), { minLength: 3, maxLength: 7 }), (list) => {
        const pts = list.flatMap(([p]) => [...p]);
        const tangents = list.flatMap(([, t]) => t);
        const path = preparePath(pts, null, false, 'TANGENT', { tangents });
        fc.pre(path.count === list.length);
        const minimum = preparePath(pts, null, false, 'MINIMUM');
        // Away from reversals (a point the path turns straight back at has no direction of its own;
        // fast-check found [a, b, a], seed -1409595951).
        for (let i = 1; i + 1 < path.count; i++) {
          const [p0, p1, p2] = [list[i - 1][0], list[i][0], list[i + 1][0]];
          const a = unitOrZero([p1[0] - p0[0], p1[1] - p0[1], p1[2] - p0[2]]), b = unitOrZero([p2[0] - p1[0], p2[1] - p1[1], p2[2] - p1[2]]);
          fc.pre(Math.hypot(a[0] + b[0], a[1] + b[1], a[2] + b[2]) > 0.5);
        }
        for (let i = 0; i < path.count; i++) {
          const q = path.framesTangent.subarray(4 * i, 4 * i + 4);
          // The direction d_i: the MINIMUM frame's Z (checked against the bisector above).
          const d = rotateVec3ByQuat(new Float64Array(3), minimum.framesMinimum.subarray(4 * i, 4 * i + 4), [0, 0, 1]);
          const t = list[i][1];
          const across = unitOrZero([t[1] * d[2] - t[2] * d[1], t[2] * d[0] - t[0] * d[2], t[0] * d[1] - t[1] * d[0]]);
          // Away from curvature along the direction, where "across" has no direction of its own.
          fc.pre(Math.hypot(...across) > 0 && Math.hypot(t[1] * d[2] - t[2] * d[1], t[2] * d[0] - t[0] * d[2], t[0] * d[1] - t[1] * d[0]) > 0.05 * Math.hypot(...t));
          expectClose(rotateVec3ByQuat(new Float64Array(3), q, [0, 0, 1]), d, 1e-9);
          const x = rotateVec3ByQuat(new Float64Array(3), q, [1, 0, 0]);
          expect(Math.abs(Math.abs(x[0] * across[0] + x[1] * across[1] + x[2] * across[2]) - 1)).toBeLessThan(1e-9);
        }
        // Without curvature every point gets the same frame (Blender's tri_to_quat of a degenerate triangle).
        const flat = preparePath(pts, null, false, 'TANGENT');
        for (let i = 1; i < flat.count; i++) expectClose(flat.framesTangent.subarray(4 * i, 4 * i + 4), flat.framesTangent.subarray(0, 4), 0);
      }),
    );
  });

  it('is defined for one point, duplicates, reversals and empty input (never NaN)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom([0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1e-7, 0]), { minLength: 0, maxLength: 6 }),
        fc.boolean(),
        twist,
        fc.double({ min: -5, max: 5, noNaN: true }),
        (pts, cyclic, tw, t) => {
          const path = preparePath(pts.flat(), null, cyclic, tw);
          const pos = new Float64Array(3), q = new Float64Array(4), r = new Float64Array(1);
          samplePath(pos, q, r, path, t);
          expectFinite(pos);
          expectFinite(q);
          expectFinite(r);
          expect(Math.abs(Math.hypot(...q) - 1)).toBeLessThan(1e-4);
        },
      ),
    );
    const one = preparePath([2, 3, 4], [7], false);
    const pos = new Float64Array(3), q = new Float64Array(4), r = new Float64Array(1);
    samplePath(pos, q, r, one, 0.3);
    expectClose(pos, [2, 3, 4], 0);
    expectClose(q, [0, 0, 0, 1], 0);
    expect(r[0]).toBe(7);
    const dup = preparePath([0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0], null, false);
    expect(dup.count).toBe(2);
    samplePath(pos, q, r, dup, 0.25);
    expectClose(pos, [0.25, 0, 0], 1e-15);
  });

  it('measures a curve with points out to ±1e300 (the supported range; a segment whose square overflows) and samples it finitely', () => {
    // Found by test/reliability/no-nan.test.ts: a Spline IK over such a curve sampled NaN (0 · ∞).
    fc.assert(
      fc.property(fc.constantFrom(1e300, -1e300, 3e299, 1e200), fc.double({ min: -2, max: 2, noNaN: true }), twist, (far, t, tw) => {
        const path = preparePath([0, 0, 0, 1e-30, 0, 0, far, 1e-29, 0], null, false, tw);
        expect(Number.isFinite(path.length)).toBe(true);
        expect(path.length).toBeGreaterThanOrEqual(Math.abs(far) * (1 - 1e-15));
        const pos = new Float64Array(3), q = new Float64Array(4), r = new Float64Array(1);
        samplePath(pos, q, r, path, t);
        expectFinite(pos);
        expectFinite(q);
        expectFinite(r);
      }),
    );
  });
});

describe('Blender fixtures: Follow Path', () => {
  // The whole Follow Path constraint assembled from the math: sample, quat_apply_track, radius,
  // curve world matrix, owner, scale restore, influence blend (followpath_get_tarmat/_evaluate).
  it('reproduces every follow_path case to 1e-5', () => {
    const cases = loadFixtures('follow_path_');
    expect(cases.length).toBe(12);
    for (const c of cases) {
      const con = c.constraints.find((k: ParsedJson) => k.type === 'FOLLOW_PATH');
      const props = con.props;
      const curveOb = c.objects.find((o: ParsedJson) => o.name === props.target);
      const spline = curveOb.curve.splines[0];
      const path = preparePath(spline.points.flat(), spline.radius, spline.cyclic, curveOb.curve.twist_mode);
      let t: number;
      if (props.use_fixed_location) t = props.offset_factor;
      else {
        t = (curveOb.curve.eval_time - props.offset) / curveOb.curve.path_duration;
        if (!spline.cyclic && curveOb.curve.use_path_clamp) t = Math.min(1, Math.max(0, t));
      }
      const pos = new Float64Array(3), q = new Float64Array(4), r = new Float64Array(1);
      samplePath(pos, q, r, path, t);
      const tot = new Float64Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
      if (props.use_curve_follow) {
        applyTrackToQuat(q, q, FORWARD.indexOf(props.forward_axis), UP.indexOf(props.up_axis));
        quatToMat4(tot, q);
      }
      if (props.use_curve_radius) for (let i = 0; i < 12; i++) if (i % 4 !== 3) tot[i] *= r[0];
      tot.set(pos, 12);
      const ownerName = con.owner.object;
      const before = Float64Array.from(c.expected_unconstrained.objects[ownerName]);
      const target = multiplyMat4(new Float64Array(16), c.expected.objects[curveOb.name], tot);
      const after = multiplyMat4(new Float64Array(16), target, before);
      if (!props.use_curve_radius) {
        const s0 = mat4ToScale(new Float64Array(3), before);
        const s1 = mat4ToScale(new Float64Array(3), after);
        for (let col = 0; col < 3; col++) if (s1[col]) for (let i = 0; i < 3; i++) after[4 * col + i] *= s0[col] / s1[col];
      }
      const result = props.influence < 1 ? blendMatrices(new Float64Array(16), before, after, props.influence) : after;
      expectClose(result, c.expected.objects[ownerName], 1e-5, c.name);
    }
  });
});

describe('2D paths (PathShape.flat)', () => {
  /** Twice the signed area of the first `count` points in XY: negative when they wind clockwise seen from +Z. */
  const signedArea = (p: Float64Array, count: number) => {
    let a = 0;
    for (let i = 0; i < count; i++) {
      const j = (i + 1) % count;
      a += p[3 * i] * p[3 * j + 1] - p[3 * j] * p[3 * i + 1];
    }
    return a;
  };
  it('a cyclic one runs clockwise whichever way its points wind (Blender reverses the others); a 3D or open one keeps its order', () => {
    // A star-shaped outline: points at increasing angles about the origin, at random distances.
    const outline = fc.array(fc.tuple(fc.double({ min: 0.05, max: 0.95, noNaN: true }), fc.double({ min: 0.3, max: 2, noNaN: true })), { minLength: 3, maxLength: 9 })
      .map((ps) => ps.map(([t, r], k) => [r * Math.cos((2 * Math.PI * (k + t)) / ps.length), r * Math.sin((2 * Math.PI * (k + t)) / ps.length), 0]));
    fc.assert(fc.property(outline, fc.boolean(), (points, backward) => {
      const list = (backward ? [...points].reverse() : points).flat();
      const flat = preparePath(list, null, true, 'Z_UP', { flat: true });
      expect(signedArea(flat.points, flat.count)).toBeLessThan(0);
      // Reversed or not, the points are the input's.
      const given = new Set(points.map((p) => p.join()));
      for (let i = 0; i < flat.count; i++) expect(given.has(Array.from(flat.points.subarray(3 * i, 3 * i + 3)).join())).toBe(true);
      const solid = preparePath(list, null, true, 'Z_UP');
      expect(Array.from(solid.points.subarray(0, 3 * solid.count))).toEqual(list);
      const open = preparePath(list, null, false, 'Z_UP', { flat: true });
      expect(Array.from(open.points.subarray(0, 3 * open.count))).toEqual(list);
    }));
  });
});
