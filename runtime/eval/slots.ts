// One preallocated Float64Array per program; every socket, owner matrix and scratch matrix is a
// view into it, handed out at compile time, so evaluation never allocates.
import type { SocketType } from '../../graph/types';

export const SOCKET_SIZE: Record<SocketType, number> = {
  transform: 16,
  vector: 3,
  quaternion: 4,
  float: 1,
  bool: 1,
  curve: 16, // the curve object's world matrix; the geometry is bound at compile time
  owner: 1,
};

/** Hands out consecutive views of one buffer; `capacity` must cover every request. */
export class SlotAllocator {
  readonly buffer: Float64Array;
  private used = 0;

  constructor(capacity: number) {
    this.buffer = new Float64Array(capacity);
  }

  alloc(size: number): Float64Array {
    if (this.used + size > this.buffer.length) {
      throw new Error(`slot buffer overflow: ${this.used + size} > ${this.buffer.length}`);
    }
    const view = this.buffer.subarray(this.used, this.used + size);
    this.used += size;
    return view;
  }

  /** A view holding the 4×4 identity. */
  identity(): Float64Array {
    const m = this.alloc(16);
    m[0] = m[5] = m[10] = m[15] = 1;
    return m;
  }

  get size(): number {
    return this.used;
  }
}
