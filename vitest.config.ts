import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The web app's own alias, for its tests that import its modules.
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'web/src') } },
  test: {
    include: [
      'shared/src/**/*.test.ts',
      'server/test/**/*.test.ts',
      'web/src/**/*.test.ts',
      'print-agent/test/**/*.test.ts',
    ],
    // After each file: its servers' log lines are searched for the secrets its tests used.
    setupFiles: ['server/test/helpers/log-leak-check.ts', 'server/test/helpers/cpu-time.ts'],
    // Started once for the whole run, before any test file: one file per thing (add yours to the list); each hands
    // what it made to the tests with provide/inject. databases.ts: the migrated templates every test database is
    // copied from (decision 043).
    globalSetup: ['server/test/global-setup/databases.ts'],
    // New password hashes at scrypt N = 2^10 instead of the shop's 2^14 (server/src/lib/crypto.ts): the suite signs in
    // thousands of times, and that alone was about half the CPU of the sign-in files. Checked hashes keep their own N.
    env: { SHOP_TEST_SCRYPT_N: '1024' },
    // Hang guards, not speed checks (no test asserts on wall-clock time): a test that drives real processes takes
    // seconds on an idle machine and a minute and more on a loaded 2-core one. One limit for every file: with
    // `isolate: false` a file's `vi.setConfig` would carry over to the files after it in the same worker, so a
    // slow test passed or failed by which worker it landed on.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // expect.poll waits for what the shop does by itself (a request reaching a fake, a job taking its worker): 30 s,
    // not vitest's 1 s, which a loaded machine overran (a refund's request reached the Razorpay fake after more than
    // 1 s in a clean-clone run). It ends as soon as the thing is seen.
    expect: { poll: { timeout: 30_000 } },
    pool: 'forks',
    // A worker process runs file after file without importing everything again (decision 047), which saves the
    // server's import and a PGlite WebAssembly compile per file: about 40 % of the suite's CPU. So a file puts back
    // what it changes process-wide (environment variables); what the server keeps per process (fonts, the office
    // profile, the sandbox probe) a file may find already warm, as a running shop would.
    isolate: false,
    // Two files at a time on two cores. Many wait on programs they started (cupsd, LibreOffice, a server process,
    // PostgreSQL), but three at a time timed tests out on a machine busy with other work (decision 047); try
    // `--maxWorkers 3` on an idle one.
    maxWorkers: 2,
    // The slowest files are printed after the summary (helpers/slowest-files-reporter.ts): the CI log says where time goes.
    reporters: ['default', './server/test/helpers/slowest-files-reporter.ts'],
  },
});
