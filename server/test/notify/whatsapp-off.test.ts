import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.ts';
import { orderWhatsappOptIns, whatsappNotifications } from '../../src/db/schema/index.ts';
import { createStaff } from '../factories/index.ts';
import { startFakeWhatsApp } from '../fakes/whatsapp-fake.ts';
import { createTestApp, DATABASES } from '../helpers/app.ts';
import { createOrderBody, placePaidOrder, setupCustomerWithFile } from '../payments/flow.ts';

describe('WhatsApp configuration', () => {
  it('is off unless the token and the phone number id are both set', () => {
    expect(loadConfig({}).whatsapp).toBe(false);
    expect(
      loadConfig({ WHATSAPP_TOKEN: 'EAAGtoken0123456789', WHATSAPP_PHONE_NUMBER_ID: '109876543210987' }).whatsapp,
    ).toBe(true);
    expect(() => loadConfig({ WHATSAPP_TOKEN: 'EAAGtoken0123456789' })).toThrow(
      /WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are set together/,
    );
    expect(() => loadConfig({ WHATSAPP_PHONE_NUMBER_ID: '109876543210987' })).toThrow(/set together/);
    expect(() => loadConfig({ WHATSAPP_TOKEN: 'EAAGtoken0123456789', WHATSAPP_PHONE_NUMBER_ID: '+91 98480' })).toThrow(
      /WHATSAPP_PHONE_NUMBER_ID/,
    );
  });
});

describe.each(DATABASES)('WhatsApp off on %s', (db) => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let fake: Awaited<ReturnType<typeof startFakeWhatsApp>>;
  const logLines: string[] = [];
  beforeAll(async () => {
    fake = await startFakeWhatsApp({ token: 'EAAGtoken0123456789', phoneNumberId: '109876543210987' });
    // The API address is set but no token: still off.
    app = await createTestApp({ db, logLines, env: { WHATSAPP_API_URL: fake.url } });
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  it('no token: an opted-in order sends nothing and logs no error; the consent is still kept', async () => {
    expect(app.ctx.notifier.whatsapp).toBeNull();
    const { customer, service, file } = await setupCustomerWithFile(app, 2);
    const { draft } = await placePaidOrder(app, customer, service.id, file.id, { deliveryType: 'pickup' });
    await app.ctx.db.insert(orderWhatsappOptIns).values({ orderId: draft.orderId, phoneE164: '+919876543210' });
    const clerk = await createStaff(app);
    const ready = await app.inject({
      method: 'PATCH',
      url: `/api/staff/orders/${draft.orderId}/status`,
      headers: clerk.headers,
      payload: { status: 'completed' },
    });
    expect(ready.statusCode).toBe(200);
    await app.ctx.notifier.settle();
    expect(fake.requests).toBe(0);
    expect(
      await app.ctx.db.select().from(whatsappNotifications).where(eq(whatsappNotifications.orderId, draft.orderId)),
    ).toEqual([]);
    expect(logLines.filter((l) => /whatsapp/i.test(l) && JSON.parse(l).level >= 40)).toEqual([]);
  });

  it('a checkout tick with something other than true/false is refused with a clear message', async () => {
    const { customer, service, file } = await setupCustomerWithFile(app, 2);
    const consents = (await app.ctx.db.select().from(orderWhatsappOptIns)).length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/razorpay/create-order',
      headers: customer.headers,
      payload: {
        ...createOrderBody(service.id, file.id, 1000, { deliveryType: 'pickup' }),
        whatsappUpdates: 'yes please',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Tick or untick WhatsApp updates');
    expect(await app.ctx.db.select().from(orderWhatsappOptIns)).toHaveLength(consents);
  });
});
