import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveCommand } from '../scripts/serve-command.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A fresh shop's people, signed in through the API. */
export interface FreshShop {
  base: string;
  admin: Record<string, string>;
  staff: Record<string, string>;
  customer: { email: string; password: string; headers: Record<string, string> };
}

/**
 * For a bench row run alone: a fresh shop on a new data folder (from the sources, or `built`: the production build as
 * `npm start` runs it; `web`: the web app built first when it is not), the admin, a new customer and a new clerk.
 * The shop is stopped and its folder removed afterwards.
 */
export async function withFreshShop<T>(
  opts: { built: boolean; web?: boolean },
  run: (shop: FreshShop) => Promise<T>,
): Promise<T> {
  if (opts.built) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
  else if (opts.web && !fs.existsSync(path.join(ROOT, 'web/dist/index.html')))
    execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: ROOT, stdio: 'ignore' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-shop-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const base = `http://127.0.0.1:${port}`;
  const serve = opts.built ? serveCommand() : { args: ['--import', 'tsx', 'server/src/server.ts'], env: {} };
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
      LOG_LEVEL: 'warn',
      RECONCILE_INTERVAL_SECONDS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (
      let i = 0;
      i < 600 &&
      !(await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      ));
      i++
    )
      await new Promise((r) => setTimeout(r, 200));
    const post = async (url: string, body: unknown, h: Record<string, string> = {}) => {
      const r = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { ...h, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!r.ok) throw new Error(`${url} answered ${r.status}: ${await r.text()}`);
      return (await r.json()) as { token: string };
    };
    const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
    const admin = bearer(
      (await post('/api/auth/login', { email: 'admin@printshop.local', password: 'Admin@12345' })).token,
    );
    const sign = { email: `bench.${Date.now()}@example.com`, password: 'Str0ng!Pass' };
    const customer = {
      ...sign,
      headers: bearer(
        (await post('/api/auth/register', { name: 'Bench Customer', ...sign, confirmPassword: sign.password })).token,
      ),
    };
    await post(
      '/api/admin/staff',
      { name: 'Bench Clerk', mobile_number: '9848022222', password: 'Counter@789' },
      admin,
    );
    const staff = bearer(
      (await post('/api/auth/staff/login', { mobile_number: '9848022222', password: 'Counter@789' })).token,
    );
    return await run({ base, admin, staff, customer });
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
