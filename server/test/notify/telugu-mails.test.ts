import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { formatPaise } from '@shop/shared/common/money';
import { invoices, orders } from '../../src/db/schema/index.ts';
import { collectAtCounter, createStaff, setLanguage, signInAdmin } from '../factories/index.ts';
import { startFakeWhatsApp } from '../fakes/whatsapp-fake.ts';
import { createTestApp, DATABASES, readOutbox, type TestApp } from '../helpers/app.ts';
import { smtpServersForBlock } from '../helpers/smtp-server.ts';
import { adminRefund, createDraft, payDraft, setupCustomerWithFile } from '../payments/flow.ts';
import { pdfText } from '../helpers/poppler.ts';
import { until } from '../helpers/until.ts';
import { REGULAR_GST } from '../helpers/gst.ts';

/**
 * Every customer mail in the customer's language (their account's; English when unset), received by a real
 * SMTP server; the order number, amounts and codes in Latin digits; the bill attached either way (decisions 027, 029).
 */

const TELUGU = /[\u0c00-\u0c7f]/;

/** A paid pickup order of a 38-page document, 2 copies (plurals), as the wizard places it. */
async function paidOrder(app: TestApp, language: 'en' | 'te' | null, opts: { whatsapp?: boolean } = {}) {
  const { customer, service, file } = await setupCustomerWithFile(app, 38);
  await setLanguage(app, customer, language);
  const draft = await createDraft(app, customer, service.id, file.id, {
    deliveryType: 'pickup',
    options: { copies: 2 },
    whatsappUpdates: opts.whatsapp,
  });
  await payDraft(app, customer, draft);
  const [order] = await app.ctx.db.select().from(orders).where(eq(orders.id, draft.orderId));
  return { customer, order: order! };
}

describe.each(DATABASES)('mails in the customer’s language, through SMTP, on %s', (db) => {
  const startSmtp = smtpServersForBlock();

  it('a Telugu customer’s confirmation, ready and collected mails are in Telugu, figures in Latin digits, the bill attached; an English customer’s are unchanged', async () => {
    const server = await startSmtp();
    const app = await createTestApp({ db, smtpPort: server.port, env: REGULAR_GST });
    try {
      const { customer, order } = await paidOrder(app, 'te');
      const amount = formatPaise(order.totalAmount);
      const [bill] = await app.ctx.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'invoice')));
      const mine = () => server.received.filter((m) => m.to.includes(customer.record.email));
      const confirmation = await until(() => mine()[0], 'the confirmation');
      expect(confirmation.parsed.subject).toBe(`ఆర్డర్ ${order.orderNumber} అందింది: ${amount} చెల్లించారు`);
      const text = confirmation.parsed.text!;
      expect(text).toContain(`నమస్కారం ${customer.record.name} గారు,`);
      expect(text).toContain(`ధన్యవాదాలు! మీ ఆర్డర్ ${order.orderNumber}, మీరు చెల్లించిన ${amount} మాకు అందాయి.`);
      expect(text).toContain('notes-a4-38p.pdf · 38 పేజీలు · బ్లాక్ & వైట్ · 2 కాపీలు');
      expect(text).toContain('బ్లాక్ & వైట్ · ఒక వైపు');
      expect(text).toContain(`మీ పికప్ కోడ్: ${order.pickupCode} (కౌంటర్‌లో చూపించండి`);
      expect(text).toContain(`మీ ట్యాక్స్ ఇన్‌వాయిస్ ${bill!.serial} ని PDF గా జత చేశాం.`);
      expect(text).toContain(`http://shop.test/order-tracking/${order.orderNumber}`);
      expect(text).not.toMatch(/Hello|Thank you|Your pickup code/);
      expect(confirmation.parsed.html).toContain('<html lang="te-IN">');
      expect(confirmation.parsed.html).toContain('ఆర్డర్ స్థితి చూడండి');
      const [pdf] = confirmation.parsed.attachments;
      expect(pdf?.contentType).toBe('application/pdf');
      expect(pdfText(pdf!.content)).toContain(order.orderNumber);

      const clerk = await createStaff(app);
      expect(
        (
          await app.inject({
            method: 'PATCH',
            url: `/api/staff/orders/${order.id}/status`,
            headers: clerk.headers,
            payload: { status: 'completed' },
          })
        ).statusCode,
      ).toBe(200);
      expect((await collectAtCounter(app, order.id, clerk.headers)).statusCode).toBe(200);
      await until(() => (mine().length >= 3 ? true : undefined), 'the ready and collected mails');
      expect(mine().map((m) => m.parsed.subject)).toEqual([
        `ఆర్డర్ ${order.orderNumber} అందింది: ${amount} చెల్లించారు`,
        `ఆర్డర్ ${order.orderNumber}: తీసుకెళ్ళడానికి రెడీ`,
        `ఆర్డర్ ${order.orderNumber}: తీసుకెళ్ళారు`,
      ]);
      expect(mine()[1]!.parsed.text).toContain(`మీ పికప్ కోడ్: ${order.pickupCode}`);

      const english = await paidOrder(app, null);
      const theirs = await until(
        () => server.received.find((m) => m.to.includes(english.customer.record.email)),
        'the English confirmation',
      );
      expect(theirs.parsed.subject).toBe(
        `Order ${english.order.orderNumber} placed: ${formatPaise(english.order.totalAmount)} paid`,
      );
      expect(theirs.parsed.text).toContain('notes-a4-38p.pdf · 38 pages · B&W · 2 copies');
      expect(theirs.parsed.text).not.toMatch(TELUGU);
      expect(theirs.parsed.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    } finally {
      await app.close();
    }
  });
});

describe.each(DATABASES)('account and refund mails in Telugu, and WhatsApp, on %s', (db) => {
  it('password reset and password changed, a note from the shop and a refund with its credit note: in Telugu', async () => {
    const app = await createTestApp({ db, env: REGULAR_GST });
    try {
      const { customer, order } = await paidOrder(app, 'te');
      const to = (m: string) => m.includes(`To: ${customer.record.email}\r\n`);
      await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: customer.record.email } });
      const reset = await until(
        () => readOutbox(app.dataDir).find((m) => to(m) && m.includes('/auth/reset-password/')),
        'the reset mail',
      );
      const parsedReset = await simpleParser(reset);
      expect(parsedReset.subject).toBe('మీ పాస్‌వర్డ్ రీసెట్ చేసుకోండి');
      expect(parsedReset.text).toContain('ఈ లింక్ ఒక్కసారే పనిచేస్తుంది, 1 గంటలో దీని గడువు ముగుస్తుంది.');
      const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(parsedReset.text!)![1]!;
      const done = await app.inject({
        method: 'POST',
        url: `/api/auth/reset-password/${token}`,
        payload: { password: 'Nava@Pass2026', confirmPassword: 'Nava@Pass2026' },
      });
      expect(done.statusCode, done.body).toBe(200);
      const changed = await until(
        () => readOutbox(app.dataDir).find((m) => to(m) && m.includes('Subject: మీ పాస్‌వర్డ్ మారింది')),
        'the password-changed mail',
      );
      expect(changed).toContain('సైన్ అవుట్ చేశాం');

      const clerk = await createStaff(app, { name: 'Ravi' });
      expect(
        (
          await app.inject({
            method: 'POST',
            url: `/api/staff/orders/${order.id}/messages`,
            headers: clerk.headers,
            payload: { body: 'Spiral binding will take one more hour.' },
          })
        ).statusCode,
      ).toBe(201);
      const admin = await signInAdmin(app);
      const refunded = await adminRefund(app, admin, order.id, { amount: 25, reason: 'Two pages printed faint' });
      expect(refunded.statusCode).toBe(201);
      await app.ctx.notifier.settle();
      const parsed = await Promise.all(
        readOutbox(app.dataDir)
          .filter(to)
          .map((m) => simpleParser(m)),
      );
      const note = parsed.find((m) => m.subject === `మీ ఆర్డర్ ${order.orderNumber} గురించి షాప్ నుండి సందేశం`);
      expect(note?.text).toContain('Sri Sai Xerox & Printers నుండి Ravi రాస్తున్నారు:');
      expect(note?.text).toContain('Spiral binding will take one more hour.');
      const refund = parsed.find((m) => m.subject === `ఆర్డర్ ${order.orderNumber}: ₹25.00 తిరిగి చెల్లించాం`);
      expect(refund?.text).toContain('కారణం: Two pages printed faint');
      expect(refund?.text).toMatch(/క్రెడిట్ నోట్ CN\/\d\d-\d\d\/\d{6} ని PDF గా జత చేశాం\./);
      expect(refund?.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    } finally {
      await app.close();
    }
  });

  it('WhatsApp: the Telugu template version and Telugu status words once WHATSAPP_TEMPLATE_LANGUAGE_TE is set; English otherwise', async () => {
    const fake = await startFakeWhatsApp({
      token: 'EAAGtestWhatsAppToken0123456789abcdef',
      phoneNumberId: '109876543210987',
    });
    const env = {
      WHATSAPP_TOKEN: 'EAAGtestWhatsAppToken0123456789abcdef',
      WHATSAPP_PHONE_NUMBER_ID: '109876543210987',
      WHATSAPP_API_URL: fake.url,
    };
    const withTelugu = await createTestApp({ db, env: { ...env, WHATSAPP_TEMPLATE_LANGUAGE_TE: 'te' } });
    const withoutTelugu = await createTestApp({ db, env });
    try {
      const a = await paidOrder(withTelugu, 'te', { whatsapp: true });
      const b = await paidOrder(withTelugu, 'en', { whatsapp: true });
      const c = await paidOrder(withoutTelugu, 'te', { whatsapp: true });
      await Promise.all([withTelugu.ctx.notifier.settle(), withoutTelugu.ctx.notifier.settle()]);
      const sent = (orderNumber: string) => fake.sent.find((m) => m.params[0] === orderNumber);
      expect(sent(a.order.orderNumber)).toMatchObject({
        template: 'order_confirmation',
        language: 'te',
        params: [a.order.orderNumber, 'ఆర్డర్ అందింది', a.order.pickupCode, expect.any(String)],
      });
      expect(sent(b.order.orderNumber)).toMatchObject({
        language: 'en',
        params: [b.order.orderNumber, 'Order Placed', b.order.pickupCode, expect.any(String)],
      });
      expect(sent(c.order.orderNumber)).toMatchObject({
        language: 'en',
        params: [c.order.orderNumber, 'Order Placed', c.order.pickupCode, expect.any(String)],
      });
    } finally {
      await withTelugu.close();
      await withoutTelugu.close();
      await fake.close();
    }
  });
});
