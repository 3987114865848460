// Blender's rotate_eulO (math_rotation.c): an Euler rotation followed, in its own frame, by a turn
// about one of its axes, expressed again as Euler angles of the same order. Copy Rotation's legacy
// Offset mix uses it. Nothing here allocates.
import { eulerToMat3, mat3ToEuler, type EulerOrder } from './euler';
import { multiplyMat3 } from './matrix';

const turn = new Float64Array(3);
const m1 = new Float64Array(9);
const m2 = new Float64Array(9);

/**
 * eul ← angles of R(eul)·R(angles[axis] about `axis`) in `order` (Blender's `rotate_eulO`); in
 * place. The angle comes in an array (Copy Rotation passes the owner's Euler angles): V8 boxes a
 * double passed to a call it does not inline.
 */
export function rotateEuler(eul: Float64Array, order: EulerOrder, axis: 0 | 1 | 2, angles: ArrayLike<number>): Float64Array {
  turn[0] = 0; turn[1] = 0; turn[2] = 0;
  turn[axis] = angles[axis];
  eulerToMat3(m1, turn, order);
  eulerToMat3(m2, eul, order);
  multiplyMat3(m2, m2, m1);
  return mat3ToEuler(eul, m2, order);
}
