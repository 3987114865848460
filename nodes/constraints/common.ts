// Sockets and params every constraint kind declares the same way, as all of Blender's constraints
// carry owner_space, target_space, head_tail and space_object: the two space choices, Head/Tail,
// the owner, target and CUSTOM space inputs, and the Blender properties none of them can honour.
import { influence, param, transform, type ParamSpec, type SocketSpec } from '../define';

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

/** The owner input every constraint has: the stack so far. */
export const ownerInput = (): SocketSpec => transform({ doc: 'The stack so far (world matrix).' });

/** A target the constraint cannot act without (unconnected, the node passes its owner through). */
export const targetInput = (doc: string): SocketSpec => transform({ doc, required: true });

/** The inputs of a constraint with one target, in the order the editor shows them. */
export const targetConstraintInputs = (targetDoc: string): Record<string, SocketSpec> => ({
  owner: ownerInput(),
  target: targetInput(targetDoc),
  space: spaceInput(),
  influence: influence(),
});

/** The inputs of a constraint without a target (the Limit constraints, Maintain Volume). */
export const ownerConstraintInputs = (): Record<string, SocketSpec> => ({
  owner: ownerInput(),
  space: spaceInput(),
  influence: influence(),
});

/** `target_space`: every Blender constraint carries it; one without a target has none to convert. */
export const NO_TARGET_IGNORED = ['target_space'] as const;

/**
 * `use_bbone_shape` makes Head/Tail follow a B-Bone's curve, which Blender only does for bones with
 * more than one segment (is_bbone in constraint_target_to_mat4). Sinew's bones have one segment
 * (the scene format has no B-Bone settings), so Blender itself would use the straight head–tail
 * line there, as Sinew does.
 */
export const BBONE_IGNORED = ['use_bbone_shape'] as const;
