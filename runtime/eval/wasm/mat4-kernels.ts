// The program's buffer in WebAssembly memory, and the SIMD kernels that work on it (mat4.wat). A
// kernel gives the same bits as the JavaScript it stands for, so a program runs either; where
// WebAssembly, its SIMD or the memory is not to be had (an old engine, a page whose
// Content-Security-Policy forbids compiling it, the address space taken by many programs alive at
// once), the program keeps a plain Float64Array and runs the JavaScript.
import { WASM_BASE64 } from './mat4-bytes';

/** The kernels of one instance, bound to its memory; offsets are in bytes. */
export interface Mat4Kernels {
  /** The memory's buffer: a view into it can be handed to a kernel by its byte offset. */
  readonly memory: ArrayBuffer;
  /** 16 doubles the kernels may write (a connected bone's basis without its translation). */
  readonly scratch: number;
  /** See mat4.wat: 0 when a product was not finite (nothing promised is written then), else 2 when pre is clean, 1 when not. */
  bonePre(pre: number, parent: number, offset: number, basis: number, frame: number, source: number, scratch: number): number;
  /** See mat4.wat: into a fully inheriting bone's LOCAL space; `made` 1 frame kept, 2 inverse made; 0 undone, 1 done, 2 done unsaturated. */
  toLocal(out: number, m: number, parent: number, source: number, frame: number, offset: number, inverse: number, made: number): number;
  /** See mat4.wat: out of it, in place; 0 undone, 1 done, 2 done unsaturated, plus 4 when the frame was made again. */
  fromLocal(m: number, parent: number, source: number, frame: number, offset: number, kept: number): number;
}

let compiled: WebAssembly.Module | null | undefined;

function mat4Module(): WebAssembly.Module | null {
  if (compiled !== undefined) return compiled;
  try {
    const bytes = Uint8Array.from(atob(WASM_BASE64), (c) => c.charCodeAt(0));
    compiled = new WebAssembly.Module(bytes);
  } catch {
    compiled = null;
  }
  return compiled;
}

const PAGE = 65536;

/**
 * A buffer of `capacity` doubles in a memory of its own with the kernels on it, and 16 more after
 * them for the kernels' scratch; undefined when that cannot be had.
 */
export function wasmBuffer(capacity: number): { buffer: Float64Array; kernels: Mat4Kernels } | undefined {
  if (typeof WebAssembly !== 'object') return undefined;
  const module = mat4Module();
  if (!module) return undefined;
  try {
    const pages = Math.max(1, Math.ceil(((capacity + 16) * 8) / PAGE));
    const memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
    const instance = new WebAssembly.Instance(module, { sinew: { memory } });
    const e = instance.exports;
    const kernels: Mat4Kernels = {
      memory: memory.buffer,
      scratch: capacity * 8,
      bonePre: e.bonePre as Mat4Kernels['bonePre'],
      toLocal: e.toLocal as Mat4Kernels['toLocal'],
      fromLocal: e.fromLocal as Mat4Kernels['fromLocal'],
    };
    return { buffer: new Float64Array(memory.buffer, 0, capacity), kernels };
  } catch {
    return undefined;
  }
}
