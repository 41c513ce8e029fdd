import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['shared/src/**/*.test.ts', 'server/test/**/*.test.ts', 'web/src/**/*.test.ts', 'print-agent/test/**/*.test.ts'],
    // After each file: its servers' log lines are searched for the secrets its tests used.
    setupFiles: ['server/test/helpers/log-leak-check.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two cores: integration files each open their own PGlite.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
