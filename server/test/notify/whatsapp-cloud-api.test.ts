import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendTemplate, templateParam, WhatsAppError } from '../../src/modules/notify/whatsapp/cloud-api.ts';
import { startFakeWhatsApp } from '../fakes/whatsapp-fake.ts';

const TOKEN = 'EAAGcloudApiTestToken0123456789';
const PHONE_ID = '123456789012345';
const message = {
  to: '+919848011111',
  template: 'order_ready',
  language: 'en',
  params: ['ORD-1', 'Ready for pickup', 'K7P2QX', 'http://shop.test/order-tracking/ORD-1'],
};

async function failure(p: Promise<unknown>): Promise<WhatsAppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WhatsAppError);
  return err as WhatsAppError;
}

describe('WhatsApp Cloud API client against the fake', () => {
  let fake: Awaited<ReturnType<typeof startFakeWhatsApp>>;
  let opts: { apiUrl: string; phoneNumberId: string; token: string; timeoutMs: number };
  beforeAll(async () => {
    fake = await startFakeWhatsApp({ token: TOKEN, phoneNumberId: PHONE_ID });
    opts = { apiUrl: fake.url, phoneNumberId: PHONE_ID, token: TOKEN, timeoutMs: 300 };
  });
  afterAll(() => fake.close());

  it('sends the template with its body parameters and returns the wamid', async () => {
    const wamid = await sendTemplate(opts, message);
    expect(wamid).toMatch(/^wamid\./);
    expect(fake.sent.at(-1)).toEqual({ ...message, wamid });
  });

  it('classifies Meta’s answers: 5xx and 130429 retried; 131026 and an expired token (190) never', async () => {
    fake.failNext('500', '429', 'not_whatsapp', 'expired_token');
    expect(await failure(sendTemplate(opts, message))).toMatchObject({ kind: 'retry', code: '131000' });
    expect(await failure(sendTemplate(opts, message))).toMatchObject({ kind: 'retry', code: '130429' });
    const notOnWhatsApp = await failure(sendTemplate(opts, message));
    expect(notOnWhatsApp).toMatchObject({ kind: 'permanent', code: '131026' });
    expect(notOnWhatsApp.message).toContain('not a WhatsApp user');
    expect(await failure(sendTemplate(opts, message))).toMatchObject({ kind: 'permanent', code: '190' });
    expect(await failure(sendTemplate({ ...opts, token: 'EAAGwrongToken000000' }, message))).toMatchObject({
      kind: 'permanent',
      code: '190',
    });
  });

  it('no answer in time is an unknown outcome (not resent); a refused connection is retried', async () => {
    fake.failNext('hang');
    expect(await failure(sendTemplate(opts, message))).toMatchObject({ kind: 'unknown', code: 'timeout' });
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((r) => closed.close(() => r()));
    expect(await failure(sendTemplate({ ...opts, apiUrl: `http://127.0.0.1:${port}/v23.0` }, message))).toMatchObject({
      kind: 'retry',
      code: 'ECONNREFUSED',
    });
  });

  it('a 200 without a message id is not taken as sent, nor resent', async () => {
    const odd = http.createServer((_req, res) =>
      res.end(JSON.stringify({ messaging_product: 'whatsapp', messages: [] })),
    );
    await new Promise<void>((r) => odd.listen(0, '127.0.0.1', r));
    const { port } = odd.address() as AddressInfo;
    try {
      expect(await failure(sendTemplate({ ...opts, apiUrl: `http://127.0.0.1:${port}/v23.0` }, message))).toMatchObject(
        { kind: 'unknown', code: 'no_wamid' },
      );
    } finally {
      await new Promise<void>((r) => odd.close(() => r()));
    }
  });

  it('parameters as Meta accepts them: one line, no long runs of spaces, bounded', () => {
    expect(templateParam('Page 14 is blank.\r\n\tPrint anyway?')).toBe('Page 14 is blank. Print anyway?');
    expect(templateParam('a        b')).toBe('a   b');
    expect(templateParam('')).toBe('-');
    const long = templateParam('అ'.repeat(2000));
    expect([...long]).toHaveLength(900);
    expect(long.endsWith('…')).toBe(true);
  });
});
