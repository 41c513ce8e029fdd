import { SERVICE_MESSAGES, serviceFormSchema, servicePriceProblem } from '@shop/shared/catalog/schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../../src/db/schema/index.ts';
import { createService, signInAdmin } from '../factories/index.ts';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';

/** A service price is whole paise of at least 1 paisa (0.001 was stored as ₹0). */

describe('service prices are whole paise of at least ₹0.01', () => {
  it.each([
    ['0.001', SERVICE_MESSAGES.pricePaise],
    ['0.004', SERVICE_MESSAGES.pricePaise],
    ['0.005', SERVICE_MESSAGES.pricePaise],
    ['2.505', SERVICE_MESSAGES.pricePaise],
    ['1e-3', SERVICE_MESSAGES.pricePaise],
    [0.009, SERVICE_MESSAGES.pricePaise],
    ['0', SERVICE_MESSAGES.price],
    ['-0.01', SERVICE_MESSAGES.price],
    ['Infinity', SERVICE_MESSAGES.price],
    ['1000000.01', 'Price is too large'],
  ])('refuses %o: %s', (price, message) => {
    expect(servicePriceProblem(price)).toBe(message);
    const result = serviceFormSchema.safeParse({
      name: 'Colour A4',
      description: 'Full colour prints on A4',
      price_single_side: price,
      price_double_side: '3',
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.find((i) => i.path[0] === 'price_single_side')?.message).toBe(message);
  });

  it.each([
    ['0.01', 0.01],
    ['2', 2],
    ['2.50', 2.5],
    [' 3.5 ', 3.5],
    [0.1 + 0.2, 0.3],
    ['1000000', 1_000_000],
  ])('accepts %o as ₹%s', (price, rupees) => {
    expect(servicePriceProblem(price)).toBeNull();
    expect(
      serviceFormSchema.parse({
        name: 'Colour A4',
        description: 'Full colour prints on A4',
        price_single_side: price,
        price_double_side: '3',
      }).price_single_side,
    ).toBe(rupees);
  });
});

describe.each(DATABASES)('admin service prices through the API on %s', (db) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  beforeAll(async () => {
    app = await createTestApp({ db });
    admin = await signInAdmin(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  const body = (price_single_side: unknown, name = 'Fraction Test') => ({
    name,
    description: 'Black and white prints at a test price',
    price_single_side,
    price_double_side: '3',
    category: 'black_white_printing',
    printing_type: 'bw',
  });

  it('refuses 0.001 and 0.004 with the message on the field, stores nothing', async () => {
    for (const price of ['0.001', 0.004]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/services',
        headers: admin.headers,
        payload: body(price),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation_error',
        message: SERVICE_MESSAGES.pricePaise,
        fields: { price_single_side: SERVICE_MESSAGES.pricePaise },
      });
    }
    expect((await app.ctx.db.select().from(services)).filter((s) => s.name === 'Fraction Test')).toHaveLength(0);
  });

  it('accepts 0.01 as one paisa', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/services',
      headers: admin.headers,
      payload: body('0.01', 'One Paisa Test'),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ price_single_side: 0.01, price: 0.01 });
    const [row] = await app.ctx.db.select().from(services).where(eq(services.id, res.json().id));
    expect(row).toMatchObject({ priceSingleSide: 1, price: 1 });
  });

  it('an edit to a fraction of a paisa is refused and the old price stays', async () => {
    const service = await createService(app, { priceSingleSide: 250 });
    const res = await app.inject({
      method: 'PUT',
      url: `/api/admin/services/${service.id}`,
      headers: admin.headers,
      payload: { price_double_side: '0.004' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ price_double_side: SERVICE_MESSAGES.pricePaise });
    const [row] = await app.ctx.db.select().from(services).where(eq(services.id, service.id));
    expect(row).toMatchObject({ priceSingleSide: 250, priceDoubleSide: 800 });
  });
});
