// Armature has no Blender fixture: these cases are derived by hand from Blender 3.4's armdef_evaluate
// (constraint.c) and the dual-quaternion routines of math_rotation.c. Each bone contributes its
// deform matrix D = A·(A⁻¹·W)·rest⁻¹·A⁻¹ (W its world matrix, A its armature's, rest its rest
// matrix in armature space); Blender blends the D's by weight, linearly (Σ wD / Σ w) or as dual
// quaternions (Preserve Volume), and the owner becomes blend · owner.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { armature } from '../../../../nodes/constraints/relationship/armature';
import type { OwnerHandle } from '../../../../nodes/define';
import { compile } from '../../../../runtime/eval/compile';
import type { SceneObject } from '../../../../runtime/rig/scene/types';
import { allFinite, anyInfluence, anyMatrix, armatureObject, bound, evaluateGraph, IDENTITY, inverseTRS, maxAbs, maxDiff, mul, oneNodeGraph, quaternion, rigid, scene, sceneObject, translation, trs, vec3 } from '../../harness';

/** A bone handle as the runtime gives it to bind: rest matrix and the armature's live world matrix. */
function boneHandle(rest: ArrayLike<number> = IDENTITY, armatureWorld: ArrayLike<number> = IDENTITY): OwnerHandle {
  const arm = { id: 'Arm', kind: 'object', objectType: 'ARMATURE', pre: new Float64Array(armatureWorld), final: new Float64Array(armatureWorld) } as OwnerHandle;
  return {
    id: 'Arm/B', kind: 'bone', objectType: 'BONE', rotationOrder: 'XYZ', pre: new Float64Array(16), final: new Float64Array(16),
    bone: { armature: arm, parent: undefined, length: 1, restMatrix: new Float64Array(rest), connected: false },
  };
}

const uniform = fc.tuple(vec3, quaternion, fc.double({ min: 0.2, max: 3, noNaN: true })).map(([t, q, s]) => trs(t, q, [s, s, s]));
const orthonormal = fc.tuple(vec3, quaternion).map(([t, q]) => trs(t, q, [1, 1, 1]));
const rotZ = (a: number, t: readonly number[] = [0, 0, 0]) =>
  new Float64Array([Math.cos(a), Math.sin(a), 0, 0, -Math.sin(a), Math.cos(a), 0, 0, 0, 0, 1, 0, t[0], t[1], t[2], 1]);
const scale = (s: number) => new Float64Array([s, 0, 0, 0, 0, s, 0, 0, 0, 0, s, 0, 0, 0, 0, 1]);
const point = (m: ArrayLike<number>) => [m[12], m[13], m[14]].map((x) => +x.toFixed(12));

describe('Armature (hand-derived from Blender 3.4 armdef_evaluate)', () => {
  it('one bone at weight 1: the owner follows the bone\'s deform matrix W·rest⁻¹·A⁻¹', () => {
    // Bone rest matrices are orthonormal and armatures uniformly scaled here: with a sheared
    // armature·rest product, Blender's orthogonalize_m4_stable leaves up to 1e-4 of shear in the
    // dual-quaternion base frame (it only corrects |cos| > 1e-4), and the result is off by ~1e-5.
    fc.assert(fc.property(uniform, orthonormal, rigid, rigid, fc.boolean(), (A, rest, pose, owner, dq) => {
      const W = mul(A, pose);
      const k = bound(armature, { useDeformPreserveVolume: dq }, { bone1: boneHandle(rest, A) });
      const want = mul(mul(mul(W, inverseTRS(rest)), inverseTRS(A)), owner);
      const got = k(owner, IDENTITY, { bone1: W, weight1: [1] });
      // Dual quaternions carry scale in a separate matrix; the product is the same up to rounding.
      expect(maxDiff(got, want)).toBeLessThan(1e-8 * (1 + maxAbs(want)));
    }), { numRuns: 300 });
  });

  it('a bone in its rest pose leaves the owner where it is, whatever its weight', () => {
    fc.assert(fc.property(uniform, orthonormal, rigid, fc.double({ min: 0.01, max: 1, noNaN: true }), fc.boolean(), (A, rest, owner, w, dq) => {
      const k = bound(armature, { useDeformPreserveVolume: dq }, { bone1: boneHandle(rest, A) });
      expect(maxDiff(k(owner, IDENTITY, { bone1: mul(A, rest), weight1: [w] }), owner)).toBeLessThan(1e-9 * (1 + maxAbs(owner)));
    }), { numRuns: 300 });
  });

  it('two bones at ½ each, one still and one turned 90° about Z: linear averages the matrices, Preserve Volume turns 45°', () => {
    const still = boneHandle();
    const turned = boneHandle();
    const owner = translation(1, 0, 0);
    const inputs = { bone1: IDENTITY, weight1: [0.5], bone2: rotZ(Math.PI / 2), weight2: [0.5] };
    // Linear: ½(I + Rz90) maps (1,0,0) to (½, ½, 0) and shrinks the basis.
    const lin = bound(armature, {}, { bone1: still, bone2: turned })(owner, IDENTITY, inputs);
    expect(point(lin)).toEqual([0.5, 0.5, 0]);
    expect(Math.hypot(lin[0], lin[1], lin[2])).toBeCloseTo(Math.SQRT1_2, 12);
    // Dual quaternions: normalize(½·1 + ½·q90) is the 45° turn; (1,0,0) goes to (√½, √½, 0), unit basis.
    const dq = bound(armature, { useDeformPreserveVolume: true }, { bone1: still, bone2: turned })(owner, IDENTITY, inputs);
    expect(point(dq)).toEqual(point(rotZ(Math.PI / 4, [Math.SQRT1_2, Math.SQRT1_2, 0])));
    expect(maxDiff(dq.subarray(0, 12), rotZ(Math.PI / 4).subarray(0, 12))).toBeLessThan(1e-12);
  });

  it('weights are normalized by their sum: 0.2 and 0.2 blend like ½ and ½', () => {
    const handles = { bone1: boneHandle(), bone2: boneHandle() };
    const owner = translation(1, 2, 3);
    for (const dq of [false, true]) {
      const a = bound(armature, { useDeformPreserveVolume: dq }, handles)(owner, IDENTITY, { bone1: IDENTITY, weight1: [0.2], bone2: rotZ(1, [1, 0, 0]), weight2: [0.2] });
      const b = bound(armature, { useDeformPreserveVolume: dq }, handles)(owner, IDENTITY, { bone1: IDENTITY, weight1: [0.5], bone2: rotZ(1, [1, 0, 0]), weight2: [0.5] });
      expect(maxDiff(a, b)).toBeLessThan(1e-12);
    }
  });

  it('a uniformly scaled bone: Preserve Volume keeps the scale in the dual quaternion\'s scale part (½ of 2× and 1× is 1.5×)', () => {
    const handles = { bone1: boneHandle(), bone2: boneHandle() };
    const owner = translation(1, 0, 0);
    for (const dq of [false, true]) {
      const m = bound(armature, { useDeformPreserveVolume: dq }, handles)(owner, IDENTITY, { bone1: IDENTITY, weight1: [0.5], bone2: scale(2), weight2: [0.5] });
      expect(maxDiff(m, mul(scale(1.5), owner))).toBeLessThan(1e-12);
    }
  });

  it('a translated bone carries the owner along in both modes', () => {
    const owner = rotZ(0.3, [1, 2, 3]);
    for (const dq of [false, true]) {
      const m = bound(armature, { useDeformPreserveVolume: dq }, { bone1: boneHandle() })(owner, IDENTITY, { bone1: translation(2, -1, 0.5), weight1: [1] });
      expect(maxDiff(m, mul(translation(2, -1, 0.5), owner))).toBeLessThan(1e-12);
    }
  });

  it('zero or negative weights and unconnected bones are skipped; nothing left leaves the owner alone', () => {
    const owner = rotZ(0.3, [1, 2, 3]);
    const k = bound(armature, {}, { bone1: boneHandle(), bone2: boneHandle() });
    expect(maxDiff(k(owner, IDENTITY, { bone1: translation(5, 0, 0), weight1: [0], bone2: translation(0, 5, 0), weight2: [-1] }), owner)).toBe(0);
    expect(maxDiff(bound(armature)(owner), owner)).toBe(0);
    const one = k(owner, IDENTITY, { bone1: translation(5, 0, 0), weight1: [0.3], bone2: translation(0, 5, 0), weight2: [0] });
    expect(point(one)).toEqual([6, 2, 3]);
  });

  it('gives finite output for any finite bone and owner matrices and weights', () => {
    const w = fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 1e-300, -1, 1));
    fc.assert(fc.property(anyMatrix, anyMatrix, anyMatrix, anyMatrix, anyMatrix, w, w, fc.boolean(), (owner, A, rest, b1, b2, w1, w2, dq) => {
      const k = bound(armature, { useDeformPreserveVolume: dq }, { bone1: boneHandle(rest, A), bone2: boneHandle(IDENTITY, A) });
      expect(allFinite(k(owner, IDENTITY, { bone1: b1, weight1: [w1], bone2: b2, weight2: [w2] }))).toBe(true);
    }), { numRuns: 600 });
  });

  it('in a program: a bone of another armature drives an object, finite for any influence', () => {
    fc.assert(fc.property(anyInfluence, fc.boolean(), (influence, dq) => {
      const arm = armatureObject('Arm', [1, 0, 0], [0, 0, Math.sin(0.2), Math.cos(0.2)], [1, 1, 1], {
        Bone: { location: [0, 0.5, 0], rotation_mode: 'XYZ', rotation_euler: [0, 0, 0.8] },
      });
      const sc = scene([arm, sceneObject('Owner', [0, 2, 0], [0, 0, 0, 1], [1, 1, 1])]);
      const g = oneNodeGraph(armature, 'Owner', { influence, useDeformPreserveVolume: dq }, { bone1: 'Arm/Bone' });
      const p = evaluateGraph(g, sc);
      const owner = p.ownerMatrix('Owner')!;
      expect(allFinite(owner)).toBe(true);
      if (influence === 1) {
        // D = W·rest⁻¹·A⁻¹ with rest = identity here.
        const bone = p.ownerMatrix('Arm/Bone')!;
        const want = mul(mul(bone, inverseTRS(p.ownerMatrix('Arm')!)), translation(0, 2, 0));
        expect(maxDiff(owner, want)).toBeLessThan(1e-12);
      }
    }), { numRuns: 50 });
  });

  it('refuses envelopes and non-bone inputs when the graph is compiled', () => {
    const sc = scene([armatureObject(), sceneObject('Owner', [0, 0, 0], [0, 0, 0, 1], [1, 1, 1]), sceneObject('Empty', [0, 0, 0], [0, 0, 0, 1], [1, 1, 1])]);
    expect(() => evaluateGraph(oneNodeGraph(armature, 'Owner', { useBoneEnvelopes: true }, { bone1: 'Arm/Bone' }), sc)).toThrow(/envelope/);
    expect(() => evaluateGraph(oneNodeGraph(armature, 'Owner', {}, { bone1: 'Empty' }), sc)).toThrow(/not a bone/);
  });

  it('maps every ARMATURE property; the target list sets the count and the weights, item for item', () => {
    const m = armature.blender!;
    for (const prop of ['use_deform_preserve_volume', 'use_bone_envelopes', 'use_current_location', 'target_space']) {
      expect(m.params[prop] ?? m.ignore?.includes(prop), prop).toBeTruthy();
    }
    expect(m.convert!({ targets: [{ target: 'Arm', subtarget: 'Bone', weight: 0.25 }, { target: 'Arm', subtarget: 'Other', weight: 0.75 }] })).toEqual({ targets: 2, weight1: 0.25, weight2: 0.75 });
  });
});

/** An armature of `n` bones in a row, each posed by `poses[i]` (location, quaternion, uniform scale). */
function rowArmature(poses: readonly (readonly [number[], number[], number])[]): SceneObject {
  return {
    ...sceneObject('Arm', [0.3, -0.2, 0.1], [0, 0, Math.sin(0.15), Math.cos(0.15)], [1.1, 1.1, 1.1], { type: 'ARMATURE' }),
    bones: poses.map(([t, q, sc], i) => ({
      name: `B${i + 1}`, parent: null, head_local: [i, 0, 0], tail_local: [i, 1, 0],
      matrix_local: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, i, 0, 0, 1], length: 1,
      pose: { location: t, rotation_mode: 'QUATERNION' as const, rotation_quaternion: q, scale: [sc, sc, sc] },
    })),
  };
}

const bonePose = fc.tuple(vec3, quaternion, fc.double({ min: 0.5, max: 2, noNaN: true }));
const weight = fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 1));

describe('Armature: any number of targets', () => {
  it('N ≤ 8 targets with Targets = N evaluate exactly as the old fixed eight-slot node (no Targets param) with the same N wired', () => {
    fc.assert(fc.property(fc.array(fc.tuple(bonePose, weight), { minLength: 1, maxLength: 8 }), fc.boolean(), rigid, (items, dq, ownerPose) => {
      const n = items.length;
      const sc = scene([rowArmature(items.map(([p]) => p)), sceneObject('Owner', [ownerPose[12], ownerPose[13], ownerPose[14]], [0, 0, 0, 1], [1, 1, 1])]);
      const wires = Object.fromEntries(items.map((_, i) => [`bone${i + 1}`, `Arm/B${i + 1}`]));
      const weights = Object.fromEntries(items.map(([, w], i) => [`weight${i + 1}`, w]));
      const old = evaluateGraph(oneNodeGraph(armature, 'Owner', { ...weights, useDeformPreserveVolume: dq }, wires), sc).ownerMatrix('Owner')!;
      const now = evaluateGraph(oneNodeGraph(armature, 'Owner', { ...weights, useDeformPreserveVolume: dq, targets: n }, wires), sc).ownerMatrix('Owner')!;
      expect([...now]).toEqual([...old]);
    }), { numRuns: 150 });
  });

  it('twelve targets: the blend of all twelve (Σ w·D / Σ w), the ones past eight counted too', () => {
    fc.assert(fc.property(fc.array(fc.tuple(bonePose, fc.double({ min: 0.05, max: 1, noNaN: true })), { minLength: 12, maxLength: 12 }), (items) => {
      const sc = scene([rowArmature(items.map(([p]) => p)), sceneObject('Owner', [0.5, 2, 0.3], [0, 0, 0, 1], [1, 1, 1])]);
      const wires = Object.fromEntries(items.map((_, i) => [`bone${i + 1}`, `Arm/B${i + 1}`]));
      const weights = Object.fromEntries(items.map(([, w], i) => [`weight${i + 1}`, w]));
      const p = evaluateGraph(oneNodeGraph(armature, 'Owner', { ...weights, targets: 12 }, wires), sc);
      // Linear blend by hand from the bones' evaluated world matrices: D = W·rest⁻¹·A⁻¹.
      const A = p.ownerMatrix('Arm')!;
      const sum = new Float64Array(16);
      let total = 0;
      items.forEach(([, w], i) => {
        const rest = translation(i, 0, 0);
        const D = mul(mul(p.ownerMatrix(`Arm/B${i + 1}`)!, inverseTRS(rest)), inverseTRS(A));
        for (let k = 0; k < 16; k++) sum[k] += w * D[k];
        total += w;
      });
      const want = mul(sum.map((x) => x / total), translation(0.5, 2, 0.3));
      expect(maxDiff(p.ownerMatrix('Owner')!, want)).toBeLessThan(1e-9 * (1 + maxAbs(want)));
    }), { numRuns: 60 });
  });

  it('a link into a target past the count is refused, naming the count; the count past 64 is refused by the file check', () => {
    const sc = scene([rowArmature([[[0, 0, 0], [0, 0, 0, 1], 1], [[0, 0, 0], [0, 0, 0, 1], 1], [[0, 0, 0], [0, 0, 0, 1], 1]]), sceneObject('Owner', [0, 0, 0], [0, 0, 0, 1], [1, 1, 1])]);
    expect(() => evaluateGraph(oneNodeGraph(armature, 'Owner', { targets: 2 }, { bone1: 'Arm/B1', bone3: 'Arm/B3' }), sc)).toThrow(/no input "bone3" \(its targets param is 2; raise it/);
    expect(() => evaluateGraph(oneNodeGraph(armature, 'Owner', { targets: 65 }, { bone1: 'Arm/B1' }), sc)).toThrow(/param "targets" is 65; it must be a count \(a whole number from 0 to 64\)/);
  });

  it('warns, naming the bone, when a target has B-Bone segments (Blender would use the segment under the owner)', () => {
    const arm = rowArmature([[[0, 0, 0], [0, 0, 0, 1], 1], [[0, 0, 0], [0, 0, 0, 1], 1]]);
    arm.bones![1] = { ...arm.bones![1], bbone_segments: 4 };
    const sc = scene([arm, sceneObject('Owner', [0, 0, 0], [0, 0, 0, 1], [1, 1, 1])]);
    const p = compile(oneNodeGraph(armature, 'Owner', { targets: 2 }, { bone1: 'Arm/B1', bone2: 'Arm/B2' }), sc);
    expect(p.warnings.map((w) => w.message)).toContainEqual(expect.stringContaining('target bone "Arm/B2" has 4 B-Bone segments'));
    expect(p.warnings.some((w) => w.message.includes('Arm/B1'))).toBe(false);
  });

  it('weights past 1 act as 1 (Blender\'s range, which a driver\'s value is clamped to)', () => {
    const sc = scene([rowArmature([[[1, 0, 0], [0, 0, 0, 1], 1], [[0, 1, 0], [0, 0, 0, 1], 1]]), sceneObject('Owner', [0, 0, 0], [0, 0, 0, 1], [1, 1, 1])]);
    const wires = { bone1: 'Arm/B1', bone2: 'Arm/B2' };
    const graph = (_w: number) => oneNodeGraph(armature, 'Owner', { targets: 2, weight1: 0.5, weight2: 1 }, wires);
    const p = compile(graph(1), sc).evaluate(1);
    const atOne = [...p.ownerMatrix('Owner')!];
    expect(p.setParam('c', 'weight2', 3)).toBe('applied');
    p.evaluate(1);
    expect([...p.ownerMatrix('Owner')!]).toEqual(atOne);
  });
});
