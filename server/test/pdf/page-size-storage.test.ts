import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { groupPageSizes, expandPageSizeGroups } from '@shop/shared/files/schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../src/db/schema/index.ts';
import { findOwnPdf } from '../../src/modules/pdf/pdf.service.ts';
import { findOwnFile } from '../../src/modules/pricing/order-documents.service.ts';
import { createTestApp, DATABASES } from '../helpers/app.ts';
import { createCustomer, createUploadedFile } from '../factories/index.ts';

/**
 * Page sizes are stored as runs of equal pages, and the hot paths (every quote, the draft order, previews) never
 * read them (decision 010: a million-entry list was read back on every quote).
 */

const MIGRATION = fs.readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/db/migrations/0009_page_size_groups.sql'),
  'utf8',
);
const a4 = { width: 595.28, height: 841.89, size: 'a4' };
const letter = { width: 612, height: 792, size: 'letter' };
const a4Landscape = { width: 841.89, height: 595.28, size: 'a4' };

describe('runs of equal page sizes', () => {
  it('group consecutive equal pages in order and expand back to the same list', () => {
    const pages = [a4, a4, a4, letter, a4, a4Landscape, a4Landscape];
    const groups = groupPageSizes(pages);
    expect(groups).toEqual([
      { ...a4, count: 3 },
      { ...letter, count: 1 },
      { ...a4, count: 1 },
      { ...a4Landscape, count: 2 },
    ]);
    expect(expandPageSizeGroups(groups)).toEqual(pages);
    expect(groupPageSizes([])).toEqual([]);
  });
});

describe.each(DATABASES)('stored page sizes on %s', (db) => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let customer: Awaited<ReturnType<typeof createCustomer>>;
  beforeAll(async () => {
    app = await createTestApp({ db });
    customer = await createCustomer(app);
  });
  afterAll(() => app?.close());

  async function insertRow(pageSizes: unknown) {
    const id = crypto.randomUUID();
    await app.ctx.db.insert(files).values({
      id,
      ownerUserId: customer.record.id,
      kind: 'order_pdf',
      storageKey: `orders/${customer.record.id}/${id}.pdf`,
      originalFilename: 'old.pdf',
      contentType: 'application/pdf',
      sizeBytes: 1,
      sha256: '0'.repeat(64),
      pageCount: 7,
      pageSizes: pageSizes as never,
    });
    return id;
  }
  const stored = async (id: string) =>
    (await app.ctx.db.select({ pageSizes: files.pageSizes }).from(files).where(eq(files.id, id)))[0]!.pageSizes;

  it('migration 0003 turns the old one-entry-a-page lists into runs, and leaves runs and empty rows alone', async () => {
    const old = await insertRow([a4, a4, a4, letter, a4, a4Landscape, a4Landscape]);
    const already = await insertRow([{ ...a4, count: 7 }]);
    const none = await insertRow(null);
    await app.ctx.db.execute(sql.raw(MIGRATION));
    expect(await stored(old)).toEqual([
      { ...a4, count: 3 },
      { ...letter, count: 1 },
      { ...a4, count: 1 },
      { ...a4Landscape, count: 2 },
    ]);
    expect(await stored(already)).toEqual([{ ...a4, count: 7 }]);
    expect(await stored(none)).toBeNull();
  });

  it('the file lookups of quotes, draft orders and previews fetch no page list', async () => {
    const file = await createUploadedFile(app, customer.record.id);
    const forQuote = await findOwnFile(app.ctx, { owner: { userId: customer.record.id } }, file.id);
    expect(forQuote).toMatchObject({ id: file.id, pageCount: 38, storageKey: file.storageKey });
    expect(forQuote).not.toHaveProperty('pageSizes');
    const forPreview = await findOwnPdf(app.ctx, file.id, customer.record.id);
    expect(forPreview).not.toHaveProperty('pageSizes');
  });
});
