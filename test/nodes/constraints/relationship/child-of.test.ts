import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { childOf } from '../../../../nodes/constraints/relationship/child-of';
import { allFinite, anyInfluence, anyMatrix, armatureObject, bound, evaluateGraph, IDENTITY, inverseTRS, maxAbs, maxDiff, mul, oneNodeGraph, rigid, scene, sceneObject, sceneTransform, wellConditioned } from '../../harness';

const CHANNELS = ['useLocationX', 'useLocationY', 'useLocationZ', 'useRotationX', 'useRotationY', 'useRotationZ', 'useScaleX', 'useScaleY', 'useScaleZ'];
const channelMask = fc.array(fc.boolean(), { minLength: 9, maxLength: 9 }).map((m) => Object.fromEntries(CHANNELS.map((c, i) => [c, m[i]])));
const orders = fc.constantFrom('AUTO', 'XYZ', 'XZY', 'YXZ', 'YZX', 'ZXY', 'ZYX');

describe('Child Of', () => {
  it('gives finite output for any finite owner, parent, inverse and channel set', () => {
    fc.assert(fc.property(anyMatrix, anyMatrix, anyMatrix, channelMask, fc.boolean(), orders, orders, (o, t, inv, mask, setInverse, a, b) => {
      const k = bound(childOf, { ...mask, setInverse, inverse: Array.from(inv), targetOrder: a, ownerOrder: b });
      expect(allFinite(k(o, t))).toBe(true);
      expect(allFinite(k(o, t))).toBe(true); // after a pending Set Inverse was resolved
    }), { numRuns: 600 });
  });

  it('with every channel and an identity inverse is target · owner', () => {
    fc.assert(fc.property(wellConditioned, wellConditioned, (o, t) => {
      const m = bound(childOf)(o, t);
      expect(maxDiff(m, mul(t, o))).toBeLessThan(1e-9 * (1 + maxAbs(t) * maxAbs(o)));
    }), { numRuns: 300 });
  });

  it('with every channel is target · inverse · owner', () => {
    fc.assert(fc.property(wellConditioned, wellConditioned, wellConditioned, (o, t, inv) => {
      const m = bound(childOf, { inverse: Array.from(inv) })(o, t);
      expect(maxDiff(m, mul(mul(t, inv), o))).toBeLessThan(1e-9 * (1 + maxAbs(t) * maxAbs(inv) * maxAbs(o)));
    }), { numRuns: 300 });
  });

  it('Set Inverse keeps the owner where it is, then follows the parent as it moves', () => {
    fc.assert(fc.property(rigid, rigid, rigid, (o, t, move) => {
      const k = bound(childOf, { setInverse: true });
      expect(maxDiff(k(o, t), o)).toBeLessThan(1e-9 * (1 + maxAbs(o)));
      const t2 = mul(move, t);
      // The parent moved by `move`: the child moves with it.
      expect(maxDiff(k(o, t2), mul(move, o))).toBeLessThan(1e-8 * (1 + maxAbs(move) * maxAbs(o)));
      expect(maxDiff(k.state.inverse, inverseTRS(t))).toBeLessThan(1e-9 * (1 + maxAbs(inverseTRS(t))));
    }), { numRuns: 300 });
  });

  it('Set Inverse with any channel set stores the inverse of the channel-filtered parent (Blender\'s write-back)', () => {
    fc.assert(fc.property(wellConditioned, rigid, channelMask, orders, (o, t, mask, order) => {
      // Child Of of an identity owner with an identity inverse is the filtered parent itself.
      const filteredParent = new Float64Array(bound(childOf, { ...mask, targetOrder: order })(IDENTITY, t));
      const pending = bound(childOf, { ...mask, setInverse: true, targetOrder: order, ownerOrder: order });
      const first = new Float64Array(pending(o, t));
      const written = bound(childOf, { ...mask, inverse: Array.from(pending.state.inverse), targetOrder: order, ownerOrder: order });
      expect(maxDiff(mul(pending.state.inverse, filteredParent), IDENTITY)).toBeLessThan(1e-9);
      // The first evaluation is already the steady state Blender reaches after its write-back.
      expect(maxDiff(first, written(o, t))).toBe(0);
      expect(maxDiff(pending(o, t), first)).toBe(0);
    }), { numRuns: 300 });
  });

  it('keeps the owner\'s own location on the location channels that are off', () => {
    fc.assert(fc.property(wellConditioned, wellConditioned, channelMask, (o, t, mask) => {
      const m = bound(childOf, mask)(o, t);
      ['useLocationX', 'useLocationY', 'useLocationZ'].forEach((c, i) => {
        if (!mask[c]) expect(m[12 + i]).toBe(o[12 + i]);
      });
    }), { numRuns: 300 });
  });

  it('with no channel on leaves the owner unchanged', () => {
    fc.assert(fc.property(wellConditioned, wellConditioned, (o, t) => {
      const none = Object.fromEntries(CHANNELS.map((c) => [c, false]));
      expect(maxDiff(bound(childOf, none)(o, t), o)).toBeLessThan(1e-9 * (1 + maxAbs(o)));
    }), { numRuns: 200 });
  });

  it('location-only follows the parent\'s translation and nothing else', () => {
    const loc = { useRotationX: false, useRotationY: false, useRotationZ: false, useScaleX: false, useScaleY: false, useScaleZ: false };
    fc.assert(fc.property(wellConditioned, wellConditioned, (o, t) => {
      const m = bound(childOf, loc)(o, t);
      const want = new Float64Array(o);
      want[12] += t[12]; want[13] += t[13]; want[14] += t[14];
      expect(maxDiff(m, want)).toBeLessThan(1e-9 * (1 + maxAbs(o) + maxAbs(t)));
    }), { numRuns: 200 });
  });

  it('splits the parent rotation in the parent\'s Euler order (Blender: ct->rotOrder)', () => {
    const rot = (axis: number, a: number) => {
      const m = new Float64Array(IDENTITY);
      const i = (axis + 1) % 3, j = (axis + 2) % 3;
      m[5 * i] = Math.cos(a); m[4 * i + j] = Math.sin(a); m[4 * j + i] = -Math.sin(a); m[5 * j] = Math.cos(a);
      return m;
    };
    // XYZ Euler (0.3, 0.5, 0.7): R = Rz·Ry·Rx. Keeping only the Z channel in XYZ order leaves Rz(0.7).
    const t = mul(rot(2, 0.7), mul(rot(1, 0.5), rot(0, 0.3)));
    const onlyZ = { useRotationX: false, useRotationY: false };
    const xyz = bound(childOf, { ...onlyZ, targetOrder: 'XYZ' })(IDENTITY, t);
    expect(maxDiff(xyz, rot(2, 0.7))).toBeLessThan(1e-12);
    // Split in ZXY order, the same rotation has another Z angle.
    const zxy = bound(childOf, { ...onlyZ, targetOrder: 'ZXY' })(IDENTITY, t);
    expect(maxDiff(zxy, rot(2, 0.7))).toBeGreaterThan(0.01);
    expect(Math.abs(zxy[10] - 1)).toBeLessThan(1e-12); // still a pure Z rotation
  });

  it('stays finite in a program for degenerate scenes and influence outside 0…1', () => {
    fc.assert(fc.property(sceneTransform, sceneTransform, anyInfluence, channelMask, fc.boolean(), ([ot, oq, os], [tt, tq, ts], influence, mask, setInverse) => {
      const sc = scene([sceneObject('Owner', ot, oq, os), sceneObject('Target', tt, tq, ts)]);
      const p = evaluateGraph(oneNodeGraph(childOf, 'Owner', { ...mask, setInverse, influence }, { target: 'Target' }), sc);
      expect(allFinite(p.ownerMatrix('Owner')!)).toBe(true);
    }), { numRuns: 200 });
  });

  it('on a bone in POSE space: Set Inverse keeps the bone in place, and the stored inverse carries the armature matrix', () => {
    fc.assert(fc.property(sceneTransform, sceneTransform, ([at, aq], [tt, tq, ts]) => {
      const arm = armatureObject('Arm', at, aq, [1.2, 1.2, 1.2], { Bone: { location: [0.3, -0.2, 0.5], rotation_mode: 'XYZ', rotation_euler: [0.4, 0.1, -0.7] } });
      const sc = scene([arm, sceneObject('Target', tt, tq, ts.map((x) => Math.max(x, 0.2)))]);
      const g = oneNodeGraph(childOf, 'Arm/Bone', { setInverse: true, ownerSpace: 'POSE' }, { target: 'Target' });
      const p = evaluateGraph(g, sc);
      const bone = p.owners.find((o) => o.id === 'Arm/Bone')!;
      expect(maxDiff(bone.final, bone.pre)).toBeLessThan(1e-9 * (1 + maxAbs(bone.pre)));
    }), { numRuns: 100 });
  });

  it('on a bone in POSE space with an identity inverse: the pose-space bone matrix is parented to the target in world space', () => {
    // Blender evaluates bone Child Of in pose space and does not convert back (CONSTRAINT_SPACEONCE):
    // world result = target · (armature⁻¹ · bone world).
    const arm = armatureObject('Arm', [1, 2, 3], [0, 0, Math.SQRT1_2, Math.SQRT1_2], [2, 2, 2]);
    const sc = scene([arm, sceneObject('Target', [0.5, -1, 2], [0.2, 0.1, 0, 0.97], [1, 1.5, 1])]);
    const p = evaluateGraph(oneNodeGraph(childOf, 'Arm/Bone', { ownerSpace: 'POSE' }, { target: 'Target' }), sc);
    const bone = p.owners.find((o) => o.id === 'Arm/Bone')!;
    const armature = p.ownerMatrix('Arm')!;
    const target = p.ownerMatrix('Target')!;
    const want = mul(target, mul(inverseTRS(armature), bone.pre));
    expect(maxDiff(bone.final, want)).toBeLessThan(1e-12);
  });

  it('by default (POSE, Blender\'s choice) an object is parented in world space and a bone in pose space', () => {
    const arm = armatureObject('Arm', [1, 2, 3], [0, 0, Math.SQRT1_2, Math.SQRT1_2], [2, 2, 2], { Bone: { location: [0.2, 0, 0.1] } });
    const sc = scene([arm, sceneObject('Owner', [1, 0, 0], [0.1, 0, 0, 1], [1, 2, 1]), sceneObject('Target', [0.5, -1, 2], [0.2, 0.1, 0, 0.97], [1, 1.5, 1])]);
    const obj = evaluateGraph(oneNodeGraph(childOf, 'Owner', {}, { target: 'Target' }), sc);
    const o = obj.owners.find((x) => x.id === 'Owner')!;
    expect(maxDiff(o.final, mul(obj.ownerMatrix('Target')!, o.pre))).toBeLessThan(1e-12);
    const bone = evaluateGraph(oneNodeGraph(childOf, 'Arm/Bone', { setInverse: true }, { target: 'Target' }), sc).owners.find((x) => x.id === 'Arm/Bone')!;
    expect(maxDiff(bone.final, bone.pre)).toBeLessThan(1e-12);
  });

  it('in LOCAL owner space on a bone keeps its local-space result as the world matrix, as Blender does (CONSTRAINT_SPACEONCE)', () => {
    // Bone "Other" rests at (2, 0, 0) under an identity armature, posed by (0.2, 0, 0.1): its LOCAL
    // matrix is that translation, Child Of gives target · local, and Blender never converts it back
    // (rest · target · local, what a constraint that converts back would give, is 2 away).
    const sc = scene([armatureObject('Arm', [0, 0, 0], [0, 0, 0, 1], [1, 1, 1], { Other: { location: [0.2, 0, 0.1] } }), sceneObject('Target', [0.5, -1, 2], [0.2, 0.1, 0, 0.97], [1, 1.5, 1])]);
    const r = evaluateGraph(oneNodeGraph(childOf, 'Arm/Other', { ownerSpace: 'LOCAL' }, { target: 'Target' }), sc);
    const local = Float64Array.from(IDENTITY);
    local[12] = 0.2;
    local[14] = 0.1;
    expect(maxDiff(r.owners.find((x) => x.id === 'Arm/Other')!.final, mul(r.ownerMatrix('Target')!, local))).toBeLessThan(1e-12);
  });

  it('maps every CHILD_OF property', () => {
    const m = childOf.blender!;
    for (const prop of ['use_location_x', 'use_location_y', 'use_location_z', 'use_rotation_x', 'use_rotation_y', 'use_rotation_z', 'use_scale_x', 'use_scale_y', 'use_scale_z', 'set_inverse_pending', 'inverse_matrix']) {
      expect(m.params[prop] ?? m.ignore?.includes(prop), prop).toBeTruthy();
    }
  });
});
