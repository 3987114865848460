// An IK with neither Location nor Rotation has no goal, yet Blender's solver still runs on its
// chain. With no goal it moves nothing, but it rebuilds each bone's basis as an IK segment, and a
// segment keeps only its free axes: a bone locked on an axis loses its rotation about it (locked on
// all three, it returns to rest). Found by the random IK rigs (rigs.py random_ik3: a Z-locked bone,
// 0.19 off while such an IK passed its owner through); checked there against Blender.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SceneDocument } from '../../../../runtime/rig/scene/types';
import { chainScene, empty, evaluate, stackGraph } from './rig';

const angle = fc.double({ min: -1.2, max: 1.2, noNaN: true });
const rotation = fc.tuple(angle, angle, angle);

function chain(r0: number[], r1: number[], inherit: boolean, lockZ: boolean): SceneDocument {
  const scene = chainScene({ joints: [[0, 0, 0], [0, 0.1, 1], [0.1, 0, 2], [0, 0.2, 3]] }, [empty('Goal', [1, 0, 1])]);
  const bones = scene.objects[0].bones!;
  bones[0].pose = { rotation_mode: 'XYZ', rotation_euler: r0 };
  bones[1].pose = { rotation_mode: 'XYZ', rotation_euler: r1, lock_ik_z: lockZ };
  bones[1].use_inherit_rotation = inherit;
  return scene;
}

/** Every bone's final after an IK on B2 to the root: without goals, or at influence 0 (no IK at all). */
function finals(scene: SceneDocument, noGoal: boolean): Float64Array[] {
  const params: Record<string, string | number | boolean> = noGoal ? { solver: 'BLENDER', chainCount: 0, useLocation: false, useRotation: false } : { solver: 'BLENDER', chainCount: 0, influence: 0 };
  const p = evaluate(scene, stackGraph(scene, 'Arm/B2', 'constraint/ik', params, { target: { owner: 'Goal' } }));
  return ['Arm/B0', 'Arm/B1', 'Arm/B2'].map((id) => p.owners.find((o) => o.id === id)!.final);
}

const largest = (a: Float64Array[], b: Float64Array[]) => Math.max(...a.flatMap((m, k) => Array.from(m, (v, i) => Math.abs(v - b[k][i]))));

describe('Blender IK without Location and Rotation', () => {
  it('leaves a chain without locks as it was, whatever its poses and inheritance', () => {
    fc.assert(fc.property(rotation, rotation, fc.boolean(), (r0, r1, inherit) => {
      const scene = chain(r0, r1, inherit, false);
      // The solver hands Blender's float32 values over: equal to about 1e-7.
      expect(largest(finals(scene, true), finals(scene, false))).toBeLessThan(1e-6);
    }), { numRuns: 40 });
  });

  it('takes a locked axis\'s rotation out of a bone posed about it', () => {
    fc.assert(fc.property(rotation, fc.double({ min: 0.2, max: 1.2, noNaN: true }), (r0, z) => {
      const scene = chain(r0, [0, 0, z], true, true);
      const [, b1] = finals(scene, true);
      const [b0] = finals(scene, false);
      // B1 posed only about its Z axis, which is locked: after the solve it sits at its rest
      // orientation relative to B0, as the unposed chain has it.
      const rest = chain(r0, [0, 0, 0], true, false);
      const [b0Rest, b1Rest] = finals(rest, false);
      expect(largest([b0], [b0Rest])).toBeLessThan(1e-12);
      expect(largest([b1], [b1Rest])).toBeLessThan(1e-6);
      // Passed through, it keeps its Z rotation: the check is not met by doing nothing.
      expect(largest([finals(scene, false)[1]], [b1Rest])).toBeGreaterThan(1e-3);
    }), { numRuns: 40 });
  });
});
