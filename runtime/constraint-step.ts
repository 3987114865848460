// Wraps a constraint kernel the way Blender's solver loop does: owner and targets converted into
// their spaces, the kernel run there, the result converted back to world space and blended with
// the stack's previous matrix by influence.
import { influenceOf } from '../nodes/constraints/param-values';
import { blendMatrices } from '../nodes/math/blend';
import { saturate } from '../nodes/math/finite';
import type { KernelIO, NodeDefinition, Params } from '../nodes/define';
import type { RigOwner } from './rig';
import type { SlotAllocator } from './slots';
import { spaceToWorld, worldToSpace, type Space, type SpaceContext } from './spaces';

export interface ConstraintBinding {
  def: NodeDefinition<unknown>;
  params: Params;
  state: unknown;
  io: KernelIO;
  /** The owner whose stack this is in, if any. */
  stackOwner: RigOwner | undefined;
  /** The owner behind each target input, if it comes straight from an owner node. */
  targetOwners: Record<string, RigOwner | undefined>;
  /** World matrix of the CUSTOM space, when wired. */
  custom: Float64Array | undefined;
  /** False when a required input is unconnected: the owner passes through unchanged. */
  active: boolean;
}

/** Builds the per-frame step of a constraint node. Allocates its scratch matrices now, never later. */
export function constraintStep(b: ConstraintBinding, slots: SlotAllocator): () => void {
  const { def, params, state, io } = b;
  const traits = def.constraint!;
  const ownerSpace = (traits.ownerSpace ? String(params.ownerSpace ?? 'WORLD') : 'WORLD') as Space;
  const targetSpace = String(params.targetSpace ?? 'WORLD') as Space;
  const headTail = typeof params.headTail === 'number' ? params.headTail : 0;
  const worldIn = io.in.owner;
  const worldOut = io.out.owner;
  const influence = io.in.influence;
  const selfBlend = traits.blend === 'self';

  const ownerCtx: SpaceContext = { owner: b.stackOwner, custom: b.custom, constraintOwner: b.stackOwner };
  const spaced = slots.alloc(16);
  const result = slots.alloc(16);
  const targets = (traits.targets ?? []).map((name) => ({
    world: io.in[name],
    local: slots.alloc(16),
    owner: b.targetOwners[name],
    ctx: { owner: b.targetOwners[name], custom: b.custom, constraintOwner: b.stackOwner } as SpaceContext,
  }));
  const kernelIO: KernelIO = {
    in: { ...io.in, owner: spaced, ...Object.fromEntries(targets.map((t, i) => [traits.targets![i], t.local])) },
    out: { ...io.out, owner: result },
  };

  return () => {
    // Blender skips a constraint whose influence is 0 (nor does a stateful kernel capture anything then).
    if (!b.active || (influence !== undefined && !(influence[0] > 0))) {
      worldOut.set(worldIn);
      return;
    }
    spaced.set(worldIn);
    worldToSpace(spaced, ownerSpace, ownerCtx);
    for (let i = 0; i < targets.length; i++) {
      const t = targets[i];
      t.local.set(t.world);
      const len = t.owner?.bone?.length;
      if (len !== undefined && headTail !== 0) {
        // Blender moves a bone target from its head towards its tail: along the bone's Y axis.
        const d = len * headTail;
        // Saturated: a 1e300-long bone (or a huge scale) must not feed the kernel ±Infinity or Inf − Inf.
        t.local[12] = saturate(t.local[12] + t.local[4] * d); t.local[13] = saturate(t.local[13] + t.local[5] * d); t.local[14] = saturate(t.local[14] + t.local[6] * d);
      }
      worldToSpace(t.local, targetSpace, t.ctx);
    }
    def.kernel(kernelIO, params, state);
    spaceToWorld(result, ownerSpace, ownerCtx);
    const k = influenceOf(influence);
    if (selfBlend || k >= 1) worldOut.set(result);
    else blendMatrices(worldOut, worldIn, result, k);
  };
}
