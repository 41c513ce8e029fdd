import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { simpleParser, type Attachment } from 'mailparser';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { invoices, mailOutbox, orders } from '../../src/db/schema/index.ts';
import { invoiceAttachments } from '../../src/modules/invoices/invoice-file.ts';
import { QueuedMailer } from '../../src/modules/mail/queued-mailer.ts';
import { SmtpSender } from '../../src/modules/mail/smtp-mailer.ts';
import { signInAdmin } from '../factories/index.ts';
import { createTestApp, DATABASES, openTestDatabase, readOutbox, type TestApp } from '../helpers/app.ts';
import { smtpServersForBlock, startTestSmtp } from '../helpers/smtp-server.ts';
import { freePort } from '../helpers/free-port.ts';
import { adminRefund, placePaidOrder, setupCustomerWithFile } from '../payments/flow.ts';
import { pdfText } from '../helpers/poppler.ts';
import { until } from '../helpers/until.ts';
import { printedAmount, REGULAR_GST } from '../helpers/gst.ts';

/**
 * The bill attached to the confirmation and the credit note to the refund mail (decision 029): received by a real SMTP
 * server and read back with mailparser and pdftotext; kept by reference in the durable queue while the server is down.
 */

const GST = { ...REGULAR_GST, GST_LEGAL_NAME: 'Sri Sai Xerox and Printers' };

async function paidPickupOrder(app: TestApp) {
  const { customer, service, file } = await setupCustomerWithFile(app, 38);
  const { draft } = await placePaidOrder(app, customer, service.id, file.id, { deliveryType: 'pickup' });
  const [order] = await app.ctx.db.select().from(orders).where(eq(orders.id, draft.orderId));
  const [bill] = await app.ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, order!.id), eq(invoices.kind, 'invoice')));
  return { customer, order: order!, bill: bill! };
}

/** The one PDF attached to a parsed mail, with what pdftotext reads in it. */
function onlyPdf(attachments: Attachment[]) {
  expect(attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
  const [pdf] = attachments;
  return { filename: pdf!.filename, text: pdfText(pdf!.content) };
}

function expectBillOf(text: string, order: typeof orders.$inferSelect, bill: typeof invoices.$inferSelect) {
  for (const expected of ['Tax Invoice', 'Sri Sai Xerox and Printers', bill.serial, order.orderNumber, '998912'])
    expect(text).toContain(expected);
  expect(text).toMatch(printedAmount('Total', order.totalAmount));
  expect(text).toMatch(printedAmount('CGST @ 9%', bill.cgstPaise));
}

describe.each(DATABASES)('the bill attached to customer mails on %s', (db) => {
  const startSmtp = smtpServersForBlock();

  it('the confirmation reaches the SMTP server with the tax invoice PDF, its figures those of the order', async () => {
    const server = await startSmtp();
    const app = await createTestApp({ db, smtpPort: server.port, env: GST });
    try {
      const { customer, order, bill } = await paidPickupOrder(app);
      const mail = await until(
        () => server.received.find((m) => m.to.includes(customer.record.email)),
        'the confirmation',
      );
      expect(mail.parsed.subject).toBe(
        `Order ${order.orderNumber} placed: ₹${(order.totalAmount / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })} paid`,
      );
      expect(mail.parsed.text).toContain(`Your tax invoice ${bill.serial} is attached as a PDF.`);
      const pdf = onlyPdf(mail.parsed.attachments);
      expect(pdf.filename).toBe(`${bill.serial.replaceAll('/', '-')}.pdf`);
      expectBillOf(pdf.text, order, bill);
    } finally {
      await app.close();
    }
  });

  it('with the SMTP server down the queue keeps a reference, not the PDF; a restarted server sends it with the bill, once', async () => {
    const port = await freePort();
    const app = await createTestApp({ db, smtpPort: port, env: GST });
    try {
      const { customer, order, bill } = await paidPickupOrder(app);
      await app.ctx.notifier.settle();
      const [row] = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, customer.record.email));
      expect(row).toMatchObject({ attempts: 1, attachments: [{ kind: 'invoice', id: bill.id }] });
      // The stored row is the text and a reference: far smaller than a PDF (a bill is several kB).
      const [size] = await app.ctx.db
        .select({ bytes: sql<number>`pg_column_size(mail_outbox.*)::int` })
        .from(mailOutbox)
        .where(eq(mailOutbox.id, row!.id));
      expect(size!.bytes).toBeLessThan(3000);

      // The server copy stops; the SMTP server comes back; a new server copy (its own mailer) retries what is due.
      await app.ctx.mailer.close?.();
      const server = await startSmtp({ port });
      const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
      const restarted = new QueuedMailer(
        new SmtpSender(`smtp://127.0.0.1:${port}`, app.config.MAIL_FROM, { timeoutMs: 3000 }),
        app.ctx.db,
        log,
        () => 0,
        invoiceAttachments(app.ctx.db, app.config),
      );
      await app.ctx.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` });
      await restarted.retryDue();
      await restarted.retryDue();
      restarted.close();
      const mails = server.received.filter((m) => m.to.includes(customer.record.email));
      expect(mails).toHaveLength(1);
      expectBillOf(onlyPdf(mails[0]!.parsed.attachments).text, order, bill);
      expect(await app.ctx.db.select().from(mailOutbox)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('the outbox .eml carries the bill too; a refund mail carries its credit note, naming the invoice', async () => {
    const app = await createTestApp({ db, env: GST });
    try {
      const { customer, order, bill } = await paidPickupOrder(app);
      await app.ctx.notifier.settle();
      const mine = () => readOutbox(app.dataDir).filter((m) => m.includes(`To: ${customer.record.email}\r\n`));
      const confirmation = await simpleParser(mine().find((m) => m.includes(`Order ${order.orderNumber} placed`))!);
      expect(confirmation.text).toContain('Pick it up at');
      expectBillOf(onlyPdf(confirmation.attachments).text, order, bill);

      const admin = await signInAdmin(app);
      const res = await adminRefund(app, admin, order.id, { amount: 40, reason: 'Pages 3-12 printed faint' });
      expect(res.statusCode).toBe(201);
      await app.ctx.notifier.settle();
      const [note] = await app.ctx.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'credit_note')));
      const refundMails = mine().filter((m) => m.includes('Refund of'));
      expect(refundMails).toHaveLength(1);
      const refund = await simpleParser(refundMails[0]!);
      expect(refund.text).toContain(`The credit note ${note!.serial} is attached as a PDF.`);
      const pdf = onlyPdf(refund.attachments);
      expect(pdf.filename).toBe(`${note!.serial.replaceAll('/', '-')}.pdf`);
      for (const expected of [
        'Credit Note',
        note!.serial,
        `Against tax invoice ${bill.serial} dated`,
        'Reason: Pages 3-12 printed faint',
      ])
        expect(pdf.text).toContain(expected);
      expect(pdf.text).toMatch(/Total\s+Rs\. 40\.00/);
    } finally {
      await app.close();
    }
  });
});

describe.each(DATABASES)('an attachment that cannot be made, on %s', (db) => {
  it('fails the attempt (retried), and after three attempts the mail goes without it, logged as an error', async () => {
    const database = await openTestDatabase(db);
    const server = await startTestSmtp();
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (l: string) => void lines.push(l) }) as unknown as FastifyBaseLogger;
    const render = async () => {
      throw new Error('database unreachable');
    };
    const mailer = new QueuedMailer(
      new SmtpSender(`smtp://127.0.0.1:${server.port}`, 'Shop <shop@example.com>', { timeoutMs: 3000 }),
      database.db,
      log,
      () => 0,
      render,
    );
    try {
      await mailer.send({
        to: 'ravi@example.com',
        subject: 'Order placed',
        text: 'Hello',
        attachments: [{ kind: 'invoice', id: 7 }],
      });
      expect(server.received).toEqual([]);
      const [row] = await database.db.select().from(mailOutbox);
      expect(row!.lastError).toMatch(/an attachment could not be made \(invoice 7: database unreachable\)/);
      await mailer.retryDue();
      expect(server.received).toEqual([]);
      await mailer.retryDue();
      expect(server.received.map((m) => [m.parsed.subject, m.parsed.attachments.length])).toEqual([
        ['Order placed', 0],
      ]);
      expect(
        lines.some(
          (l) => l.includes('mail sent without an attachment that could not be made') && l.includes('"level":50'),
        ),
      ).toBe(true);
      expect(await database.db.select().from(mailOutbox)).toEqual([]);
    } finally {
      await mailer.close();
      await server.close();
      await database.close();
    }
  });
});
