import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { writeBackupArchive } from '../../src/modules/backup/backup.ts';
import { openDatabaseAsIs } from '../../src/modules/backup/open-database.ts';
import { restoreArchive } from '../../src/modules/backup/restore.ts';
import { LocalStorage } from '../../src/modules/storage/local-storage.ts';
import {
  fileHashes,
  moneyFacts,
  placePaidOrder,
  refund,
  releaseFixtures,
  signIn,
  snapshotDatabase,
  startShop,
  tempDir,
} from './shop.ts';

/**
 * Decision 040: a shop with every kind of order (release 0.1.0's archive, brought up to this version, plus orders
 * this version takes) is backed up, wiped and restored into an empty data folder: the same rows, totals and file
 * hashes; invoice and credit-note serials continue without reuse; sessions start afresh.
 */
const fixture = releaseFixtures()[0]!;

describe('backup, wipe, restore (PGlite and a local folder)', () => {
  const source = tempDir();
  const target = tempDir();
  const work = tempDir();
  let archive: string;
  let before: {
    rows: Record<string, string[]>;
    files: Record<string, string>;
    money: Awaited<ReturnType<typeof moneyFacts>>;
  };
  let oldSession: { authorization: string };

  beforeAll(async () => {
    // The shop: every kind of order (the release archive), then this version's own orders, a refund and a sign-in.
    await restoreArchive(fixture.archive, {
      database: { pgliteDir: path.join(source, 'db') },
      storage: new LocalStorage(path.join(source, 'files')),
    });
    const shop = await startShop({ DATA_DIR: source });
    try {
      const customer = fixture.accounts.customers[0]!;
      oldSession = await signIn(shop, customer.email, customer.password);
      const admin = await signIn(shop, fixture.accounts.admin.email, fixture.accounts.admin.password);
      const placed = await placePaidOrder(shop, oldSession);
      await refund(shop, admin, placed.orderId, 10);
      await placePaidOrder(shop, oldSession, 'page-a4-1p.pdf', 1);
    } finally {
      await shop.close();
    }
    const database = await openDatabaseAsIs({ pgliteDir: path.join(source, 'db') });
    const storage = new LocalStorage(path.join(source, 'files'));
    try {
      before = {
        rows: await snapshotDatabase(database),
        files: await fileHashes(storage),
        money: await moneyFacts(database),
      };
      archive = path.join(work, 'shop.tar');
      await writeBackupArchive({ database, storage, appVersion: 'test' }, archive);
    } finally {
      await database.close();
    }
    // The disk dies.
    fs.rmSync(source, { recursive: true, force: true });
  }, 300_000);

  afterAll(() => {
    for (const d of [source, target, work]) fs.rmSync(d, { recursive: true, force: true });
  });

  it('restores the same rows, totals and file hashes into an empty data folder', async () => {
    const report = await restoreArchive(archive, {
      database: { pgliteDir: path.join(target, 'db') },
      storage: new LocalStorage(path.join(target, 'files')),
    });
    expect(report.migrationsApplied).toEqual([]);
    const database = await openDatabase({ pgliteDir: path.join(target, 'db') });
    try {
      expect(await snapshotDatabase(database)).toEqual(before.rows);
      expect(await moneyFacts(database)).toEqual(before.money);
    } finally {
      await database.close();
    }
    expect(await fileHashes(new LocalStorage(path.join(target, 'files')))).toEqual(before.files);
    expect(report.filesRestored).toBe(Object.keys(before.files).length);
  });

  it('starts afresh for sessions, and continues invoice and credit-note serials without reuse', async () => {
    const shop = await startShop({ DATA_DIR: target });
    try {
      const stale = await shop.inject({ method: 'GET', url: '/api/auth/user', headers: oldSession });
      expect(stale.statusCode).toBe(401);
      const customer = fixture.accounts.customers[0]!;
      const headers = await signIn(shop, customer.email, customer.password);
      const admin = await signIn(shop, fixture.accounts.admin.email, fixture.accounts.admin.password);
      const placed = await placePaidOrder(shop, headers);
      await refund(shop, admin, placed.orderId, 5);
      const after = await moneyFacts(shop.ctx.database);
      const newSerials = after.serials.filter((s) => !before.money.serials.includes(s));
      expect(newSerials).toHaveLength(2); // one invoice, one credit note: both new numbers
      expect(new Set(after.serials).size).toBe(after.serials.length);
      const highest = (kind: string, list: string[]) =>
        Math.max(...list.filter((s) => s.startsWith(kind)).map((s) => Number(/(\d+)$/.exec(s)![1])));
      expect(highest('invoice', after.serials)).toBe(highest('invoice', before.money.serials) + 1);
      expect(highest('credit_note', after.serials)).toBe(highest('credit_note', before.money.serials) + 1);
    } finally {
      await shop.close();
    }
  });
});
