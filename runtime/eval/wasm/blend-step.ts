// A constraint's influence blend on the WebAssembly kernel (assembly/blend.ts), where its matrices
// are in the program's WebAssembly memory: blendMatricesBy of nodes/math/blend.ts, to the same bits.
// What the kernel declines (see there) is blendMatricesBy's own.
import { blendMatricesBy } from '../../../nodes/math/blend';
import { offsetsIn, type WasmKernels } from './kernels';

/** A step blending `out` ← blendMatricesBy(out, a, out, factor); undefined when the kernel cannot take these matrices. */
export function blendStep(out: Float64Array, a: Float64Array, factor: Float64Array, kernels: WasmKernels | undefined): (() => void) | undefined {
  const blend = kernels?.blend;
  const at = blend && offsetsIn(kernels, [out, a, factor]);
  if (!blend || !at) return undefined;
  const [outAt, aAt, factorAt] = at;
  return () => {
    if (blend.run(outAt, aAt, outAt, factorAt, blend.scratch) === 0) blendMatricesBy(out, a, out, factor);
  };
}
