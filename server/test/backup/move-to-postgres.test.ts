import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { writeBackupArchive } from '../../src/modules/backup/backup.ts';
import { openDatabaseAsIs } from '../../src/modules/backup/open-database.ts';
import { restoreArchive } from '../../src/modules/backup/restore.ts';
import { readTarBuffers } from '../../src/modules/backup/tar.ts';
import { LocalStorage } from '../../src/modules/storage/local-storage.ts';
import { S3Storage } from '../../src/modules/storage/s3-storage.ts';
import { startTestS3, type TestS3 } from '../helpers/s3-server.ts';
import {
  emptyPostgres,
  fileHashes,
  moneyFacts,
  placePaidOrder,
  releaseFixtures,
  signIn,
  snapshotDatabase,
  startShop,
  tempDir,
  type Shop,
} from './shop.ts';

/**
 * Decision 041: an embedded shop (PGlite + a local folder) moves to PostgreSQL + S3 with the same restore command
 * (DATABASE_URL and S3_* set); then two server copies on the moved data each take an order. The moved shop is backed
 * up again with Debian's pg_dump and its files from the bucket, and no setting or secret is in that archive.
 */
const fixture = releaseFixtures()[0]!;
const s3Of = (s3: TestS3) =>
  new S3Storage({
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
  });

describe.skipIf(!process.env.TEST_DATABASE_URL)('moving an embedded shop to PostgreSQL and S3', () => {
  const laptop = tempDir();
  const work = tempDir();
  let s3: TestS3;
  let pgTarget: { url: string; drop(): Promise<void> };
  let archive: string;
  let before: { rows: Record<string, string[]>; files: Record<string, string> };

  beforeAll(async () => {
    // The laptop shop: every kind of order, under this version.
    await restoreArchive(fixture.archive, {
      database: { pgliteDir: path.join(laptop, 'db') },
      storage: new LocalStorage(path.join(laptop, 'files')),
    });
    const database = await openDatabase({ pgliteDir: path.join(laptop, 'db') });
    const storage = new LocalStorage(path.join(laptop, 'files'));
    try {
      before = { rows: await snapshotDatabase(database), files: await fileHashes(storage) };
      archive = path.join(work, 'laptop.tar');
      await writeBackupArchive({ database, storage, appVersion: 'test' }, archive);
    } finally {
      await database.close();
    }
    s3 = await startTestS3('moved-shop');
    pgTarget = await emptyPostgres();
  }, 300_000);

  afterAll(async () => {
    await s3?.close();
    await pgTarget?.drop();
    for (const d of [laptop, work]) fs.rmSync(d, { recursive: true, force: true });
  });

  it('restores the archive into an empty PostgreSQL database and bucket: the same rows and files', async () => {
    const report = await restoreArchive(archive, { database: { url: pgTarget.url }, storage: s3Of(s3) });
    expect(report.database).toBe('postgres');
    const database = await openDatabase({ url: pgTarget.url });
    try {
      expect(await snapshotDatabase(database)).toEqual(before.rows);
    } finally {
      await database.close();
    }
    expect(await fileHashes(s3Of(s3))).toEqual(before.files);
  });

  it('refuses to restore over the moved shop, and changes nothing', async () => {
    const database = await openDatabase({ url: pgTarget.url });
    try {
      const rows = await snapshotDatabase(database);
      await expect(restoreArchive(archive, { database: { url: pgTarget.url }, storage: s3Of(s3) })).rejects.toThrow(
        /not empty: the PostgreSQL database already holds/,
      );
      expect(await snapshotDatabase(database)).toEqual(rows);
    } finally {
      await database.close();
    }
  });

  it('runs as two server copies on the moved data, each taking an order the other sees', async () => {
    const env = { DATABASE_URL: pgTarget.url, EVENTS: 'postgres', ...s3.env };
    const copies: Shop[] = [
      await startShop({ ...env, DATA_DIR: tempDir() }),
      await startShop({ ...env, DATA_DIR: tempDir() }),
    ];
    try {
      const customer = fixture.accounts.customers[1]!;
      const placed = [];
      for (const copy of copies)
        placed.push(await placePaidOrder(copy, await signIn(copy, customer.email, customer.password)));
      const admin = await signIn(copies[0]!, fixture.accounts.admin.email, fixture.accounts.admin.password);
      for (const copy of copies) {
        for (const p of placed) {
          const res = await copy.inject({ method: 'GET', url: `/api/orders/${p.orderNumber}`, headers: admin });
          expect(res.statusCode).toBe(200);
          const file = await copy.inject({
            method: 'GET',
            url: `/api/orders/${p.orderNumber}/documents/1/file`,
            headers: admin,
          });
          expect(file.statusCode).toBe(200);
        }
      }
      // An order of the laptop days still reads, with its file, from the bucket.
      const old = fixture.orders.find((o) => o.kind === 'single-delivered')!;
      expect(
        (
          await copies[1]!.inject({
            method: 'GET',
            url: `/api/orders/${old.orderNumber}/documents/1/file`,
            headers: admin,
          })
        ).statusCode,
      ).toBe(200);
      const serials = (await moneyFacts(copies[0]!.ctx.database)).serials;
      expect(new Set(serials).size).toBe(serials.length);
    } finally {
      for (const copy of copies) await copy.close();
    }
  });

  it('backs the moved shop up with pg_dump and the bucket, with no setting or secret in the archive', async () => {
    const database = await openDatabaseAsIs({ url: pgTarget.url });
    const moved = path.join(work, 'moved.tar');
    try {
      const { manifest } = await writeBackupArchive(
        { database, databaseUrl: pgTarget.url, storage: s3Of(s3), appVersion: 'test' },
        moved,
      );
      expect(manifest.database.kind).toBe('postgres');
      expect(manifest.database.tool).toMatch(/^pg_dump/);
      expect(manifest.storage.kind).toBe('s3');
      expect(manifest.counts.orders).toBe(fixture.counts.orders + 2);
    } finally {
      await database.close();
    }
    // Everything in the archive, the dump unzipped, searched for the settings' secrets.
    let text = '';
    for (const [name, data] of await readTarBuffers(moved))
      text += (name.endsWith('.gz') ? zlib.gunzipSync(data) : data).toString('latin1');
    expect(text).toContain('INSERT INTO public.orders');
    const url = new URL(pgTarget.url);
    for (const secret of [
      s3.secretAccessKey,
      `${url.username}:${url.password}@`,
      url.host,
      s3.endpoint,
      'sandbox_test_secret',
    ]) {
      expect(text.includes(secret), `the archive holds ${secret}`).toBe(false);
    }
  });
});
