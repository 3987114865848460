// An inverse kept while its matrix holds the same numbers (nodes/math/kept-inverse.ts): inverted
// again at any change (a number, a zero's sign, a NaN), never otherwise, and always what inverting
// afresh gives.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeptInverse } from '../../../nodes/math/kept-inverse';
import { invertMat4 } from '../../../nodes/math/matrix';

const entry = fc.oneof(fc.double({ min: -4, max: 4, noNaN: true }), fc.constantFrom(0, -0, 1, NaN));
const matrix = fc.array(entry, { minLength: 16, maxLength: 16 }).map((m) => Float64Array.from(m));

describe('an inverse kept while its matrix stays the same', () => {
  it('is inverting afresh, made again exactly when a number (or a zero\'s sign) changed', () => {
    fc.assert(fc.property(fc.array(fc.tuple(matrix, fc.boolean()), { minLength: 1, maxLength: 8 }), (steps) => {
      let calls = 0;
      const kept = new KeptInverse((out, m) => { calls++; return invertMat4(out, m); });
      let last: Float64Array | undefined;
      for (const [fresh, repeat] of steps) {
        const m = repeat && last ? Float64Array.from(last) : fresh;
        const before = calls;
        const ok = kept.of(m);
        const expected = new Float64Array(16);
        expect(ok).toBe(invertMat4(expected, m));
        expect([...kept.inverse]).toEqual([...expected]);
        const same = last !== undefined && m.every((x, i) => Object.is(x, last![i]) && x === x);
        expect(calls - before).toBe(same ? 0 : 1);
        last = m;
      }
    }));
  });
});
