// Params and sockets the tracking constraints share: Blender's spaces, head/tail, the axis enums.
import { param, transform, type ParamSpec, type SocketSpec } from '../../define';
import { TRACK_AXES } from '../../math/aim';

export { TRACK_AXES };

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
  ...param.float(0, 'Where along a bone target to aim: 0 at its head, 1 at its tail. No effect on object targets.', { min: 0, max: 1 }),
  label: 'Head/Tail',
});

/** The CUSTOM space object's world matrix, when owner or target space is CUSTOM. */
export const spaceInput = (): SocketSpec => transform({ doc: 'World matrix of the CUSTOM space (used when a space is CUSTOM).' });

/** The target input every single-target tracking constraint has. */
export const targetInput = (doc = 'What to aim at: its location (a bone: moved towards its tail by Head/Tail).'): SocketSpec =>
  transform({ doc, required: true });

/**
 * RNA properties Blender keeps on every constraint of these kinds that never change the result
 * here. `use_bbone_shape` makes Head/Tail follow a B-Bone's curve, which Blender only does for
 * bones with more than one segment; Sinew's bones have one segment (the scene format has no
 * B-Bone settings), so Blender itself would use the straight head–tail line, as Sinew does.
 */
export const BBONE_IGNORED = ['use_bbone_shape'] as const;
