// Which bones an IK-style constraint moves, worked out twice from the same rule: once by id for the
// scheduler (`writes`), once as live owner handles for the kernel (`bind`); and how the kernel reads
// their poses into armature space and writes the solved ones back. Blender's rule: the chain starts
// at the owner bone (or at its parent when the tip is not used) and climbs `chainCount` bones
// towards the root; 0 climbs all the way.
import type { BindEnv, OwnerHandle } from '../../define';
import { multiplyMat4 } from '../../math/matrix';

/** Chain bone ids from the root down, by the same rule as `gatherChain`. */
export function chainIds(
  count: number,
  startAtParent: boolean,
  ownerOf: (id: string) => { parent?: string } | undefined,
  stackOwner: string | undefined,
): string[] {
  if (!stackOwner || !ownerOf(stackOwner)) return [];
  let id: string | undefined = startAtParent ? ownerOf(stackOwner)?.parent : stackOwner;
  const out: string[] = [];
  const limit = count > 0 ? Math.floor(count) : Infinity;
  while (id && out.length < limit && !out.includes(id)) {
    out.unshift(id);
    id = ownerOf(id)?.parent;
  }
  return out;
}

/** The scheduler's view: every chain bone this node writes besides its own stack owner. */
export function chainWrites(count: number, startAtParent: boolean, ownerOf: (id: string) => { parent?: string } | undefined, stackOwner: string | undefined): string[] {
  const ids = chainIds(count, startAtParent, ownerOf, stackOwner);
  return startAtParent ? ids : ids.slice(0, -1);
}

export interface BoundChain {
  armature: OwnerHandle;
  /** Chain bones from the root down. */
  bones: OwnerHandle[];
  /** The bone whose stack holds the constraint. */
  tip: OwnerHandle;
  /** Whether the last chain bone is the tip itself (else it is the tip's parent). */
  tipInChain: boolean;
}

/** The chain as live handles, or undefined when the node is not in a bone's stack. */
export function gatherChain(env: BindEnv, count: number, startAtParent: boolean): BoundChain | undefined {
  const tip = env.stackOwner();
  if (!tip || tip.kind !== 'bone' || !tip.bone) return undefined;
  const bones: OwnerHandle[] = [];
  let b: OwnerHandle | undefined = startAtParent ? tip.bone.parent : tip;
  const limit = count > 0 ? Math.floor(count) : Infinity;
  while (b && b.bone && bones.length < limit && !bones.includes(b)) {
    bones.unshift(b);
    b = b.bone.parent;
  }
  if (bones.length === 0) return undefined;
  return { armature: tip.bone.armature, bones, tip, tipInChain: !startAtParent };
}

/** What an IK-style kernel keeps from compile time about its chain. */
export interface ChainState {
  /** False when the node is not in a bone's stack (or the chain is empty): it passes its owner through. */
  active: boolean;
  n: number;
  armature: OwnerHandle | undefined;
  /** Chain bones from the root down. */
  bones: OwnerHandle[];
  /** Armature-space pose of each chain bone before and after the solve (16 numbers each). */
  pre: Float64Array[];
  post: Float64Array[];
}

/** The state of a node with no chain. */
export function inactiveChain(): ChainState {
  return { active: false, n: 0, armature: undefined, bones: [], pre: [], post: [] };
}

/** The state of a gathered chain, its poses allocated. */
export function activeChain(chain: BoundChain): ChainState {
  const n = chain.bones.length;
  return { active: true, n, armature: chain.armature, bones: chain.bones, pre: createPoses(n), post: createPoses(n) };
}

/** One armature-space pose (16 numbers) per chain bone, allocated at compile time. */
export function createPoses(n: number): Float64Array[] {
  return Array.from({ length: n }, () => new Float64Array(16));
}

/**
 * Reads each chain bone's stack result into `pre`, in armature space (`armInv` is the armature's
 * inverse world matrix); the last bone's is `tip` when given (the owner's stack, when it ends the chain).
 */
export function readChainPoses(pre: Float64Array[], armInv: ArrayLike<number>, bones: OwnerHandle[], tip: Float64Array | undefined): void {
  const n = bones.length;
  for (let i = 0; i < n; i++) multiplyMat4(pre[i], armInv, tip && i === n - 1 ? tip : bones[i].final);
}

/** Writes the solved poses `post` back as world matrices (`arm` is the armature's): into the bones' finals, the last one into `tip` when given. */
export function writeChainFinals(arm: ArrayLike<number>, post: Float64Array[], bones: OwnerHandle[], tip: Float64Array | undefined): void {
  const n = bones.length;
  for (let i = 0; i < n; i++) multiplyMat4(tip && i === n - 1 ? tip : bones[i].final, arm, post[i]);
}
