import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkNode, runDoctor } from '../../src/doctor/doctor.ts';
import { shopConfig, tempDir } from '../backup/shop.ts';

/** npm run doctor says in plain words what is missing, and never a secret. */
describe('npm run doctor', () => {
  const dir = tempDir('shop-doctor-');
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('on a laptop shop: the embedded parts are fine; mail, HTTPS, payments and same-disk backups are named', async () => {
    const results = await runDoctor(
      shopConfig({ DATA_DIR: dir, PUBLIC_URL: 'http://localhost:5000', BACKUP_HOUR: '2' }),
    );
    const by = Object.fromEntries(results.map((r) => [r.area, r]));
    expect(by.database).toMatchObject({ status: 'ok' });
    expect(by.storage).toMatchObject({ status: 'ok' });
    expect(by.mail!.message).toMatch(/not sent.*Set SMTP_URL/);
    expect(by.HTTPS!.message).toMatch(/need HTTPS.*deploy\/Caddyfile/);
    expect(by.payments!.message).toMatch(/sandbox/);
    expect(by.backups).toMatchObject({ status: 'warn' });
    expect(by.backups!.message).toMatch(/shop's own disk/);
    expect(fs.existsSync(path.join(dir, 'backups'))).toBe(true);
  });

  it('says whether the Node.js running the shop is too old or no longer gets security fixes', async () => {
    // Debian 12's own nodejs: below the shop's minimum.
    expect(checkNode('v18.20.4', '2026-11-28')).toMatchObject({ status: 'problem' });
    expect(checkNode('v18.20.4', '2026-11-28').message).toMatch(/needs 20\.19 or newer.*Node 22 or 24/);
    expect(checkNode('v20.18.1', '2026-01-10')).toMatchObject({ status: 'problem' });
    // Node 20 after its end of life: it runs, with a warning that says since when.
    expect(checkNode('v20.20.2', '2026-04-29')).toMatchObject({ status: 'ok' });
    expect(checkNode('v20.20.2', '2026-11-28')).toMatchObject({
      status: 'warn',
      message: expect.stringMatching(/no security fixes since 30\/04\/2026.*Node 22 or 24/),
    });
    expect(checkNode('v22.23.3', '2026-11-28')).toMatchObject({
      status: 'ok',
      message: 'Node v22.23.3, security fixes until 30/04/2027',
    });
    expect(checkNode('v22.23.3', '2027-05-01')).toMatchObject({ status: 'warn' });
    // The doctor reports the Node.js it runs on, first.
    const results = await runDoctor(shopConfig({ DATA_DIR: dir, PUBLIC_URL: 'http://localhost:5000' }));
    expect(results[0]).toMatchObject({ area: 'Node.js', message: expect.stringContaining(process.version) });
  });

  it('names the S3 setting to fix when the bucket does not answer, without its keys', async () => {
    const secret = 'doctor-test-secret-key-123';
    const results = await runDoctor(
      shopConfig({
        DATA_DIR: dir,
        S3_BUCKET: 'shop-files',
        S3_ENDPOINT: 'http://127.0.0.1:9',
        S3_ACCESS_KEY_ID: 'AKIDOCTOR',
        S3_SECRET_ACCESS_KEY: secret,
        BACKUP_HOUR: 'off',
      }),
    );
    const storage = results.find((r) => r.area === 'storage')!;
    expect(storage.status).toBe('problem');
    expect(storage.message).toMatch(/S3 did not answer.*check S3_ENDPOINT/);
    expect(results.find((r) => r.area === 'backups')!.message).toMatch(/scheduled backups are off/);
    expect(JSON.stringify(results)).not.toContain(secret);
  });

  it('says PostgreSQL does not answer, naming the host but not the password', async () => {
    const results = await runDoctor(
      shopConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://shop:doctor-pw-987@127.0.0.1:9/shop', BACKUP_HOUR: 'off' }),
    );
    const db = results.find((r) => r.area === 'database')!;
    expect(db.status).toBe('problem');
    expect(db.message).toMatch(/PostgreSQL does not answer at 127\.0\.0\.1:9/);
    expect(JSON.stringify(results)).not.toContain('doctor-pw-987');
  });
});
