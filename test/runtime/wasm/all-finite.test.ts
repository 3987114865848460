// The frame check on the SIMD kernel (mat4.wat `allFinite`, runtime/eval/frame-check.ts) against
// the check in JavaScript: views of any length and place, overlapping or apart, odd and even lengths
// (the kernel's pairs and its last single double), numbers finite or not (NaN, ±Infinity, ±MAX, −0)
// anywhere in the buffer, in the checked ranges or just outside them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FrameCheck, guardSwitch } from '../../../runtime/eval/frame-check';
import { SlotAllocator } from '../../../runtime/eval/slots';

const SIZE = 256;
const view = fc.tuple(fc.integer({ min: 0, max: SIZE - 1 }), fc.integer({ min: 1, max: 40 }));
const number = fc.oneof(
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 3 },
  { arbitrary: fc.constantFrom(NaN, Infinity, -Infinity, Number.MAX_VALUE, -Number.MAX_VALUE, -0), weight: 1 },
);
const checkCase = fc.record({
  views: fc.array(view, { minLength: 1, maxLength: 12 }),
  numbers: fc.array(fc.tuple(fc.integer({ min: 0, max: SIZE - 1 }), number), { maxLength: 8 }),
});

const RUNS = 400;

describe('the frame check on the SIMD kernel', () => {
  it('passes exactly when the JavaScript check passes', () => {
    // One memory for every run (each check lists its ranges in a cold slot of it): a memory per run
    // would reserve address space faster than the collector frees it, and then none can be had.
    const wasm = new SlotAllocator(SIZE + 12 * RUNS + 64, true);
    const plain = new SlotAllocator(SIZE + 12 * RUNS + 64, false);
    // An allocator whose memory is not the buffer's.
    const other = new SlotAllocator(SIZE + 64, true);
    const a = wasm.alloc(SIZE), b = plain.alloc(SIZE);
    const kernels = wasm.kernels!;
    const allFinite = kernels.allFinite;
    let onKernel = 0, failed = 0;
    kernels.allFinite = (table, count) => { onKernel++; return allFinite(table, count); };
    fc.assert(fc.property(checkCase, ({ views, numbers }) => {
      const spans = views.map(([at, n]) => [at, Math.min(SIZE, at + n)] as const);
      const kernelCheck = new FrameCheck(a, spans.map(([s, e]) => a.subarray(s, e)), guardSwitch(), wasm);
      const jsCheck = new FrameCheck(b, spans.map(([s, e]) => b.subarray(s, e)), guardSwitch(), plain);
      // Not in the allocator's memory: no kernel, the JavaScript, the same answer.
      const elsewhere = new FrameCheck(a, spans.map(([s, e]) => a.subarray(s, e)), guardSwitch(), other);
      a.fill(1.5); b.fill(1.5);
      for (const [i, x] of numbers) { a[i] = x; b[i] = x; }
      const expected = jsCheck.passed();
      expect(kernelCheck.passed()).toBe(expected);
      expect(elsewhere.passed()).toBe(expected);
      if (!expected) failed++;
    }), { numRuns: RUNS });
    expect(onKernel).toBe(RUNS);
    expect(failed).toBeGreaterThan(20);
  });
});
