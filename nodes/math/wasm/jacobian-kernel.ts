// The IK Jacobian's inversion on its WebAssembly kernel (assembly/jacobian.ts): the Jacobian's arrays
// in WebAssembly memory, inverted there to the bits Jacobian.invert gives in JavaScript. Jacobians
// are small (Rigify's limbs: 3 rows by 6 degrees of freedom, ~1 KB), so many share a memory: each
// takes the next free bytes of the current one, and a new memory is made when it is full.
import { WASM_BASE64 } from './jacobian-bytes';
import { lazyModule } from './module';

export const jacobianModule = lazyModule(WASM_BASE64);

const PAGE = 65536;

interface Arena {
  memory: WebAssembly.Memory;
  invert: (base: number, T: number, D: number) => void;
  /** Bytes handed out so far, and the memory's size. */
  used: number;
  size: number;
}

/** The memory Jacobians are placed in now (one per thread). */
let arena: Arena | undefined;

function newArena(module: WebAssembly.Module, bytes: number): Arena {
  const pages = Math.max(1, Math.ceil(bytes / PAGE));
  const memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
  const { invert } = new WebAssembly.Instance(module, { env: { memory } }).exports;
  return { memory, invert: invert as Arena['invert'], used: 0, size: pages * PAGE };
}

/**
 * `count` doubles for a Jacobian of `T` task rows and `D` degrees of freedom, in WebAssembly memory,
 * and its inversion there (assembly/jacobian.ts reads the arrays in the order jacobian.ts lays them
 * out); undefined where the module or a memory cannot be had.
 */
export function jacobianKernel(T: number, D: number, count: number): { doubles: Float64Array; invert: () => void } | undefined {
  const module = jacobianModule();
  if (!module) return undefined;
  const bytes = count * 8;
  try {
    if (!arena || arena.used + bytes > arena.size) arena = newArena(module, bytes);
  } catch {
    return undefined;
  }
  const base = arena.used;
  arena.used += bytes;
  const run = arena.invert;
  return { doubles: new Float64Array(arena.memory.buffer, base, count), invert: () => { run(base, T, D); } };
}
