import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';
import {
  fixturePdf,
  createCustomer,
  createPaidOrder,
  createStaff,
  createUploadedFile,
  printOptions,
  signInAdmin,
} from '../factories/index.ts';
import { multipartBody } from '../pdf/multipart.ts';

/**
 * Hostile input across every endpoint that takes input. Each answer must be a 4xx with a message (never a 5xx),
 * and a refused request must store or change nothing (row counts and stored objects are compared after each one).
 */
const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  '',
  ' ',
  'x'.repeat(100_000),
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '\u0000\u0001\u0002',
  '\u202e\u200b\ufeff',
  '𝕬𝖉𝖒𝖎𝖓',
  [],
  [1, 2, 3],
  {},
  { $gt: '' },
  'NaN',
  '9'.repeat(400),
];

interface Endpoint {
  method: 'POST' | 'PATCH' | 'PUT' | 'GET';
  url: string;
  who: 'visitor' | 'customer' | 'staff' | 'admin';
  /** A body the server would accept, one field of which is replaced by each hostile value. */
  body: Record<string, unknown>;
  /** Fields where any string is legitimate text (a valid request may succeed): only non-strings are tried there. */
  freeText?: string[];
  /** Fields where an empty string means "not given". */
  allowEmpty?: string[];
  /** Values that are legitimate for this endpoint (e.g. `true` for a boolean flag). */
  validValues?: unknown[];
}

describe.each(DATABASES)('hostile input on %s', (db) => {
  let app: TestApp;
  const headers: Record<string, Record<string, string>> = {};
  let endpoints: Endpoint[] = [];
  let orderId = 0;

  const counts = async () => {
    const r = await app.ctx.db.execute(
      sql`select (select count(*) from users)::int as users, (select count(*) from orders)::int as orders, (select count(*) from payments)::int as payments,
                 (select count(*) from files)::int as files, (select count(*) from services)::int as services, (select count(*) from staff)::int as staff,
                 (select count(*) from order_status_events)::int as events, (select count(*) from password_reset_tokens)::int as resets,
                 (select coalesce(string_agg(status, ',' order by id), '') from orders) as statuses,
                 (select coalesce(string_agg(is_active::text || deleted::text || price_single_side::text || name, ',' order by id), '') from services) as svc,
                 (select coalesce(string_agg(name || is_active::text, ',' order by id), '') from staff) as stf`,
    );
    const rows = (r as unknown as { rows: unknown[] }).rows ?? (r as unknown as unknown[]);
    const objects = (await app.ctx.storage.list('', 10_000)).length;
    return JSON.stringify({ row: rows[0], objects });
  };

  beforeAll(async () => {
    app = await createTestApp({ db });
    const customer = await createCustomer(app);
    const staff = await createStaff(app);
    const admin = await signInAdmin(app);
    headers.visitor = {};
    headers.customer = customer.headers;
    headers.staff = staff.headers;
    headers.admin = admin.headers;
    const file = await createUploadedFile(app, customer.record.id);
    const order = await createPaidOrder(app, customer.record.id);
    orderId = order.id;
    // Service 1 is the demo 'Color Printing A4' (colour, A4, White 75 GSM): the options it prints.
    const options = printOptions(1, { printingType: 'color' });

    endpoints = [
      {
        method: 'POST',
        url: '/api/auth/register',
        who: 'visitor',
        body: { name: 'Asha', email: 'asha@example.com', password: 'Str0ng!Pass', confirmPassword: 'Str0ng!Pass' },
        freeText: ['name'],
      },
      {
        method: 'POST',
        url: '/api/auth/login',
        who: 'visitor',
        body: { email: 'nobody@example.com', password: 'Wr0ng!Pass' },
      },
      { method: 'POST', url: '/api/auth/forgot-password', who: 'visitor', body: { email: 'nobody@example.com' } },
      {
        method: 'POST',
        url: `/api/auth/reset-password/${'a'.repeat(43)}`,
        who: 'visitor',
        body: { password: 'Str0ng!Pass', confirmPassword: 'Str0ng!Pass' },
      },
      {
        method: 'POST',
        url: '/api/auth/staff/login',
        who: 'visitor',
        body: { mobile_number: '9000000000', password: 'Wr0ng!Pass' },
      },
      { method: 'PATCH', url: '/api/auth/user', who: 'customer', body: { name: 'Ravi' }, freeText: ['name'] },
      // An empty fileId means "no file": the quote then uses pdfInfo.pageCount (money steps always use the stored file).
      {
        method: 'POST',
        url: '/api/pdf/calculate-cost',
        who: 'customer',
        body: { fileId: file.id, pdfInfo: { pageCount: 3 }, options },
        freeText: ['fileId'],
        allowEmpty: ['fileId'],
      },
      {
        method: 'POST',
        url: '/api/razorpay/create-order',
        who: 'customer',
        body: {
          amount: 1,
          currency: 'INR',
          fileId: file.id,
          options,
          deliveryType: 'delivery',
          deliveryDetails: { address: 'Main Road', doorNumber: '1', pincode: '522002', mobileNumber: '9876543210' },
        },
      },
      {
        method: 'POST',
        url: '/api/razorpay/verify-payment',
        who: 'customer',
        body: { razorpay_order_id: 'order_x', razorpay_payment_id: 'pay_x', razorpay_signature: 'f'.repeat(64) },
      },
      {
        method: 'POST',
        url: '/api/payments/sandbox/complete',
        who: 'customer',
        body: { razorpay_order_id: 'order_x', outcome: 'success' },
      },
      {
        method: 'POST',
        url: '/api/orders/payment-success',
        who: 'customer',
        body: { orderNumber: 'PS-X', paymentId: 'pay_x', orderId: 'order_x', signature: 'f'.repeat(64) },
      },
      {
        method: 'POST',
        url: '/api/orders/create',
        who: 'customer',
        body: { razorpay_order_id: 'order_x', payment_id: 'pay_x', payment_status: 'completed' },
      },
      { method: 'PATCH', url: `/api/staff/orders/${orderId}/status`, who: 'staff', body: { status: 'bogus' } },
      { method: 'PATCH', url: `/api/admin/orders/${orderId}/status`, who: 'admin', body: { status: 'bogus' } },
      {
        method: 'PATCH',
        url: '/api/admin/services/1/status',
        who: 'admin',
        body: { isActive: 'maybe' },
        validValues: [true],
      },
      {
        method: 'PATCH',
        url: '/api/admin/services/bulk-status',
        who: 'admin',
        body: { isActive: 'maybe' },
        validValues: [true],
      },
      {
        method: 'POST',
        url: '/api/admin/services',
        who: 'admin',
        body: {
          name: 'ab',
          description: 'short',
          price_single_side: '-1',
          price_double_side: 'abc',
          printing_type: 'color',
          paper_size: 'a4',
          paper_type: 'white_75gsm',
          category: 'color_printing',
        },
      },
      {
        method: 'PUT',
        url: '/api/admin/services/1',
        who: 'admin',
        body: { name: 'ab', description: 'short', price_single_side: '-5', price_double_side: '0' },
      },
      { method: 'POST', url: '/api/admin/staff', who: 'admin', body: { name: '', mobile_number: '12', password: '' } },
      { method: 'PUT', url: '/api/admin/staff/999999', who: 'admin', body: { name: 'Nobody' } },
    ];
  });
  afterAll(async () => {
    await app?.close();
  });

  // Hundreds of requests through the whole app: seconds on an idle machine, far more on a busy one (the timeout).
  it('refuses at least 200 hostile JSON inputs with a 4xx and a message, changing nothing', async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const ep of endpoints) {
      for (const field of Object.keys(ep.body)) {
        for (const value of HOSTILE_VALUES) {
          if (ep.freeText?.includes(field) && typeof value === 'string' && value.length < 1000 && value.trim() !== '')
            continue;
          if (ep.allowEmpty?.includes(field) && (value === '' || value === ' ')) continue;
          if (ep.validValues?.includes(value)) continue;
          const before = await counts();
          const res = await app.inject({
            method: ep.method,
            url: ep.url,
            headers: { ...headers[ep.who], 'content-type': 'application/json' },
            payload: JSON.stringify({ ...ep.body, [field]: value }),
          });
          tried++;
          const label = `${ep.method} ${ep.url} ${field}=${JSON.stringify(value)?.slice(0, 40)}`;
          if (res.statusCode < 400 || res.statusCode >= 500)
            failures.push(`${label}: ${res.statusCode} ${res.body.slice(0, 100)}`);
          else if (typeof (res.json() as { message?: unknown }).message !== 'string')
            failures.push(`${label}: no message`);
          if ((await counts()) !== before) failures.push(`${label}: changed stored data`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThanOrEqual(200);
  });

  it('refuses malformed bodies, wrong content types, huge bodies and missing fields', async () => {
    const before = await counts();
    const formBody = await multipartBody('%PDF-1.4 not really', 'x.pdf', {
      extraFields: { name: 'Asha', email: 'asha@example.com' },
    });
    const cases: Array<{
      url: string;
      who: string;
      payload: string | Buffer;
      type?: string;
      method?: 'POST' | 'PATCH';
    }> = [];
    for (const ep of endpoints.filter((e) => e.method === 'POST' || e.method === 'PATCH')) {
      cases.push({ url: ep.url, who: ep.who, payload: '{"a":', method: ep.method as 'POST' });
      cases.push({ url: ep.url, who: ep.who, payload: '[]', method: ep.method as 'POST' });
      cases.push({ url: ep.url, who: ep.who, payload: '"just a string"', method: ep.method as 'POST' });
      cases.push({ url: ep.url, who: ep.who, payload: '{}', method: ep.method as 'POST' });
      cases.push({
        url: ep.url,
        who: ep.who,
        payload: 'name=x&email=y',
        type: 'application/x-www-form-urlencoded',
        method: ep.method as 'POST',
      });
      cases.push({ url: ep.url, who: ep.who, payload: '<xml/>', type: 'text/xml', method: ep.method as 'POST' });
      // Only the upload routes read multipart bodies; elsewhere one is an unsupported type.
      if (!ep.url.startsWith('/api/admin/services'))
        cases.push({
          url: ep.url,
          who: ep.who,
          payload: formBody.payload,
          type: formBody.headers['content-type'],
          method: ep.method as 'POST',
        });
      cases.push({
        url: ep.url,
        who: ep.who,
        payload: JSON.stringify({ pad: 'x'.repeat(400_000) }),
        method: ep.method as 'POST',
      });
    }
    const failures: string[] = [];
    for (const c of cases) {
      const res = await app.inject({
        method: c.method ?? 'POST',
        url: c.url,
        headers: { ...headers[c.who], 'content-type': c.type ?? 'application/json' },
        payload: c.payload,
      });
      if (res.statusCode < 400 || res.statusCode >= 500)
        failures.push(`${c.url} ${String(c.payload).slice(0, 30)}: ${res.statusCode}`);
      else if (typeof (res.json() as { message?: unknown }).message !== 'string') failures.push(`${c.url}: no message`);
    }
    expect(failures).toEqual([]);
    expect(await counts()).toBe(before);
  });

  it('refuses a NUL character in JSON text and in form fields, and keeps the text \\u0000 typed as it is', async () => {
    const before = await counts();
    const nul = [
      { method: 'PATCH' as const, url: '/api/auth/user', who: 'customer', payload: '{"name":"Ra\\u0000vi"}' },
      { method: 'PATCH' as const, url: '/api/auth/user', who: 'customer', payload: '{"name":"Ra\\\\\\u0000vi"}' },
      {
        method: 'POST' as const,
        url: '/api/auth/register',
        who: 'visitor',
        payload:
          '{"name":"Asha","email":"asha@example.com","password":"Str0ng!Pass","confirmPassword":"Str0ng!Pass","x\\u0000":1}',
      },
      {
        method: 'POST' as const,
        url: '/api/admin/staff',
        who: 'admin',
        payload: '{"name":"Clerk\\u0000","mobile_number":"9000000123","password":"Str0ng!Pass"}',
      },
    ];
    for (const c of nul) {
      const res = await app.inject({
        method: c.method,
        url: c.url,
        headers: { ...headers[c.who], 'content-type': 'application/json' },
        payload: c.payload,
      });
      expect(res.statusCode, c.payload).toBe(400);
      expect(res.json()).toMatchObject({ message: 'The request contains characters that are not allowed.' });
    }
    const form = await multipartBody(Buffer.from('GIF89a'), 'card.gif', {
      field: 'image',
      type: 'image/gif',
      extraFields: {
        name: 'Photo\u0000Card',
        description: 'Glossy photo card printing',
        price_single_side: '40',
        price_double_side: '70',
        category: 'pvc_card',
      },
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/services',
      headers: { ...headers.admin, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'The request contains characters that are not allowed.' });
    expect(await counts()).toBe(before);

    // A backslash typed before u0000 is text, not a NUL: saved as typed.
    const typed = 'Ravi \\u0000 K';
    const ok = await app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      headers: { ...headers.customer, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: typed }),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: headers.customer });
    expect((me.json() as { name: string }).name).toBe(typed);
  });

  it('refuses hostile query strings and path parameters: traversal in every key, bad ids, bad filters', async () => {
    const before = await counts();
    const traversal = [
      '../../etc/passwd',
      '..%2F..%2Fetc%2Fpasswd',
      '/etc/passwd',
      'orders/../../server.lock',
      '%00',
      'a\\..\\b',
      'C:\\boot.ini',
      '....//....//x',
    ];
    const urls: Array<[string, string]> = [];
    for (const t of traversal) {
      const q = encodeURIComponent(t);
      urls.push(['admin', `/api/admin/users?search=${q}`]);
      urls.push(['customer', `/downloads/file?key=${q}&orderId=${orderId}&originalFilename=${q}`]);
      urls.push(['customer', `/api/direct-object-download?key=${q}&orderId=${orderId}`]);
      urls.push(['admin', `/api/admin/files/${q}/download`]);
      urls.push(['customer', `/api/services/${q}`]);
      urls.push(['customer', `/api/orders/${q}`]);
    }
    for (const bad of ['-1', '0', '1.5', 'abc', '99999999999999999999', "1'--", '1%20OR%201=1']) {
      urls.push(['customer', `/api/services/${bad}`]);
      urls.push(['customer', `/api/orders/${bad}/file`]);
      urls.push(['customer', `/api/pdf/${bad}/preview`]);
      urls.push(['customer', `/downloads/file?key=x.pdf&orderId=${bad}`]);
      urls.push(['staff', `/api/staff/orders?limit=${bad}&offset=${bad}`]);
      urls.push(['customer', `/api/orders/user?limit=${bad}&status=${bad}`]);
      urls.push(['admin', `/api/admin/users?limit=${bad}&offset=${bad}&search=${bad}`]);
      urls.push(['admin', `/api/admin/files/list?page=${bad}&pageSize=${bad}&sort=${bad}&dir=${bad}`]);
      urls.push(['admin', `/api/admin/files/${bad}/download`]);
    }
    const failures: string[] = [];
    for (const [who, url] of urls) {
      const res = await app.inject({ method: 'GET', url, headers: headers[who] });
      if (res.statusCode >= 500) failures.push(`${url}: ${res.statusCode}`);
      // Lists may legitimately answer 200 with a clamped page; downloads and lookups must refuse.
      if (
        !url.includes('/orders?') &&
        !url.includes('/orders/user?') &&
        !url.includes('/users?') &&
        !url.includes('/files/list?') &&
        res.statusCode < 400
      )
        failures.push(`${url}: ${res.statusCode}`);
      if (res.statusCode >= 400 && typeof (res.json() as { message?: unknown }).message !== 'string')
        failures.push(`${url}: no message`);
    }
    expect(failures).toEqual([]);
    expect(await counts()).toBe(before);
  });

  it('refuses disguised and broken files, storing nothing', async () => {
    const before = await counts();
    // (A real PNG named .pdf is a photo: it is taken as one and made into a page, see server/test/convert.)
    for (const name of [
      'bad-empty.pdf',
      'bad-text-renamed.pdf',
      'bad-truncated-half.pdf',
      'bad-truncated-tail2k.pdf',
      'q-aes256-userpw.pdf',
    ]) {
      for (const filename of [name, '../../../etc/passwd.pdf', '<script>.pdf', 'x'.repeat(600) + '.pdf']) {
        const body = await multipartBody(fs.readFileSync(fixturePdf(name)), filename);
        const res = await app.inject({
          method: 'POST',
          url: '/api/pdf/upload',
          headers: { ...headers.customer, ...body.headers },
          payload: body.payload,
        });
        expect(res.statusCode, `${name} as ${filename.slice(0, 30)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(typeof (res.json() as { message?: unknown }).message).toBe('string');
      }
    }
    expect(await counts()).toBe(before);
  });
});
