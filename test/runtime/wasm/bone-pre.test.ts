// Bones' matrices before constraints on the WebAssembly kernel (runtime/eval/wasm/bone-pre.ts) against
// computePre in JavaScript, bit for bit (Object.is on every number, so −0 and +0 differ): any parent
// matrix (huge, overflowing, signed zeros, NaN), any basis (the identity, −0 entries, a translation a
// connected bone drops, on one axis or more, a last entry other than 1), the parent frame kept or not, inheritance changed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile } from '../../../runtime/eval/compile';
import { SlotAllocator } from '../../../runtime/eval/slots';
import { kernelPreStep } from '../../../runtime/eval/wasm/bone-pre';
import type { WasmKernels } from '../../../runtime/eval/wasm/kernels';
import { computePre, inheritsFully } from '../../../runtime/rig/pose';
import { writePreFlags } from '../../../runtime/rig/pre-flags';
import { buildRig, type BoneOwner } from '../../../runtime/rig/rig';
import { SCENE_FORMAT, type SceneDocument } from '../../../runtime/rig/scene/types';
import { humanoid, restMatrix } from '../../bench/rigs';

const scene: SceneDocument = {
  format: SCENE_FORMAT, version: 1,
  objects: [{
    name: 'Arm', type: 'ARMATURE', location: [0, 0, 0], bones: [
      { name: 'root', parent: null, length: 1, matrix_local: restMatrix([0, 0, 0], [0, 1, 0]) },
      { name: 'free', parent: 'root', length: 1, matrix_local: restMatrix([0.5, 0, 0], [0.5, 0, 1]) },
      { name: 'linked', parent: 'root', use_connect: true, length: 1, matrix_local: restMatrix([0, 1, 0], [0, 1.5, 0.5]) },
    ],
  }],
};

const special = fc.constantFrom(0, -0, 1, -1, 1e308, -1e308, Number.MAX_VALUE, -Number.MAX_VALUE, 1e-310, Infinity, -Infinity, NaN);
const entry = fc.oneof(
  { arbitrary: fc.integer({ min: -30000, max: 30000 }).map((x) => x / 10000), weight: 40 },
  { arbitrary: fc.double({ min: -3, max: 3, noNaN: true }), weight: 20 },
  { arbitrary: special, weight: 1 },
);
const matrix = fc.array(entry, { minLength: 16, maxLength: 16 });
const orZero = fc.oneof({ arbitrary: fc.constantFrom(0, -0), weight: 2 }, { arbitrary: entry, weight: 1 });
const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
/** A basis: the identity (with −0s now and then), an identity with a translation, or anything. */
const basis = fc.oneof(
  fc.constant(IDENTITY),
  fc.array(fc.constantFrom(0, -0), { minLength: 16, maxLength: 16 }).map((z) => IDENTITY.map((x, i) => (x === 0 ? z[i] : x))),
  fc.tuple(entry, entry, entry).map(([x, y, z]) => IDENTITY.map((v, i) => (i === 12 ? x : i === 13 ? y : i === 14 ? z : v))),
  // A translation on one or two axes only (zeros of both signs on the others): which entries the
  // kernel's test for a translation a connected bone drops reads, one by one.
  fc.tuple(orZero, orZero, orZero).map(([x, y, z]) => IDENTITY.map((v, i) => (i === 12 ? x : i === 13 ? y : i === 14 ? z : v))),
  matrix,
  matrix.map((m) => { m[3] = 0; m[7] = 0; m[11] = 0; m[15] = 1; return m; }),
);
const bits = (m: Float64Array) => [...new BigUint64Array(Float64Array.from(m).buffer)];

/** Counts the kernel's calls that finished, so the test knows the kernel, not the fallback, ran. */
function counting(k: WasmKernels, done: number[]): WasmKernels {
  return { ...k, bonePre: (...a) => { const r = k.bonePre(...a); if (r !== 0) done[0]++; return r; } };
}

describe('bone matrices before constraints on the WebAssembly kernel', () => {
  it('a program is given the kernels by default, and not when asked for none', () => {
    expect(new SlotAllocator(100, true).kernels).toBeDefined();
    expect(new SlotAllocator(100, false).kernels).toBeUndefined();
    // A buffer in WebAssembly memory lies in whole 64 KiB pages, with the kernels' scratch after it.
    const { graph, scene: s } = humanoid();
    const inWasm = compile(graph, s).buffer, plain = compile(graph, s, { wasm: false }).buffer;
    expect(inWasm.buffer.byteLength % 65536).toBe(0);
    expect(inWasm.buffer.byteLength).toBeGreaterThan(inWasm.byteLength);
    expect(plain.buffer.byteLength).toBe(plain.byteLength);
  });

  it('gives computePre\'s bits for any parent, offset and basis, frame kept or not, inheriting or not', () => {
    const slots = new SlotAllocator(4096, true);
    const rig = buildRig(scene, (n) => slots.alloc(n), (n) => slots.allocCold(n));
    const bones = rig.owners.filter((o): o is BoneOwner => o.kind === 'bone');
    const done = [0];
    let checked = false;
    const kernel = new Map(bones.map((b) => [b, kernelPreStep(b, counting(slots.kernels!, done), slots.buffer, () => { checked = true; })!]));
    let cases = 0, cleaned = 0;
    fc.assert(fc.property(
      fc.nat({ max: bones.length - 1 }), matrix, fc.oneof(fc.constant(IDENTITY), matrix), basis, fc.boolean(), fc.boolean(), matrix,
      (which, parent, offset, pose, wanted, inherits, stale) => {
        const b = bones[which];
        const parentMatrix = b.parentBone ? b.parentBone.final : b.armatureOwner.final;
        let clean = false;
        const run = (step: () => unknown) => {
          parentMatrix.set(parent); b.offset.set(offset); b.basis.set(pose);
          b.pre.set(stale); b.parentFrame.matrix.set(stale); b.parentFrame.source.set(stale);
          b.parentFrame.wanted = wanted; b.parentFrame.kept = false; b.parentFrame.inverseMade = true;
          b.inheritRotation = inherits;
          // As the driver and the conversions write them (pre-flags.ts).
          writePreFlags(b, inheritsFully(b), wanted);
          checked = false;
          step();
          clean = !checked;
          const f = b.parentFrame;
          return { pre: bits(b.pre), frame: bits(f.matrix), source: bits(f.source), kept: f.kept, inverseMade: f.inverseMade, basis: bits(b.basis) };
        };
        const expected = run(() => { computePre(b); checked = true; });
        expect(run(kernel.get(b)!)).toEqual(expected);
        // A step that spares the guard its look has found its matrix clean: every number finite, none saturated.
        if (clean) {
          expect(b.pre.every((x) => Number.isFinite(x) && Math.abs(x) !== Number.MAX_VALUE)).toBe(true);
          cleaned++;
        }
        cases++;
      },
    ), { numRuns: 3000 });
    expect(cases).toBe(3000);
    // Most cases ran on the kernel to its end (the rest overflowed, or did not inherit fully).
    expect(done[0]).toBeGreaterThan(1000);
    expect(cleaned).toBeGreaterThan(1000);
  });
});
