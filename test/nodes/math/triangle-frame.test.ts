import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { triangleRotation } from '../../../nodes/math/triangle-frame';
import { basis3, det3, orthonormalError, vec3 } from './helpers';

const sub = (a: ArrayLike<number>, b: ArrayLike<number>) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (u: number[], v: number[]) => [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
const unit = (v: number[]) => { const l = Math.hypot(v[0], v[1], v[2]); return v.map((x) => x / l); };

// Triangles with a direction to their normal and first edge (Blender's frame is arbitrary otherwise).
const triangle = fc.tuple(vec3, vec3, vec3).filter(([a, b, c]) => Math.hypot(...cross(sub(a, b), sub(b, c))) > 1e-2 && Math.hypot(...sub(b, a)) > 1e-2);

describe('triangleRotation (Blender tri_to_quat)', () => {
  it('is a rotation whose Z is the normal (a − b) × (b − c) and whose X runs from a to b', () => {
    fc.assert(fc.property(triangle, ([a, b, c]) => {
      const m = triangleRotation(new Float64Array(16), a, b, c);
      const r = basis3(m);
      expect(orthonormalError(r)).toBeLessThan(1e-12);
      expect(det3(r)).toBeCloseTo(1, 12);
      const z = unit(cross(sub(a, b), sub(b, c)));
      const x = unit(sub(b, a));
      // Blender's construction takes acos of the normal's Z: a normal along ±Z rounded to 1 − 1 ulp
      // turns by acos(1 − 2⁻⁵³) ≈ 1.5e-8, which is as close as this frame gets there.
      for (let i = 0; i < 3; i++) {
        expect(Math.abs(r[6 + i] - z[i])).toBeLessThan(1e-7);
        expect(Math.abs(r[i] - x[i])).toBeLessThan(1e-7);
      }
      expect([m[3], m[7], m[11], m[12], m[13], m[14], m[15]]).toEqual([0, 0, 0, 0, 0, 0, 1]);
    }));
  });

  it('gives a finite matrix for any finite points, huge, tiny, repeated or in a line', () => {
    const extreme = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -0, 1e308, -1e308, 5e-324));
    const point = fc.tuple(extreme, extreme, extreme);
    fc.assert(fc.property(point, point, point, (a, b, c) => {
      const m = triangleRotation(new Float64Array(16), a, b, c);
      expect(m.every((x) => Number.isFinite(x))).toBe(true);
    }));
  });

  it('turns a triangle facing −Z half a turn about X, the axis Blender falls back to', () => {
    const m = triangleRotation(new Float64Array(16), [0, 0, 0], [1, 0, 0], [0, -1, 0]);
    const r = Array.from(basis3(m));
    [1, 0, 0, 0, -1, 0, 0, 0, -1].forEach((v, i) => { expect(r[i]).toBeCloseTo(v, 12); });
  });
});

describe('triangleRotation as Blender\'s float makes it (asFloat)', () => {
  it('tilts a triangle lying flat in XY by Blender\'s rounding: the frame Blender 3.4.1 gave an object on three vertices of a flat grid', () => {
    // rigs.py random_objects20: the grid's vertices 6, 8 and 1, and the Z axis of the frame Blender
    // hung the object from (its world matrix read back through the mesh's and its own).
    const a = [0.2666667103767395, -0.2666666507720947, 0], b = [-0.800000011920929, 0.2666667103767395, 0], c = [-0.2666666507720947, -0.800000011920929, 0];
    const blenderZ = [0, 0.000345, 1];
    const m = triangleRotation(new Float64Array(16), a, b, c, true);
    for (let i = 0; i < 3; i++) expect(Math.abs(m[8 + i] - blenderZ[i])).toBeLessThan(2e-6);
    // In double the normal is exactly Z.
    const exact = triangleRotation(new Float64Array(16), a, b, c);
    expect(Array.from(exact.subarray(8, 11))).toEqual([0, 0, 1]);
  });
});
