// Pivot (Blender's PIVOT): applies the owner's rotation about a pivot point instead of its own origin,
// optionally only while one Euler angle has a given sign. Blender's `pivotcon_evaluate`, in double precision.
import { param, transform, type OwnerHandle } from '../../define';
import { defineConstraint } from '../../define-constraint';
import { mat4ToEuler, type EulerOrder } from '../../math/euler';
import { copyMat3FromMat4, normalizeMat3 } from '../../math/matrix';
import { mat3NormalizedToQuat, quatToAxisAngle } from '../../math/quaternion';
import { EULER_ORDER_CHOICES, ownerEulerOrder, resolveEulerOrder } from '../euler-order';

export const ROTATION_RANGES = ['ALWAYS_ACTIVE', 'NX', 'NY', 'NZ', 'X', 'Y', 'Z'] as const;

export interface PivotState {
  /** Whether the target input is fed by an owner (Blender: a target is set). */
  hasTarget: boolean;
  /** The Euler order Pivot When reads angles in: the param's, or (AUTO) the owner's at this frame. */
  order: EulerOrder;
  /** The owner, whose order AUTO follows (an action may key its rotation mode). */
  owner: OwnerHandle | undefined;
  /** -1: always; 0..2: only while that Euler angle is ≤ 0; 3..5: only while angle (n − 3) is ≥ 0. */
  range: number;
  /**
   * The Pivot Offset param (non-numbers as 0), read at bind (a param change binds again): in a
   * typed array, since V8 boxes a double passed per frame to a call it does not inline.
   */
  offset: Float64Array;
}

const rot = new Float64Array(9);
const eul = new Float64Array(3);
const q = new Float64Array(4);
const aa = new Float64Array(4);
const pv = new Float64Array(3);

export const pivot = defineConstraint({
  type: 'constraint/pivot',
  label: 'Pivot',
  category: 'Relationship',
  doc: 'Rotates the owner about a pivot point (the target plus Offset, or a point relative to the owner) instead of about its own origin.',
  inputs: {
    target: transform({ doc: 'Optional pivot object or bone: its location plus Offset is the pivot. Unconnected: the pivot comes from Offset alone.' }),
  },
  outputs: { owner: transform({ doc: 'The owner after Pivot (world matrix).' }) },
  params: {
    offset: { ...param.vector([0, 0, 0], 'Pivot offset: added to the target\'s location; without a target, added to the owner\'s location (Relative) or used as the pivot itself.', 'm'), label: 'Pivot Offset' },
    useRelativeLocation: {
      ...param.bool(true, 'Without a target: the Offset is relative to the owner\'s location. Off: the Offset is an absolute point. No effect with a target.'),
      label: 'Relative Offset',
    },
    rotationRange: {
      ...param.choice(ROTATION_RANGES, 'ALWAYS_ACTIVE', 'Pivot only while one of the owner\'s Euler angles has a sign: NX while X ≤ 0, X while X ≥ 0, and so on. ALWAYS_ACTIVE: always.'),
      label: 'Pivot When',
    },
    ownerOrder: {
      ...param.choice(EULER_ORDER_CHOICES, 'AUTO', 'Euler order for Pivot When. AUTO: the owner\'s own rotation mode (XYZ for quaternion and axis-angle), as Blender.'),
      label: 'Euler Order',
    },
  },
  constraint: { targets: ['target'], ownerSpace: true, targetSpace: true, headTail: true },
  blender: {
    type: 'PIVOT',
    params: { offset: 'offset', use_relative_location: 'useRelativeLocation', rotation_range: 'rotationRange' },
  },
  bind(env, p) {
    const owner: OwnerHandle | undefined = env.stackOwner();
    return {
      hasTarget: env.sourceOwner('target') !== undefined,
      order: resolveEulerOrder(p.ownerOrder, ownerEulerOrder(owner)),
      owner,
      range: ROTATION_RANGES.indexOf(p.rotationRange) - 1,
      offset: Float64Array.from(p.offset),
    };
  },
  kernel(io, p, s) {
    const own = io.in.owner;
    const out = io.out.owner;
    out.set(own);
    s.order = resolveEulerOrder(p.ownerOrder, ownerEulerOrder(s.owner));
    pivotMatrix(out, io.in.target, p.useRelativeLocation, s);
  },
});

/** Blender's `pivotcon_evaluate` on `m` (owner space, in place). `target` is used when `s.hasTarget`. */
export function pivotMatrix(m: Float64Array, target: ArrayLike<number>, relative: boolean, s: PivotState): void {
  if (s.range >= 0) {
    mat4ToEuler(eul, m, s.order);
    if (s.range < 3 ? eul[s.range] > 0 : eul[s.range - 3] < 0) return;
  }
  const ox = s.offset[0], oy = s.offset[1], oz = s.offset[2];
  if (s.hasTarget) {
    pv[0] = target[12] + ox; pv[1] = target[13] + oy; pv[2] = target[14] + oz;
  } else if (relative) {
    pv[0] = m[12] + ox; pv[1] = m[13] + oy; pv[2] = m[14] + oz;
  } else {
    pv[0] = ox; pv[1] = oy; pv[2] = oz;
  }

  copyMat3FromMat4(rot, m);
  normalizeMat3(rot, rot);
  // Move the pivot onto the plane through the owner perpendicular to the rotation axis, so the
  // rotation does not translate the owner along its axis.
  mat3NormalizedToQuat(q, rot);
  quatToAxisAngle(aa, q);
  if (aa[0] !== 0) {
    const vx = pv[0] - m[12], vy = pv[1] - m[13], vz = pv[2] - m[14];
    const d = aa[1] * aa[1] + aa[2] * aa[2] + aa[3] * aa[3];
    if (d > 0) {
      const f = (vx * aa[1] + vy * aa[2] + vz * aa[3]) / d;
      if (Number.isFinite(f)) {
        pv[0] -= f * aa[1]; pv[1] -= f * aa[2]; pv[2] -= f * aa[3];
      }
    }
  }
  const vx = m[12] - pv[0], vy = m[13] - pv[1], vz = m[14] - pv[2];
  const x = pv[0] + rot[0] * vx + rot[3] * vy + rot[6] * vz;
  const y = pv[1] + rot[1] * vx + rot[4] * vy + rot[7] * vz;
  const z = pv[2] + rot[2] * vx + rot[5] * vy + rot[8] * vz;
  if (Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(z)) {
    m[12] = x; m[13] = y; m[14] = z;
  }
}
