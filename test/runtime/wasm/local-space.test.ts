// A bone's LOCAL space on the WebAssembly kernels (runtime/eval/wasm/local-space.ts) against
// worldToSpace and spaceToWorld in JavaScript (runtime/eval/spaces.ts), bit for bit (Object.is on every
// number): any matrix converted (huge, overflowing, signed zeros, NaN, not affine), any parent and
// rest offset (singular, not affine, non-finite frames), the frame and its inverse kept, stale or
// never made, inheritance changed; and the parent frame's bookkeeping left as JavaScript leaves it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SlotAllocator } from '../../../runtime/eval/slots';
import { spaceToWorld, worldToSpace, type SpaceContext } from '../../../runtime/eval/spaces';
import { intoLocalStep, outOfLocalStep } from '../../../runtime/eval/wasm/local-space';
import type { WasmKernels } from '../../../runtime/eval/wasm/kernels';
import { makeParentFrame, parentFrameInverse } from '../../../runtime/rig/parent-frame';
import { buildRig, type BoneOwner } from '../../../runtime/rig/rig';
import { SCENE_FORMAT, type SceneDocument } from '../../../runtime/rig/scene/types';
import { restMatrix } from '../../bench/rigs';

const scene: SceneDocument = {
  format: SCENE_FORMAT, version: 1,
  objects: [{
    name: 'Arm', type: 'ARMATURE', location: [0, 0, 0], bones: [
      { name: 'root', parent: null, length: 1, matrix_local: restMatrix([0, 0, 0], [0, 1, 0]) },
      { name: 'child', parent: 'root', length: 1, matrix_local: restMatrix([0.5, 0, 0], [0.5, 0, 1]) },
    ],
  }],
};

const special = fc.constantFrom(0, -0, 1, -1, 1e308, -1e308, Number.MAX_VALUE, 1e-310, Infinity, -Infinity, NaN);
// Rig-like numbers mostly (fast-check's doubles lean to the tiny, which make most frames singular).
const entry = fc.oneof(
  { arbitrary: fc.integer({ min: -30000, max: 30000 }).map((x) => x / 10000), weight: 200 },
  { arbitrary: fc.double({ min: -3, max: 3, noNaN: true }), weight: 100 },
  { arbitrary: special, weight: 1 },
);
const any = fc.array(entry, { minLength: 16, maxLength: 16 });
/** Mostly affine (a bone's matrices are), now and then anything; now and then flattened (singular). */
const matrix = fc.oneof(
  { arbitrary: any.map((m) => { m[3] = 0; m[7] = 0; m[11] = 0; m[15] = 1; return m; }), weight: 6 },
  { arbitrary: any.map((m) => { m[3] = 0; m[7] = 0; m[11] = 0; m[15] = 1; m[0] = m[1] = m[2] = 0; return m; }), weight: 1 },
  { arbitrary: any, weight: 1 },
);
const bits = (m: Float64Array) => [...new BigUint64Array(Float64Array.from(m).buffer)];

function counting(k: WasmKernels, done: number[]): WasmKernels {
  return {
    ...k,
    toLocal: (...a) => { const r = k.toLocal(...a); if (r !== 0) done[0]++; return r; },
    fromLocal: (...a) => { const r = k.fromLocal(...a); if (r !== 0) done[1]++; return r; },
  };
}

describe('a bone\'s LOCAL space on the WebAssembly kernels', () => {
  const slots = new SlotAllocator(4096, true);
  const rig = buildRig(scene, (n) => slots.alloc(n), (n) => slots.allocCold(n));
  const bones = rig.owners.filter((o): o is BoneOwner => o.kind === 'bone');
  const input = slots.alloc(16), out = slots.alloc(16);
  const done = [0, 0];
  const kernels = counting(slots.kernels!, done);
  const state = fc.record({
    which: fc.nat({ max: bones.length - 1 }), parent: matrix, offset: matrix, m: matrix,
    // What the frame holds before the step: made from this parent or from another (stale), its inverse made or not.
    kept: fc.boolean(), stale: fc.boolean(), inverseMade: fc.boolean(), wanted: fc.boolean(), inherits: fc.boolean(),
  });
  type State = typeof state extends fc.Arbitrary<infer T> ? T : never;

  /** Sets the bone up as `s` says, runs `step`, and returns every number and flag it may touch. */
  function run(s: State, step: (b: BoneOwner, ctx: SpaceContext) => void) {
    const b = bones[s.which];
    const f = b.parentFrame;
    const parentMatrix = b.parentBone ? b.parentBone.final : b.armatureOwner.final;
    parentMatrix.set(s.parent); b.offset.set(s.offset); input.set(s.m); out.fill(7);
    // The frame as an earlier evaluation leaves it: made from this parent (and its inverse, or not),
    // made from another parent (stale), or never made (numbers left from anything).
    f.source.set(s.offset); f.matrix.set(s.m); f.inverse.set(s.offset);
    f.kept = false; f.inverseMade = false;
    if (s.kept && !s.stale) {
      makeParentFrame(b);
      if (s.inverseMade) parentFrameInverse(b);
    } else if (s.kept) {
      f.kept = true; f.inverseMade = s.inverseMade;
    }
    f.wanted = s.wanted;
    b.inheritRotation = s.inherits;
    step(b, { owner: b, custom: undefined, constraintOwner: b });
    return { input: bits(input), out: bits(out), source: bits(f.source), frame: bits(f.matrix), inverse: f.inverseMade ? bits(f.inverse) : 'stale', kept: f.kept, inverseMade: f.inverseMade, wanted: f.wanted };
  }

  it('into LOCAL: worldToSpace\'s bits, into another matrix or in place', () => {
    fc.assert(fc.property(state, fc.boolean(), (s, inPlace) => {
      const target = inPlace ? input : out;
      const expected = run(s, (b, ctx) => { if (!inPlace) out.set(input); worldToSpace(target, 'LOCAL', ctx); });
      expect(run(s, (b, ctx) => { intoLocalStep(target, input, ctx, kernels)!(); })).toEqual(expected);
    }), { numRuns: 4000 });
    expect(done[0]).toBeGreaterThan(1000);
  });

  it('out of LOCAL: spaceToWorld\'s bits', () => {
    fc.assert(fc.property(state, (s) => {
      const expected = run(s, (b, ctx) => { spaceToWorld(input, 'LOCAL', ctx); });
      expect(run(s, (b, ctx) => { outOfLocalStep(input, ctx, kernels)!(); })).toEqual(expected);
    }), { numRuns: 4000 });
    expect(done[1]).toBeGreaterThan(1000);
  });

  it('declines what is not a bone\'s, or not in its memory', () => {
    const plain = new Float64Array(16);
    const ctx: SpaceContext = { owner: bones[1], custom: undefined, constraintOwner: bones[1] };
    expect(intoLocalStep(plain, input, ctx, kernels)).toBeUndefined();
    expect(outOfLocalStep(plain, ctx, kernels)).toBeUndefined();
    expect(intoLocalStep(out, input, { ...ctx, owner: rig.owners.find((o) => o.kind === 'object') }, kernels)).toBeUndefined();
    expect(intoLocalStep(out, input, ctx, undefined)).toBeUndefined();
  });
});
