// What several constraint kinds declare alike beyond the settings every constraint has (owner,
// CUSTOM space, influence, owner and target space, Head/Tail: those `defineConstraint` adds, in
// nodes/define-constraint.ts): a required target input, and the Blender properties none of them can honour.
import { transform, type SocketSpec } from '../define';

/** A target the constraint cannot act without (unconnected, the node passes its owner through). */
export const targetInput = (doc: string): SocketSpec => transform({ doc, required: true });

/** `target_space`: every Blender constraint carries it; one without a target has none to convert. */
export const NO_TARGET_IGNORED = ['target_space'] as const;

/**
 * `use_bbone_shape` makes Head/Tail follow a B-Bone's curve, which Blender only does for bones with
 * more than one segment (is_bbone in constraint_target_to_mat4). Sinew's bones have one segment
 * (the scene format has no B-Bone settings), so Blender itself would use the straight head–tail
 * line there, as Sinew does.
 */
export const BBONE_IGNORED = ['use_bbone_shape'] as const;
