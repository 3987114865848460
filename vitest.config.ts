import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Test files that spend most of their time in another program: Blender (round trips) and npm (pack and install). */
const RUNS_A_PROGRAM = /\/test\/(blender|package)\//;

/**
 * These files first, then the rest, each part in Vitest's own order. Vitest starts the files that
 * took longest last time first; with no times cached (a fresh clone, as in CI) it starts the
 * largest first, and these short files, 5–60 s each, came last: the run ended on one of them
 * while the other worker had nothing left to do.
 */
class ProgramsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (f: TestSpecification) => RUNS_A_PROGRAM.test(f.moduleId);
    return [...sorted.filter(first), ...sorted.filter((f) => !first(f))];
  }
}

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'test/bench/**', 'node_modules/**'],
    // fast-check's settings for every file: no time limits, shrinking bounded in steps.
    setupFiles: ['test/setup/fast-check.ts'],
    // Each file's result as it finishes, in a terminal and in CI alike (without this, Vitest picks a
    // reporter that stays silent until the end when it thinks an agent is running it).
    reporters: ['default'],
    // Timeouts are wall-clock time, which a loaded machine stretches. Tests are bounded by the work
    // they do (counts, never time: docs/reliability.md section 5); these only end a run that hangs,
    // far above the slowest test under load (about 60 s).
    testTimeout: 600_000,
    hookTimeout: 600_000,
    teardownTimeout: 600_000,
    // A worker per core. Vitest's default keeps one core for its main process, which only waits on
    // the workers: on the 2-core machines of CI and development that ran every file one after another.
    maxWorkers: availableParallelism(),
    sequence: { sequencer: ProgramsFirst },
  },
});
