// A fully inheriting bone's pre-constraint matrix and LOCAL space are computed from its parent
// frame in world space (runtime/rig/parent-frame.ts). These check that against Blender's own route
// through pose space (BKE_bone_parent_transform + the armature matrix, nodes/math/bone-parent.ts) on
// random chains under moved, turned and scaled armatures, and that the kept frame follows its
// parent when the parent moves after it was made (an IK solve, an edit).
import fc from 'fast-check';
import { mat4 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { GRAPH_FORMAT, type GraphDocument } from '../../graph/types';
import { eulerToMat4 } from '../../nodes/math/euler';
import { compile } from '../../runtime/eval/compile';
import { applyParentTransform, createParentTransform, invertOrIdentity, invertParentTransform } from '../../nodes/math/bone-parent';
import { boneParentTransform, inheritsFully } from '../../runtime/rig/pose';
import { setFrameWanted, writePreFlags } from '../../runtime/rig/pre-flags';
import type { BoneOwner } from '../../runtime/rig/rig';
import { SCENE_FORMAT, type SceneDocument } from '../../runtime/rig/scene/types';
import { spaceToWorld, worldToSpace } from '../../runtime/eval/spaces';
import { restMatrix } from '../bench/rigs';
import { safeMultiplyMat4 } from '../../nodes/math/finite';
import { createParentFrame, parentFrame } from '../../runtime/rig/parent-frame';

const small = fc.double({ min: -1.5, max: 1.5, noNaN: true });
const euler = fc.tuple(small, small, small);
const scale = fc.double({ min: 0.2, max: 3, noNaN: true });

/** A random chain of 4 bones under an armature that is moved, turned and (non-uniformly) scaled. */
const chainScene = fc
  .record({
    armLocation: fc.tuple(fc.double({ min: -5, max: 5, noNaN: true }), fc.double({ min: -5, max: 5, noNaN: true }), fc.double({ min: -5, max: 5, noNaN: true })),
    armRotation: euler,
    armScale: fc.tuple(scale, scale, scale),
    poses: fc.array(fc.record({ rotation: euler, location: fc.tuple(small, small, small), scale: fc.tuple(scale, scale, scale) }), { minLength: 4, maxLength: 4 }),
  })
  .map(({ armLocation, armRotation, armScale, poses }): SceneDocument => ({
    format: SCENE_FORMAT,
    version: 1,
    objects: [{
      name: 'Arm', type: 'ARMATURE', location: armLocation, rotation_euler: armRotation, scale: armScale,
      bones: poses.map((p, i) => ({
        name: `b${i}`,
        parent: i ? `b${i - 1}` : null,
        length: 0.5,
        matrix_local: restMatrix([0.1 * i, 0.5 * i, 0.05 * i], [0.1 * i + 0.05, 0.5 * i + 0.5, 0.05 * i - 0.02]),
        pose: { rotation_mode: 'XYZ', rotation_euler: p.rotation, location: p.location, scale: p.scale },
      })),
    }],
  }));

/** Largest difference relative to the matrix's size. */
function relativeError(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let size = 1, worst = 0;
  for (let i = 0; i < 16; i++) size = Math.max(size, Math.abs(b[i]));
  for (let i = 0; i < 16; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst / size;
}

/** Blender's route: armature · parent transform applied to the pose basis, in pose space. */
function blenderPre(b: BoneOwner): Float64Array {
  const pose = applyParentTransform(new Float64Array(16), boneParentTransform(createParentTransform(), b), b.basis);
  return mat4.multiply(new Float64Array(16), b.armatureOwner.final, pose) as Float64Array;
}

describe('a bone parent frame in world space', () => {
  it('gives the pre-constraint matrices Blender gets through pose space', () => {
    fc.assert(
      fc.property(chainScene, (scene) => {
        const p = compile({ format: GRAPH_FORMAT, version: 1, nodes: [], links: [] }, scene).evaluate(1);
        for (const o of p.owners) {
          if (o.kind !== 'bone') continue;
          expect(relativeError(o.pre, blenderPre(o))).toBeLessThan(1e-12);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('converts to and from LOCAL space as Blender does through pose space, and round-trips', () => {
    fc.assert(
      fc.property(chainScene, fc.array(small, { minLength: 16, maxLength: 16 }), (scene, noise) => {
        const p = compile({ format: GRAPH_FORMAT, version: 1, nodes: [], links: [] }, scene).evaluate(1);
        for (const o of p.owners) {
          if (o.kind !== 'bone') continue;
          const world = Float64Array.from(o.final);
          for (let i = 0; i < 12; i++) if (i % 4 !== 3) world[i] += 0.1 * noise[i];
          const ctx = { owner: o, custom: undefined, constraintOwner: o };
          const local = worldToSpace(Float64Array.from(world), 'LOCAL', ctx);
          // Blender: world → pose (armature inverse), then the inverted parent transform.
          const pose = mat4.multiply(new Float64Array(16), invertOrIdentity(Float64Array.from(o.armatureOwner.final)), world) as Float64Array;
          const t = invertParentTransform(boneParentTransform(createParentTransform(), o));
          const expected = applyParentTransform(new Float64Array(16), t, pose);
          expect(relativeError(local, expected)).toBeLessThan(1e-10);
          expect(relativeError(spaceToWorld(local, 'LOCAL', ctx), world)).toBeLessThan(1e-10);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('follows its parent when the parent moves after the frame was made', () => {
    fc.assert(
      fc.property(chainScene, euler, (scene, turn) => {
        const p = compile({ format: GRAPH_FORMAT, version: 1, nodes: [], links: [] }, scene).evaluate(1);
        const child = p.owner('Arm/b2') as BoneOwner;
        const ctx = { owner: child, custom: undefined, constraintOwner: child };
        worldToSpace(Float64Array.from(child.final), 'LOCAL', ctx); // the frame is made and kept
        // The parent's final moves, as an IK solve rewrites it in place.
        const parent = p.owner('Arm/b1')!;
        const r = eulerToMat4(new Float64Array(16), turn);
        mat4.multiply(parent.final, parent.final, r);
        const local = worldToSpace(Float64Array.from(child.final), 'LOCAL', ctx);
        const frame = mat4.multiply(new Float64Array(16), parent.final, child.offset) as Float64Array;
        const expected = mat4.multiply(new Float64Array(16), mat4.invert(new Float64Array(16), frame) as Float64Array, child.final);
        expect(relativeError(local, expected)).toBeLessThan(1e-10);
      }),
      { numRuns: 50 },
    );
  });

  it('gives the same bits whether the pre step kept the frame or not, and a frame asked for later is the one it would have kept', () => {
    const empty: GraphDocument = { format: GRAPH_FORMAT, version: 1, nodes: [], links: [] };
    const bits = (m: Float64Array) => [...new BigUint64Array(Float64Array.from(m).buffer)];
    fc.assert(
      fc.property(chainScene, fc.array(euler, { minLength: 1, maxLength: 3 }), (scene, poses) => {
        const kept = compile(empty, scene), lazy = compile(empty, scene);
        // Every frame of one program wanted from the start (a LOCAL conversion reads each): it is kept.
        for (const o of kept.owners) if (o.kind === 'bone') { o.parentFrame.wanted = true; setFrameWanted(o); }
        for (const turn of poses) {
          for (const p of [kept, lazy]) eulerToMat4(p.owner('Arm/b1')!.basis, turn);
          kept.evaluate(1);
          lazy.evaluate(1);
          for (const o of lazy.owners) {
            if (o.kind !== 'bone') continue;
            const twin = kept.owner(o.id) as BoneOwner;
            expect(bits(o.pre)).toEqual(bits(twin.pre));
            expect(bits(parentFrame(o))).toEqual(bits(twin.parentFrame.matrix));
            // And lazy again for the next pose (the flag the pre step reads too: pre-flags.ts).
            o.parentFrame.wanted = false;
            writePreFlags(o, inheritsFully(o), false);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('is made again when only the sign of a zero of the parent\'s matrix changed (the product would differ in bits)', () => {
    const alloc = (n: number) => new Float64Array(n);
    // Entry 0 of the frame is +0·(−1) + (−1)·0 + (−1)·0 + (−1)·0 = −0; with −0 first, +0.
    const parent = { final: Float64Array.of(0, 0, 1, 0, -1, 0, 0, 0, -1, 1, 0, 0, -1, 2, 3, 1) };
    const b = { parentFrame: createParentFrame(alloc), parentBone: parent, armatureOwner: parent, offset: Float64Array.of(-1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1, 0, 0, 0.5, 0, 1), preFlags: new Float64Array(1) };
    expect(Object.is(parentFrame(b)[0], -0)).toBe(true);
    parent.final[0] = -0;
    const kept = Float64Array.from(parentFrame(b));
    const fresh = safeMultiplyMat4(new Float64Array(16), parent.final, b.offset);
    expect([...new BigUint64Array(kept.buffer)]).toEqual([...new BigUint64Array(Float64Array.from(fresh).buffer)]);
    expect(Object.is(kept[0], 0)).toBe(true);
  });
});
