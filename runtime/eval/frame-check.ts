// A frame is first evaluated with the guards off (guards.ts: no saved copies, no check after each
// node), and then every number the node guards would have looked at is checked in one pass over the
// program's buffer: the guarded nodes' outputs and the owners they write must be finite (the
// matrices before constraints are checked as before, in their own steps, which only report here).
// When they pass (every frame of a sound rig) the frame is done; when not, or a step threw, the frame
// is evaluated again with the guards on, which gives what the guards always gave: the rerun starts
// from the same inputs, since a frame reads nothing it wrote itself (no dependency cycle: a program
// with one keeps the guards on) and kernels are functions of their inputs, params and bound state
// (a node that keeps a value from its first evaluation, `NodeDefinition.remembers`, keeps the
// program's guards on too: it could keep the unguarded pass's).
// On Rigify's human rig the checks after each node were ~10% of a frame; here they are one tight
// loop over contiguous ranges, on a SIMD kernel where the buffer is in WebAssembly memory.
import { indexIn, type SlotAllocator } from './slots';
import type { WasmKernels } from './wasm/kernels';

/**
 * The guards' switch, read by the program's guarded steps: [0] 1 when the guards are on; [1] set to
 * 1 by a step that, with the guards off, met what its guard would have acted on (guardPre).
 */
export type GuardSwitch = Uint8Array;

/** A switch, on. */
export function guardSwitch(): GuardSwitch {
  return Uint8Array.of(1, 0);
}

/** The ranges [start, end) of the buffer that views cover, sorted and merged. */
function ranges(buffer: Float64Array, views: readonly Float64Array[]): Int32Array {
  const spans = views.map((v) => {
    const start = indexIn(buffer, v)!;
    return [start, start + v.length] as const;
  }).sort((a, b) => a[0] - b[0]);
  const merged: number[] = [];
  for (const [s, e] of spans) {
    const last = merged.length - 1;
    if (last > 0 && s <= merged[last]) merged[last] = Math.max(merged[last], e);
    else merged.push(s, e);
  }
  return Int32Array.from(merged);
}

/**
 * The ranges (doubles of `buffer`) as the kernel reads them: pairs of i32 byte offsets in the
 * kernels' memory, written into a cold slot of the program's buffer (two to a double). Undefined
 * without the kernels, when the buffer is not in their memory, or has no room left for the list.
 */
function kernelRanges(finite: Int32Array, buffer: Float64Array, slots: SlotAllocator): FrameCheck['kernel'] {
  const kernels = slots.kernels;
  const count = finite.length / 2;
  if (!kernels || buffer.buffer !== kernels.memory || slots.free < count || count === 0) return undefined;
  const at = slots.allocCold(count).byteOffset;
  const table = new Int32Array(kernels.memory, at, finite.length);
  for (let i = 0; i < finite.length; i++) table[i] = buffer.byteOffset + finite[i] * Float64Array.BYTES_PER_ELEMENT;
  return { kernels, table: at, count };
}

export class FrameCheck {
  private readonly finite: Int32Array;
  /** The ranges on the SIMD kernel (mat4.wat `allFinite`): its byte offsets listed in the program's memory. */
  private readonly kernel: { kernels: WasmKernels; table: number; count: number } | undefined;

  /**
   * `finite`: views whose every number must be finite (guarded nodes' outputs and the owner
   * matrices they write). Every view must be one of `buffer`'s (`covers` says whether it is).
   * `slots`: the buffer's allocator; when the buffer is in WebAssembly memory and has room for the
   * list of ranges, the check runs on the kernel (the same answer).
   */
  constructor(private readonly buffer: Float64Array, finite: readonly Float64Array[], private readonly guards: GuardSwitch, slots?: SlotAllocator) {
    this.finite = ranges(buffer, finite);
    this.kernel = slots && kernelRanges(this.finite, buffer, slots);
  }

  /** Whether a view lies in the buffer the checks read. */
  static covers(buffer: Float64Array, view: Float64Array): boolean {
    return indexIn(buffer, view) !== undefined;
  }

  /** Whether the frame just evaluated with the guards off is what the guards would have left. */
  passed(): boolean {
    if (this.guards[1] !== 0) return false;
    const k = this.kernel;
    if (k !== undefined) return k.kernels.allFinite(k.table, k.count) === 1;
    const b = this.buffer;
    const f = this.finite;
    // x − x is 0 for a finite x and NaN for NaN and ±Infinity; four sums keep the adds apart.
    let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (let r = 0; r < f.length; r += 2) {
      let i = f[r];
      const e = f[r + 1];
      for (; i + 3 < e; i += 4) {
        s0 += b[i] - b[i];
        s1 += b[i + 1] - b[i + 1];
        s2 += b[i + 2] - b[i + 2];
        s3 += b[i + 3] - b[i + 3];
      }
      for (; i < e; i++) s0 += b[i] - b[i];
    }
    return s0 + s1 + s2 + s3 === 0;
  }
}
