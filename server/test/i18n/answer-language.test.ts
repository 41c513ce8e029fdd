import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD_RULE,
  BIDI_NAME_MESSAGE,
  PASSWORD_CRITERIA,
  POLICY_REQUIRED_MESSAGE,
} from '@shop/shared/auth/schemas';
import { FORMAT_MESSAGES, IMAGE_SIZE_MESSAGES } from '@shop/shared/files/formats';
import { FILE_DELETION_REASONS, FILE_MESSAGES } from '@shop/shared/files/retention';
import { pageCountMismatchMessage, UPLOAD_MESSAGES } from '@shop/shared/files/schemas';
import { MESSAGE_TEXTS, SEND_MESSAGES } from '@shop/shared/orders/messages';
import { parsePageRange } from '@shop/shared/orders/page-range';
import { NOT_SERVICEABLE, ONLY_ONE_BINDING } from '@shop/shared/orders/schemas';
import {
  PAYMENT_CONFIRMATION_ERRORS,
  PAYMENT_VERIFICATION_FAILED,
  PRICE_CHANGED_MESSAGE,
} from '@shop/shared/payments/schemas';
import { PICKUP_FIND_MESSAGES, PICKUP_MESSAGES } from '@shop/shared/pickup/schemas';
import { WALK_IN_MESSAGES } from '@shop/shared/walk-in/schemas';
import { BUSINESS_BILL_MESSAGES } from '@shop/shared/gst/schemas';
import { RECIPIENT_MESSAGES } from '@shop/shared/gst/recipient';
import { QUOTA_MESSAGES, waitInWords } from '@shop/shared/quotas/limits';
import { translateMessage } from '../../src/lib/answer-text.ts';
import { EMAIL_TAKEN, INVALID_LOGIN, INVALID_STAFF_LOGIN, REGISTERED } from '../../src/modules/auth/auth.service.ts';
import { FORGOT_ANSWER, RESET_DONE, RESET_INVALID } from '../../src/modules/auth/password-reset.ts';
import { TOO_MANY_STREAMS } from '../../src/modules/live/live.routes.ts';
import { DATABASE_UNAVAILABLE } from '../../src/plugins/errors.ts';
import '../../src/plugins/answer-language.ts';
import { createCustomer, createStaff, createUploadedFile } from '../factories/index.ts';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';
import { multipartBody } from '../pdf/multipart.ts';
import { createOrderBody, placePaidOrder, setupCustomerWithFile } from '../payments/flow.ts';
import { createQuotaTestApp, freezeClock } from '../quotas/helpers.ts';

/**
 * Decision 027: what the server tells a customer (and the counter) comes in their language. Telugu when the browser
 * chose it (`ps_lang=te`, the language switch's cookie) or asks for it (Accept-Language); the `code` stays; English
 * answers are exactly the original API's words.
 */

const TELUGU = /[\u0c00-\u0c7f]/;
const te = { cookie: 'ps_lang=te' };

describe('every message the code holds for customers has its Telugu', () => {
  // Anything new a customer can read belongs in this list, with its Telugu in the area's i18n/answers.{en,te}.ts.
  const samples: string[] = [
    ...PASSWORD_CRITERIA.map((c) => c.message),
    BIDI_NAME_MESSAGE,
    POLICY_REQUIRED_MESSAGE,
    INVALID_LOGIN,
    INVALID_STAFF_LOGIN,
    EMAIL_TAKEN,
    RESET_INVALID,
    REGISTERED,
    FORGOT_ANSWER,
    RESET_DONE,
    ...Object.values(UPLOAD_MESSAGES),
    pageCountMismatchMessage(1, 3),
    pageCountMismatchMessage(1200, 1190),
    FORMAT_MESSAGES.notAccepted(true),
    FORMAT_MESSAGES.notAccepted(false),
    ...Object.values(FORMAT_MESSAGES).flatMap((v) => (typeof v === 'string' ? [v] : [])),
    IMAGE_SIZE_MESSAGES.imageTooLarge('5000 × 5000 px, 25 MP, 16-bit'),
    IMAGE_SIZE_MESSAGES.pictureInDocumentTooLarge('20000 × 20000 px, 400 MP'),
    QUOTA_MESSAGES.quotes(waitInWords(1)),
    QUOTA_MESSAGES.uploads(waitInWords(600)),
    QUOTA_MESSAGES.drafts(waitInWords(7200)),
    QUOTA_MESSAGES.network(waitInWords(90)),
    QUOTA_MESSAGES.uploadQuota({ files: 30, megabytes: 150, retentionHours: 24 }, waitInWords(3000)),
    QUOTA_MESSAGES.draftQuota(10, waitInWords(60)),
    QUOTA_MESSAGES.uploadsInProgress(),
    ...Object.values(PICKUP_MESSAGES).map((v) => (typeof v === 'function' ? v(waitInWords(300)) : v)),
    ...Object.values(PICKUP_FIND_MESSAGES).map((v) => (typeof v === 'function' ? v(waitInWords(300)) : v)),
    PRICE_CHANGED_MESSAGE,
    PAYMENT_VERIFICATION_FAILED,
    ...Object.values(PAYMENT_CONFIRMATION_ERRORS).map((e) => e.message),
    NOT_SERVICEABLE,
    ONLY_ONE_BINDING,
    TOO_MANY_STREAMS,
    DATABASE_UNAVAILABLE,
    ...Object.values(MESSAGE_TEXTS),
    ...Object.values(WALK_IN_MESSAGES).map((v) => (typeof v === 'function' ? v('PS-261126-7K3QX') : v)),
    ...Object.values(SEND_MESSAGES).map((v) => v(waitInWords(1800))),
    // What a bill may and may not carry (decision 037).
    ...Object.values(BUSINESS_BILL_MESSAGES),
    ...Object.values(RECIPIENT_MESSAGES).map((v) => (typeof v === 'function' ? v('Telangana') : v)),
    FILE_MESSAGES.sensitiveNoDownload,
    FILE_MESSAGES.deleted,
    FILE_MESSAGES.alreadyDeleted,
    FILE_MESSAGES.notHandedOverPickup,
    FILE_MESSAGES.notHandedOverDelivery,
    ...[...FILE_DELETION_REASONS, null].flatMap((reason) => [
      FILE_MESSAGES.fileGone(reason, '2026-12-24T10:00:00Z', 30),
      FILE_MESSAGES.fileGone(reason, null, 1),
    ]),
    ...['0-2', '5-3', 'x', '1-9', ''].map((r) => parsePageRange(r, 4)).flatMap((r) => (r.ok ? [] : [r.message])),
  ];

  it.each(samples.map((s) => [s]))('%s', (english) => {
    const telugu = translateMessage('te', english);
    expect(telugu, 'no Telugu for this message').not.toBeNull();
    expect(telugu).toMatch(TELUGU);
    expect(telugu).not.toContain('{');
  });

  it('keeps the figures, codes and file names of the English, and says waits in Telugu', () => {
    expect(translateMessage('te', QUOTA_MESSAGES.quotes(waitInWords(180)))).toBe(
      'మీరు కొద్దిసేపట్లోనే చాలాసార్లు ధర అడిగారు. దయచేసి 3 నిమిషాలు ఆగి మళ్ళీ ప్రయత్నించండి.',
    );
    expect(translateMessage('te', QUOTA_MESSAGES.drafts(waitInWords(3600 * 5)))).toContain('సుమారు 5 గంటలు ఆగి');
    expect(translateMessage('te', PICKUP_MESSAGES.tooMany(waitInWords(1)))).toContain('1 సెకను ఆగి');
    expect(translateMessage('te', 'Document 2 (notes.pdf): The range 9-3 runs backwards. Write it as 3-9.')).toBe(
      'డాక్యుమెంట్ 2 (notes.pdf): 9-3: చిన్న పేజీ నంబర్ ముందు రాయాలి. 3-9 అని రాయండి.',
    );
    expect(translateMessage('te', 'This document has 1 page, so page 4 is not in it.')).toBe(
      'ఈ డాక్యుమెంట్‌లో 1 పేజీ మాత్రమే ఉంది, కాబట్టి 4వ పేజీ ఇందులో లేదు.',
    );
    expect(translateMessage('te', 'This document has 12 pages, so page 40 is not in it.')).toBe(
      'ఈ డాక్యుమెంట్‌లో 12 పేజీలు మాత్రమే ఉన్నాయి, కాబట్టి 40వ పేజీ ఇందులో లేదు.',
    );
    expect(translateMessage('te', FILE_MESSAGES.fileGone('customer', '2026-12-24T10:00:00Z', 30))).toBe(
      'కస్టమర్ 24 డిసెంబర్, 2026 న ఈ ఫైల్ తొలగించారు.',
    );
    expect(translateMessage('te', FORMAT_MESSAGES.notAccepted(false))).toBe(
      'ఈ షాప్‌లో PDF, JPG, PNG ఫైళ్ళు ప్రింట్ చేస్తాం. వీటిలో ఒకటి అప్‌లోడ్ చేయండి.',
    );
  });

  it('leaves English alone, and what it does not know (the admin-only rule) in English', () => {
    expect(translateMessage('en', PRICE_CHANGED_MESSAGE)).toBeNull();
    expect(translateMessage('te', ADMIN_PASSWORD_RULE)).toBeNull();
    expect(translateMessage('te', 'Something no catalogue holds, Document 3 of it.')).toBeNull();
  });
});

describe.each(DATABASES)('error answers in the caller’s language on %s', (db) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ db });
  });
  afterAll(async () => app?.close());

  const register = (headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers,
      payload: {
        name: 'Sita',
        email: 'not-an-email',
        password: 'short',
        confirmPassword: 'other',
        acceptPolicies: true,
      },
    });

  it('sign-up validation: Telugu message and field messages with ps_lang=te, the code unchanged; English without it', async () => {
    const english = await register({});
    expect(english.statusCode).toBe(400);
    const telugu = await register(te);
    expect(telugu.statusCode).toBe(400);
    const [e, t] = [english.json(), telugu.json()];
    expect(t.code).toBe(e.code);
    expect(Object.keys(t.fields).sort()).toEqual(Object.keys(e.fields).sort());
    expect(e.fields.email).toBe('Invalid email format');
    expect(t.fields.email).toBe('ఈమెయిల్ సరిగ్గా లేదు');
    expect(t.message).toMatch(TELUGU);
    expect(telugu.headers['content-language']).toBe('te');
    expect(english.headers['content-language']).toBeUndefined();
  });

  it('the browser’s own choice wins: Accept-Language te gives Telugu, but ps_lang=en keeps the fixed English', async () => {
    const viaHeader = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'accept-language': 'te-IN,te;q=0.9,en;q=0.8' },
      payload: { email: 'nobody@example.com', password: 'Wrong-pass1' },
    });
    expect(viaHeader.json()).toMatchObject({ code: 'invalid_credentials', message: 'ఈమెయిల్ లేదా పాస్‌వర్డ్ తప్పు' });
    const chosenEnglish = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'accept-language': 'te-IN', cookie: 'ps_lang=en' },
      payload: { email: 'nobody@example.com', password: 'Wrong-pass1' },
    });
    expect(chosenEnglish.json()).toMatchObject({ code: 'invalid_credentials', message: 'Invalid email or password' });
  });

  it('confirmations with a message too: the forgot-password answer in Telugu, in English without the choice', async () => {
    const ask = (headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        headers,
        payload: { email: 'someone@example.com' },
      });
    expect((await ask(te)).json()).toEqual({
      message: 'ఈ ఈమెయిల్ మా దగ్గర నమోదై ఉంటే, కాసేపట్లో మీకు రీసెట్ లింక్ వస్తుంది.',
    });
    expect((await ask({})).json()).toEqual({
      message: 'If your email exists in our system, you will receive a reset link soon.',
    });
  });

  it('an upload the shop cannot take is refused in Telugu', async () => {
    const customer = await createCustomer(app);
    const body = await multipartBody(Buffer.from('just some text, not a document'), 'notes.pdf');
    const res = await app.inject({
      method: 'POST',
      url: '/api/pdf/upload',
      headers: { ...customer.headers, ...body.headers, ...te },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_file_type');
    expect(res.json().message).toMatch(/^ఈ షాప్‌లో PDF, JPG/);
  });

  it('a changed price (409 price_changed) and a failed payment (402) in Telugu, their figures kept', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app, 12);
    const changed = await app.inject({
      method: 'POST',
      url: '/api/razorpay/create-order',
      headers: { ...customer.headers, ...te },
      payload: createOrderBody(service.id, file.id, 100),
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({
      code: 'price_changed',
      message: 'ధర మారింది. చెల్లించే ముందు కొత్త ధర చూసుకోండి.',
    });
    expect(changed.json().expectedAmount).toBeGreaterThan(0);

    const other = await createUploadedFile(app, customer.record.id, 'notes-a4-38p.pdf', 3);
    const cost = (
      await app.inject({
        method: 'POST',
        url: '/api/pdf/calculate-cost',
        headers: customer.headers,
        payload: {
          fileId: other.id,
          pdfInfo: { pageCount: 1 },
          options: createOrderBody(service.id, other.id, 0).options,
        },
      })
    ).json();
    const draft = (
      await app.inject({
        method: 'POST',
        url: '/api/razorpay/create-order',
        headers: customer.headers,
        payload: createOrderBody(service.id, other.id, Math.round((cost.totalCost + cost.deliveryCharge) * 100)),
      })
    ).json();
    const failed = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/complete',
      headers: { ...customer.headers, ...te },
      payload: { razorpay_order_id: draft.id, outcome: 'failure' },
    });
    expect(failed.statusCode).toBe(402);
    expect(failed.json()).toMatchObject({
      code: 'payment_failed',
      message: 'చెల్లింపు జరగలేదు. డబ్బు కట్ కాలేదు; మళ్ళీ ప్రయత్నించవచ్చు.',
    });
  });

  it('the counter: a refused pickup code in the clerk’s Telugu, in English for an English clerk', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app, 4);
    const { draft } = await placePaidOrder(app, customer, service.id, file.id, { deliveryType: 'pickup' });
    const clerk = await createStaff(app);
    const collect = (headers: Record<string, string>, code: string) =>
      app.inject({
        method: 'POST',
        url: `/api/staff/orders/${draft.orderId}/collect`,
        headers: { ...clerk.headers, ...headers },
        payload: { code },
      });
    const wrong =
      (await app.ctx.db.query.orders.findFirst({ where: (o, { eq }) => eq(o.id, draft.orderId) }))!.pickupCode ===
      '000000'
        ? '111111'
        : '000000';
    expect((await collect(te, wrong)).json()).toMatchObject({
      code: 'wrong_pickup_code',
      message: 'ఇది ఈ ఆర్డర్ పికప్ కోడ్ కాదు. కస్టమర్‌తో సరిచూడండి.',
    });
    expect((await collect({}, wrong)).json()).toMatchObject({
      code: 'wrong_pickup_code',
      message: PICKUP_MESSAGES.wrong,
    });
    const format = (await collect(te, '12ab')).json();
    expect(format.fields.code).toBe('కస్టమర్ ఆర్డర్ పేజీలో లేదా మెయిల్‌లో ఉన్న 6 అంకెల పికప్ కోడ్ టైప్ చేయండి');
  });
});

describe.each(DATABASES)('a quota refusal in Telugu on %s', (db) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createQuotaTestApp({ db });
  });
  afterAll(async () => app?.close());

  it('too many prices in a short time: 429 rate_limited, the wait in Telugu words, Retry-After kept', async () => {
    freezeClock(app);
    const customer = await createCustomer(app);
    const { service } = await setupCustomerWithFile(app, 2);
    const quote = () =>
      app.inject({
        method: 'POST',
        url: '/api/pdf/calculate-cost',
        headers: { ...customer.headers, ...te },
        payload: { pdfInfo: { pageCount: 12 }, options: createOrderBody(service.id, 'x', 0).options },
      });
    let refused;
    for (let i = 0; i < 60 && !refused; i++) {
      const res = await quote();
      if (res.statusCode === 429) refused = res;
    }
    expect(refused, 'the burst was never cut').toBeDefined();
    expect(refused!.json()).toEqual({
      code: 'rate_limited',
      message: 'మీరు కొద్దిసేపట్లోనే చాలాసార్లు ధర అడిగారు. దయచేసి 1 సెకను ఆగి మళ్ళీ ప్రయత్నించండి.',
    });
    expect(refused!.headers['retry-after']).toBe('1');
  });
});
