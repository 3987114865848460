// The program's buffer in WebAssembly memory, and the kernels that work on it: mat4.wat (SIMD
// products of bones' matrices) and assembly/blend.ts (a constraint's influence blend). A kernel
// gives the same bits as the JavaScript it stands for, so a program runs either. Where WebAssembly,
// its SIMD or the memory is not to be had (an old engine, a page whose Content-Security-Policy
// forbids compiling it, the address space taken by many programs alive at once), the program keeps a
// plain Float64Array and runs the JavaScript.
import { lazyModule, modulesReady } from '../../../nodes/math/wasm/module';
import { ikSolverModule } from '../../../nodes/math/wasm/ik-kernel';
import { WASM_BASE64 as BLEND } from './blend-bytes';
import { WASM_BASE64 as MAT4 } from './mat4-bytes';
import { ownRegionStart, sharedImportVariant, type SharedBuffer } from './shared-memory';

/** The kernels of one program, bound to its memory; offsets are in bytes. */
export interface WasmKernels {
  /** The memory's buffer: a view into it can be handed to a kernel by its byte offset. */
  readonly memory: ArrayBuffer;
  /** 16 doubles the mat4 kernels may write (a connected bone's basis without its translation). */
  readonly scratch: number;
  /** See mat4.wat: 0 when a product was not finite (nothing promised is written then), else 2 when pre is clean, 1 when not. */
  bonePre(pre: number, parent: number, offset: number, basis: number, frame: number, source: number, scratch: number): number;
  /** See mat4.wat: into a fully inheriting bone's LOCAL space; `made` 1 frame kept, 2 inverse made; 0 undone, 1 done, 2 done unsaturated. */
  toLocal(out: number, m: number, parent: number, source: number, frame: number, offset: number, inverse: number, made: number): number;
  /** See mat4.wat: out of it, in place; 0 undone, 1 done, 2 done unsaturated, plus 4 when the frame was made again. */
  fromLocal(m: number, parent: number, source: number, frame: number, offset: number, kept: number): number;
  /** See mat4.wat: 1 when every double of the `count` byte ranges listed at `table` (i32 pairs) is finite, else 0. */
  allFinite(table: number, count: number): number;
  /** The blend kernel (assembly/blend.ts) and its 128 doubles of work space, when its module is to be had. */
  readonly blend?: { run(out: number, a: number, b: number, factor: number, scratch: number): number; scratch: number };
}

/**
 * The byte offsets of `views` in the kernels' memory, for a step to hand them over: worked out once,
 * when the step is bound (reading `byteOffset` at each call costs what a product does). Undefined
 * when one of them is not in that memory (a view of another buffer, as a node bound again has).
 */
export function offsetsIn(kernels: WasmKernels, views: readonly Float64Array[]): number[] | undefined {
  return views.every((v) => v.buffer === kernels.memory) ? views.map((v) => v.byteOffset) : undefined;
}

const mat4Module = lazyModule(MAT4);
const blendModule = lazyModule(BLEND);
// The same modules importing a shared memory (shared-memory.ts), for a program whose frame is split across threads.
const sharedMat4Module = lazyModule(MAT4, sharedImportVariant);
const sharedBlendModule = lazyModule(BLEND, sharedImportVariant);

/**
 * Settles once every kernel module this thread can have is compiled: programs compiled after it run
 * on all of them. Only a browser's main thread ever waits (see lazyModule); elsewhere it is settled.
 */
export async function kernelsReady(): Promise<void> {
  if (typeof WebAssembly !== 'object') return;
  mat4Module();
  blendModule();
  sharedMat4Module();
  sharedBlendModule();
  ikSolverModule();
  await modulesReady();
}

const PAGE = 65536;
/** Doubles after the program's own, per thread: the mat4 kernels' scratch (16), then the blend's (128). */
export const SCRATCH = 16 + 128;

/**
 * A buffer of `capacity` doubles in a memory of its own with the kernels on it, and their scratch
 * after them; undefined when that cannot be had. With `shared`, the buffer is that memory's start
 * and the kernels are its shared-import copies, their scratch at the start of this thread's own region.
 */
export function wasmBuffer(capacity: number, shared?: SharedBuffer): { buffer: Float64Array; kernels: WasmKernels } | undefined {
  if (typeof WebAssembly !== 'object') return undefined;
  const mat4 = shared ? sharedMat4Module() : mat4Module();
  if (!mat4) return undefined;
  try {
    const pages = Math.max(1, Math.ceil(((capacity + SCRATCH) * 8) / PAGE));
    const memory = shared?.memory ?? new WebAssembly.Memory({ initial: pages, maximum: pages });
    const scratch = (shared ? ownRegionStart(capacity, shared.thread, SCRATCH) : capacity) * 8;
    const e = new WebAssembly.Instance(mat4, { sinew: { memory } }).exports;
    const blend = shared ? sharedBlendModule() : blendModule();
    const b = blend ? new WebAssembly.Instance(blend, { env: { memory }, sinew: { acos: Math.acos, sin: Math.sin } }).exports : undefined;
    const kernels: WasmKernels = {
      memory: memory.buffer,
      scratch,
      bonePre: e.bonePre as WasmKernels['bonePre'],
      toLocal: e.toLocal as WasmKernels['toLocal'],
      fromLocal: e.fromLocal as WasmKernels['fromLocal'],
      allFinite: e.allFinite as WasmKernels['allFinite'],
      blend: b ? { run: b.blend as NonNullable<WasmKernels['blend']>['run'], scratch: scratch + 16 * 8 } : undefined,
    };
    return { buffer: new Float64Array(kernels.memory, 0, capacity), kernels };
  } catch {
    return undefined;
  }
}
