// A constraint's influence blend on the WebAssembly kernel (assembly/blend.ts), where its matrices
// are in the program's WebAssembly memory: blendMatricesBy of nodes/math/blend.ts, to the same bits.
// What the kernel declines (see there) is blendMatricesBy's own.
import { blendMatricesBy } from '../../../nodes/math/blend';
import type { Mat4Kernels } from './kernels';

/** A step blending `out` ← blendMatricesBy(out, a, out, factor); undefined when the kernel cannot take these matrices. */
export function blendStep(out: Float64Array, a: Float64Array, factor: Float64Array, kernels: Mat4Kernels | undefined): (() => void) | undefined {
  const blend = kernels?.blend;
  if (!blend || ![out, a, factor].every((v) => v.buffer === kernels.memory)) return undefined;
  const [outAt, aAt, factorAt] = [out, a, factor].map((v) => v.byteOffset);
  return () => {
    if (blend.run(outAt, aAt, outAt, factorAt, blend.scratch) === 0) blendMatricesBy(out, a, out, factor);
  };
}
