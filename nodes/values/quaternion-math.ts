// nodes/values/quaternion-math.ts — build and combine rotations as unit quaternions [x, y, z, w].
import { defineNode, float, param, quaternion, vector } from '../define';
import { EULER_ORDERS, type EulerOrder, isEulerOrder } from '../math/euler';
import { safeNormalize3, safeNormalizeQuat } from '../math/finite';
import { eulerToQuat, multiplyQuat, slerpQuatBy } from '../math/quaternion';

/** The operations of `math/quaternion`, in menu order. */
export const QUATERNION_OPERATIONS = ['from-euler', 'from-axis-angle', 'multiply', 'slerp', 'invert'] as const;
export type QuaternionOperation = (typeof QUATERNION_OPERATIONS)[number];

const qa = new Float64Array(4);
const qb = new Float64Array(4);
const axis = new Float64Array(3);

export const quaternionMath = defineNode({
  type: 'math/quaternion',
  label: 'Quaternion Math',
  category: 'Math',
  doc: 'A rotation as a unit quaternion: from Euler angles or axis-angle, or the product, slerp or inverse of rotations.',
  inputs: {
    euler: vector({ default: [0, 0, 0], unit: 'rad', doc: 'from-euler: X, Y, Z angles (stored in radians, shown in degrees).' }),
    axis: vector({ default: [0, 1, 0], doc: 'from-axis-angle: the rotation axis, any length (shorter than 3e-18 counts as zero: no rotation).' }),
    angle: float({ default: 0, unit: 'rad', doc: 'from-axis-angle: the angle (stored in radians, shown in degrees), counter-clockwise looking down the axis.' }),
    a: quaternion({ default: [0, 0, 0, 1], doc: 'First rotation [x, y, z, w]; normalized first, a zero quaternion counts as no rotation.' }),
    b: quaternion({ default: [0, 0, 0, 1], doc: 'Second rotation (multiply, slerp); normalized like a.' }),
    factor: float({ default: 0.5, min: 0, max: 1, doc: 'slerp: 0 gives a, 1 gives b (values outside 0…1 extrapolate along the arc).' }),
  },
  outputs: {
    quaternion: quaternion({ doc: 'The resulting rotation, always unit length.' }),
  },
  params: {
    operation: param.choice(
      QUATERNION_OPERATIONS,
      'from-euler',
      'from-euler: the rotation of euler in the order below; from-axis-angle: angle about axis; ' +
        'multiply: a·b (b applied first, then a); slerp: a to b along the shortest arc by factor (at 0 it may be −a, the same rotation); ' +
        'invert: the opposite rotation of a.',
    ),
    order: param.choice(
      EULER_ORDERS,
      'XYZ',
      "from-euler: rotation order, as Blender's rotation mode; XYZ applies X first, then Y, then Z.",
    ),
  },
  kernel: (io, p) => {
    const out = io.out.quaternion;
    switch (p.operation) {
      case 'from-euler': {
        const order: EulerOrder = isEulerOrder(p.order) ? p.order : 'XYZ';
        eulerToQuat(out, io.in.euler, order);
        break;
      }
      case 'from-axis-angle': {
        if (!safeNormalize3(axis, io.in.axis)) {
          out[0] = 0; out[1] = 0; out[2] = 0; out[3] = 1;
          break;
        }
        const half = io.in.angle[0] * 0.5;
        const s = Math.sin(half);
        out[0] = axis[0] * s; out[1] = axis[1] * s; out[2] = axis[2] * s; out[3] = Math.cos(half);
        break;
      }
      case 'multiply':
        multiplyQuat(out, safeNormalizeQuat(qa, io.in.a), safeNormalizeQuat(qb, io.in.b));
        break;
      case 'slerp':
        slerpQuatBy(out, safeNormalizeQuat(qa, io.in.a), safeNormalizeQuat(qb, io.in.b), io.in.factor);
        break;
      case 'invert': {
        safeNormalizeQuat(qa, io.in.a);
        out[0] = -qa[0]; out[1] = -qa[1]; out[2] = -qa[2]; out[3] = qa[3];
        break;
      }
      default:
        out[0] = 0; out[1] = 0; out[2] = 0; out[3] = 1;
    }
    // Products and the near-parallel lerp of slerp drift off unit length; extrapolation can grow it.
    safeNormalizeQuat(out, out);
  },
});
