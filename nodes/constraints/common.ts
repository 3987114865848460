// What several constraint kinds declare alike beyond the settings every constraint has (owner,
// CUSTOM space, influence, owner and target space, Head/Tail: those `defineConstraint` adds, in
// nodes/define-constraint.ts): a required target input, and the Blender properties none of them can honour.
import { transform, type SocketSpec } from '../define';

/** A target the constraint cannot act without (unconnected, the node passes its owner through). */
export const targetInput = (doc: string): SocketSpec => transform({ doc, required: true });

/** `target_space`: every Blender constraint carries it; one without a target has none to convert. */
export const NO_TARGET_IGNORED = ['target_space'] as const;
