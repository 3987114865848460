// Transformation and Maintain Volume: ranges map linearly, clamp unless extrapolating; volume kept.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maintainVolume } from '../../../../nodes/constraints/transform/maintain-volume';
import { targetRotationChannels, transformation } from '../../../../nodes/constraints/transform/transformation';
import { eulerToMat4, mat4ToEuler } from '../../../../nodes/math/euler';
import { axisLength, bound, positiveScaled, translation, trs } from '../../harness';

describe('Transformation', () => {
  const ranges = { fromMinX: -2, fromMaxX: 2, fromMinY: -2, fromMaxY: 2, fromMinZ: -2, fromMaxZ: 2, toMinX: 10, toMaxX: 20, toMinY: 0, toMaxY: -4, toMinZ: 1, toMaxZ: 1 };

  it('maps location to location linearly, clamped to the source range', () => {
    const run = bound(transformation, { ...ranges, mixMode: 'REPLACE' });
    const at = (x: number, y: number) => Array.from(run(translation(7, 7, 7), translation(x, y, 0)).subarray(12, 15));
    expect(at(0, 0)).toEqual([15, -2, 1]);
    expect(at(-2, 2)).toEqual([10, -4, 1]);
    expect(at(5, -9)).toEqual([20, 0, 1]); // clamped
  });

  it('extrapolates past the source range with use_motion_extrapolate', () => {
    const run = bound(transformation, { ...ranges, mixMode: 'REPLACE', useMotionExtrapolate: true });
    expect(run(translation(0, 0, 0), translation(4, 0, 0))[12]).toBeCloseTo(25, 12);
  });

  it('ADD adds to the owner\'s location; axes can be remapped', () => {
    const out = bound(transformation, { ...ranges, mapToXFrom: 'Y' })(translation(1, 1, 1), translation(0, 2, 0));
    expect(Array.from(out.subarray(12, 15))).toEqual([21, -3, 2]);
  });

  it('maps location to rotation (REPLACE) as Euler angles in the chosen order', () => {
    fc.assert(fc.property(positiveScaled, fc.double({ min: -1, max: 1, noNaN: true }), (owner, x) => {
      const out = bound(transformation, {
        mapTo: 'ROTATION', mixModeRot: 'REPLACE', toEulerOrder: 'ZXY',
        fromMinX: -1, fromMaxX: 1, toMinXRot: -0.5, toMaxXRot: 0.5, toMinYRot: 0.2, toMaxYRot: 0.2, toMinZRot: 0, toMaxZRot: 0,
      })(owner, translation(x, 0, 0));
      const e = mat4ToEuler(new Float64Array(3), out, 'ZXY');
      expect(e[0]).toBeCloseTo(x / 2, 9);
      expect(e[1]).toBeCloseTo(0.2, 9);
      for (let c = 0; c < 3; c++) expect(axisLength(out, c)).toBeCloseTo(axisLength(owner, c), 9);
    }));
  });

  it('maps scale to scale (REPLACE and MULTIPLY)', () => {
    const p = { mapFrom: 'SCALE', mapTo: 'SCALE', fromMinXScale: 1, fromMaxXScale: 3, toMinXScale: 1, toMaxXScale: 5 };
    const owner = trs([0, 0, 0], [0, 0, 0, 1], [2, 2, 2]);
    const target = trs([0, 0, 0], [0, 0, 0, 1], [2, 1, 1]);
    expect(axisLength(bound(transformation, p)(owner, target), 0)).toBeCloseTo(3, 12);
    expect(axisLength(bound(transformation, { ...p, mixModeScale: 'MULTIPLY' })(owner, target), 0)).toBeCloseTo(6, 12);
  });

  it('reads rotation as Euler angles, quaternion pseudo-angles or swing and twist', () => {
    const m = eulerToMat4(new Float64Array(16), [0, 0.7, 0], 'XYZ');
    const out = new Float64Array(3);
    expect(Array.from(targetRotationChannels(out, m, 'XYZ', 'XYZ')).map((v) => +v.toFixed(12))).toEqual([0, 0.7, 0]);
    // A pure Y turn: quaternion y = sin(0.35), so 2·asin(y) is the angle itself.
    expect(targetRotationChannels(out, m, 'QUATERNION', 'XYZ')[1]).toBeCloseTo(0.7, 12);
    // All twist about Y, no swing.
    const st = Array.from(targetRotationChannels(out, m, 'SWING_TWIST_Y', 'XYZ'));
    expect(st[0]).toBeCloseTo(0, 12); expect(st[1]).toBeCloseTo(0.7, 12); expect(st[2]).toBeCloseTo(0, 12);
    // All swing about X when twisting about Y.
    const sx = Array.from(targetRotationChannels(out, m, 'SWING_TWIST_X', 'XYZ'));
    expect(sx[0]).toBeCloseTo(0, 12); expect(sx[1]).toBeCloseTo(0.7, 12);
  });
});

describe('Maintain Volume', () => {
  it('STRICT makes the product of the axis lengths the volume, the free axis untouched', () => {
    fc.assert(fc.property(positiveScaled, fc.constantFrom('SAMEVOL_X', 'SAMEVOL_Y', 'SAMEVOL_Z'), fc.double({ min: 0.01, max: 10, noNaN: true }), (m, free, volume) => {
      const out = bound(maintainVolume, { mode: 'STRICT', freeAxis: free, volume })(m);
      const k = ['SAMEVOL_X', 'SAMEVOL_Y', 'SAMEVOL_Z'].indexOf(free);
      const prod = axisLength(out, 0) * axisLength(out, 1) * axisLength(out, 2);
      expect(prod / volume).toBeCloseTo(1, 9);
      for (let r = 0; r < 3; r++) expect(out[4 * k + r]).toBe(m[4 * k + r]);
      expect([out[12], out[13], out[14]]).toEqual([m[12], m[13], m[14]]);
    }));
  });

  it('SINGLE_AXIS divides the other axes by √(free scale / volume)', () => {
    const out = bound(maintainVolume, { mode: 'SINGLE_AXIS', freeAxis: 'SAMEVOL_Y', volume: 1 })(trs([0, 0, 0], [0, 0, 0, 1], [1, 4, 1]));
    expect(axisLength(out, 0)).toBeCloseTo(0.5, 12);
    expect(axisLength(out, 2)).toBeCloseTo(0.5, 12);
  });
});
