// Vertex normals on a moved mesh, as Blender makes them (nodes/math/vertex-normals.ts): Newell
// polygon normals weighted by each corner's angle, normalized; a vertex without polygons takes its
// position's direction.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rotateVec3ByQuat } from '../../../nodes/math/quaternion';
import { vertexNormals } from '../../../nodes/math/vertex-normals';
import { expectClose, unitQuat } from './helpers';

/** Polygon loops as the starts/corners lists the function reads. */
function loops(polygons: number[][]): { starts: Uint32Array; corners: Uint32Array } {
  const starts = new Uint32Array(polygons.length + 1);
  polygons.forEach((p, k) => { starts[k + 1] = starts[k] + p.length; });
  return { starts, corners: Uint32Array.from(polygons.flat()) };
}

describe('vertexNormals', () => {
  it("a cube's corners point away from its centre, along the diagonals", () => {
    const p = Float64Array.from([-1, -1, -1, 1, -1, -1, 1, 1, -1, -1, 1, -1, -1, -1, 1, 1, -1, 1, 1, 1, 1, -1, 1, 1]);
    // Six quads, each counter-clockwise seen from outside.
    const { starts, corners } = loops([[0, 3, 2, 1], [4, 5, 6, 7], [0, 1, 5, 4], [1, 2, 6, 5], [2, 3, 7, 6], [3, 0, 4, 7]]);
    const n = vertexNormals(new Float64Array(24), p, starts, corners);
    const s = 1 / Math.sqrt(3);
    expectClose(n, p.map((x) => x * s), 1e-12);
  });

  it('every vertex of a flat fan, however turned, has the plane\'s normal; the sums weigh by angle, not by count', () => {
    // A convex polygon around a centre, cut into triangles and quads of unequal angles.
    const fan = fc.record({
      radii: fc.array(fc.double({ min: 0.2, max: 3, noNaN: true }), { minLength: 6, maxLength: 12 }),
      turn: unitQuat,
      offset: fc.tuple(fc.double({ min: -5, max: 5, noNaN: true }), fc.double({ min: -5, max: 5, noNaN: true }), fc.double({ min: -5, max: 5, noNaN: true })),
    });
    fc.assert(fc.property(fan, ({ radii, turn, offset }) => {
      const count = radii.length;
      const flat = [0, 0, 0];
      radii.forEach((r, k) => { const a = (2 * Math.PI * k) / count; flat.push(r * Math.cos(a), r * Math.sin(a), 0); });
      const points = new Float64Array(flat.length);
      const v = new Float64Array(3);
      for (let i = 0; 3 * i < flat.length; i++) {
        rotateVec3ByQuat(v, turn, flat.slice(3 * i, 3 * i + 3));
        points.set([v[0] + offset[0], v[1] + offset[1], v[2] + offset[2]], 3 * i);
      }
      // Quads of two sectors while they fit, then triangles of one (the last closes the fan).
      const polygons: number[][] = [];
      for (let k = 1; k <= count;) {
        if (k + 2 <= count) { polygons.push([0, k, k + 1, k + 2]); k += 2; } else { polygons.push([0, k, (k % count) + 1]); k += 1; }
      }
      const { starts, corners } = loops(polygons);
      const up = rotateVec3ByQuat(new Float64Array(3), turn, [0, 0, 1]);
      const n = vertexNormals(new Float64Array(points.length), points, starts, corners);
      for (let i = 0; 3 * i < n.length; i++) expectClose(n.subarray(3 * i, 3 * i + 3), up, 1e-9, `vertex ${i}`);
    }), { numRuns: 200 });
  });

  it('two faces meeting at a vertex weigh by their angles there (Blender\'s angle-weighted sum)', () => {
    // Vertex 0 is a corner of a right angle in the XY plane (normal +Z) and of a 45° wedge in the XZ
    // plane facing −Y: the normal is (0·90° + …) normalized: (0, −45, 90)/|…| in degrees of weight.
    const p = Float64Array.from([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 1]);
    const { starts, corners } = loops([[0, 1, 2], [0, 3, 1]]);
    const n = vertexNormals(new Float64Array(12), p, starts, corners);
    // [0,3,1] winds (0,0,0)→(1,0,1)→(1,0,0): its Newell normal is +Y; its angle at 0 is 45°.
    const expected = Float64Array.from([0, Math.PI / 4, Math.PI / 2]);
    const len = Math.hypot(...expected);
    expectClose(n.subarray(0, 3), expected.map((x) => x / len), 1e-12);
  });

  it('a vertex in no polygon takes its position\'s direction; at the origin it has none', () => {
    const p = Float64Array.from([0, 3, 4, 0, 0, 0]);
    const n = vertexNormals(new Float64Array(6), p, new Uint32Array([0]), new Uint32Array(0));
    expect(Array.from(n)).toEqual([0, 0.6, 0.8, 0, 0, 0]);
  });
});
