// Wraps a constraint kernel the way Blender's solver loop does: owner and targets converted into
// their spaces, the kernel run there, the result converted back to world space and blended with
// the stack's previous matrix by influence.
import { influenceInto } from '../../nodes/constraints/param-values';
import { constraintSettings } from '../../nodes/define-constraint';
import { blendMatricesBy } from '../../nodes/math/blend';
import { saturate } from '../../nodes/math/finite';
import type { BBoneInfo, KernelIO, NodeDefinition, Params } from '../../nodes/define';
import { bboneSegmentAt, readBBoneTarget } from '../../nodes/math/bbone-read';
import type { RigOwner } from '../rig/rig';
import type { LazyPre } from './lazy-pre';
import type { SlotAllocator } from './slots';
import { copyMat4, identityMat4 } from '../../nodes/math/matrix';
import { spaceConverts, spaceToWorld, worldToSpace, type Space, type SpaceContext } from './spaces';
import { copyTargetStep } from './copy-target-step';
import { blendStep } from './wasm/blend-step';
import { intoLocalStep, outOfLocalStep } from './wasm/local-space';

export interface ConstraintBinding {
  def: NodeDefinition;
  params: Params;
  state: unknown;
  io: KernelIO;
  /** The owner whose stack this is in, if any. */
  stackOwner: RigOwner | undefined;
  /** The owner behind each target input, if it comes straight from an owner node. */
  targetOwners: Record<string, RigOwner | undefined>;
  /** The B-Bone behind each target input, when it is wired from that bone's B-Bone node (its shape is then current). */
  targetShapes: Record<string, BBoneInfo | undefined>;
  /** World matrix of the CUSTOM space, when wired. */
  custom: Float64Array | undefined;
  /** False when a required input is unconnected: the owner passes through unchanged. */
  active: boolean;
  /** When the owner input is an owner's matrix before constraints made on demand: that matrix (lazy-pre.ts). */
  ownerPre?: LazyPre;
}

/**
 * Builds the per-frame step of a constraint node. Allocates its scratch matrices now, never later.
 * Work that cannot change the result is left out of the step when it is built: the owner's space
 * conversion when it converts nothing (WORLD, no owner, CUSTOM unwired, a space objects do not
 * have: `spaceConverts`), the copy of a target that is neither moved nor converted; and each
 * frame, the blend when the influence is 1 or more. Each of these is an identity in the full
 * step (the conversions return the matrix as it is, the blend is not called), so the result is the same bit for bit.
 */
export function constraintStep(b: ConstraintBinding, slots: SlotAllocator): () => void {
  const { def, params, state, io, active, ownerPre } = b;
  const traits = def.constraint!;
  const { ownerSpace, targetSpace, headTail, useBBoneShape } = constraintSettings(traits, params);
  const fullBBone = traits.bboneMatrix === true;
  const worldIn = io.in.owner;
  const worldOut = io.out.owner;
  const influence = io.in.influence;
  const selfBlend = traits.blend === 'self';
  const zeroRuns = traits.runsAtZeroInfluence?.(state) ?? false;
  const ignoresOwner = selfBlend ? undefined : traits.ignoresOwner;

  const ownerCtx: SpaceContext = { owner: b.stackOwner, custom: b.custom, constraintOwner: b.stackOwner };
  const convertsOwner = spaceConverts(ownerSpace, ownerCtx);
  // Converted into owner space and left there (Blender's CONSTRAINT_SPACEONCE): the result is the world matrix.
  const convertsBack = convertsOwner && !(traits.keepsOwnerSpace?.(state) ?? false);
  // The kernel reads the stack's matrix where it is when no space conversion changes it, and
  // writes the node's output itself: the conversions and the blend work in place.
  const spaced = convertsOwner ? slots.alloc(16) : worldIn;
  // A bone's LOCAL space on the WebAssembly kernels where they can (wasm/local-space.ts: the same bits).
  const intoOwnerSpace = (convertsOwner && ownerSpace === 'LOCAL' ? intoLocalStep(spaced, worldIn, ownerCtx, slots.kernels) : undefined)
    ?? (() => { copyMat4(spaced, worldIn); worldToSpace(spaced, ownerSpace, ownerCtx); });
  const outOfOwnerSpace = (convertsBack && ownerSpace === 'LOCAL' ? outOfLocalStep(worldOut, ownerCtx, slots.kernels) : undefined)
    ?? (() => { spaceToWorld(worldOut, ownerSpace, ownerCtx); });
  const k = slots.alloc(1);
  const blend = blendStep(worldOut, worldIn, k, slots.kernels) ?? (() => { blendMatricesBy(worldOut, worldIn, worldOut, k); });
  const targets = (traits.targets ?? []).map((name) => {
    const owner = b.targetOwners[name];
    const ctx: SpaceContext = { owner, custom: b.custom, constraintOwner: b.stackOwner };
    // Follow B-Bone: the target read on its B-Bone's curve, where Blender reads it there (Head/Tail
    // past 1e-6, or anywhere for a kind reading the whole matrix). Decided here, so a target that is
    // not a B-Bone's runs the straight step below unchanged.
    const bbone = useBBoneShape ? b.targetShapes[name] : undefined;
    const curve = bbone && (fullBBone || headTail >= 1e-6) ? bbone : undefined;
    const moved = !curve && owner?.bone !== undefined && headTail !== 0;
    const converted = spaceConverts(targetSpace, ctx);
    const local = moved || converted || curve ? slots.alloc(16) : io.in[name];
    return {
      name,
      world: io.in[name],
      local,
      /** The bone's length when headTail moves the target along it, else 0 (in an array: see moveAlongY). */
      along: Float64Array.of(moved ? owner.bone!.length * headTail : 0),
      /** The B-Bone's pose joints when the target is read on its curve, and where on it (joint, blend). */
      joints: curve?.shape.pose,
      at: curve ? bboneSegmentAt(new Float64Array(2), [headTail], curve.segments) : undefined,
      converted,
      /** Converts `local` in place into the target space (when `converted`). */
      convert: (converted && targetSpace === 'LOCAL' ? intoLocalStep(local, local, ctx, slots.kernels) : undefined)
        ?? (() => { worldToSpace(local, targetSpace, ctx); }),
    };
  });
  // A space the kernel reads a direction in (Shrinkwrap's projection axis): the frame Blender's
  // conversion of the identity from the owner's LOCAL space into it gives, written before each run.
  const axisSpace = traits.axisSpace;
  const axisFrame = axisSpace?.frame(state);
  // Blender fills the CUSTOM space's matrix only for a constraint whose owner or target space is
  // CUSTOM (is_custom_space_needed); otherwise it is the identity, here too.
  const axisCtx: SpaceContext = { ...ownerCtx, custom: ownerSpace === 'CUSTOM' || targetSpace === 'CUSTOM' ? b.custom : undefined, keepScale: true };
  // Only the targets the step copies (moved or converted); the others the kernel reads where they are.
  const copied = targets.filter((t) => t.local !== t.world);
  const kernelIO: KernelIO = convertsOwner || copied.length > 0
    ? { in: { ...io.in, owner: spaced, ...Object.fromEntries(copied.map((t) => [t.name, t.local])) }, out: io.out }
    : io;

  // A kind whose result is its target's matrix, where nothing converts or moves it: a copy on the
  // buffer (copy-target-step.ts), unless this is a rebind's scratch outside it.
  const copy = active && !convertsOwner && targets.length === 1 && copied.length === 0 && axisFrame === undefined && !selfBlend && traits.copiesTarget?.(params) === true
    ? copyTargetStep({ buffer: slots.buffer, owner: worldIn, out: worldOut, target: targets[0].world, influence, factor: k, ownerPre, zeroRuns, blend })
    : undefined;
  if (copy) return copy;

  return () => {
    // An owner matrix left stale is made unless this run reads nothing of it (lazy-pre.ts). A kind
    // that ignores its owner gives a finite result from finite targets, and a target is finite in
    // any frame that passes (a non-finite one fails the frame's check, which runs it again guarded),
    // so its fallback to the owner (finishOrPass) never reads the stale matrix into a kept result.
    let ignoring = false;
    if (ownerPre !== undefined && ownerPre.stale[0] === 1) {
      ignoring = active && influenceInto(k, influence)[0] >= 1 && ignoresOwner !== undefined && ignoresOwner(params);
      if (!ignoring) ownerPre.ensure();
    }
    // Blender skips a constraint whose influence is 0 (nor does a stateful kernel capture anything then).
    if (!active || (influence !== undefined && !(influence[0] > 0) && !zeroRuns)) {
      copyMat4(worldOut, worldIn);
      return;
    }
    if (convertsOwner && !ignoring) intoOwnerSpace();
    for (let i = 0; i < copied.length; i++) {
      const t = copied[i];
      const m = t.local;
      copyMat4(m, t.world);
      if (t.joints) readBBoneTarget(m, t.joints, t.at!, fullBBone);
      else if (t.along[0] !== 0) moveAlongY(m, t.along);
      if (t.converted) t.convert();
    }
    if (axisFrame) {
      identityMat4(axisFrame);
      const space = params[axisSpace!.param] as Space;
      if (space !== 'LOCAL') worldToSpace(spaceToWorld(axisFrame, 'LOCAL', axisCtx), space, axisCtx);
    }
    def.kernel(kernelIO, params, state);
    if (convertsBack) outOfOwnerSpace();
    if (selfBlend) return;
    // The influence stays in a typed array: a double passed to a call V8 does not inline is boxed.
    if (influenceInto(k, influence)[0] < 1) blend();
  };
}
/**
 * Blender moves a bone target from its head towards its tail: along the bone's Y axis, by d[0].
 * Saturated: a 1e300-long bone (or a huge scale) must not feed the kernel ±Infinity or Inf − Inf.
 * The distance comes in an array and the sums are saturated here, in a function small enough for
 * `saturate` to be inlined: from the step's closure its double arguments were boxed (~1 KB a frame
 * on Rigify's human rig, 22 such targets).
 */
function moveAlongY(m: Float64Array, d: Float64Array): void {
  const k = d[0];
  m[12] = saturate(m[12] + m[4] * k); m[13] = saturate(m[13] + m[5] * k); m[14] = saturate(m[14] + m[6] * k);
}
