// Properties of the Spline IK node with default settings on random open polylines: the joints sit on
// the curve at the fractions of arc length the bone lengths give, each bone spans exactly its chord
// (Y scaled to it, X/Z to the curve radius), and degenerate curves or bones stay finite.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splineIk } from '../../../../nodes/constraints/ik/spline-ik';
import { resolveParams } from '../../../../nodes/resolve-params';
import { allFinite, chainScene, curveObject, dist, ends, evaluate, stackGraph, type V3 } from './rig';

const coord = fc.double({ min: -3, max: 3, noNaN: true });
const point = fc.tuple(coord, coord, coord) as fc.Arbitrary<V3>;
const length = fc.double({ min: 0.2, max: 1.5, noNaN: true });

const add = (a: V3, b: V3, k = 1): V3 => [a[0] + b[0] * k, a[1] + b[1] * k, a[2] + b[2] * k];

/** A point at arc-length fraction t of an open polyline. */
function along(points: V3[], t: number): V3 {
  const seg = points.slice(1).map((p, i) => dist(p, points[i]));
  const total = seg.reduce((a, b) => a + b, 0);
  let goal = t * total;
  for (let i = 0; i < seg.length; i++) {
    if (goal <= seg[i] || i === seg.length - 1) {
      const f = seg[i] > 0 ? goal / seg[i] : 0;
      return add(points[i], [points[i + 1][0] - points[i][0], points[i + 1][1] - points[i][1], points[i + 1][2] - points[i][2]], f);
    }
    goal -= seg[i];
  }
  return points[points.length - 1];
}

const chainJoints = (root: V3, lengths: number[]): V3[] => {
  const j: V3[] = [root];
  lengths.forEach((l, i) => j.push(add(j[i], [0.3, 1, 0.2 * i], l / Math.hypot(0.3, 1, 0.2 * i))));
  return j;
};

describe('constraint/spline-ik', () => {
  it('writes() names the chain above the owner', () => {
    const parents: Record<string, string | undefined> = { 'A/B2': 'A/B1', 'A/B1': 'A/B0', 'A/B0': undefined };
    const ownerOf = (id: string) => (id in parents ? { parent: parents[id] } : undefined);
    expect(splineIk.writes!(resolveParams(splineIk, { chainCount: 3 }), ownerOf, 'A/B2')).toEqual(['A/B0', 'A/B1']);
    expect(splineIk.writes!(resolveParams(splineIk, { chainCount: 1 }), ownerOf, 'A/B2')).toEqual([]);
  });

  it('puts every joint on the curve at its bone-length fraction, each bone spanning its chord', () => {
    fc.assert(
      fc.property(
        fc.array(point, { minLength: 3, maxLength: 7 }).filter((ps) => ps.every((p, i) => i === 0 || dist(p, ps[i - 1]) > 0.05)),
        fc.array(length, { minLength: 1, maxLength: 5 }),
        fc.array(fc.double({ min: 0.5, max: 2, noNaN: true }), { minLength: 7, maxLength: 7 }),
        point,
        (curvePts, lengths, radius, root) => {
          const n = lengths.length;
          const r = radius.slice(0, curvePts.length);
          const scene = chainScene({ joints: chainJoints(root, lengths) }, [curveObject('Path', curvePts, { radius: r })]);
          const program = evaluate(scene, stackGraph(scene, `Arm/B${n - 1}`, 'constraint/spline-ik', { chainCount: n }, { target: { owner: 'Path', socket: 'curve' } }));
          const total = lengths.reduce((a, b) => a + b, 0);
          let cum = 0;
          for (let i = 0; i < n; i++) {
            const e = ends(program, `Arm/B${i}`);
            expect(dist(e.head, along(curvePts, cum / total))).toBeLessThan(1e-9);
            cum += lengths[i];
            expect(dist(e.tail, along(curvePts, cum / total))).toBeLessThan(1e-9);
            // X and Z: unit axes times the radius (mean of the two joints' radii), orthogonal to Y.
            const m = e.m;
            const sx = Math.hypot(m[0], m[1], m[2]), sz = Math.hypot(m[8], m[9], m[10]);
            expect(Math.abs(sx - sz)).toBeLessThan(1e-9);
            expect(sx).toBeGreaterThanOrEqual(0.5 - 1e-9);
            expect(sx).toBeLessThanOrEqual(2 + 1e-9);
            expect(Math.abs(m[0] * m[4] + m[1] * m[5] + m[2] * m[6])).toBeLessThan(1e-9 * Math.max(1, sx * Math.hypot(m[4], m[5], m[6])));
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  const degenerate: [string, V3[], number[]][] = [
    ['every curve point the same', [[1, 1, 1], [1, 1, 1], [1, 1, 1]], [0.5, 0.7]],
    ['a single-point curve', [[1, 2, 3]], [0.5, 0.7, 0.2]],
    ['a zero-length bone', [[0, 0, 0], [1, 0, 0], [1, 1, 0]], [0.5, 0, 0.7]],
    ['all bones of zero length', [[0, 0, 0], [1, 0, 0], [1, 1, 0]], [0, 0]],
    ['a curve at 1e300', [[1e300, 0, 0], [-1e300, 1e300, 0], [0, 0, 1e300]], [0.5, 0.7]],
    ['a curve folding back on itself', [[0, 0, 0], [1, 0, 0], [0, 0, 0], [1, 0, 0]], [0.5, 0.7, 0.3]],
  ];
  for (const [name, pts, lengths] of degenerate) {
    it(`stays finite with ${name}`, () => {
      fc.assert(
        fc.property(
          fc.double({ min: 0, max: 1, noNaN: true }),
          fc.constantFrom('FIT_CURVE', 'NONE', 'BONE_ORIGINAL'),
          fc.constantFrom('NONE', 'BONE_ORIGINAL', 'INVERSE_PRESERVE', 'VOLUME_PRESERVE'),
          fc.boolean(),
          fc.boolean(),
          (influence, yScaleMode, xzScaleMode, useChainOffset, useEvenDivisions) => {
            const n = lengths.length;
            const joints: V3[] = [[0, 0, 0]];
            lengths.forEach((l, i) => joints.push(add(joints[i], [0, 1, 0], l)));
            const scene = chainScene({ joints, child: true }, [curveObject('Path', pts)]);
            const params = { chainCount: n, influence, yScaleMode, xzScaleMode, useChainOffset, useEvenDivisions, useBulgeMin: true, useBulgeMax: true, bulgeMin: 0.5, bulgeMax: 2 };
            const program = evaluate(scene, stackGraph(scene, `Arm/B${n - 1}`, 'constraint/spline-ik', params, { target: { owner: 'Path', socket: 'curve' } }));
            expect(allFinite(program)).toBe(true);
          },
        ),
        { numRuns: 40 },
      );
    });
  }

  it('influence 0 leaves the chain as it was', () => {
    const joints: V3[] = [[0, 0, 0], [0, 1, 0], [0, 2, 0]];
    const scene = chainScene({ joints }, [curveObject('Path', [[1, 0, 0], [2, 1, 0], [3, 0, 1]])]);
    const program = evaluate(scene, stackGraph(scene, 'Arm/B1', 'constraint/spline-ik', { chainCount: 2, influence: 0 }, { target: { owner: 'Path', socket: 'curve' } }));
    expect(dist(ends(program, 'Arm/B1').tail, joints[2])).toBeLessThan(1e-12);
    expect(dist(ends(program, 'Arm/B0').head, joints[0])).toBeLessThan(1e-12);
  });
});
