// A bone's pre-constraint step on the WebAssembly kernel (mat4.wat `bonePre`), where its matrices
// are in the program's WebAssembly memory: the two products of computeBonePre (runtime/rig/pose.ts)
// for a fully inheriting bone, in one call, to the same bits. Every other case (at rest, not
// inheriting fully this frame, a product that overflows) is computePre's own.
import { computePre, inheritsFully } from '../../rig/pose';
import type { BoneOwner, RigOwner } from '../../rig/rig';
import type { Mat4Kernels } from './kernels';

/**
 * Makes `o.pre` as computePre does; on the kernel where it can. Returns true when it has also found
 * every number of it finite and none ±Number.MAX_VALUE (the pre step's guard need not look again).
 */
export function preStep(o: RigOwner, kernels: Mat4Kernels | undefined): () => boolean {
  const compute = () => { computePre(o); return false; };
  if (!kernels || o.kind !== 'bone' || o.atRest) return compute;
  const b: BoneOwner = o;
  const f = b.parentFrame;
  const views = [b.pre, b.parentBone ? b.parentBone.final : b.armatureOwner.final, b.offset, b.basis, f.matrix, f.source];
  if (!views.every((v) => v.buffer === kernels.memory)) return compute;
  const [pre, parent, offset, basis, frame, source] = views.map((v) => v.byteOffset);
  const connected = b.bone!.connected && b.parentBone !== undefined;
  const m = b.basis;
  return () => {
    // computeBonePre's own tests: only a fully inheriting bone is two products; a connected bone's
    // basis loses its translation (connectedBoneBasis: the kernel copies it to its scratch first).
    if (m[15] !== 1 || !inheritsFully(b)) return compute();
    const wanted = f.wanted;
    const drop = connected && (m[12] !== 0 || m[13] !== 0 || m[14] !== 0);
    const done = kernels.bonePre(pre, parent, offset, basis, wanted ? frame : 0, wanted ? source : 0, drop ? kernels.scratch : 0);
    if (done === 0) return compute();
    if (wanted) {
      // makeParentFrame's bookkeeping: the frame is new, its inverse not made yet.
      f.inverseMade = false;
      f.kept = true;
    }
    return done === 2;
  };
}
