// One preallocated Float64Array per program; every socket, owner matrix and scratch matrix is a
// view into it, handed out at compile time, so evaluation never allocates.
import type { SocketType } from '../../graph/types';
import { SCRATCH, wasmBuffer, type WasmKernels } from './wasm/kernels';
import { ownRegionStart, type SharedBuffer } from './wasm/shared-memory';

export const SOCKET_SIZE: Record<SocketType, number> = {
  transform: 16,
  vector: 3,
  quaternion: 4,
  float: 1,
  bool: 1,
  curve: 16, // the curve object's world matrix; the geometry is bound at compile time
  owner: 1,
};

/** Where `view` starts in `buffer`, in doubles; undefined when it is not wholly a view of `buffer`. */
export function indexIn(buffer: Float64Array, view: Float64Array): number | undefined {
  const inside = view.buffer === buffer.buffer && view.byteOffset >= buffer.byteOffset && view.byteOffset + view.byteLength <= buffer.byteOffset + buffer.byteLength;
  return inside ? (view.byteOffset - buffer.byteOffset) / Float64Array.BYTES_PER_ELEMENT : undefined;
}

/**
 * Hands out consecutive views of one buffer; `capacity` must cover every request. `alloc` takes
 * from the start, `allocCold` from the end, so matrices a frame rarely touches (a bone's rest
 * matrix and parent frame) do not sit between those it always does: a frame of a large rig walks
 * fewer cache lines. With a shared memory (wasm/shared-memory.ts), `alloc` takes from the slots every
 * thread shares and `allocCold` from the end of this thread's own region.
 */
export class SlotAllocator {
  readonly buffer: Float64Array;
  /** The WebAssembly kernels on `buffer`, when it is in WebAssembly memory (`wasm` asked for, and to be had). */
  readonly kernels: WasmKernels | undefined;
  private used = 0;
  private top: number;
  /** Where `allocCold` takes from: `buffer`, or this thread's own region of a shared memory. */
  private readonly cold: Float64Array;

  /** `shared`: the buffer is the start of that memory, shared with other threads (wasm/shared-memory.ts). */
  constructor(capacity: number, wasm = false, shared?: SharedBuffer) {
    const own = shared && ownRegionStart(capacity, shared.thread, SCRATCH);
    if (shared && shared.memory.buffer.byteLength < ownRegionStart(capacity, shared.threads, SCRATCH) * Float64Array.BYTES_PER_ELEMENT) {
      throw new RangeError(`slot buffer: the shared memory holds ${shared.memory.buffer.byteLength / 8} doubles, too few for ${shared.threads} threads on a program of ${capacity} (wasm/shared-memory.ts sharedMemory)`);
    }
    const w = wasm ? wasmBuffer(capacity, shared) : undefined;
    this.buffer = w?.buffer ?? (shared ? new Float64Array(shared.memory.buffer, 0, capacity) : new Float64Array(capacity));
    this.kernels = w?.kernels;
    // A thread's own region: the kernels' scratch, then its cold slots from the end down.
    this.cold = own === undefined ? this.buffer : new Float64Array(shared!.memory.buffer, (own + SCRATCH) * 8, capacity);
    this.top = capacity;
  }

  alloc(size: number): Float64Array {
    this.check(size);
    const view = this.buffer.subarray(this.used, this.used + size);
    this.used += size;
    return view;
  }

  /** A view from the end of the buffer (of this thread's own region, when shared), for what a frame rarely reads or writes. */
  allocCold(size: number): Float64Array {
    this.check(size);
    this.top -= size;
    return this.cold.subarray(this.top, this.top + size);
  }

  private check(size: number): void {
    // Hot and cold share `capacity` whether or not they share a buffer, so a program's capacity is the same either way.
    if (this.used + size > this.top) {
      throw new Error(`slot buffer overflow: ${this.used + (this.buffer.length - this.top) + size} > ${this.buffer.length}`);
    }
  }

  /** A view holding the 4×4 identity. */
  identity(): Float64Array {
    const m = this.alloc(16);
    m[0] = m[5] = m[10] = m[15] = 1;
    return m;
  }

  /** Doubles not handed out yet. */
  get free(): number {
    return this.top - this.used;
  }

  get size(): number {
    return this.used + (this.buffer.length - this.top);
  }
}
