// Which Euler order a constraint splits rotations in: Blender takes the owner's (or target's) own
// rotation mode (`cob->rotOrder`, `ct->rotOrder`), XYZ for quaternion and axis-angle; Sinew adds a
// param to choose another one, AUTO meaning Blender's choice. The mode is read each frame: an action
// may key it (nodes/math/rotation-mode-change.ts).
import type { OwnerHandle } from '../define';
import { EULER_ORDERS, isEulerOrder, type EulerOrder } from '../math/euler';

/** Param options: AUTO (Blender's choice) or one Euler order. */
export const EULER_ORDER_CHOICES = ['AUTO', ...EULER_ORDERS] as const;

/** What the rotation-aware kernels keep from compile time: the owner whose Euler order they read each frame. */
export interface OwnerOrderState {
  /** The stack's owner: its `rotationOrder` is Blender's `cob->rotOrder` at this frame. */
  owner: OwnerHandle | undefined;
}

/**
 * An owner's Euler order as Blender's solver takes it (BKE_constraints_make_evalob): its rotation
 * mode when that is an Euler order, XYZ for quaternion and axis-angle (and with no owner, e.g. an
 * input not fed by one).
 */
export function ownerEulerOrder(owner: OwnerHandle | undefined): EulerOrder {
  return owner?.rotationOrder ?? 'XYZ';
}

/** An Euler order param value, AUTO (or anything else) meaning the owner's own order. */
export function resolveEulerOrder(choice: unknown, ownerOrder: EulerOrder): EulerOrder {
  return isEulerOrder(choice) ? choice : ownerOrder;
}
