// Child Of (Blender's CHILD_OF): parents the owner to the target as an extra parent, per channel,
// with a parent inverse that can be set from the target on the first evaluation ("Set Inverse").
// Blender's `childof_evaluate`, in double precision.
import { param, transform, type OwnerHandle } from '../../define';
import { defineConstraint, OWNER_SPACES } from '../../define-constraint';
import { mat4ToEuler, type EulerOrder } from '../../math/euler';
import { composeMat4FromEuler, copyMat4, invertMat4, mat4ToScale, multiplyMat4 } from '../../math/matrix';
import { targetInput } from '../common';
import { EULER_ORDER_CHOICES, ownerEulerOrder, resolveEulerOrder } from '../euler-order';
import { finishOrPass } from '../finite-result';

/** How the kernel undoes the runtime's conversion back from owner space (Blender's CONSTRAINT_SPACEONCE). */
type Undo = 'none' | 'pose' | 'parlocal' | 'custom' | 'local';

export interface ChildOfState {
  /** Blender's `data->invmat`: the stored parent inverse (set on the first evaluation when Set Inverse is on). */
  inverse: Float64Array;
  /** Blender's CHILDOF_SET_INVERSE flag: the inverse is computed on the next evaluation. */
  pending: boolean;
  /** World matrix of the owner bone's armature (Blender's `cob->ob->obmat`), for bone owners. */
  armature: Float64Array | undefined;
  /** The owner bone's rest matrix, for LOCAL_WITH_PARENT. */
  rest: Float64Array | undefined;
  undo: Undo;
  /** Euler orders of the filtered channels: the params', or (AUTO) the owner's and target's at this frame. */
  ownerOrder: EulerOrder;
  targetOrder: EulerOrder;
  /** The owner and target whose orders AUTO follows (an action may key their rotation modes). */
  orderOwners: readonly [OwnerHandle | undefined, OwnerHandle | undefined];
  channels: Uint8Array;
  all: boolean;
}

const CHANNELS = ['useLocationX', 'useLocationY', 'useLocationZ', 'useRotationX', 'useRotationY', 'useRotationZ', 'useScaleX', 'useScaleY', 'useScaleZ'] as const;

const parmat = new Float64Array(16);
const invmat = new Float64Array(16);
const tmp = new Float64Array(16);
const loc = new Float64Array(3);
const eul = new Float64Array(3);
const size = new Float64Array(3);

const channel = (doc: string) => param.bool(true, doc);

export const childOf = defineConstraint({
  type: 'constraint/child-of',
  label: 'Child Of',
  category: 'Relationship',
  doc: 'Parents the owner to the target per location, rotation and scale channel, through a parent inverse that Set Inverse computes from the target.',
  inputs: { target: targetInput('The parent: an object or bone (world matrix, read in Target Space).') },
  outputs: { owner: transform({ doc: 'The owner after Child Of (world matrix).' }) },
  params: {
    useLocationX: { ...channel('Follow the parent\'s X location.'), label: 'Location X' },
    useLocationY: { ...channel('Follow the parent\'s Y location.'), label: 'Location Y' },
    useLocationZ: { ...channel('Follow the parent\'s Z location.'), label: 'Location Z' },
    useRotationX: { ...channel('Follow the parent\'s X rotation (Euler, in the parent\'s rotation order).'), label: 'Rotation X' },
    useRotationY: { ...channel('Follow the parent\'s Y rotation (Euler, in the parent\'s rotation order).'), label: 'Rotation Y' },
    useRotationZ: { ...channel('Follow the parent\'s Z rotation (Euler, in the parent\'s rotation order).'), label: 'Rotation Z' },
    useScaleX: { ...channel('Follow the parent\'s X scale.'), label: 'Scale X' },
    useScaleY: { ...channel('Follow the parent\'s Y scale.'), label: 'Scale Y' },
    useScaleZ: { ...channel('Follow the parent\'s Z scale.'), label: 'Scale Z' },
    setInverse: {
      ...param.bool(false, 'Set Inverse: on the first evaluation, the inverse becomes the inverse of the (channel-filtered) parent matrix, so the owner stays where it is; for a bone owner it is also multiplied by the armature\'s world matrix on the right, as Blender does.'),
      label: 'Set Inverse',
    },
    inverse: { ...param.matrix('Parent inverse matrix (column-major), used when Set Inverse is off. Identity: the owner moves with the parent as if it had no inverse.'), label: 'Inverse' },
    ownerSpace: {
      label: 'Owner Space',
      ...param.choice(OWNER_SPACES, 'POSE', 'Space the owner is read in. POSE, Blender\'s choice when it adds Child Of to a bone: the bone is read in pose space and, as in Blender (CONSTRAINT_SPACEONCE), the result is used as a world matrix without converting back, which the armature matrix in its inverse accounts for. Objects have no pose space: for them POSE is WORLD. Bones accept WORLD, POSE, LOCAL_WITH_PARENT and CUSTOM; objects WORLD, POSE, LOCAL and CUSTOM.'),
    },
    targetOrder: {
      ...param.choice(EULER_ORDER_CHOICES, 'AUTO', 'Euler order used to split the parent\'s rotation when some rotation channels are off. AUTO: the parent\'s own rotation mode (XYZ for quaternion and axis-angle), as Blender.'),
      label: 'Parent Euler Order',
    },
    ownerOrder: {
      ...param.choice(EULER_ORDER_CHOICES, 'AUTO', 'Euler order used to split the inverse\'s rotation when some channels are off. AUTO: the owner\'s own rotation mode (XYZ for quaternion and axis-angle), as Blender.'),
      label: 'Owner Euler Order',
    },
  },
  constraint: { targets: ['target'], ownerSpace: true, targetSpace: true, keepsOwnerSpace: (s) => (s as ChildOfState).undo === 'local' },
  blender: {
    type: 'CHILD_OF',
    params: {
      use_location_x: 'useLocationX', use_location_y: 'useLocationY', use_location_z: 'useLocationZ',
      use_rotation_x: 'useRotationX', use_rotation_y: 'useRotationY', use_rotation_z: 'useRotationZ',
      use_scale_x: 'useScaleX', use_scale_y: 'useScaleY', use_scale_z: 'useScaleZ',
      set_inverse_pending: 'setInverse',
      inverse_matrix: 'inverse',
    },
  },
  remembers: (p) => p.setInverse,
  bind(env, p) {
    const owner: OwnerHandle | undefined = env.stackOwner();
    const bone = owner?.kind === 'bone' ? owner.bone : undefined;
    const space = p.ownerSpace;
    let undo: Undo = 'none';
    if (bone) {
      // Blender adds Child Of to a bone with CONSTRAINT_SPACEONCE: evaluated in owner space, never converted back.
      if (space === 'POSE') undo = 'pose';
      else if (space === 'LOCAL_WITH_PARENT') undo = 'parlocal';
      else if (space === 'CUSTOM') undo = 'custom';
      // LOCAL's way back to world depends on the parent's pose this frame: the runtime leaves the
      // result in owner space instead (keepsOwnerSpace below), as Blender does.
      else if (space === 'LOCAL') undo = 'local';
    }
    const inverse = Float64Array.from(p.inverse);
    const channels = new Uint8Array(CHANNELS.map((c) => (p[c] ? 1 : 0)));
    return {
      inverse,
      pending: p.setInverse,
      armature: bone?.armature.final,
      rest: bone?.restMatrix,
      undo,
      ownerOrder: resolveEulerOrder(p.ownerOrder, ownerEulerOrder(owner)),
      targetOrder: resolveEulerOrder(p.targetOrder, ownerEulerOrder(env.sourceOwner('target'))),
      orderOwners: [owner, env.sourceOwner('target')] as const,
      channels,
      all: channels.every((c) => c === 1),
    };
  },
  kernel(io, p, s) {
    const own = io.in.owner;
    const out = io.out.owner;
    s.ownerOrder = resolveEulerOrder(p.ownerOrder, ownerEulerOrder(s.orderOwners[0]));
    s.targetOrder = resolveEulerOrder(p.targetOrder, ownerEulerOrder(s.orderOwners[1]));
    childOfMatrix(out, own, io.in.target, s);
    // Undo the runtime's conversion back from owner space: Blender keeps the result as it is.
    if (s.undo !== 'none' && s.undo !== 'local') {
      if (s.undo === 'custom') copyMat4(tmp, io.in.space);
      else if (s.undo === 'pose') copyMat4(tmp, s.armature!);
      else multiplyMat4(tmp, s.armature!, s.rest!);
      if (invertMat4(tmp, tmp)) multiplyMat4(out, tmp, out);
    }
    finishOrPass(out, own);
  },
});

/**
 * Blender's `childof_evaluate` on `own` (owner space) and `target` (target space), writing `out`.
 * A pending Set Inverse is resolved first, then the steady-state formula runs, so the first
 * evaluation already gives what Blender shows once its write-back has happened.
 */
export function childOfMatrix(out: Float64Array, own: Float64Array, target: Float64Array, s: ChildOfState): void {
  const c = s.channels;
  if (s.all) copyMat4(parmat, target);
  else filtered(parmat, target, s.targetOrder, c);

  if (s.pending) {
    invertMat4(s.inverse, parmat);
    if (s.armature) multiplyMat4(s.inverse, s.inverse, s.armature);
    s.pending = false;
  }

  if (s.all) copyMat4(invmat, s.inverse);
  else filtered(invmat, s.inverse, s.ownerOrder, c);

  multiplyMat4(tmp, parmat, invmat);
  const x = own[12], y = own[13], z = own[14];
  multiplyMat4(out, tmp, own);
  // Blender restores the owner's own location on the channels that are off.
  if (!c[0]) out[12] = x;
  if (!c[1]) out[13] = y;
  if (!c[2]) out[14] = z;
}

/** loc/euler/size of `m` with the disabled channels reset to their no-op values, recomposed. */
function filtered(out: Float64Array, m: Float64Array, order: EulerOrder, c: Uint8Array): void {
  loc[0] = c[0] ? m[12] : 0;
  loc[1] = c[1] ? m[13] : 0;
  loc[2] = c[2] ? m[14] : 0;
  mat4ToEuler(eul, m, order);
  if (!c[3]) eul[0] = 0;
  if (!c[4]) eul[1] = 0;
  if (!c[5]) eul[2] = 0;
  mat4ToScale(size, m);
  if (!c[6]) size[0] = 1;
  if (!c[7]) size[1] = 1;
  if (!c[8]) size[2] = 1;
  composeMat4FromEuler(out, loc, eul, order, size);
}
