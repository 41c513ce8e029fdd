// Starts the real shop for the browser tests on a fresh data folder, with the sandbox payment window: the build that
// `npm run test:e2e` has just made (server/dist, serving web/dist), as `npm run serve` runs it, on a copy of the run's
// migrated PGlite template (support/global-setup.ts).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
const port = process.env.E2E_PORT ?? '5055';
// Keyed by port, so two test runs on one machine (E2E_PORT=…) never share a data folder.
fs.writeFileSync(path.join(os.tmpdir(), `shop-e2e-datadir-${port}`), dataDir);
const template = process.env.E2E_PGLITE_TEMPLATE;
if (template && fs.existsSync(template)) {
  // The dump's paths are absolute inside PGlite's data folder (/base, /global, …).
  fs.mkdirSync(path.join(dataDir, 'db'));
  execFileSync('tar', ['-xf', template, '-C', path.join(dataDir, 'db')], { stdio: ['ignore', 'ignore', 'pipe'] });
}
// node's arguments of `npm run serve`, handed over by the worker's fixture (support/fixtures.ts); the bundle alone
// when started some other way.
const serveArgs = process.env.E2E_SERVE_ARGS ? JSON.parse(process.env.E2E_SERVE_ARGS) : ['server/dist/server.js'];
const child = spawn(process.execPath, serveArgs, {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Every request's line, reads included (method, path, status, time): a failed journey prints those made while it
    // ran (fixtures.ts).
    LOG_LEVEL: 'debug',
    RECONCILE_INTERVAL_SECONDS: '2',
  },
});
const stop = () => {
  child.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
