// A bone's pre-constraint step on the WebAssembly kernel (mat4.wat `bonePre`), where its matrices
// are in the program's WebAssembly memory: the two products of computeBonePre (runtime/rig/pose.ts)
// for a fully inheriting bone, in one call, to the same bits. Every other case (at rest, not
// inheriting fully this frame, a product that overflows) is computePre's own.
import { parentMatrixOf } from '../../rig/parent-frame';
import { computePre, inheritsFully } from '../../rig/pose';
import { FRAME_WANTED, INHERITS_FULLY, writePreFlags } from '../../rig/pre-flags';
import type { BoneOwner, RigOwner } from '../../rig/rig';
import { indexIn } from '../slots';
import { offsetsIn, type WasmKernels } from './kernels';

/**
 * The pre step of a bone on the kernel: makes `o.pre` as computePre does, then calls `check` (the
 * step's guard, guards.ts checkPre) unless the kernel found every number finite and none
 * ±Number.MAX_VALUE. Undefined when the kernel cannot take this owner.
 */
export function kernelPreStep(o: RigOwner, kernels: WasmKernels | undefined, buffer: Float64Array, check: () => void, inheritanceSet = false): (() => void) | undefined {
  if (!kernels || o.kind !== 'bone' || o.atRest || buffer.buffer !== kernels.memory) return undefined;
  const b: BoneOwner = o;
  const f = b.parentFrame;
  const at = offsetsIn(kernels, [b.pre, parentMatrixOf(b), b.offset, b.basis, f.matrix, f.source]);
  // The flags read through the program's buffer, not the bone's record (pre-flags.ts), unless a node
  // sets the bone's inheritance (`inheritanceSet`): then from the record, where the node writes it.
  const flagsAt = indexIn(buffer, b.preFlags);
  if (!at || flagsAt === undefined) return undefined;
  const [pre, parent, offset, basis, frame, source] = at;
  writePreFlags(b, inheritsFully(b), f.wanted);
  // A connected bone's basis loses its translation (connectedBoneBasis): the kernel copies it to
  // its scratch without it first.
  const scratch = b.bone!.connected && b.parentBone !== undefined ? kernels.scratch : 0;
  return () => {
    // computeBonePre's own tests: only a fully inheriting bone is two products, and only with a
    // basis whose last entry is 1 (the kernel's own test: it returns 0 for any other).
    if (inheritanceSet) writePreFlags(b, inheritsFully(b), f.wanted);
    const flags = buffer[flagsAt];
    if (flags !== INHERITS_FULLY && flags !== INHERITS_FULLY + FRAME_WANTED) { computePre(b); check(); return; }
    const wanted = flags !== INHERITS_FULLY;
    const done = kernels.bonePre(pre, parent, offset, basis, wanted ? frame : 0, wanted ? source : 0, scratch);
    if (done === 0) { computePre(b); check(); return; }
    if (wanted) {
      // makeParentFrame's bookkeeping: the frame is new, its inverse not made yet.
      f.inverseMade = false;
      f.kept = true;
    }
    if (done !== 2) check();
  };
}
