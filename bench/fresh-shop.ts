import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bearer, postJson, ROOT, SEED_ADMIN, signIn, signInStaff, startShop } from './support.ts';

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
  try {
    const shop = await startShop({ built: opts.built, dataDir, env: { LOG_LEVEL: 'warn' } });
    try {
      const { base } = shop;
      const admin = await signIn(base, SEED_ADMIN);
      const sign = { email: `bench.${Date.now()}@example.com`, password: 'Str0ng!Pass' };
      const registered = await postJson<{ token: string }>(base, '/api/auth/register', {
        name: 'Bench Customer',
        ...sign,
        confirmPassword: sign.password,
      });
      const customer = { ...sign, headers: bearer(registered.token) };
      const clerk = { mobile_number: '9848022222', password: 'Counter@789' };
      await postJson(base, '/api/admin/staff', { name: 'Bench Clerk', ...clerk }, admin);
      const staff = await signInStaff(base, clerk);
      return await run({ base, admin, staff, customer });
    } finally {
      await shop.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
