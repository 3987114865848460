// A fully inheriting bone's LOCAL space on the WebAssembly kernels (mat4.wat `toLocal`, `fromLocal`):
// the conversions of runtime/eval/spaces.ts for the case they do most, one product with the bone's
// parent frame or its inverse, the frame and inverse made again when they must be, in one call and
// to the same bits. Any other case, and any the kernel declines (a frame or inverse it cannot make
// its way), is spaces.ts's own.
import { saturateN } from '../../../nodes/math/finite';
import { copyMat4 } from '../../../nodes/math/matrix';
import { markFrameWanted, parentMatrixOf } from '../../rig/parent-frame';
import { inheritsFully } from '../../rig/pose';
import type { BoneOwner } from '../../rig/rig';
import { spaceToWorld, worldToSpace, type SpaceContext } from '../spaces';
import { offsetsIn, type WasmKernels } from './kernels';

/** Byte offsets of a bone's parent-frame matrices and of `more`, or undefined when one is not in the kernels' memory. */
function frameOffsets(b: BoneOwner, kernels: WasmKernels, more: Float64Array[]) {
  const f = b.parentFrame;
  const at = offsetsIn(kernels, [parentMatrixOf(b), f.source, f.matrix, b.offset, f.inverse, ...more]);
  if (!at) return undefined;
  const [parent, source, frame, offset, inverse, ...rest] = at;
  return { parent, source, frame, offset, inverse, rest };
}

/**
 * A step writing `input` converted into the LOCAL space of `ctx.owner` to `out` (which may be
 * `input`), as copying it and `worldToSpace(out, 'LOCAL', ctx)` would; undefined when the owner is
 * not a bone or the matrices are not in the kernels' memory.
 */
export function intoLocalStep(out: Float64Array, input: Float64Array, ctx: SpaceContext, kernels: WasmKernels | undefined): (() => void) | undefined {
  const o = ctx.owner;
  if (!kernels || o?.kind !== 'bone') return undefined;
  const b: BoneOwner = o;
  const at = frameOffsets(b, kernels, [out, input]);
  if (!at) return undefined;
  const { parent, source, frame, offset, inverse } = at;
  const [outAt, inAt] = at.rest;
  const f = b.parentFrame;
  const generic = () => {
    if (out !== input) copyMat4(out, input);
    worldToSpace(out, 'LOCAL', ctx);
  };
  return () => {
    // worldToSpace's own test for the one-product route.
    if (input[15] !== 1 || !inheritsFully(b)) { generic(); return; }
    const r = kernels.toLocal(outAt, inAt, parent, source, frame, offset, inverse, (f.kept ? 1 : 0) | (f.inverseMade ? 2 : 0));
    // Declined: the frame may be half made; make it again in JavaScript, as worldToSpace would.
    if (r === 0) { f.kept = false; generic(); return; }
    markFrameWanted(b);
    f.kept = true; f.inverseMade = true;
    if (r === 2) saturateN(out, 16);
  };
}

/** A step converting `m` in place out of the LOCAL space of `ctx.owner`, as `spaceToWorld(m, 'LOCAL', ctx)` would; undefined as {@link intoLocalStep}. */
export function outOfLocalStep(m: Float64Array, ctx: SpaceContext, kernels: WasmKernels | undefined): (() => void) | undefined {
  const o = ctx.owner;
  if (!kernels || o?.kind !== 'bone') return undefined;
  const b: BoneOwner = o;
  const at = frameOffsets(b, kernels, [m]);
  if (!at) return undefined;
  const { parent, source, frame, offset } = at;
  const [mAt] = at.rest;
  const f = b.parentFrame;
  return () => {
    if (m[15] !== 1 || !inheritsFully(b)) { spaceToWorld(m, 'LOCAL', ctx); return; }
    const r = kernels.fromLocal(mAt, parent, source, frame, offset, f.kept ? 1 : 0);
    if (r === 0) { f.kept = false; spaceToWorld(m, 'LOCAL', ctx); return; }
    markFrameWanted(b);
    f.kept = true;
    if ((r & 4) !== 0) f.inverseMade = false;
    if ((r & 2) !== 0) saturateN(m, 16);
  };
}
