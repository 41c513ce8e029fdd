import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import fs from 'node:fs';
import { files, orderDocuments, orders, orderStatusEvents, services, staff, users } from '../../src/db/schema/index.ts';
import { hashPassword } from '../../src/lib/crypto.ts';
import { PRINT_COPY_VERSION } from '../../src/modules/pdf/legacy-print-copy.ts';
import type { TestApp } from '../helpers/app.ts';
import { fixturePdf } from '../helpers/pdf-fixtures.ts';

/** Test data, one place. Each factory takes overrides; no test depends on another's data. */

export { fixturePdf } from '../helpers/pdf-fixtures.ts';
export const STRONG_PASSWORD = 'Str0ng!Pass';

/** The order wizard's options, as POST /api/pdf/calculate-cost and create-order take them: plain B&W A4 by default. */
export function printOptions(serviceId = 1, overrides: Record<string, unknown> = {}) {
  return {
    serviceId,
    printingType: 'bw',
    paperSize: 'a4',
    paperType: 'white_75gsm',
    sides: 'single',
    orientation: 'portrait',
    copies: 1,
    spiralBinding: false,
    paperBinding: false,
    transparentSheet: false,
    lamination: false,
    ...overrides,
  };
}

/**
 * The stored hash of a factory password, made once per password and test file (a real scrypt hash, verified by the
 * real sign-in): scrypt costs ~50 ms of CPU and 16 MB on purpose, and one test file makes up to 400 accounts
 * (decision 043). Accounts made through the API (register, staff creation) hash their own, as the shop does.
 */
const hashes = new Map<string, Promise<string>>();
const factoryHash = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
};

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(++seq).toString(36)}${crypto.randomBytes(2).toString('hex')}`;

export interface SignedIn<T> {
  token: string;
  headers: { authorization: string };
  record: T;
}

export async function createCustomer(
  app: TestApp,
  overrides: Partial<{ name: string; email: string; password: string; role: 'user' | 'admin' }> = {},
) {
  const password = overrides.password ?? STRONG_PASSWORD;
  const [user] = await app.ctx.db
    .insert(users)
    .values({
      name: overrides.name ?? 'Ravi Kumar',
      email: (overrides.email ?? `customer.${unique()}@example.com`).toLowerCase(),
      passwordHash: await factoryHash(password),
      role: overrides.role ?? 'user',
    })
    .returning();
  const { token } = await app.ctx.sessions.create('user', user!.id);
  return { token, headers: { authorization: `Bearer ${token}` }, record: user!, password };
}

/** The seeded admin account, signed in. */
export async function signInAdmin(app: TestApp) {
  const [admin] = (await app.ctx.db.select().from(users)).filter((u) => u.role === 'admin');
  const { token } = await app.ctx.sessions.create('user', admin!.id);
  return { token, headers: { authorization: `Bearer ${token}` }, record: admin! };
}

export async function createStaff(
  app: TestApp,
  overrides: Partial<{ name: string; mobileNumber: string; password: string; isActive: boolean }> = {},
) {
  const password = overrides.password ?? STRONG_PASSWORD;
  const [row] = await app.ctx.db
    .insert(staff)
    .values({
      name: overrides.name ?? 'Counter Clerk',
      mobileNumber: overrides.mobileNumber ?? `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
      passwordHash: await factoryHash(password),
      isActive: overrides.isActive ?? true,
    })
    .returning();
  const { token } = await app.ctx.sessions.create('staff', row!.id);
  return { token, headers: { authorization: `Bearer ${token}` }, record: row!, password };
}

export async function createService(app: TestApp, overrides: Partial<typeof services.$inferInsert> = {}) {
  const single = overrides.priceSingleSide ?? 500;
  const [row] = await app.ctx.db
    .insert(services)
    .values({
      name: 'Test B/W A4',
      description: 'Black and white A4 printing for tests',
      priceSingleSide: single,
      priceDoubleSide: 800,
      price: single,
      printingType: 'bw',
      paperSize: 'a4',
      paperType: 'white_75gsm',
      category: 'black_white_printing',
      ...overrides,
    })
    .returning();
  return row!;
}

/** A stored, analysed customer PDF (one of server/test/fixtures/pdfs), as the upload would leave it. */
export async function createUploadedFile(
  app: TestApp,
  ownerUserId: number,
  fixtureName = 'notes-a4-38p.pdf',
  pageCount = 38,
) {
  const body = fs.readFileSync(fixturePdf(fixtureName));
  const id = crypto.randomUUID();
  const storageKey = `orders/${ownerUserId}/${id}.pdf`;
  await app.ctx.storage.put(storageKey, body, 'application/pdf');
  const [row] = await app.ctx.db
    .insert(files)
    .values({
      id,
      ownerUserId,
      kind: 'order_pdf',
      storageKey,
      originalFilename: fixtureName,
      contentType: 'application/pdf',
      sizeBytes: body.length,
      sha256: crypto.createHash('sha256').update(body).digest('hex'),
      pageCount,
      pageSizes: [{ width: 595, height: 842, size: 'a4', count: pageCount }],
      // The fixtures have no annotations, layers or separations: stored as they are, they are their print copy.
      printCopy: PRINT_COPY_VERSION,
    })
    .returning();
  return row!;
}

type OrderValues = typeof orders.$inferInsert;
type DocumentValues = typeof orderDocuments.$inferInsert;
/** What a test may say about an order's document (its first, or each of `documents`). */
export type DocumentOverrides = Partial<Omit<DocumentValues, 'orderId' | 'position'>>;
const DOCUMENT_KEYS = new Set<string>(
  Object.keys(orderDocuments).filter((k) => k !== 'orderId' && k !== 'position' && k !== 'id'),
);

/**
 * A paid order straight in the database (for back-office and history tests). Amounts in paise. The overrides may name
 * the header's columns and its one document's (`copies`, `pageCount`, `serviceName`, `fileId`…); `documents` gives
 * several. The order's subtotal and totals follow the documents unless given.
 */
export async function createPaidOrder(
  app: TestApp,
  userId: number,
  overrides: Partial<OrderValues> & DocumentOverrides & { documents?: DocumentOverrides[] } = {},
) {
  const [user] = (await app.ctx.db.select().from(users)).filter((u) => u.id === userId);
  const [service] = await app.ctx.db.select().from(services).limit(1);
  const { documents: many, ...rest } = overrides;
  const headerOverrides: Record<string, unknown> = {};
  const firstOverrides: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rest))
    (DOCUMENT_KEYS.has(k) && !(k in orders) ? firstOverrides : headerOverrides)[k] = v;
  const specs: DocumentOverrides[] = many ?? [firstOverrides as DocumentOverrides];
  const docs: Array<Omit<DocumentValues, 'orderId'>> = [];
  for (const [i, spec] of specs.entries()) {
    const file = spec.fileId !== undefined || spec.paperOriginal ? null : await createUploadedFile(app, userId);
    const pageCount = spec.pageCount ?? 38;
    const copies = spec.copies ?? 1;
    docs.push({
      position: i + 1,
      serviceId: service!.id,
      serviceName: service!.name,
      fileId: file?.id ?? null,
      filePath: file?.storageKey ?? 'orders/none.pdf',
      originalFilename: file?.originalFilename ?? 'document.pdf',
      printingType: 'bw',
      paperType: 'white_75gsm',
      paperSize: 'a4',
      orientation: 'portrait',
      sides: 'single',
      pageCount,
      printedPages: spec.printedPages ?? pageCount,
      printingCost: 200 * pageCount * copies,
      bindingCost: 0,
      ...spec,
      copies,
    });
  }
  const subtotal = docs.reduce((sum, d) => sum + d.printingCost + d.bindingCost, 0);
  const deliveryType = (headerOverrides.deliveryType as OrderValues['deliveryType']) ?? 'delivery';
  const totalCost =
    (headerOverrides.totalCost as number | undefined) ??
    subtotal - ((headerOverrides.discountAmount as number | undefined) ?? 0);
  const deliveryCharge =
    (headerOverrides.deliveryCharge as number | undefined) ?? (deliveryType === 'delivery' ? 3000 : 0);
  const [row] = await app.ctx.db
    .insert(orders)
    .values({
      orderNumber: `PS-TEST-${unique().toUpperCase()}`,
      userId,
      userName: user?.name ?? 'Customer',
      documentNames: docs.map((d) => d.originalFilename).join('\n'),
      additionalCost: 0,
      subtotal,
      discountRate: 0,
      discountAmount: 0,
      totalCost,
      deliveryCharge,
      totalAmount: totalCost + deliveryCharge,
      address:
        deliveryType === 'delivery'
          ? {
              fullName: user?.name ?? 'Customer',
              mobileNumber: '9876543210',
              doorNumber: '12-3',
              address: 'Lakshmipuram Main Road',
              pincode: '522002',
            }
          : 'Self Pickup',
      doorNumber: deliveryType === 'delivery' ? '12-3' : 'N/A',
      pincode: '522002',
      mobileNumber: '9876543210',
      deliveryType,
      status: 'unvisited',
      paymentStatus: 'completed',
      paymentId: `pay_${unique()}`,
      razorpayOrderId: `order_${unique()}`,
      paidAt: new Date(),
      ...(headerOverrides as Partial<OrderValues>),
    })
    .returning();
  const o = row!;
  // Its documents, as checkout writes them.
  const documents = await app.ctx.db
    .insert(orderDocuments)
    .values(docs.map((d) => ({ ...d, orderId: o.id })))
    .returning();
  await app.ctx.db
    .insert(orderStatusEvents)
    .values({ orderId: row!.id, fromStatus: 'pending_payment', toStatus: row!.status, actorKind: 'system' });
  // Written straight to the database (no payment event): drop the back office's short-lived list cache as a payment would.
  app.ctx.orderPages.clear();
  return Object.assign(o, { documents, document: documents[0]! });
}

/**
 * The counter hands a pickup order over as it must (decision 033): with the customer's pickup code, read here from
 * the order (an order without a code is set collected from its status). Answers the response.
 */
export async function collectAtCounter(app: TestApp, orderId: number, headers: Record<string, string>) {
  const [row] = await app.ctx.db.select({ pickupCode: orders.pickupCode }).from(orders).where(eq(orders.id, orderId));
  if (!row?.pickupCode)
    return app.inject({
      method: 'PATCH',
      url: `/api/staff/orders/${orderId}/status`,
      headers,
      payload: { status: 'collected' },
    });
  return app.inject({
    method: 'POST',
    url: `/api/staff/orders/${orderId}/collect`,
    headers,
    payload: { code: row.pickupCode },
  });
}

/** Sets a customer's language as the account page does (PATCH /api/auth/user); null: as the browser asks. */
export async function setLanguage(
  app: TestApp,
  who: { headers: Record<string, string> },
  language: 'en' | 'te' | null,
) {
  const res = await app.inject({ method: 'PATCH', url: '/api/auth/user', headers: who.headers, payload: { language } });
  if (res.statusCode !== 200) throw new Error(`language ${res.statusCode} ${res.body}`);
}
