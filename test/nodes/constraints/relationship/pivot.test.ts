import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OwnerHandle } from '../../../../nodes/define';
import { pivot, ROTATION_RANGES } from '../../../../nodes/constraints/relationship/pivot';
import { allFinite, anyInfluence, anyMatrix, bound, evaluateGraph, IDENTITY, maxDiff, oneNodeGraph, rigid, scene, sceneObject, sceneTransform, translation, vec3 } from '../../harness';

const targetHandle = { id: 'Target', kind: 'object', objectType: 'EMPTY', pre: new Float64Array(16), final: new Float64Array(16) } as OwnerHandle;
const range = fc.constantFrom(...ROTATION_RANGES);

describe('Pivot', () => {
  it('gives finite output for any finite owner, target and offset, with or without a target', () => {
    fc.assert(fc.property(anyMatrix, anyMatrix, vec3, range, fc.boolean(), fc.boolean(), (o, t, offset, rotationRange, useRelativeLocation, withTarget) => {
      const k = bound(pivot, { offset, rotationRange, useRelativeLocation }, withTarget ? { target: targetHandle } : {});
      expect(allFinite(k(o, t))).toBe(true);
    }), { numRuns: 600 });
  });

  it('turns the owner about the line through the pivot along its own rotation axis', () => {
    fc.assert(fc.property(rigid, vec3, vec3, (o, tloc, offset) => {
      const t = translation(tloc[0], tloc[1], tloc[2]);
      const m = bound(pivot, { offset }, { target: targetHandle })(o, t);
      const p = [tloc[0] + offset[0], tloc[1] + offset[1], tloc[2] + offset[2]];
      const before = Math.hypot(o[12] - p[0], o[13] - p[1], o[14] - p[2]);
      const after = Math.hypot(m[12] - p[0], m[13] - p[1], m[14] - p[2]);
      expect(after).toBeCloseTo(before, 8);
      // Rotation and scale stay the owner's.
      expect(Array.from(m.subarray(0, 12))).toEqual(Array.from(o.subarray(0, 12)));
      // No motion along the rotation axis (the axis is fixed by the rotation: R·a = a).
      const axis = rotationAxis(o);
      if (axis) expect((m[12] - o[12]) * axis[0] + (m[13] - o[13]) * axis[1] + (m[14] - o[14]) * axis[2]).toBeCloseTo(0, 8);
    }), { numRuns: 400 });
  });

  it('rotates a point about a pivot in the plane: owner at (1,0,0) turned 90° about Z, pivot at the origin, lands at (0,1,0)', () => {
    const o = new Float64Array([0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 1]);
    const m = bound(pivot, {}, { target: targetHandle })(o, IDENTITY);
    expect([m[12], m[13], m[14]].map((x) => +x.toFixed(12))).toEqual([0, 1, 0]);
  });

  it('leaves the owner in place when the pivot is its own origin, or when it is not rotated', () => {
    fc.assert(fc.property(rigid, vec3, (o, offset) => {
      const self = bound(pivot, { offset: [0, 0, 0], useRelativeLocation: true })(o);
      for (let i = 12; i < 15; i++) expect(self[i]).toBeCloseTo(o[i], 9);
      const unrotated = translation(o[12], o[13], o[14]);
      const m = bound(pivot, { offset, useRelativeLocation: false })(unrotated);
      expect(maxDiff(m, unrotated)).toBeLessThan(1e-12 * (1 + Math.hypot(o[12], o[13], o[14]) + Math.hypot(...offset)));
    }), { numRuns: 300 });
  });

  it('without a target, an absolute offset is the pivot itself; a relative one is added to the owner', () => {
    const o = new Float64Array([0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 3, 0, 0, 1]); // 90° about Z at (3,0,0)
    const abs = bound(pivot, { offset: [2, 0, 0], useRelativeLocation: false })(o);
    expect([abs[12], abs[13]].map((x) => +x.toFixed(12))).toEqual([2, 1]);
    const rel = bound(pivot, { offset: [-1, 0, 0], useRelativeLocation: true })(o);
    expect([rel[12], rel[13]].map((x) => +x.toFixed(12))).toEqual([2, 1]);
  });

  it('Pivot When: only while the chosen Euler angle has the chosen sign', () => {
    const turnX = (a: number) => new Float64Array([1, 0, 0, 0, 0, Math.cos(a), Math.sin(a), 0, 0, -Math.sin(a), Math.cos(a), 0, 0, 1, 0, 1]);
    for (const a of [0.4, -0.4]) {
      const o = turnX(a);
      const whenX = bound(pivot, { rotationRange: 'X' }, { target: targetHandle })(o, IDENTITY);
      const whenNX = bound(pivot, { rotationRange: 'NX' }, { target: targetHandle })(o, IDENTITY);
      const moved = (m: Float64Array) => Math.hypot(m[12] - o[12], m[13] - o[13], m[14] - o[14]) > 1e-6;
      expect(moved(whenX)).toBe(a > 0);
      expect(moved(whenNX)).toBe(a < 0);
    }
  });

  it('stays finite in a program for degenerate scenes and influence outside 0…1', () => {
    fc.assert(fc.property(sceneTransform, sceneTransform, anyInfluence, range, fc.boolean(), ([ot, oq, os], [tt, tq, ts], influence, rotationRange, withTarget) => {
      const sc = scene([sceneObject('Owner', ot, oq, os), sceneObject('Target', tt, tq, ts)]);
      const p = evaluateGraph(oneNodeGraph(pivot, 'Owner', { rotationRange, influence, offset: [0.5, -1, 2] }, withTarget ? { target: 'Target' } : {}), sc);
      expect(allFinite(p.ownerMatrix('Owner')!)).toBe(true);
    }), { numRuns: 200 });
  });

  it('maps every PIVOT property', () => {
    const m = pivot.blender!;
    for (const prop of ['offset', 'use_relative_location', 'rotation_range']) {
      expect(m.params[prop] ?? m.ignore?.includes(prop), prop).toBeTruthy();
    }
    // `use_bbone_shape` and `head_tail` are every Head/Tail constraint's: the importer maps them to these.
    expect(pivot.params.useBBoneShape.kind).toBe('bool');
    expect(pivot.params.headTail.kind).toBe('float');
  });
});

/** The unit rotation axis of a rigid matrix's rotation, or undefined for (near) identity. */
function rotationAxis(m: Float64Array): number[] | undefined {
  const s = [0, 1, 2].map((c) => Math.hypot(m[4 * c], m[4 * c + 1], m[4 * c + 2]));
  const r = (row: number, col: number) => m[4 * col + row] / s[col];
  const v = [r(2, 1) - r(1, 2), r(0, 2) - r(2, 0), r(1, 0) - r(0, 1)];
  const l = Math.hypot(...v);
  return l > 1e-3 ? v.map((x) => x / l) : undefined;
}
