// Relative Parenting (a bone's `use_relative_parent`): an object parented to such a bone follows the
// bone's pose relative to its rest — Blender's ob_parbone takes chan_mat, which BKE_pose_bone_done
// leaves as pose · inverse(rest) — instead of hanging from the bone's tail. So at rest it sits as if
// parented to the armature object itself, and posed it moves as the bone moved from its rest. An
// object on a bone without the flag still hangs from the tail.
import fc from 'fast-check';
import { mat4 } from 'gl-matrix';
import { describe, it } from 'vitest';
import type { SceneObject } from '../../../runtime/rig/scene/types';
import { euler, expectClose, vec3 } from '../../nodes/math/helpers';
import { finals, product, rigid } from './arbitraries';

const list = (a: fc.Arbitrary<Float64Array>) => a.map((v) => [...v]);
const positive = fc.double({ min: 0.3, max: 2, noNaN: true });
const rig = fc.record({
  armature: fc.record({ location: list(vec3), rotation_euler: list(euler), scale: fc.tuple(positive, positive, positive).map((v) => [...v]) }),
  rest: rigid, length: fc.double({ min: 0.1, max: 3, noNaN: true }),
  pose: fc.record({ location: list(vec3), rotation_euler: list(euler), scale: fc.tuple(positive, positive, positive).map((v) => [...v]) }),
  inverse: rigid, child: fc.record({ location: list(vec3), rotation_euler: list(euler) }),
});

function scene(r: typeof rig extends fc.Arbitrary<infer T> ? T : never, posed: boolean): SceneObject[] {
  const kid = (name: string, parent: Partial<SceneObject>): SceneObject => ({ name, type: 'EMPTY', parent: 'Arm', matrix_parent_inverse: r.inverse, ...r.child, ...parent });
  return [
    {
      name: 'Arm', type: 'ARMATURE', ...r.armature,
      bones: [
        { name: 'Rel', matrix_local: r.rest, length: r.length, use_relative_parent: true, ...(posed && { pose: r.pose }) },
        { name: 'Tail', matrix_local: r.rest, length: r.length, ...(posed && { pose: r.pose }) },
      ],
    },
    kid('OnRel', { parent_type: 'BONE', parent_bone: 'Rel' }),
    kid('OnTail', { parent_type: 'BONE', parent_bone: 'Tail' }),
    kid('OnArmature', { parent_type: 'OBJECT' }),
  ];
}

describe('Relative Parenting (use_relative_parent)', () => {
  it('at rest, the object sits as if parented to the armature object', () => {
    fc.assert(fc.property(rig, (r) => {
      const m = finals(scene(r, false));
      expectClose(m.get('OnRel')!, m.get('OnArmature')!, 1e-9);
    }));
  });

  it('posed, it follows pose · inverse(rest) (chan_mat); without the flag the object hangs from the tail', () => {
    fc.assert(fc.property(rig, (r) => {
      const m = finals(scene(r, true));
      const bone = m.get('Arm/Rel')!;
      const basis = m.get('OnArmature')!; // arm · inverse · basis: the basis alone is arm⁻¹ · inverse⁻¹ · this
      const own = product(mat4.invert(new Float64Array(16), product(m.get('Arm')!, r.inverse)) as Float64Array, basis);
      const restInverse = mat4.invert(new Float64Array(16), new Float64Array(r.rest)) as Float64Array;
      expectClose(m.get('OnRel')!, product(bone, restInverse, r.inverse, own), 1e-9, 'relative');
      const tail = product(m.get('Arm/Tail')!, mat4.fromTranslation(new Float64Array(16), [0, r.length, 0]), r.inverse, own);
      expectClose(m.get('OnTail')!, tail, 1e-9, 'tail');
    }));
  });
});
