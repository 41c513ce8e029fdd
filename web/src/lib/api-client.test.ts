import fs from 'node:fs';
import path from 'node:path';
import { rupeesToPaise } from '@shop/shared/common/money';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, call, routeUrl } from './api-client';
import { callPage } from './api-page';

/**
 * The typed client against the real server (the whole app on PGlite, and PostgreSQL when TEST_DATABASE_URL is set), as
 * the web app uses it: a customer signs up, uploads a real PDF, prices it, pays in the sandbox and finds the order;
 * refusals arrive as ApiError with the server's status, code, message and fields.
 */
// The network itself, under the browser's part below (the client calls the global fetch).
// oxlint-disable-next-line no-restricted-properties
const realFetch = globalThis.fetch;

/** The server's own test helper (server/test/helpers/app.ts), loaded when the test runs: web's type check leaves the server out. */
interface ServerTestHelpers {
  DATABASES: Array<'pglite' | 'postgres'>;
  createTestApp(opts: { db: 'pglite' | 'postgres' }): Promise<{
    listen(opts: { port: number; host: string }): Promise<string>;
    close(): Promise<void>;
  }>;
}
const serverHelpers = '../../../server/test/helpers/app.ts';
const { createTestApp, DATABASES } = (await import(/* @vite-ignore */ serverHelpers)) as ServerTestHelpers;
const notesPdf = path.resolve(import.meta.dirname, '../../../server/test/fixtures/pdfs/landscape-a4.pdf');

/** The browser's part: relative paths go to the shop's address and its session cookie rides along. */
function browserFetch(base: string) {
  const cookies = new Map<string, string>();
  return async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await realFetch(new URL(String(input), base), { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=');
      if (value) cookies.set(name!, value);
      else cookies.delete(name!);
    }
    return res;
  };
}

describe.each(DATABASES)('typed client against the server (%s)', (db) => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp({ db });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    vi.stubGlobal('fetch', browserFetch(address));
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await app?.close();
  });

  it('signs up, uploads, prices, pays and finds the order, each answer as its contract says', async () => {
    const email = `client.${db}@example.com`;
    const signedUp = await call('POST /api/auth/register', {
      body: { name: 'Lakshmi Devi', email, password: 'Str0ng!Pass', confirmPassword: 'Str0ng!Pass' },
    });
    expect(signedUp.user.email).toBe(email);
    expect((await call('GET /api/auth/user')).name).toBe('Lakshmi Devi');

    const form = new FormData();
    form.append('file', new File([fs.readFileSync(notesPdf)], 'notes.pdf'));
    const upload = await call('POST /api/pdf/upload', { body: form });
    expect(upload.file.originalFilename).toBe('notes.pdf');

    const [service] = await call('GET /api/services', { query: { category: 'black_white_printing' } });
    const options = {
      serviceId: service!.id,
      printingType: service!.printing_type,
      paperSize: service!.paper_size,
      paperType: service!.paper_type,
      sides: 'single' as const,
      copies: 2,
    };
    const quote = await call('POST /api/pdf/calculate-cost', {
      body: { documents: [{ fileId: upload.file.id, options }] },
    });
    if (!('documents' in quote)) throw new Error('an order quote answers with its documents');
    expect(quote.documents[0]!.copies).toBe(2);

    const body = {
      amount: rupeesToPaise(quote.totalCost),
      documents: [{ fileId: upload.file.id, options }],
      deliveryType: 'pickup' as const,
      deliveryDetails: { mobileNumber: '9876543210' },
    };
    // A draft discarded answers 204: null.
    const discarded = await call('POST /api/razorpay/create-order', { body });
    expect(await call('DELETE /api/orders/drafts/:ref', { params: { ref: discarded.orderNumber } })).toBeNull();

    const payment = await call('POST /api/razorpay/create-order', { body });
    const proof = await call('POST /api/payments/sandbox/complete', {
      body: { razorpay_order_id: payment.id, outcome: 'success' },
    });
    const placed = await call('POST /api/razorpay/verify-payment', { body: proof });
    expect(placed.orderNumber).toBe(payment.orderNumber);

    const order = await call('GET /api/orders/:ref', { params: { ref: payment.orderNumber } });
    expect(order.order_number).toBe(payment.orderNumber);
    const page = await callPage('GET /api/orders/user', { query: { limit: 5, search: '' } });
    expect(page).toMatchObject({ total: 1, capped: false });
    expect(page.items.map((o) => o.order_number)).toEqual([payment.orderNumber]);
  });

  it("refuses with the server's status, code, message and fields", async () => {
    const wrong = await call('POST /api/auth/login', {
      body: { email: 'nobody@example.com', password: 'not-it' },
    }).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(ApiError);
    expect(wrong).toMatchObject({ status: 401, code: 'invalid_credentials', message: 'Invalid email or password' });

    const invalid = await call('POST /api/auth/register', {
      body: { name: 'R', email: 'not-an-email', password: 'x', confirmPassword: 'y' },
    }).catch((e: unknown) => e);
    expect(invalid).toMatchObject({ status: 400, code: 'validation_error' });
    expect((invalid as ApiError).fields?.email).toBeTruthy();

    // A param is one path segment, however it is spelled: a slash in it names no other route.
    const missing = await call('GET /api/orders/:ref', { params: { ref: 'ORD/../../auth/user' } }).catch(
      (e: unknown) => e,
    );
    expect(missing).toMatchObject({ status: 404, message: 'Order not found' });
  });

  it('says the shop cannot be reached when the server does not answer', async () => {
    vi.stubGlobal('fetch', () => realFetch('http://127.0.0.1:9/api/auth/user'));
    const down = await call('GET /api/auth/user').catch((e: unknown) => e);
    expect(down).toMatchObject({ status: 0, code: 'network' });
    expect((down as ApiError).message).toMatch(/\w/);
  });
});

describe('routeUrl', () => {
  it('fills the params in, encoded, and leaves empty query values out', () => {
    expect(routeUrl('GET /api/orders/:ref/invoices/:id/pdf', { params: { ref: 'ORD 1/2', id: 7 } })).toBe(
      '/api/orders/ORD%201%2F2/invoices/7/pdf',
    );
    expect(routeUrl('GET /api/admin/reports/orders.csv', { query: { from: '2026-04-01', to: '' } })).toBe(
      '/api/admin/reports/orders.csv?from=2026-04-01',
    );
    expect(routeUrl('GET /api/pdf/:fileId/pages/:page', { params: { fileId: 'f1', page: 3 }, query: {} })).toBe(
      '/api/pdf/f1/pages/3',
    );
  });
});
