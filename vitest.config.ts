import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: ['test/e2e/**', 'test/bench/**', 'test/package/**', 'node_modules/**'] },
      },
      {
        // Packs (a full build) and installs the package: run after the rest, never beside the
        // fuzz suite's per-file time limit or the other CPU-bound files.
        extends: true,
        test: { name: 'package', include: ['test/package/**/*.test.ts'], sequence: { groupOrder: 1 } },
      },
    ],
  },
});
