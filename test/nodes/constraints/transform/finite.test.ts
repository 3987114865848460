// Every Transform constraint node gives finite output for any finite owner, target, params and
// influence: zero, tiny and huge scales, far locations, shear, influence outside 0…1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { transformConstraints } from '../../../../nodes/constraints/transform';
import { allFinite, anyInfluence, anyMatrix, anyParams, bound, stepped } from '../../harness';

describe.each(transformConstraints.map((d) => [d.type, d] as const))('%s', (_type, def) => {
  it('kernel output is finite for any finite input and params', () => {
    fc.assert(fc.property(anyParams(def), anyMatrix, anyMatrix, (params, owner, target) => {
      const out = bound(def, params)(owner, target);
      expect(allFinite(out), `params ${JSON.stringify(params)}`).toBe(true);
    }), { numRuns: 300 });
  });

  it('blended output is finite for any influence, also outside 0…1', () => {
    fc.assert(fc.property(anyParams(def), anyMatrix, anyMatrix, anyInfluence, (params, owner, target, k) => {
      expect(allFinite(stepped(def, params)(owner, target, k))).toBe(true);
    }), { numRuns: 150 });
  });

  it('influence 0 leaves the owner as it was, influence above 1 acts as 1', () => {
    fc.assert(fc.property(anyParams(def), anyMatrix, anyMatrix, (params, owner, target) => {
      fc.pre(allFinite(owner) && Math.abs(owner[12]) < 1e6);
      const run = stepped(def, params);
      // Up to the round-off of the runtime's polar-decomposition blend (relative to the matrix size).
      const scale = 1 + Math.max(...Array.from(owner, Math.abs));
      const at0 = Array.from(run(owner, target, 0));
      at0.forEach((x, i) => { expect(Math.abs(x - owner[i])).toBeLessThanOrEqual(1e-12 * scale); });
      const at1 = Array.from(run(owner, target, 1));
      expect(Array.from(run(owner, target, 5))).toEqual(at1);
    }), { numRuns: 100 });
  });
});
