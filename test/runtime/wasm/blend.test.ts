// A constraint's influence blend on the WebAssembly kernel (runtime/eval/wasm/blend-step.ts,
// assembly/blend.ts) against blendMatricesBy in JavaScript (nodes/math/blend.ts), bit for bit
// (Object.is on every number): rotations with scale, shear and reflection, nearly equal pairs (the
// lerp), singular and zero 3x3s, huge and tiny ones (scaled first), signed zeros (in signed axis
// permutations too) and non-finite numbers, any factor, the result written over the second matrix as the constraint step does.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blendMatricesBy } from '../../../nodes/math/blend';
import { SlotAllocator } from '../../../runtime/eval/slots';
import { blendStep } from '../../../runtime/eval/wasm/blend-step';
import type { WasmKernels } from '../../../runtime/eval/wasm/kernels';

const special = fc.constantFrom(0, -0, 1e308, -1e-320, 1e120, 1e-120, Infinity, NaN);
const entry = fc.oneof(
  { arbitrary: fc.integer({ min: -30000, max: 30000 }).map((x) => x / 10000), weight: 200 },
  { arbitrary: fc.double({ min: -3, max: 3, noNaN: true }), weight: 50 },
  { arbitrary: special, weight: 1 },
);
const any = fc.array(entry, { minLength: 16, maxLength: 16 });
const angle = fc.double({ min: -Math.PI, max: Math.PI, noNaN: true });
/** A rotation times a scale per axis (a bone's usual 3x3), with a translation. */
const rotationScale = fc.tuple(angle, angle, angle, fc.tuple(entry, entry, entry), fc.tuple(entry, entry, entry)).map(([x, y, z, s, t]) => {
  const [cx, sx, cy, sy, cz, sz] = [Math.cos(x), Math.sin(x), Math.cos(y), Math.sin(y), Math.cos(z), Math.sin(z)];
  const r = [cy * cz, cy * sz, -sy, sx * sy * cz - cx * sz, sx * sy * sz + cx * cz, sx * cy, cx * sy * cz + sx * sz, cx * sy * sz - sx * cz, cx * cy];
  const m = new Array<number>(16).fill(0);
  for (let c = 0; c < 3; c++) for (let k = 0; k < 3; k++) m[4 * c + k] = r[3 * c + k] * s[c];
  m[12] = t[0]; m[13] = t[1]; m[14] = t[2]; m[15] = 1;
  return m;
});
/** An axis permutation with signs and a scale per axis: exact zeros of either sign, where U's and P's signed zeros show. */
const signedPermutation = fc.tuple(fc.constantFrom([0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]), fc.tuple(entry, entry, entry), fc.array(fc.boolean(), { minLength: 9, maxLength: 9 })).map(([perm, s, negZero]) => {
  const m = new Array<number>(16).fill(0);
  for (let c = 0; c < 3; c++) for (let r = 0; r < 3; r++) m[4 * c + r] = perm[c] === r ? s[c] : negZero[3 * c + r] ? -0 : 0;
  m[15] = 1;
  return m;
});
const matrix = fc.oneof({ arbitrary: rotationScale, weight: 4 }, { arbitrary: signedPermutation, weight: 1 }, { arbitrary: any, weight: 2 }, { arbitrary: any.map((m) => m.map((x) => x * 1e110)), weight: 1 });
/** b: another matrix, or a nudged copy of a (nearly equal: the lerp), or a itself. */
const pair = fc.oneof(
  { arbitrary: fc.tuple(matrix, matrix), weight: 4 },
  { arbitrary: fc.tuple(matrix, fc.integer({ min: -20, max: 20 })).map(([a, k]) => [a, a.map((x, i) => (i === 5 ? x + k * 1e-14 : x))] as const), weight: 1 },
  { arbitrary: matrix.map((a) => [a, a] as const), weight: 1 },
);
const factor = fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 0.5, 1, -0.25, 1.5));
const bits = (m: Float64Array) => [...new BigUint64Array(Float64Array.from(m).buffer)];

describe('the influence blend on the WebAssembly kernel', () => {
  it('gives blendMatricesBy\'s bits, the kernel taking many cases and declining the rest to it', () => {
    const slots = new SlotAllocator(256, true);
    const a = slots.alloc(16), out = slots.alloc(16), k = slots.alloc(1);
    let taken = 0;
    const kernels: WasmKernels = { ...slots.kernels!, blend: { ...slots.kernels!.blend!, run: (...x) => { const r = slots.kernels!.blend!.run(...x); taken += r; return r; } } };
    const step = blendStep(out, a, k, kernels)!;
    expect(step).toBeDefined();
    fc.assert(fc.property(pair, factor, ([ma, mb], t) => {
      const run = (f: () => void) => { a.set(ma); out.set(mb); k[0] = t; f(); return bits(out); };
      expect(run(step)).toEqual(run(() => { blendMatricesBy(out, a, out, k); }));
    }), { numRuns: 5000 });
    expect(taken).toBeGreaterThan(1500);
  });

  it('is not offered matrices outside the kernels\' memory, or without the kernel', () => {
    const slots = new SlotAllocator(64, true);
    const a = slots.alloc(16), out = slots.alloc(16), k = slots.alloc(1);
    expect(blendStep(new Float64Array(16), a, k, slots.kernels)).toBeUndefined();
    expect(blendStep(out, a, k, undefined)).toBeUndefined();
    expect(blendStep(out, a, k, { ...slots.kernels!, blend: undefined })).toBeUndefined();
  });
});
