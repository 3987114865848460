// Blender's IK solver on its WebAssembly kernel (assembly/ik-solver.ts): a Jacobian's arrays and a
// solve's block of segments and tasks in WebAssembly memory, inverted and iterated there to the bits
// the JavaScript gives. Both are small (Rigify's limbs: ~1 KB of Jacobian, ~3 KB of block), so many
// solvers share a memory: each takes the next free bytes of the current one, and a new memory is
// made when it is full.
import { WASM_BASE64 } from './ik-solver-bytes';
import { lazyModule } from './module';

export const ikSolverModule = lazyModule(WASM_BASE64);

const PAGE = 65536;

interface Arena {
  memory: WebAssembly.Memory;
  invert: (base: number, T: number, D: number) => void;
  iterate: (jacobian: number, T: number, D: number, block: number, segments: number, tasks: number, maxIterations: number) => void;
  /** Bytes handed out so far, and the memory's size. */
  used: number;
  size: number;
}

/** The memory solvers are placed in now (one per thread). */
let arena: Arena | undefined;

function newArena(module: WebAssembly.Module, bytes: number): Arena {
  const pages = Math.max(1, Math.ceil(bytes / PAGE));
  const memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
  // JavaScript's own trigonometry: the kernel's then gives the JavaScript's bits.
  const trig = { sin: Math.sin, cos: Math.cos, atan2: Math.atan2, acos: Math.acos };
  const exports = new WebAssembly.Instance(module, { env: { memory }, sinew: trig }).exports;
  return { memory, invert: exports.invert as Arena['invert'], iterate: exports.iterate as Arena['iterate'], used: 0, size: pages * PAGE };
}

/** A Jacobian's arrays on the kernel, and their inversion there. */
export interface JacobianOnKernel {
  doubles: Float64Array;
  invert: () => void;
}

/** A solver on the kernel: its Jacobian's, its block (kernel-layout.ts), and the iterations over both. */
export interface IkKernel {
  jacobian: JacobianOnKernel;
  block: Float64Array;
  iterate: (segments: number, tasks: number, maxIterations: number) => void;
}

/**
 * `jacobianDoubles` for a Jacobian of `T` task rows and `D` degrees of freedom (laid out as
 * jacobian.ts lays them out) and `blockDoubles` for a solve's block, side by side in WebAssembly
 * memory; undefined where the module or a memory cannot be had.
 */
export function ikKernel(T: number, D: number, jacobianDoubles: number, blockDoubles: number): IkKernel | undefined {
  const module = ikSolverModule();
  if (!module) return undefined;
  const bytes = (jacobianDoubles + blockDoubles) * 8;
  try {
    if (!arena || arena.used + bytes > arena.size) arena = newArena(module, bytes);
  } catch {
    return undefined;
  }
  const jacobian = arena.used, block = jacobian + jacobianDoubles * 8;
  arena.used += bytes;
  const { invert, iterate, memory } = arena;
  return {
    jacobian: { doubles: new Float64Array(memory.buffer, jacobian, jacobianDoubles), invert: () => { invert(jacobian, T, D); } },
    block: new Float64Array(memory.buffer, block, blockDoubles),
    iterate: (segments, tasks, maxIterations) => { iterate(jacobian, T, D, block, segments, tasks, maxIterations); },
  };
}
