/**
 * npm run bench:uploads: only the hostile photo and office rows of `npm run bench` (bench/hostile-uploads.ts), on the
 * shop as `npm start` runs it (the server bundle; the web app is built when missing), a fresh data folder, two new
 * customers. Prints the rows; bench/results.md is left to the full run.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveCommand } from '../scripts/serve-command.ts';
import { measureHostileImages, measureHostileOffice } from './hostile-uploads.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (...a: unknown[]) => console.log('[bench:uploads]', ...a);

async function main() {
  log(fs.existsSync(path.join(ROOT, 'web/dist/index.html')) ? 'building the server' : 'building the shop');
  execFileSync(
    'npm',
    fs.existsSync(path.join(ROOT, 'web/dist/index.html')) ? ['run', 'build', '-w', 'server'] : ['run', 'build'],
    { cwd: ROOT, stdio: 'ignore' },
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-uploads-'));
  const port = Number(process.env.BENCH_PORT ?? 20000 + Math.floor(Math.random() * 20000));
  const base = `http://127.0.0.1:${port}`;
  const serve = serveCommand();
  const server = spawn(process.execPath, serve.args, {
    cwd: ROOT,
    env: {
      ...process.env,
      ...serve.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      RECONCILE_INTERVAL_SECONDS: '0',
      RATE_LIMIT_SCALE: '100000',
      API_CHECK_ANSWERS: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  process.on('exit', () => server.kill('SIGKILL'));
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const tokens: string[] = [];
  for (const who of ['hostile', 'other']) {
    const email = `${who}-${Date.now()}@example.com`;
    const body = {
      name: who === 'hostile' ? 'Hostile Customer' : 'Other Customer',
      email,
      password: 'Customer@123',
      confirmPassword: 'Customer@123',
    };
    const res = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    tokens.push(((await res.json()) as { token: string }).token);
  }
  const rss = () =>
    Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  log('image bombs');
  const rows = await measureHostileImages(base, tokens[0]!, tokens[1]!, rss);
  log('office bombs');
  rows.push(...(await measureHostileOffice(base, tokens[0]!, tokens[1]!, server.pid!)));
  console.log(
    [
      '| Measure | Result | Target | Pass |',
      '|---|---|---|---|',
      ...rows.map(
        (r) => `| ${r.measure} | ${r.result} | ${r.target} | ${r.pass === null ? 'n/a' : r.pass ? 'yes' : '**no**'} |`,
      ),
    ].join('\n'),
  );
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (rows.some((r) => r.pass === false)) process.exitCode = 1;
}

main().catch((err) => {
  console.error('[bench:uploads] failed:', err);
  process.exitCode = 2;
});
