/**
 * npm run bench:uploads: only the hostile photo and office rows of `npm run bench` (bench/hostile-uploads.ts), on the
 * shop as `npm start` runs it (the server bundle; the web app is built when missing), a fresh data folder, two new
 * customers. Prints the rows; bench/results.md is left to the full run.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureHostileImages, measureHostileOffice } from './hostile-uploads.ts';
import { postJson, ROOT, rowsTable, startShop } from './support.ts';

const log = (...a: unknown[]) => console.log('[bench:uploads]', ...a);

async function main() {
  log(fs.existsSync(path.join(ROOT, 'web/dist/index.html')) ? 'building the server' : 'building the shop');
  execFileSync(
    'npm',
    fs.existsSync(path.join(ROOT, 'web/dist/index.html')) ? ['run', 'build', '-w', 'server'] : ['run', 'build'],
    { cwd: ROOT, stdio: 'ignore' },
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-uploads-'));
  const shop = await startShop({
    built: true,
    dataDir,
    env: { RATE_LIMIT_SCALE: '100000', API_CHECK_ANSWERS: 'false', LOG_LEVEL: 'warn' },
  });
  const { base } = shop;
  const tokens: string[] = [];
  for (const who of ['hostile', 'other']) {
    const password = 'Customer@123';
    const { token } = await postJson<{ token: string }>(base, '/api/auth/register', {
      name: who === 'hostile' ? 'Hostile Customer' : 'Other Customer',
      email: `${who}-${Date.now()}@example.com`,
      password,
      confirmPassword: password,
    });
    tokens.push(token);
  }
  log('image bombs');
  const rows = await measureHostileImages(base, tokens[0]!, tokens[1]!, shop.rssMb);
  log('office bombs');
  rows.push(...(await measureHostileOffice(base, tokens[0]!, tokens[1]!, shop.server.pid!)));
  console.log(rowsTable(rows).join('\n'));
  await shop.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (rows.some((r) => r.pass === false)) process.exitCode = 1;
}

main().catch((err) => {
  console.error('[bench:uploads] failed:', err);
  process.exitCode = 2;
});
