// Which Euler order a constraint splits rotations in: Blender takes the owner's (or target's) own
// rotation mode (`cob->rotOrder`, `ct->rotOrder`), XYZ for quaternion and axis-angle; Sinew adds a
// param to choose another one, AUTO meaning Blender's choice.
import type { OwnerHandle } from '../define';
import { EULER_ORDERS, isEulerOrder, type EulerOrder } from '../math/euler';

/** Param options: AUTO (Blender's choice) or one Euler order. */
export const EULER_ORDER_CHOICES = ['AUTO', ...EULER_ORDERS] as const;

/** What the rotation-aware kernels keep from compile time: the owner's own Euler order. */
export interface OwnerOrderState {
  /** Blender's `cob->rotOrder`: the owner's Euler rotation mode, XYZ for quaternion and axis-angle owners. */
  ownerOrder: EulerOrder;
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
