// The IK Jacobian inverted on its WebAssembly kernel (nodes/math/wasm/assembly/ik/jacobian.ts) against
// Jacobian.invert in JavaScript, bit for bit (Object.is on every number): any task size (rows, in
// threes) and number of degrees of freedom, tall and wide, entries from tiny to huge with zeros and
// signed zeros, any weights, and the solver's sequence of an invert, a lock and another invert.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Jacobian } from '../../../nodes/math/ik-blender/jacobian';

const entry = fc.oneof(
  { arbitrary: fc.double({ min: -2, max: 2, noNaN: true }), weight: 20 },
  { arbitrary: fc.integer({ min: -20, max: 20 }).map((x) => x / 8), weight: 4 },
  { arbitrary: fc.constantFrom(0, -0, 1e-12, -3e-9, 1e6, 1e-300), weight: 2 },
);
const weight = fc.oneof(fc.double({ min: 1e-6, max: 1, noNaN: true }), fc.constantFrom(1, 0.5, 1e-3));

/** A problem: its shape, J, beta, the weights, and an optional DoF locked between two inverts. */
const problem = fc
  .tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 12 }))
  .chain(([tasks, dof]) => fc.record({
    T: fc.constant(3 * tasks),
    D: fc.constant(dof),
    J: fc.array(entry, { minLength: 3 * tasks * dof, maxLength: 3 * tasks * dof }),
    beta: fc.array(entry, { minLength: 3 * tasks, maxLength: 3 * tasks }),
    weights: fc.array(weight, { minLength: dof, maxLength: dof }),
    lock: fc.option(fc.tuple(fc.integer({ min: 0, max: dof - 1 }), entry), { nil: undefined }),
  }));

type Problem = typeof problem extends fc.Arbitrary<infer P> ? P : never;

/** Everything a solve reads after inverting: the update, and the arrays it is made from. */
function solve(p: Problem, kernel: boolean): { onKernel: boolean; numbers: number[] } {
  const jac = new Jacobian(p.D, p.T, kernel);
  jac.reset();
  p.weights.forEach((w, i) => { jac.setDoFWeight(i, w); });
  jac.J.set(p.J);
  jac.beta.set(p.beta);
  jac.invert();
  const numbers = [...jac.dTheta];
  if (p.lock) {
    jac.lock(p.lock[0], Float64Array.of(p.lock[1]), 0);
    jac.invert();
    numbers.push(...jac.dTheta, ...jac.beta);
  }
  const norm = Float64Array.of(0);
  jac.angleUpdateNormInto(norm);
  numbers.push(norm[0]);
  // The kernel's memory is WebAssembly's: whole 64 KiB pages.
  return { onKernel: jac.J.buffer.byteLength % 65536 === 0, numbers };
}

describe('the IK Jacobian inverted on the WebAssembly kernel', () => {
  it('gives the JavaScript inversion\'s bits, for Jacobians of any shape', () => {
    let onKernel = 0;
    fc.assert(fc.property(problem, (p) => {
      const wasm = solve(p, true);
      const js = solve(p, false);
      expect(js.onKernel).toBe(false);
      if (wasm.onKernel) onKernel++;
      expect(wasm.numbers.length).toBe(js.numbers.length);
      wasm.numbers.forEach((x, i) => { if (!Object.is(x, js.numbers[i])) expect([i, x]).toEqual([i, js.numbers[i]]); });
    }), { numRuns: 600 });
    // Every Jacobian fits a memory: each was on the kernel.
    expect(onKernel).toBe(600);
  });

  it('inverts many Jacobians sharing memories, each its own', () => {
    // More than one 64 KiB memory's worth (each ~12 KB): a new memory is made when one is full.
    const jacs = Array.from({ length: 12 }, (_, i) => {
      const jac = new Jacobian(40, 30);
      jac.J.forEach((_, k) => { jac.J[k] = Math.sin(k * 0.37 + i); });
      jac.beta.forEach((_, k) => { jac.beta[k] = Math.cos(k + i); });
      return jac;
    });
    expect(new Set(jacs.map((j) => j.J.buffer)).size).toBeGreaterThan(1);
    for (const jac of jacs) jac.invert();
    jacs.forEach((jac, i) => {
      const js = new Jacobian(40, 30, false);
      js.J.set(jac.J);
      js.beta.set(jac.beta);
      js.invert();
      expect([...jac.dTheta], `Jacobian ${i}`).toEqual([...js.dTheta]);
    });
  });
});
