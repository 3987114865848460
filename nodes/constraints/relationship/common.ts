// Params, sockets and small helpers the Relationship constraints share: Blender's spaces, the
// owner's Euler order (Blender's `cob->rotOrder` / `ct->rotOrder`) and the no-NaN guard.
import { param, transform, type OwnerHandle, type ParamSpec, type SocketSpec } from '../../define';
import { isEulerOrder, type EulerOrder } from '../../math/euler';

/** Owner spaces Blender offers (LOCAL_OWNER_ORIENT is a target space only). */
export const OWNER_SPACES = ['WORLD', 'CUSTOM', 'POSE', 'LOCAL_WITH_PARENT', 'LOCAL'] as const;
/** Target spaces Blender offers. */
export const TARGET_SPACES = ['WORLD', 'CUSTOM', 'POSE', 'LOCAL_WITH_PARENT', 'LOCAL', 'LOCAL_OWNER_ORIENT'] as const;

export const ownerSpaceParam = (): ParamSpec => ({
  ...param.choice(OWNER_SPACES, 'WORLD', 'Space the owner is evaluated in. POSE and LOCAL_WITH_PARENT apply to bones only; objects accept WORLD, LOCAL and CUSTOM.'),
  label: 'Owner Space',
});

export const targetSpaceParam = (): ParamSpec => ({
  ...param.choice(TARGET_SPACES, 'WORLD', 'Space the target is read in. POSE, LOCAL_WITH_PARENT and LOCAL_OWNER_ORIENT apply to bone targets only.'),
  label: 'Target Space',
});

export const headTailParam = (): ParamSpec => ({
  ...param.float(0, 'Where along a bone target to read it: 0 at its head, 1 at its tail. No effect on object targets.', { min: 0, max: 1 }),
  label: 'Head/Tail',
});

/** The CUSTOM space object's world matrix, when owner or target space is CUSTOM. */
export const spaceInput = (): SocketSpec => transform({ doc: 'World matrix of the CUSTOM space (used when a space is CUSTOM).' });

export const ownerInput = (): SocketSpec => transform({ doc: 'The stack so far (world matrix).' });

/**
 * `use_bbone_shape` makes Head/Tail follow a B-Bone's curve, which Blender only does for bones with
 * more than one segment. Sinew's bones have one segment (the scene format has no B-Bone settings),
 * so Blender itself would use the straight head–tail line there, as Sinew does.
 */
export const BBONE_IGNORED = ['use_bbone_shape'] as const;

/** Sinew's own Euler-order override next to Blender's automatic choice. */
export const ORDER_CHOICES = ['AUTO', 'XYZ', 'XZY', 'YXZ', 'YZX', 'ZXY', 'ZYX'] as const;

/**
 * The Euler order Blender's constraint code uses for an owner or target (`cob->rotOrder`,
 * `ct->rotOrder`): its rotation mode when that is an Euler order, else XYZ (quaternion and
 * axis-angle modes). `override` other than AUTO wins; an input not fed by an owner gives XYZ.
 */
export function rotationOrderOf(h: OwnerHandle | undefined, override: unknown = 'AUTO'): EulerOrder {
  if (isEulerOrder(override)) return override;
  if (!h) return 'XYZ';
  // OwnerHandle (nodes/define.ts) has no rotation mode yet: read `rotationOrder` when the runtime
  // provides it, else the scene record the runtime's owners carry (`source`, see runtime/rig.ts).
  const r = h as unknown as { rotationOrder?: unknown; source?: { rotation_mode?: unknown; pose?: { rotation_mode?: unknown } } };
  const mode = r.rotationOrder ?? (h.kind === 'bone' ? r.source?.pose?.rotation_mode : r.source?.rotation_mode);
  return isEulerOrder(mode) ? mode : 'XYZ';
}

/** Keeps `out` when all 16 numbers are finite; otherwise copies `owner` into it. Returns whether it kept `out`. */
export function finishOrPass(out: Float64Array, owner: ArrayLike<number>): boolean {
  for (let i = 0; i < 16; i++) {
    if (!Number.isFinite(out[i])) {
      for (let j = 0; j < 16; j++) out[j] = owner[j];
      return false;
    }
  }
  return true;
}

/** A finite number from a param or input value, else `fallback`. */
export function num(v: unknown, fallback = 0): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}
