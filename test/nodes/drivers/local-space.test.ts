// How driver variables read an object outside world space (nodes/drivers/local-space.ts), as
// Blender 3.4's fcurve_driver.c and BKE_constraint_mat_convertspace define it, for any transform
// (fast-check): TRANSFORM_SPACE is the object's own T·R·S whatever its constraints did; LOCAL_SPACE
// of a parented object is its final matrix with parent · parent inverse taken out (so its own T·R·S
// when no constraint moved it), and of an unparented one the final matrix with its own rotation
// taken out (translation R⁻¹·t, no rotation, its scale). Blender's own values for the same readings
// are the round trip test/blender/driver-spaces.test.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OwnerHandle } from '../../../nodes/define';
import { createSpaceReader, readInSpace } from '../../../nodes/drivers/local-space';
import { basisMatrix } from '../../../nodes/math/basis';
import { multiplyMat4 } from '../../../nodes/math/matrix';

const vec = (lo: number, hi: number) => fc.tuple(fc.double({ min: lo, max: hi, noNaN: true }), fc.double({ min: lo, max: hi, noNaN: true }), fc.double({ min: lo, max: hi, noNaN: true }));
const trs = fc.record({ location: vec(-3, 3), rotation_euler: vec(-3, 3), scale: vec(0.3, 2) });
const basis = (t: { location: number[]; rotation_euler: number[]; scale: number[] }) => basisMatrix(new Float64Array(16), { ...t, rotation_mode: 'XYZ' });
const object = (b: Float64Array, extra: Partial<OwnerHandle> = {}): OwnerHandle => ({ id: 'O', kind: 'object', objectType: 'EMPTY', rotationOrder: 'XYZ', pre: b, final: b, basis: b, ...extra });
const close = (a: ArrayLike<number>, b: ArrayLike<number>) => Array.from(a).every((x, i) => Math.abs(x - b[i]) <= 1e-9 * Math.max(1, Math.abs(b[i])));

describe('driver spaces of an object', () => {
  it('TRANSFORM_SPACE is its own T·R·S, whatever its final matrix', () => {
    fc.assert(fc.property(trs, trs, (own, moved) => {
      const b = basis(own);
      const final = basis(moved);
      expect(close(readInSpace(createSpaceReader(object(b, { final }), 'TRANSFORM_SPACE'), final), b)).toBe(true);
    }));
  });

  it('LOCAL_SPACE of a parented object takes parent · parent inverse out', () => {
    fc.assert(fc.property(trs, trs, trs, (own, par, inv) => {
      const b = basis(own);
      const parentFinal = basis(par);
      const parentInverse = basis(inv);
      const world = new Float64Array(16);
      multiplyMat4(world, parentFinal, parentInverse);
      multiplyMat4(world, world, b);
      const parent = object(parentFinal, { id: 'P' });
      const local = readInSpace(createSpaceReader(object(b, { final: world, parent, parentInverse }), 'LOCAL_SPACE'), world);
      expect(close(local, b)).toBe(true);
    }));
  });

  it('LOCAL_SPACE of an unparented object takes its own rotation out: R⁻¹·T·R·S', () => {
    fc.assert(fc.property(trs, (own) => {
      const b = basis(own);
      const local = readInSpace(createSpaceReader(object(b), 'LOCAL_SPACE'), b);
      const rotationOnly = basis({ location: [0, 0, 0], rotation_euler: own.rotation_euler, scale: [1, 1, 1] });
      const t = own.location;
      // R⁻¹·t: R is orthonormal, so its transpose.
      const expected = [0, 1, 2].map((c) => rotationOnly[4 * c] * t[0] + rotationOnly[4 * c + 1] * t[1] + rotationOnly[4 * c + 2] * t[2]);
      expect(close([local[12], local[13], local[14]], expected)).toBe(true);
      expect(close([local[0], local[5], local[10]], own.scale)).toBe(true);
      expect(close([local[1], local[2], local[4], local[6], local[8], local[9]], [0, 0, 0, 0, 0, 0])).toBe(true);
    }));
  });
});
