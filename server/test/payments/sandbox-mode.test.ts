import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/env.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/** The free sandbox checkout runs only on purpose, and every page says so while it runs. */

const LIVE_KEYS = {
  RAZORPAY_KEY_ID: 'rzp_live_Abc123',
  RAZORPAY_KEY_SECRET: 'live_secret_123456',
  RAZORPAY_WEBHOOK_SECRET: 'live_webhook_123456',
};

describe('which payments a start chooses', () => {
  it.each([
    [{}],
    [{ PUBLIC_URL: 'http://localhost:5000' }],
    [{ PUBLIC_URL: 'http://LOCALHOST:8080/' }],
    [{ PUBLIC_URL: 'http://127.0.0.1:5061' }],
    [{ PUBLIC_URL: 'http://[::1]:5000' }],
  ])('%o: the sandbox, with nothing else set (npm start on this machine)', (env) => {
    expect(loadConfig(env).PAYMENTS_PROVIDER).toBe('sandbox');
  });

  it.each([
    'https://print.example.in',
    'http://192.168.1.20:5000',
    'http://localhost.attacker.example',
    'http://127.0.0.1.nip.io:5000',
    'http://0.0.0.0:5000',
  ])('a shop served at %s with PAYMENTS_PROVIDER unset refuses to start, naming the variables', (url) => {
    let error: unknown;
    try {
      loadConfig({ PUBLIC_URL: url });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of [
      'PAYMENTS_PROVIDER',
      'PUBLIC_URL',
      'RAZORPAY_KEY_ID',
      'RAZORPAY_KEY_SECRET',
      'RAZORPAY_WEBHOOK_SECRET',
    ])
      expect(message).toContain(name);
    expect(message).toContain(url.replace(/\/+$/, ''));
  });

  it('the sandbox on a public address only when chosen; Razorpay when chosen with its keys', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://demo.example.in', PAYMENTS_PROVIDER: 'sandbox' }).PAYMENTS_PROVIDER).toBe(
      'sandbox',
    );
    expect(
      loadConfig({ PUBLIC_URL: 'https://print.example.in', PAYMENTS_PROVIDER: 'razorpay', ...LIVE_KEYS })
        .PAYMENTS_PROVIDER,
    ).toBe('razorpay');
    // Production never runs the sandbox, chosen or not.
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PAYMENTS_PROVIDER: 'sandbox', ADMIN_PASSWORD: 'Very$trongPass123' }),
    ).toThrow(/PAYMENTS_PROVIDER=sandbox/);
  });

  it('the real start stops with that one line (exit code 1) before opening anything', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-sandbox-refused-'));
    try {
      const env: Record<string, string | undefined> = {
        ...process.env,
        PUBLIC_URL: 'https://print.example.in',
        DATA_DIR: dataDir,
        PORT: '0',
        NODE_ENV: 'development',
      };
      for (const k of Object.keys(env)) if (/^(PAYMENTS_PROVIDER|RAZORPAY_|DATABASE_URL)/.test(k)) delete env[k];
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
        cwd: root,
        env,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(
        /PAYMENTS_PROVIDER is not set and PUBLIC_URL \(https:\/\/print\.example\.in\) is not localhost/,
      );
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the public shop config tells the pages when no real money moves', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });
  const testModeOf = async (env: Record<string, string>) => {
    const app = await createTestApp({ env });
    apps.push(app);
    const res = await app.inject({ method: 'GET', url: '/api/config' });
    return res.json().payments as { provider: string; testMode: boolean };
  };

  it('sandbox: test mode; Razorpay test keys: test mode; Razorpay live keys: real payments', async () => {
    expect(await testModeOf({ PAYMENTS_PROVIDER: 'sandbox' })).toMatchObject({ provider: 'sandbox', testMode: true });
    expect(
      await testModeOf({ PAYMENTS_PROVIDER: 'razorpay', ...LIVE_KEYS, RAZORPAY_KEY_ID: 'rzp_test_Abc123' }),
    ).toMatchObject({ provider: 'razorpay', testMode: true });
    expect(await testModeOf({ PAYMENTS_PROVIDER: 'razorpay', ...LIVE_KEYS })).toMatchObject({
      provider: 'razorpay',
      testMode: false,
    });
  });
});
