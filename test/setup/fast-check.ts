// fast-check's settings for every test file (vitest `setupFiles`). No time limits anywhere: a
// loaded machine must not change what a property test does. What bounds the work instead:
// - runs: each property's `numRuns` (fast-check's default of 100 where a test gives none);
// - skips: `maxSkipsPerRun` (fc.pre) — at most 100 skipped values per run, then the property fails;
// - shrinking: at most MAX_SHRINK_ATTEMPTS predicate calls after the first failure (the plugin
//   below). fast-check itself shrinks until nothing smaller fails, which for a costly predicate on a
//   large value can run for many minutes; past the budget the smallest failure found so far is
//   reported, as always with its seed and path, so the run can be replayed and shrunk further.
import fc from 'fast-check';

/** Predicate calls allowed while shrinking one failure. Most failures shrink in far fewer. */
export const MAX_SHRINK_ATTEMPTS = 300;

fc.configureGlobal({ maxSkipsPerRun: 100 });

/** Stops shrinking after MAX_SHRINK_ATTEMPTS calls, reporting the smallest failure found so far. */
export const boundedShrinking: fc.UniversalPlugin = () => {
  let failed = false;
  let attempts = 0;
  let stopped = false;
  const isFailure = (out: unknown) => out !== null && typeof out === 'object' && !fc.PreconditionFailure.isFailure(out);
  return {
    decorateRun: (nestedRun) => (value) => {
      if (failed && ++attempts > MAX_SHRINK_ATTEMPTS) {
        stopped = true;
        return new fc.PreconditionFailure(true); // interrupts the run; the failure stands
      }
      const out = nestedRun(value);
      if (out !== null && typeof out === 'object' && 'then' in out) {
        return out.then((o) => ((failed ||= isFailure(o)), o));
      }
      failed ||= isFailure(out);
      return out;
    },
    onAllRunsComplete: (details) => {
      if (!stopped || !details.failed) return;
      const message = `${fc.defaultReportMessage(details)}\n\nShrinking stopped after ${MAX_SHRINK_ATTEMPTS} attempts (test/setup/fast-check.ts); replay with the seed and path above (endOnFailure: true) to see this counterexample again.`;
      throw new Error(message, { cause: details.errorInstance });
    },
  };
};

fc.installGlobalPlugin(boundedShrinking);
