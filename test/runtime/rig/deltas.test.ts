// Delta transforms on objects (Blender's BKE_object_to_mat4: T(loc + dloc) · Rdelta · R ·
// S(scale ⊙ dscale)), checked through the rig's own parenting rather than against the formula: an
// object with deltas lands where a chain of two objects without deltas lands — a parent holding the
// summed location and the delta rotation, a child holding the rotation and the product scale. Any
// parent above (an object, with a parent inverse) and every rotation mode.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import type { RotationMode, SceneObject } from '../../../runtime/rig/scene/types';
import { euler, expectClose, unitQuat, vec3 } from '../../nodes/math/helpers';
import { finals, rigid } from './arbitraries';

const MODES: RotationMode[] = ['XYZ', 'XZY', 'YXZ', 'YZX', 'ZXY', 'ZYX', 'QUATERNION', 'AXIS_ANGLE'];
const scale = fc.tuple(fc.double({ min: 0.2, max: 3, noNaN: true }), fc.double({ min: 0.2, max: 3, noNaN: true }), fc.double({ min: -3, max: -0.2, noNaN: true })).map((v) => [...v]);
const list = (a: fc.Arbitrary<Float64Array>) => a.map((v) => [...v]);
const axisAngle = fc.tuple(fc.double({ min: -7, max: 7, noNaN: true }), unitQuat).map(([a, q]) => [a, q[0], q[1], q[2]]);

const object = fc.record({
  rotation_mode: fc.constantFrom(...MODES), location: list(vec3), rotation_euler: list(euler), rotation_quaternion: list(unitQuat), rotation_axis_angle: axisAngle, scale,
  delta_location: list(vec3), delta_rotation_euler: list(euler), delta_rotation_quaternion: list(unitQuat), delta_scale: scale,
});
const parent = fc.record({ location: list(vec3), rotation_euler: list(euler), scale, inverse: rigid });

describe('delta transforms (BKE_object_to_mat4)', () => {
  it('an object with deltas lands where a delta parent and a child without deltas land, in every rotation mode, under a parent', () => {
    fc.assert(fc.property(object, parent, (o, p) => {
      const mode = o.rotation_mode;
      const inverse = p.inverse;
      const top: SceneObject = { name: 'P', type: 'EMPTY', location: p.location, rotation_euler: p.rotation_euler, scale: p.scale };
      const withDeltas: SceneObject = { name: 'O', type: 'EMPTY', parent: 'P', matrix_parent_inverse: inverse, ...o };
      // The same without deltas: the delta rotation (in the object's mode; none for axis-angle) and
      // summed location on a parent, the rotation and product scale on its child.
      const loc = o.location.map((x, i) => x + o.delta_location[i]);
      const deltaRotation = mode === 'QUATERNION' ? { rotation_mode: mode, rotation_quaternion: o.delta_rotation_quaternion } : mode === 'AXIS_ANGLE' ? {} : { rotation_mode: mode, rotation_euler: o.delta_rotation_euler };
      const d: SceneObject = { name: 'D', type: 'EMPTY', parent: 'P', matrix_parent_inverse: inverse, location: loc, ...deltaRotation };
      const r: SceneObject = {
        name: 'R', type: 'EMPTY', parent: 'D', rotation_mode: mode, rotation_euler: o.rotation_euler, rotation_quaternion: o.rotation_quaternion, rotation_axis_angle: o.rotation_axis_angle,
        scale: o.scale.map((s, i) => s * o.delta_scale[i]),
      };
      const m = finals([top, withDeltas, d, r]);
      expectClose(m.get('O')!, m.get('R')!, 1e-9, `mode ${mode}`);
    }));
  });

  it('a delta of another mode, or identity deltas, leave the object as it is without', () => {
    fc.assert(fc.property(object, (o) => {
      const { delta_location: _l, delta_rotation_euler: dr, delta_rotation_quaternion: dq, delta_scale: _s, ...plain } = o;
      const other = o.rotation_mode === 'QUATERNION' ? { delta_rotation_euler: dr } : { delta_rotation_quaternion: dq, ...(o.rotation_mode === 'AXIS_ANGLE' && { delta_rotation_euler: dr }) };
      const identity = { delta_location: [0, 0, 0], delta_scale: [1, 1, 1] };
      const m = finals([{ name: 'A', type: 'EMPTY', ...plain }, { name: 'B', type: 'EMPTY', ...plain, ...other, ...identity }]);
      expectClose(m.get('B')!, m.get('A')!, 0, `mode ${o.rotation_mode}`);
    }));
  });
});
