import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema/index.ts';
import { knownMigrations } from '../../src/modules/backup/manifest.ts';
import { restoreArchive } from '../../src/modules/backup/restore.ts';
import { LocalStorage } from '../../src/modules/storage/local-storage.ts';
import { DATABASES } from '../helpers/app.ts';
import { emptyPostgres, releaseFixtures, signIn, staffSignIn, startShop, tempDir, type Shop } from './shop.ts';

/**
 * A draft stays open DRAFT_EXPIRY_HOURS (24 by default) after it is made. The release's draft was made just before
 * its archive (the manifest's createdAt), so a day after the fixture was made the shop rightly stops offering it. The
 * shop restored here is given a window that still covers the draft (the archive's age and a day), as if restored the
 * day it was made; null once that is past the setting's ceiling (a year), when the draft is rightly not offered.
 */
const DRAFT_HOURS_CEILING = 24 * 365;
function draftWindowHours(archiveCreatedAt: string): number | null {
  const hours = Math.ceil((Date.now() - Date.parse(archiveCreatedAt)) / 3_600_000) + 24;
  return hours <= DRAFT_HOURS_CEILING ? hours : null;
}

/**
 * Decision 040: every released version's archive (server/test/fixtures/releases) restores under this version and
 * the shop starts on it: the migrations run, and every order, invoice, file and account reads back, signed in with
 * the passwords that release's accounts were given.
 */
for (const fixture of releaseFixtures()) {
  for (const kind of DATABASES) {
    describe(`the shop of release ${fixture.release}, restored and started by this version (${kind})`, () => {
      const dataDir = tempDir();
      let pg: { url: string; drop(): Promise<void> } | undefined;
      let shop: Shop;
      let admin: { authorization: string };
      let draftWindow: number | null = null;
      const customers = new Map<string, { authorization: string }>();
      const paidKinds = [
        'single-delivered',
        'multi-document',
        'multi-document-with-word',
        'b2b-part-refunded',
        'refunded',
        'sensitive-collected',
        'files-past-retention',
        'walk-in-cash',
        'walk-in-upi',
      ];
      const orderOf = (kind: string) => fixture.orders.find((o) => o.kind === kind)!;
      const ownerOf = (o: { customer: string }) => customers.get(o.customer) ?? admin;

      beforeAll(async () => {
        const storage = new LocalStorage(path.join(dataDir, 'files'));
        if (kind === 'postgres') pg = await emptyPostgres();
        const { manifest } = await restoreArchive(fixture.archive, {
          database: pg ? { url: pg.url } : { pgliteDir: path.join(dataDir, 'db') },
          storage,
        });
        draftWindow = draftWindowHours(manifest.createdAt);
        shop = await startShop({
          DATA_DIR: dataDir,
          ...(pg ? { DATABASE_URL: pg.url } : {}),
          DRAFT_EXPIRY_HOURS: String(draftWindow ?? DRAFT_HOURS_CEILING),
        });
        admin = await signIn(shop, fixture.accounts.admin.email, fixture.accounts.admin.password);
        for (const c of fixture.accounts.customers) customers.set(c.email, await signIn(shop, c.email, c.password));
      }, 300_000);

      afterAll(async () => {
        await shop?.close();
        await pg?.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      });

      it('has every migration of this version applied', async () => {
        const rows = (
          (await shop.ctx.db.execute(
            sql`select created_at::text as c from drizzle.__drizzle_migrations order by created_at`,
          )) as unknown as { rows: Array<{ c: string }> }
        ).rows;
        expect(rows.map((r) => Number(r.c))).toEqual(knownMigrations().map((m) => m.when));
      });

      it("signs in every account with the release's passwords (customers, the admin, the clerk)", async () => {
        for (const [email, headers] of customers) {
          const me = await shop.inject({ method: 'GET', url: '/api/auth/user', headers });
          expect(me.statusCode).toBe(200);
          expect(me.json().email).toBe(email);
        }
        const clerk = await staffSignIn(shop, fixture.accounts.staff.mobile, fixture.accounts.staff.password);
        expect((await shop.inject({ method: 'GET', url: '/api/auth/staff/me', headers: clerk })).statusCode).toBe(200);
      });

      it('reads back every paid order, to its customer and to the admin, with its GST documents', async () => {
        let documents = 0;
        for (const o of fixture.orders.filter((x) => paidKinds.includes(x.kind))) {
          const mine = await shop.inject({ method: 'GET', url: `/api/orders/${o.orderNumber}`, headers: ownerOf(o) });
          expect(mine.statusCode, `${o.kind} ${o.orderNumber}`).toBe(200);
          expect(
            (await shop.inject({ method: 'GET', url: `/api/orders/${o.orderNumber}`, headers: admin })).statusCode,
          ).toBe(200);
          const invoices = (
            await shop.inject({ method: 'GET', url: `/api/orders/${o.orderNumber}/invoices`, headers: admin })
          ).json().invoices as Array<{ id: number }>;
          expect(invoices.length, `${o.kind} has its invoice`).toBeGreaterThan(0);
          for (const inv of invoices) {
            const pdf = await shop.inject({
              method: 'GET',
              url: `/api/orders/${o.orderNumber}/invoices/${inv.id}/pdf`,
              headers: admin,
            });
            expect(pdf.statusCode).toBe(200);
            expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
          }
          documents += invoices.length;
        }
        expect(documents).toBe(fixture.counts.invoices);
        const list = await shop.inject({ method: 'GET', url: '/api/admin/orders?limit=100', headers: admin });
        expect(Number(list.headers['x-total-count'] ?? list.json().length)).toBe(
          fixture.orders.filter((x) => paidKinds.includes(x.kind)).length,
        );
      });

      it('keeps the refunds: one in full, one in part', async () => {
        const full = await shop.inject({
          method: 'GET',
          url: `/api/orders/${orderOf('refunded').orderNumber}/refunds`,
          headers: admin,
        });
        expect(full.statusCode).toBe(200);
        expect(full.json().refundable).toBe(0);
        const part = await shop.inject({
          method: 'GET',
          url: `/api/orders/${orderOf('b2b-part-refunded').orderNumber}/refunds`,
          headers: admin,
        });
        expect(part.json().refunded).toBe(40);
        expect(part.json().refundable).toBeGreaterThan(0);
      });

      it('serves the files it kept, and says which were deleted (retention, sensitive at handover)', async () => {
        for (const k of [
          'single-delivered',
          fixture.officeFormats ? 'multi-document-with-word' : 'multi-document',
          'b2b-part-refunded',
        ]) {
          const o = orderOf(k);
          const file = await shop.inject({
            method: 'GET',
            url: `/api/orders/${o.orderNumber}/documents/1/file`,
            headers: ownerOf(o),
          });
          expect(file.statusCode, `${k} file`).toBe(200);
          expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        }
        if (fixture.officeFormats) {
          const o = orderOf('multi-document-with-word');
          const original = await shop.inject({
            method: 'GET',
            url: `/api/orders/${o.orderNumber}/documents/4/original`,
            headers: ownerOf(o),
          });
          expect(original.statusCode).toBe(200);
          expect(original.rawPayload.subarray(0, 2).toString()).toBe('PK'); // the Word file as sent
        }
        for (const k of ['files-past-retention', 'sensitive-collected']) {
          const o = orderOf(k);
          const gone = await shop.inject({
            method: 'GET',
            url: `/api/orders/${o.orderNumber}/documents/1/file`,
            headers: ownerOf(o),
          });
          expect(gone.statusCode, `${k} file`).toBe(410);
        }
      });

      it('still offers the open unpaid draft to its customer', async () => {
        const o = orderOf('unpaid-draft');
        // Kept as it was: unpaid, not marked expired, with the payment order it was made with.
        const [row] = await shop.ctx.db.select().from(orders).where(eq(orders.orderNumber, o.orderNumber));
        expect(row).toMatchObject({ status: 'pending_payment', expiredAt: null });
        expect(row!.razorpayOrderId).toMatch(/^order_/);
        const drafts = await shop.inject({ method: 'GET', url: '/api/orders/drafts', headers: ownerOf(o) });
        expect(drafts.statusCode).toBe(200);
        if (draftWindow === null) expect(JSON.stringify(drafts.json())).not.toContain(o.orderNumber);
        else expect(JSON.stringify(drafts.json())).toContain(o.orderNumber);
      });
    });
  }
}
