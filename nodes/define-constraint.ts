// How a Blender-style constraint kind is declared. Every Blender constraint carries the same
// settings around its own: the stack's owner input, the CUSTOM space input, influence, the owner
// space, the target space and Head/Tail. `defineConstraint` adds them, in one place, from the
// kind's `constraint` traits; a kind declares only its own sockets and params. The runtime's
// constraint step (runtime/eval/constraint-step.ts) reads those settings through
// `constraintSettings`, the one place that knows their param names.
import { defineNode, influence, transform, type ConstraintTraits, type NodeDefinition, type SocketSpec } from './define';
import { param, type BoolParam, type ChoiceParam, type FloatParam, type ParamSpecs, type ParamsOf } from './params';

/** Owner spaces Blender offers (LOCAL_OWNER_ORIENT is a target space only). */
export const OWNER_SPACES = ['WORLD', 'CUSTOM', 'POSE', 'LOCAL_WITH_PARENT', 'LOCAL'] as const;
/** Target spaces Blender offers: every space there is. */
export const TARGET_SPACES = ['WORLD', 'CUSTOM', 'POSE', 'LOCAL_WITH_PARENT', 'LOCAL', 'LOCAL_OWNER_ORIENT'] as const;
export type OwnerSpace = (typeof OWNER_SPACES)[number];
export type Space = (typeof TARGET_SPACES)[number];

/** The shared params, each added when the kind's traits ask for it. */
const SHARED = {
  ownerSpace: {
    ...param.choice(OWNER_SPACES, 'WORLD', 'Space the owner is evaluated in. POSE and LOCAL_WITH_PARENT apply to bones only; objects accept WORLD, LOCAL and CUSTOM.'),
    label: 'Owner Space',
  },
  targetSpace: {
    ...param.choice(TARGET_SPACES, 'WORLD', 'Space the target is read in. POSE, LOCAL_WITH_PARENT and LOCAL_OWNER_ORIENT apply to bone targets only.'),
    label: 'Target Space',
  },
  headTail: {
    ...param.float(0, 'Where along a bone target to read it: 0 at its head, 1 at its tail. No effect on object targets.', { min: 0, max: 1 }),
    label: 'Head/Tail',
  },
  useBBoneShape: {
    ...param.bool(false, "Follow B-Bone: read a bone target with B-Bone segments at Head/Tail along its curved shape, not the straight line from head to tail. Acts when the target is wired from the bone's B-Bone node (the Blender importer wires it so); other targets are read straight, as Blender reads a bone of one segment."),
    label: 'Follow B-Bone',
  },
} satisfies ParamSpecs;

/** The params `defineConstraint` adds for traits `C`. */
export type SharedParams<C extends ConstraintTraits> =
  (C extends { ownerSpace: true } ? { ownerSpace: ChoiceParam<OwnerSpace> } : unknown)
  & (C extends { targetSpace: true } ? { targetSpace: ChoiceParam<Space> } : unknown)
  & (C extends { headTail: true } ? { headTail: FloatParam; useBBoneShape: BoolParam } : unknown);

/** A constraint kind as declared: its own sockets and params; `inputs` are those between the owner and the CUSTOM space. */
export type ConstraintDefinition<S, P extends ParamSpecs, C extends ConstraintTraits> =
  Omit<NodeDefinition<S, P & SharedParams<C>>, 'params' | 'constraint'> & { params: P; constraint: C };

/**
 * Declares a constraint kind: inputs `owner` (unless the kind gives its own, e.g. with another doc),
 * the kind's inputs, `space` (when it converts a space) and `influence`; params its own, then
 * `ownerSpace`, `targetSpace` and `headTail` as its traits ask. A kind that declares one of those
 * params itself (Child Of: another default) keeps its spec, placed with the shared ones.
 */
export function defineConstraint<S, P extends ParamSpecs, const C extends ConstraintTraits>(
  definition: ConstraintDefinition<S, P, C>,
): NodeDefinition<S, P & SharedParams<C>> {
  const traits = definition.constraint;
  const own = definition.inputs;
  const inputs: Record<string, SocketSpec> = { owner: own.owner ?? ownerInput(), ...own };
  if (traits.ownerSpace || traits.targetSpace) inputs.space = spaceInput();
  inputs.influence = influence();
  const params: ParamSpecs = {};
  for (const k in definition.params) if (!Object.hasOwn(SHARED, k)) params[k] = definition.params[k];
  for (const k of ['ownerSpace', 'targetSpace', 'headTail'] as const) {
    if (traits[k]) params[k] = Object.hasOwn(definition.params, k) ? definition.params[k] : SHARED[k];
  }
  // Blender gives every constraint with Head/Tail a Follow B-Bone switch beside it.
  if (traits.headTail) params.useBBoneShape = SHARED.useBBoneShape;
  return defineNode({ ...definition, inputs, params: params as P & SharedParams<C> });
}

/** The shared settings of one constraint node, typed, as the runtime's constraint step reads them. */
export interface ConstraintSettings {
  /** WORLD when the kind does not convert its owner. */
  ownerSpace: Space;
  /** WORLD when the kind does not convert its targets. */
  targetSpace: Space;
  /** 0 when the kind does not move bone targets along the bone. */
  headTail: number;
  /** Whether a B-Bone target is read on its curve (false when the kind has no Head/Tail). */
  useBBoneShape: boolean;
}

/** Reads a node's shared settings from its resolved params (nodes/resolve-params.ts). */
export function constraintSettings(traits: ConstraintTraits, params: ParamsOf<ParamSpecs>): ConstraintSettings {
  const p = params as Partial<ParamsOf<SharedParams<{ ownerSpace: true; targetSpace: true; headTail: true }>>>;
  return {
    ownerSpace: traits.ownerSpace && p.ownerSpace !== undefined ? p.ownerSpace : 'WORLD',
    targetSpace: traits.targetSpace && p.targetSpace !== undefined ? p.targetSpace : 'WORLD',
    headTail: traits.headTail && p.headTail !== undefined ? p.headTail : 0,
    useBBoneShape: traits.headTail === true && p.useBBoneShape === true,
  };
}

/** The owner input every constraint has: the stack so far. */
export const ownerInput = (): SocketSpec => transform({ doc: 'The stack so far (world matrix).' });

/** The CUSTOM space object's world matrix, when owner or target space is CUSTOM. */
const spaceInput = (): SocketSpec => transform({ doc: 'World matrix of the CUSTOM space (used when a space is CUSTOM).' });
