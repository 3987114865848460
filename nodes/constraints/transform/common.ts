// Pieces shared by the Transform constraint nodes: the space params, the Euler order choice and
// how AUTO resolves to the owner's own rotation order (Blender's `cob->rotOrder`).
import { param, transform, type OwnerHandle, type ParamSpec, type SocketSpec } from '../../define';
import { EULER_ORDERS, isEulerOrder, type EulerOrder } from '../../math/euler';

/** Spaces an owner can be evaluated in (LOCAL_OWNER_ORIENT exists only for targets, as in Blender). */
export const OWNER_SPACES = ['WORLD', 'CUSTOM', 'POSE', 'LOCAL_WITH_PARENT', 'LOCAL'] as const;
export const TARGET_SPACES = ['WORLD', 'CUSTOM', 'POSE', 'LOCAL_WITH_PARENT', 'LOCAL', 'LOCAL_OWNER_ORIENT'] as const;

export const ownerSpaceParam = (): ParamSpec =>
  param.choice(OWNER_SPACES, 'WORLD', 'Space the owner is converted into before the constraint acts (POSE and LOCAL_WITH_PARENT are for bones).');
export const targetSpaceParam = (): ParamSpec =>
  param.choice(TARGET_SPACES, 'WORLD', 'Space the target is read in (POSE, LOCAL_WITH_PARENT and LOCAL_OWNER_ORIENT are for bone targets).');
export const headTailParam = (): ParamSpec =>
  param.float(0, 'Where along a bone target to read it: 0 at the head, 1 at the tail.', { min: 0, max: 1 });
/** The CUSTOM space object's matrix, used when a space is CUSTOM. */
export const spaceInput = (): SocketSpec => transform({ doc: 'World matrix of the CUSTOM space (used when a space is CUSTOM).' });

export const EULER_ORDER_CHOICES = ['AUTO', ...EULER_ORDERS] as const;
export type EulerOrderChoice = (typeof EULER_ORDER_CHOICES)[number];

/** What the rotation-aware kernels keep from compile time: the owner's own Euler order. */
export interface OwnerOrderState {
  /** Blender's `cob->rotOrder`: the owner's Euler rotation mode, XYZ for quaternion and axis-angle owners. */
  ownerOrder: EulerOrder;
}

/**
 * The owner's Euler order as Blender's solver takes it (BKE_constraints_make_evalob): its rotation
 * mode when that is an Euler order, XYZ for quaternion and axis-angle (and with no owner).
 */
export function ownerEulerOrder(owner: OwnerHandle | undefined): EulerOrder {
  return owner?.rotationOrder ?? 'XYZ';
}

/** An Euler order param value, AUTO meaning the owner's own order. */
export function resolveEulerOrder(choice: unknown, ownerOrder: EulerOrder): EulerOrder {
  return isEulerOrder(choice) ? choice : ownerOrder;
}

/**
 * Where Blender's formulas overflow on extreme but finite input (a huge extrapolated range, a zero
 * scale raised to a negative power) Blender writes infinities; Sinew passes the owner through
 * unchanged instead, so no kernel output is ever non-finite for finite input.
 */
export function keepFinite(out: Float64Array, owner: Float64Array): void {
  for (let i = 0; i < 16; i++) {
    if (!Number.isFinite(out[i])) {
      if (out !== owner) out.set(owner);
      return;
    }
  }
}
