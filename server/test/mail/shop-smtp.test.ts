import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/db/schema/index.ts';
import { createTestApp, DATABASES } from '../helpers/app.ts';
import { recordMailSecrets } from '../helpers/log-capture.ts';
import { smtpServersForBlock } from '../helpers/smtp-server.ts';
import { freePort } from '../helpers/free-port.ts';
import { createCustomer, signInAdmin } from '../factories/index.ts';
import { until } from '../helpers/until.ts';

/** The shop with SMTP_URL set: its own mails go through the queued SMTP mailer to a real SMTP server. */

describe.each(DATABASES)('the shop sending through SMTP on %s', (db) => {
  const startSmtp = smtpServersForBlock();

  it('a password reset mail reaches the SMTP server with its link; health says smtp', async () => {
    const server = await startSmtp();
    const app = await createTestApp({ db, smtpPort: server.port });
    try {
      // Which mailer runs is the admin's to know (health tells strangers only ok).
      expect(
        (await app.inject({ method: 'GET', url: '/api/health', headers: (await signInAdmin(app)).headers })).json()
          .mail,
      ).toBe('smtp');
      const customer = await createCustomer(app, { email: 'padma.reset@example.com' });
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: customer.record.email },
      });
      expect(res.statusCode).toBe(200);
      const mail = await until(() => server.received[0], 'the reset mail');
      recordMailSecrets(mail.parsed.text ?? '');
      expect(mail.to).toEqual(['padma.reset@example.com']);
      expect(mail.parsed.subject).toBe('Reset your password');
      expect(mail.parsed.text).toMatch(/http:\/\/shop\.test\/auth\/reset-password\/[A-Za-z0-9_-]{20,}/);
      // Sent mail leaves the queue (the row goes once the server has accepted it, a moment after it arrives there).
      await until(
        async () => ((await app.ctx.db.select().from(mailOutbox)).length === 0 ? true : undefined),
        'the sent mail leaving the queue',
      );
    } finally {
      await app.close();
    }
  });

  it('with the SMTP server down the reset mail waits in the queue, to expire with its link', async () => {
    const app = await createTestApp({ db, smtpPort: await freePort() });
    try {
      const customer = await createCustomer(app);
      await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: customer.record.email } });
      const row = await until(
        async () => (await app.ctx.db.select().from(mailOutbox)).find((r) => r.attempts > 0),
        'the failed first attempt',
      );
      recordMailSecrets(row.bodyText);
      expect(row).toMatchObject({ toAddress: customer.record.email, subject: 'Reset your password', attempts: 1 });
      const life = sql<boolean>`expires_at between now() + interval '59 minutes' and now() + interval '61 minutes'`;
      expect(await app.ctx.db.select({ hour: life }).from(mailOutbox)).toEqual([{ hour: true }]);
    } finally {
      await app.close();
    }
  });
});
