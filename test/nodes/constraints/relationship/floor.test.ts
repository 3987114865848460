import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FLOOR_LOCATIONS, floor } from '../../../../nodes/constraints/relationship/floor';
import { allFinite, anyInfluence, anyMatrix, bound, evaluateGraph, inverseTRS, maxAbs, maxDiff, mul, oneNodeGraph, rigid, scene, sceneObject, sceneTransform, wellConditioned } from '../../harness';

const location = fc.constantFrom(...FLOOR_LOCATIONS);
const offset = fc.double({ min: -2, max: 2, noNaN: true });

describe('Floor', () => {
  it('gives finite output for any finite owner and target', () => {
    fc.assert(fc.property(anyMatrix, anyMatrix, location, fc.boolean(), offset, (o, t, floorLocation, useRotation, off) => {
      expect(allFinite(bound(floor, { floorLocation, useRotation, offset: off })(o, t))).toBe(true);
    }), { numRuns: 600 });
  });

  it('keeps the owner on its side of the plane, moving only that one coordinate', () => {
    fc.assert(fc.property(wellConditioned, wellConditioned, location, offset, (o, t, floorLocation, off) => {
      const m = bound(floor, { floorLocation, offset: off })(o, t);
      const axis = floorLocation.endsWith('X') ? 0 : floorLocation.endsWith('Y') ? 1 : 2;
      const plane = t[12 + axis] + off;
      const negative = floorLocation.includes('NEGATIVE');
      const want = negative ? Math.min(o[12 + axis], plane) : Math.max(o[12 + axis], plane);
      expect(m[12 + axis]).toBeCloseTo(want, 12);
      for (let i = 0; i < 16; i++) if (i !== 12 + axis) expect(m[i]).toBe(o[i]);
    }), { numRuns: 400 });
  });

  it('with Use Rotation keeps the owner on its side of the target\'s tilted plane', () => {
    fc.assert(fc.property(wellConditioned, rigid, location, offset, (o, t, floorLocation, off) => {
      const m = bound(floor, { floorLocation, offset: off, useRotation: true })(o, t);
      const axis = floorLocation.endsWith('X') ? 0 : floorLocation.endsWith('Y') ? 1 : 2;
      const negative = floorLocation.includes('NEGATIVE');
      // The owner in the target's frame: its coordinate along the floor axis is clamped at Offset.
      const local = (x: ArrayLike<number>) => mul(inverseTRS(t), x)[12 + axis];
      const before = local(o);
      const after = local(m);
      const want = negative ? Math.min(before, off) : Math.max(before, off);
      expect(after).toBeCloseTo(want, 9);
      if (want === before) expect(maxDiff(m, o)).toBeLessThan(1e-9 * (1 + maxAbs(o)));
      // Rotation and scale are those of the owner (up to rounding in the round trip).
      expect(maxDiff(m.subarray(0, 12), o.subarray(0, 12))).toBeLessThan(1e-9 * (1 + maxAbs(o)));
    }), { numRuns: 400 });
  });

  it('stays finite in a program for degenerate scenes and influence outside 0…1', () => {
    fc.assert(fc.property(sceneTransform, sceneTransform, anyInfluence, location, fc.boolean(), ([ot, oq, os], [tt, tq, ts], influence, floorLocation, useRotation) => {
      const sc = scene([sceneObject('Owner', ot, oq, os), sceneObject('Target', tt, tq, ts)]);
      const p = evaluateGraph(oneNodeGraph(floor, 'Owner', { floorLocation, useRotation, influence }, { target: 'Target' }), sc);
      expect(allFinite(p.ownerMatrix('Owner')!)).toBe(true);
    }), { numRuns: 200 });
  });

  it('maps every FLOOR property', () => {
    const m = floor.blender!;
    for (const prop of ['floor_location', 'offset', 'use_rotation']) expect(m.params[prop], prop).toBeTruthy();
  });
});
