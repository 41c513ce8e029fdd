import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/env.ts';
import { migrationsFolder, schema, type Db } from '../../src/db/client.ts';
import { files } from '../../src/db/schema/index.ts';
import { fixturePdf } from '../factories/index.ts';
import { ghostscriptColourPages } from '../helpers/ghostscript-colour.ts';

/**
 * Decision 032 on a shop that ran release 0.1.0 (its backup archive, server/test/fixtures/releases/0.1.0: database
 * and stored files as that release wrote them). Migration 0023 changes no stored data; a file keeps serving the
 * orders placed before exactly as it did, and gets its print copy the first time its pages are looked at again.
 * One of Ravi's uploads is given a printing stamp first (0.1.0 kept PDFs as uploaded, annotations and all).
 */

const ARCHIVE = path.resolve(path.dirname(fixturePdf('x')), '../releases/0.1.0/shop-0.1.0.tar');
const RAVI = 2;
const LAKSHMI = 3;
const STAMPED = 'd25e5d65-6df1-4b70-8ed5-7be842aa4a61'; // Ravi's page-a4-1p.pdf, order 4's document
const STAMPED_KEY = `orders/2/${STAMPED}.pdf`;
const MIXED = '5f8855ae-fb5d-4d38-96c9-7f8e8256993f'; // Lakshmi's association-report.pdf, priced "colour pages in colour"
const CHANGED = '8ce15c04-d99b-41aa-be69-11d4252825f7'; // Ravi's page-a4-1p.pdf, order 8's document

/** A one-page PDF carrying a red stamp set to print (page 1 of the labelled set's stamps). */
function stampedPage(): Uint8Array {
  const doc = mupdf.Document.openDocument(
    fs.readFileSync(fixturePdf('colour/annot-stamps.pdf')),
    'application/pdf',
  ).asPDF()!;
  for (let i = doc.countPages() - 1; i > 0; i--) doc.deletePage(i);
  return doc.saveToBuffer('garbage').asUint8Array().slice();
}

describe('files stored by release 0.1.0', () => {
  let dataDir: string;
  let client: PGlite;
  let db: Db;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const headers = async (kind: 'user' | 'staff', id: number) => ({
    authorization: `Bearer ${(await app.ctx.sessions.create(kind, id)).token}`,
  });
  const stored = (key: string) => path.join(dataDir, 'files', key);
  let before: Array<typeof files.$inferSelect>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-0.1.0-'));
    execFileSync('tar', ['-xf', ARCHIVE, '-C', dataDir]);
    fs.writeFileSync(stored(STAMPED_KEY), stampedPage());
    // A stored file that no longer reads as recorded (here: two pages where one was recorded).
    fs.copyFileSync(fixturePdf('colour/separation-black-all.pdf'), stored(`orders/2/${CHANGED}.pdf`));
    client = new PGlite({ extensions: { pg_trgm } });
    await client.exec(zlib.gunzipSync(fs.readFileSync(path.join(dataDir, 'database.sql.gz'))).toString('utf8'));
    await client.exec('SET search_path TO public');
    db = drizzle(client, { schema }) as unknown as Db;
    before = (await client.query<Record<string, unknown>>('select * from files order by id')).rows.map(
      (r) => r as never,
    );
    await migrate(db as never, { migrationsFolder });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://shop.test',
      PAYMENTS_PROVIDER: 'sandbox',
      LOG_LEVEL: 'silent',
      RECONCILE_INTERVAL_SECONDS: '0',
      CLEANUP_INTERVAL_MINUTES: '0',
      RATE_LIMIT_SCALE: '1000',
    });
    app = (await buildApp({
      config,
      database: { db, kind: 'pglite', close: () => client.close() },
      serveWeb: false,
    })) as never;
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('migration 0023 leaves every file as it was: its key, its colour pages, no print copy recorded yet', async () => {
    const after = await db.select().from(files);
    expect(after).toHaveLength(before.length);
    expect(before.length).toBeGreaterThan(5);
    for (const row of after) {
      const old = before.find((b) => (b as unknown as { id: string }).id === row.id) as unknown as Record<
        string,
        unknown
      >;
      expect([row.storageKey, row.printCopy, row.replacedKey, JSON.stringify(row.colourPages)]).toEqual([
        old.storage_key,
        null,
        null,
        JSON.stringify(old.colour_pages),
      ]);
    }
  });

  it('the counter downloads an older order’s document as it did; looking at the file’s pages makes its print copy, the older order keeps its file', async () => {
    const staff = await headers('staff', 1);
    const original = fs.readFileSync(stored(STAMPED_KEY));
    const download = () => app.inject({ method: 'GET', url: '/api/orders/4/documents/1/file', headers: staff });
    expect((await download()).rawPayload.equals(original)).toBe(true);

    const ravi = await headers('user', RAVI);
    const colours = await app.inject({ method: 'GET', url: `/api/pdf/${STAMPED}/colours`, headers: ravi });
    expect(colours.statusCode, colours.body).toBe(200);
    expect(colours.json()).toEqual({ pageCount: 1, colourPages: [1] });
    const [row] = await db.select().from(files).where(eq(files.id, STAMPED));
    expect([row!.printCopy, row!.replacedKey, row!.storageKey]).toEqual([
      1,
      STAMPED_KEY,
      `orders/2/${STAMPED}.print-1.pdf`,
    ]);
    // The print copy: the stamp is on the page, no annotation is left; Ghostscript prints it in colour.
    const copy = fs.readFileSync(stored(row!.storageKey));
    const doc = mupdf.Document.openDocument(copy, 'application/pdf').asPDF()!;
    expect(doc.findPage(0).get('Annots').isNull()).toBe(true);
    expect(ghostscriptColourPages(stored(row!.storageKey))).toEqual([1]);
    expect(row!.sizeBytes).toBe(copy.length);
    // The order placed before still prints what it always printed.
    expect((await download()).rawPayload.equals(original)).toBe(true);
    // Looking again changes nothing more.
    await app.inject({ method: 'GET', url: `/api/pdf/${STAMPED}/pages/1`, headers: ravi });
    const [again] = await db.select().from(files).where(eq(files.id, STAMPED));
    expect(again!.storageKey).toBe(row!.storageKey);
  });

  it('a file that needs no change is only marked, and its colour pages are measured afresh on it', async () => {
    const lakshmi = await headers('user', LAKSHMI);
    const [old] = await db.select().from(files).where(eq(files.id, MIXED));
    const res = await app.inject({ method: 'GET', url: `/api/pdf/${MIXED}/colours`, headers: lakshmi });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await db.select().from(files).where(eq(files.id, MIXED));
    expect([row!.printCopy, row!.storageKey, row!.replacedKey]).toEqual([1, old!.storageKey, null]);
    expect(row!.colourPages).toEqual(res.json().colourPages);
    expect(ghostscriptColourPages(stored(row!.storageKey))).toEqual(res.json().colourPages);
  });

  it('a file whose print copy cannot be made is kept and used as stored, and not tried again', async () => {
    const ravi = await headers('user', RAVI);
    const look = () => app.inject({ method: 'GET', url: `/api/pdf/${CHANGED}/pages/1`, headers: ravi });
    expect((await look()).statusCode).toBe(200);
    const [row] = await db.select().from(files).where(eq(files.id, CHANGED));
    expect([row!.printCopy, row!.storageKey, row!.replacedKey]).toEqual([0, `orders/2/${CHANGED}.pdf`, null]);
    expect((await look()).statusCode).toBe(200);
  });

  it('deleting the file deletes the print copy and the file the older orders used', async () => {
    const [row] = await db.select().from(files).where(eq(files.id, STAMPED));
    const admin = await headers('user', 1);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/admin/files/${STAMPED}?confirmUnfinished=true`,
      headers: admin,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(fs.existsSync(stored(row!.storageKey))).toBe(false);
    expect(fs.existsSync(stored(STAMPED_KEY))).toBe(false);
  });
});
