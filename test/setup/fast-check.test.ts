// The shrink budget of test/setup/fast-check.ts: a failing property stops shrinking after a bounded
// number of predicate calls and still reports its seed and path, and replaying them fails again.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SHRINK_ATTEMPTS } from './fast-check';

/** Fails while 300 numbers add up to half their largest sum: shrinking takes thousands of calls. */
const largeSum = (calls: { n: number }) =>
  fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000_000 }), { minLength: 300, maxLength: 300 }), (xs) => {
    calls.n++;
    return xs.reduce((a, b) => a + b, 0) < 300 * 250_000_000;
  });

function messageOf(run: () => void): string {
  try {
    run();
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
  throw new Error('expected the property to fail');
}

describe('fast-check global settings', () => {
  it('stop shrinking after MAX_SHRINK_ATTEMPTS calls and report the seed and path', () => {
    const calls = { n: 0 };
    const message = messageOf(() => { fc.assert(largeSum(calls), { seed: 42 }); });
    expect(calls.n).toBe(1 + MAX_SHRINK_ATTEMPTS); // the failing run, then the budget
    expect(message).toMatch(/^Property failed after 1 tests\n\{ seed: 42, path: "0(:\d+)+", endOnFailure: true \}/);
    expect(message).toContain(`Shrinking stopped after ${MAX_SHRINK_ATTEMPTS} attempts`);
    // The reported seed and path replay the smallest failure found.
    const path = /path: "([\d:]+)"/.exec(message)![1];
    const replay = { n: 0 };
    expect(() => { fc.assert(largeSum(replay), { seed: 42, path, endOnFailure: true }); }).toThrow(/Property failed/);
    expect(replay.n).toBe(1);
  });

  it('leave a failure that shrinks within the budget as fast-check reports it', () => {
    const calls = { n: 0 };
    const message = messageOf(() => { fc.assert(fc.property(fc.nat(), (x) => (calls.n++, x < 10)), { seed: 7 }); });
    expect(calls.n).toBeLessThan(MAX_SHRINK_ATTEMPTS);
    expect(message).toMatch(/Counterexample: \[10\]/);
    expect(message).not.toContain('Shrinking stopped');
  });

  it('count skipped values (fc.pre) as work, not time: too many skips fail the property', () => {
    expect(() => { fc.assert(fc.property(fc.nat(), (x) => { fc.pre(x < 0); }), { numRuns: 10 }); }).toThrow(/skipped/i);
  });
});
