import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // fast-check's settings for every file: no time limits, shrinking bounded in steps.
    setupFiles: ['test/setup/fast-check.ts'],
    // Each file's result as it finishes, in a terminal and in CI alike (without this, Vitest picks a
    // reporter that stays silent until the end when it thinks an agent is running it).
    reporters: ['default'],
    // Timeouts are wall-clock time, which a loaded machine stretches. Tests are bounded by the work
    // they do (counts, CPU time: docs/reliability.md section 5); these only end a run that hangs,
    // far above the slowest test under load (about 60 s).
    testTimeout: 600_000,
    hookTimeout: 600_000,
    teardownTimeout: 600_000,
    // A worker per core. Vitest's default keeps one core for its main process, which only waits on
    // the workers: on the 2-core machines of CI and development that ran every file one after another.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: ['test/e2e/**', 'test/bench/**', 'test/package/**', 'node_modules/**'] },
      },
      {
        // Packs (a full build) and installs the package: run after the rest, so its build does not
        // share the machine with the CPU-bound files.
        extends: true,
        test: { name: 'package', include: ['test/package/**/*.test.ts'], sequence: { groupOrder: 1 } },
      },
    ],
  },
});
