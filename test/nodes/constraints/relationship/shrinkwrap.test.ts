// Shrinkwrap's kernel on a unit cube (flat faces, centred on its origin): where the owner lands is
// checked against the cube's own geometry, not against the kernel's arithmetic. Blender's results
// for every mode are the round trip's (test/blender/shrinkwrap.test.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shrinkwrap } from '../../../../nodes/constraints/relationship/shrinkwrap';
import type { MeshInfo, OwnerHandle } from '../../../../nodes/define';
import { allFinite, anyMatrix, anyParams, bound, column, IDENTITY, inverseTRS, mul, rigid, unit, wellConditioned } from '../../harness';

/** A unit cube's 8 corners and 12 triangles wound to face out (as Blender's are), each corner's normal its face's (flat shading), with vertex normals. */
function cube(): MeshInfo {
  const vertices: number[] = [];
  for (let i = 0; i < 8; i++) vertices.push(i & 1 ? 0.5 : -0.5, i & 2 ? 0.5 : -0.5, i & 4 ? 0.5 : -0.5);
  const faces: [number[], number[]][] = [
    [[0, 2, 6, 4], [-1, 0, 0]], [[1, 5, 7, 3], [1, 0, 0]], [[0, 4, 5, 1], [0, -1, 0]],
    [[2, 3, 7, 6], [0, 1, 0]], [[0, 1, 3, 2], [0, 0, -1]], [[4, 6, 7, 5], [0, 0, 1]],
  ];
  const triangles: number[] = [];
  const normals: number[] = [];
  const corner = (i: number) => [i & 1 ? 0.5 : -0.5, i & 2 ? 0.5 : -0.5, i & 4 ? 0.5 : -0.5];
  for (const [quad, n] of faces) {
    // Counter-clockwise seen from outside: (b − a) × (c − a) along the face's outward normal.
    const [a, b, c] = quad.map(corner);
    const e = [b[0] - a[0], b[1] - a[1], b[2] - a[2]], f = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    const cross = [e[1] * f[2] - e[2] * f[1], e[2] * f[0] - e[0] * f[2], e[0] * f[1] - e[1] * f[0]];
    const [q0, q1, q2, q3] = cross[0] * n[0] + cross[1] * n[1] + cross[2] * n[2] > 0 ? quad : [...quad].reverse();
    triangles.push(q0, q1, q2, q0, q2, q3);
    for (let k = 0; k < 6; k++) normals.push(...n);
  }
  // Each corner's vertex normal points out along its diagonal (Blender's, for a cube's corners).
  const vertexNormals = vertices.map((x) => Math.sign(x) / Math.sqrt(3));
  return { vertices: Float64Array.from(vertices), triangles: Uint32Array.from(triangles), normals: Float64Array.from(normals), vertexNormals: Float64Array.from(vertexNormals) };
}

const box: OwnerHandle = { id: 'Box', kind: 'object', objectType: 'EMPTY', rotationOrder: 'XYZ', pre: new Float64Array(IDENTITY), final: new Float64Array(IDENTITY), mesh: cube() };
const withBox = { target: box };

/** A point in the target's local frame. */
const local = (t: Float64Array, m: ArrayLike<number>): number[] => Array.from(mul(inverseTRS(t), m).slice(12, 15));
/** The point of the cube's surface nearest to p (all in the cube's frame). */
function nearestOnCube(p: number[]): number[] {
  const inside = p.every((x) => Math.abs(x) <= 0.5);
  if (!inside) return p.map((x) => Math.min(0.5, Math.max(-0.5, x)));
  const axis = [0, 1, 2].reduce((best, k) => (0.5 - Math.abs(p[k]) < 0.5 - Math.abs(p[best]) ? k : best), 0);
  const out = [...p];
  out[axis] = p[axis] < 0 ? -0.5 : 0.5;
  return out;
}
/** Whether p has one nearest point on the surface: outside (the cube is convex), or inside with one face nearest. */
const uniqueNearest = (p: number[]) => {
  const d = p.map((x) => 0.5 - Math.abs(x)).sort((x, y) => x - y);
  return p.some((x) => Math.abs(x) > 0.5) || d[1] - d[0] > 1e-6;
};
const gap = (a: number[], b: number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
/** Whether the owner's rotation and scale (its 3×3) came through unchanged. */
const sameBasis = (m: ArrayLike<number>, o: ArrayLike<number>) => [0, 1, 2, 4, 5, 6, 8, 9, 10].every((i) => m[i] === o[i]);
/** Away from the cube's edges (no two faces equally near): a point whose nearest face is unique. */
const clearOfEdges = (p: number[]) => {
  const d = p.map((x) => Math.abs(Math.abs(x) - 0.5)).sort((x, y) => x - y);
  const outsideAxes = p.filter((x) => Math.abs(x) > 0.5).length;
  return outsideAxes <= 1 && d[1] - d[0] > 1e-3;
};

describe('Shrinkwrap', () => {
  it('gives finite output for any finite owner, target and settings', () => {
    fc.assert(fc.property(anyMatrix, anyMatrix, anyParams(shrinkwrap), (o, t, params) => {
      expect(allFinite(bound(shrinkwrap, params, withBox)(o, t))).toBe(true);
    }), { numRuns: 600 });
  });

  it('Nearest Surface puts the owner on the nearest point of the surface, keeping its rotation and scale', () => {
    fc.assert(fc.property(wellConditioned, rigid, (o, t) => {
      const p = local(t, o);
      fc.pre(uniqueNearest(p));
      const m = bound(shrinkwrap, {}, withBox)(o, t);
      const want = nearestOnCube(p);
      // Squared distances decide the triangle: two whose nearest points lie δ apart differ by about δ²
      // in them, so at distance r from the surface a δ below r·√ε cannot be told apart in doubles
      // (nor, far wider, in Blender's float32): the point may land that far from the exact nearest one.
      const r = gap(p, want);
      expect(gap(local(t, m), want)).toBeLessThan(1e-9 * (1 + Math.abs(t[0]) + Math.abs(t[12]) + Math.abs(o[12])) + 3e-8 * r);
      expect(sameBasis(m, o)).toBe(true);
    }), { numRuns: 400 });
  });

  it('Nearest Vertex puts the owner on a corner, no corner nearer', () => {
    fc.assert(fc.property(wellConditioned, rigid, (o, t) => {
      const p = local(t, o);
      const got = local(t, bound(shrinkwrap, { shrinkwrapType: 'NEAREST_VERTEX' }, withBox)(o, t));
      for (const x of got) expect(Math.abs(Math.abs(x) - 0.5)).toBeLessThan(1e-9);
      const nearest = Math.min(...Array.from({ length: 8 }, (_, i) => gap(p, [i & 1 ? 0.5 : -0.5, i & 2 ? 0.5 : -0.5, i & 4 ? 0.5 : -0.5])));
      expect(gap(p, got)).toBeLessThan(nearest + 1e-9);
    }), { numRuns: 300 });
  });

  it('Outside keeps the owner at least Distance out of the cube, and leaves one already that far', () => {
    fc.assert(fc.property(wellConditioned, rigid, fc.double({ min: 0.01, max: 1, noNaN: true }), (o, t, distance) => {
      const p = local(t, o);
      fc.pre(clearOfEdges(p));
      const m = bound(shrinkwrap, { wrapMode: 'OUTSIDE', distance }, withBox)(o, t);
      const q = local(t, m);
      const from = gap(q, nearestOnCube(q));
      const outside = q.some((x) => Math.abs(x) > 0.5);
      expect(outside).toBe(true);
      // The distance is the target's local units (Blender measures nearest modes in the target's frame).
      expect(from).toBeGreaterThan(distance - 1e-6);
      if (p.some((x) => Math.abs(x) > 0.5) && gap(p, nearestOnCube(p)) >= distance) expect(gap(q, p)).toBeLessThan(1e-9 * (1 + Math.abs(t[12]) + Math.abs(o[12])));
    }), { numRuns: 300 });
  });

  it('Project along the owner\'s axis lands on the ray and the surface, or leaves the owner when the ray misses', () => {
    fc.assert(fc.property(wellConditioned, rigid, fc.constantFrom('POS_X', 'POS_Y', 'POS_Z', 'NEG_X', 'NEG_Y', 'NEG_Z'), fc.boolean(), (o, t, projectAxis, useProjectOpposite) => {
      const m = bound(shrinkwrap, { shrinkwrapType: 'PROJECT', projectAxis, useProjectOpposite }, withBox)(o, t);
      const moved = [12, 13, 14].some((i) => m[i] !== o[i]);
      const q = local(t, m);
      if (!moved) return;
      expect(gap(q, nearestOnCube(q))).toBeLessThan(1e-9 * (1 + Math.abs(t[12]) + Math.abs(o[12])) * 100);
      // On the line through the owner along its axis: the offset is parallel to that axis.
      const k = 'XYZ'.indexOf(projectAxis[4]);
      const axis = unit(column(o, k));
      const offset = [m[12] - o[12], m[13] - o[13], m[14] - o[14]];
      const along = offset[0] * axis[0] + offset[1] * axis[1] + offset[2] * axis[2];
      const across = Math.hypot(offset[0] - along * axis[0], offset[1] - along * axis[1], offset[2] - along * axis[2]);
      expect(across).toBeLessThan(1e-7 * (1 + Math.hypot(...offset)));
      if (!useProjectOpposite) expect(along * (projectAxis.startsWith('POS') ? 1 : -1)).toBeGreaterThan(-1e-9);
    }), { numRuns: 400 });
  });

  it('Align to Normal turns the Track axis along the face normal the owner lands on', () => {
    fc.assert(fc.property(wellConditioned, rigid, (o, t) => {
      const p = local(t, o);
      fc.pre(clearOfEdges(p));
      const m = bound(shrinkwrap, { useTrackNormal: true, trackAxis: 'TRACK_Z' }, withBox)(o, t);
      const q = local(t, m);
      const face = [0, 1, 2].find((k) => Math.abs(Math.abs(q[k]) - 0.5) < 1e-9)!;
      const n = [0, 0, 0];
      n[face] = Math.sign(q[face]);
      // Blender carries the normal to the world by the target's 3×3 (not its inverse transpose).
      const want = unit([0, 1, 2].map((r) => t[r] * n[0] + t[4 + r] * n[1] + t[8 + r] * n[2]));
      const z = unit(column(m, 2));
      expect(z[0] * want[0] + z[1] * want[1] + z[2] * want[2]).toBeGreaterThan(1 - 1e-9);
    }), { numRuns: 300 });
  });

  it('Target Normal Project lands on the surface, on the owner\'s side of it, no nearer than the nearest point', () => {
    fc.assert(fc.property(wellConditioned, rigid, (o, t) => {
      const p = local(t, o);
      fc.pre(p.some((x) => Math.abs(x) > 0.5 + 1e-6));
      const m = bound(shrinkwrap, { shrinkwrapType: 'TARGET_PROJECT' }, withBox)(o, t);
      const q = local(t, m);
      const scale = 1 + Math.abs(t[12]) + Math.abs(o[12]) + Math.hypot(...p);
      expect(gap(q, nearestOnCube(q))).toBeLessThan(1e-9 * scale);
      expect(q.every((x) => Math.abs(x) <= 0.5 + 1e-9 * scale)).toBe(true);
      expect(gap(p, q)).toBeGreaterThan(gap(p, nearestOnCube(p)) - 1e-9 * scale);
      expect(sameBasis(m, o)).toBe(true);
    }), { numRuns: 300 });
  });

  it('leaves the owner where it is without a mesh, and with Target Normal Project on a mesh without vertex normals', () => {
    const { vertexNormals: _, ...older } = cube();
    fc.assert(fc.property(wellConditioned, rigid, (o, t) => {
      expect(Array.from(bound(shrinkwrap, {}, {})(o, t))).toEqual(Array.from(o));
      expect(Array.from(bound(shrinkwrap, { shrinkwrapType: 'TARGET_PROJECT' }, { target: { ...box, mesh: older } })(o, t))).toEqual(Array.from(o));
    }), { numRuns: 50 });
  });
});
