// Starts the real shop for the browser tests on a fresh data folder, with the sandbox payment window.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
const port = process.env.E2E_PORT ?? '5055';
// Keyed by port, so two test runs on one machine (E2E_PORT=…) never share a data folder.
fs.writeFileSync(path.join(os.tmpdir(), `shop-e2e-datadir-${port}`), dataDir);
const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
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
