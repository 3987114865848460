// A constraint whose result is its target's matrix (Copy Transforms replacing the owner) copied on
// the program's buffer (runtime/eval/copy-target-step.ts), checked two ways: against the kernel it
// stands in for, number by number, on matrices with non-finite numbers and every kind of influence;
// and whole programs against programs compiled with a catalog in which Copy Transforms does not say
// it copies its target, so every step runs the kernel: the same bits through frames, influence and
// mode changes, edits and watches.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCatalog, defaultCatalog } from '../../nodes/catalog';
import { finishOrPass } from '../../nodes/constraints/finite-result';
import { clampInfluence } from '../../nodes/constraints/param-values';
import { copyTransformsKernel } from '../../nodes/constraints/transform/copy-transforms';
import { blendMatricesBy } from '../../nodes/math/blend';
import { copyTargetStep } from '../../runtime/eval/copy-target-step';
import { copyTransformsRigs, ops, run } from './copy-transforms-rigs';

/** The catalog with Copy Transforms' `copiesTarget` taken away: its steps call the kernel. */
const kernelsOnly = createCatalog([...defaultCatalog.values()].map((d) => (d.type === 'constraint/copy-transforms' ? { ...d, constraint: { ...d.constraint!, copiesTarget: undefined } } : d)));

const number = fc.oneof(
  { arbitrary: fc.double({ min: -10, max: 10, noNaN: true }), weight: 8 },
  fc.constantFrom(Number.NaN, Infinity, -Infinity, 0, -0),
);
const matrix = fc.array(number, { minLength: 16, maxLength: 16 });
const influence = fc.option(fc.oneof(fc.constantFrom(0, -0, 1, 0.5, 2, -1, Number.NaN), fc.double({ min: -0.5, max: 1.5 })), { nil: undefined });

const bits = (m: Float64Array) => [...new BigUint64Array(Float64Array.from(m).buffer)];

describe('a constraint that copies its target, on the buffer', () => {
  it('gives the kernel\'s numbers: the target, the owner where the target is not finite, skipped at influence 0, blended below 1', () => {
    fc.assert(fc.property(matrix, matrix, influence, (owner, target, w) => {
      // One buffer: owner, out, target, influence, factor; the step at those offsets.
      const buffer = new Float64Array(16 * 3 + 2);
      const [ownerView, out, targetView] = [0, 16, 32].map((at) => buffer.subarray(at, at + 16));
      const influenceView = w === undefined ? undefined : buffer.subarray(48, 49);
      const factor = buffer.subarray(49, 50);
      ownerView.set(owner);
      targetView.set(target);
      if (influenceView) influenceView[0] = w!;
      const step = copyTargetStep({
        buffer, owner: ownerView, out, target: targetView, influence: influenceView, factor, ownerPre: undefined, zeroRuns: false,
        blend: () => { blendMatricesBy(out, ownerView, out, factor); },
      })!;
      step();

      // The general step's rule with the kernel's copy (constraint-step.ts).
      const expected = new Float64Array(16);
      const ownerCopy = Float64Array.from(owner);
      if (w !== undefined && !(w > 0)) expected.set(owner);
      else {
        copyTransformsKernel(expected, ownerCopy, Float64Array.from(target), { mixMode: 'REPLACE', removeTargetShear: false });
        finishOrPass(expected, ownerCopy);
        const k = Float64Array.of(w === undefined ? 1 : clampInfluence(w));
        if (k[0] < 1) blendMatricesBy(expected, ownerCopy, expected, k);
      }
      expect(bits(out)).toEqual(bits(expected));
    }), { numRuns: 2000 });
  });

  it('declines a matrix outside the buffer (a rebind\'s scratch, or past the buffer in its memory): the general step runs there', () => {
    const memory = new Float64Array(96);
    const buffer = memory.subarray(0, 64);
    const elsewhere = new Float64Array(16);
    const past = memory.subarray(64, 80);
    const s = { buffer, owner: buffer.subarray(0, 16), out: buffer.subarray(16, 32), target: buffer.subarray(32, 48), influence: undefined, ownerPre: undefined, zeroRuns: false, blend: () => {} };
    expect(copyTargetStep({ ...s, factor: buffer.subarray(48, 49) })).toBeTypeOf('function');
    expect(copyTargetStep({ ...s, factor: elsewhere.subarray(0, 1) })).toBeUndefined();
    expect(copyTargetStep({ ...s, factor: buffer.subarray(48, 49), target: elsewhere })).toBeUndefined();
    expect(copyTargetStep({ ...s, factor: buffer.subarray(48, 49), target: past })).toBeUndefined();
  });

  it('random rigs: the same bits as programs whose Copy Transforms all run the kernel', () => {
    // WORLD spaces half the time: the copy is taken only where no space converts.
    const rigs = fc.oneof(copyTransformsRigs(['WORLD']), copyTransformsRigs());
    let copies = 0;
    fc.assert(fc.property(rigs, ops, (rig, steps) => {
      expect(run(rig, steps, {})).toEqual(run(rig, steps, { catalog: kernelsOnly }));
      for (const n of rig.graph.nodes) {
        const p = n.params;
        if (n.type === 'constraint/copy-transforms' && p.mixMode === 'REPLACE' && p.removeTargetShear !== true && p.ownerSpace === 'WORLD' && p.targetSpace === 'WORLD') copies++;
      }
    }), { numRuns: 300 });
    // Enough constraints of the copying kind that the comparison compares something.
    expect(copies).toBeGreaterThan(150);
  });
});
