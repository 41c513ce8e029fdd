import { serviceFormSchema, serviceSchema } from '@shop/shared/catalog/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../../src/db/schema/index.ts';
import { toServiceDto } from '../../src/modules/catalog/service-dto.ts';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';
import { createCustomer, createService } from '../factories/index.ts';

describe.each(DATABASES)('catalogue on %s', (db) => {
  let app: TestApp;
  let ids: { active: number; inactive: number; deleted: number; cheap: number };
  beforeAll(async () => {
    app = await createTestApp({ db });
    const active = await createService(app, { name: 'Zeta BW', priceSingleSide: 350, priceDoubleSide: 600 });
    const cheap = await createService(app, { name: 'Cheap BW', priceSingleSide: 150, priceDoubleSide: 250 });
    const inactive = await createService(app, { name: 'Hidden inactive', isActive: false });
    const deleted = await createService(app, { name: 'Hidden deleted', deleted: true });
    ids = { active: active.id, inactive: inactive.id, deleted: deleted.id, cheap: cheap.id };
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists active, non-deleted services in the API shape, ordered by category then price', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/services' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<Record<string, unknown>>;
    for (const s of list) expect(serviceSchema.safeParse(s).success).toBe(true);
    const listed = list.map((s) => s.id);
    expect(listed).toContain(ids.active);
    expect(listed).not.toContain(ids.inactive);
    expect(listed).not.toContain(ids.deleted);
    const keys = list.map((s) => `${s.category}|${String(s.price_single_side).padStart(10, '0')}`);
    const sorted = [...list]
      .sort(
        (a, b) =>
          String(a.category).localeCompare(String(b.category)) ||
          Number(a.price_single_side) - Number(b.price_single_side),
      )
      .map((s) => `${s.category}|${String(s.price_single_side).padStart(10, '0')}`);
    expect(keys).toEqual(sorted);
  });

  it('converts paise to rupees and keeps price equal to the single-side price', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/services/${ids.active}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: ids.active,
      name: 'Zeta BW',
      price: 3.5,
      price_single_side: 3.5,
      price_double_side: 6,
      is_active: true,
      deleted: false,
      category: 'black_white_printing',
      printing_type: 'bw',
    });
  });

  it('filters by category', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/services?category=black_white_printing' });
    const list = res.json() as Array<{ category: string; id: number }>;
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.every((s) => s.category === 'black_white_printing')).toBe(true);
    expect(list.findIndex((s) => s.id === ids.cheap)).toBeLessThan(list.findIndex((s) => s.id === ids.active));
    const pvc = (await app.inject({ method: 'GET', url: '/api/services?category=pvc_card' })).json() as Array<{
      category: string;
    }>;
    expect(pvc.length).toBeGreaterThanOrEqual(2);
    expect(pvc.every((s) => s.category === 'pvc_card')).toBe(true);
  });

  it('refuses an unknown category with a 400 and a message', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/services?category=posters' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unknown category');
  });

  it.each([
    ['inactive', () => ids.inactive],
    ['deleted', () => ids.deleted],
    ['missing', () => 999999],
  ])('answers 404 Service not found for a %s service', async (_label, id) => {
    const res = await app.inject({ method: 'GET', url: `/api/services/${id()}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Service not found', code: 'not_found' });
  });

  it.each(['abc', '-1', '0', '1.5', '99999999999999999999', '1%20OR%201=1'])(
    'never fails with a 500 on the id %s',
    async (id) => {
      const res = await app.inject({ method: 'GET', url: `/api/services/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Service not found');
    },
  );

  it('is readable signed in too (the web app sends the bearer token)', async () => {
    const customer = await createCustomer(app);
    const res = await app.inject({ method: 'GET', url: '/api/services', headers: customer.headers });
    expect(res.statusCode).toBe(200);
  });

  it('serves paper types and the public shop config without secrets', async () => {
    const types = (await app.inject({ method: 'GET', url: '/api/paper-types' })).json() as Array<{
      name: string;
      label: string;
    }>;
    expect(types.map((t) => t.name)).toEqual(
      expect.arrayContaining(['white_70gsm', 'white_75gsm', 'bond_80gsm', 'bond_100gsm', 'photo_paper']),
    );
    expect(types.find((t) => t.name === 'photo_paper')?.label).toBe('Photo Paper');
    const res = await app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.deliveryPincodes).toEqual(expect.any(Array));
    expect(JSON.stringify(body)).not.toMatch(/secret|password/i);
  });

  it('toServiceDto maps a row for the back office', async () => {
    const [row] = await app.ctx.db.select().from(services).limit(1);
    const dto = toServiceDto(row!);
    expect(dto.price_single_side).toBe(row!.priceSingleSide / 100);
    expect(dto.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});

describe('serviceFormSchema (back-office validation)', () => {
  const valid = {
    name: 'Color A4',
    description: 'Full colour prints on A4',
    price_single_side: '10',
    price_double_side: 18,
  };

  it('accepts text prices and applies the form defaults', () => {
    const out = serviceFormSchema.parse(valid);
    expect(out).toMatchObject({
      price_single_side: 10,
      price_double_side: 18,
      is_active: true,
      printing_type: 'color',
      paper_size: 'a4',
      paper_type: 'white_75gsm',
      category: 'color_printing',
    });
    expect(serviceFormSchema.parse({ ...valid, is_active: 'false' }).is_active).toBe(false);
  });

  it.each([
    [{ name: 'AB' }, 'name', 'Service name must be at least 3 characters'],
    [{ description: 'short' }, 'description', 'Description must be at least 10 characters'],
    [{ price_single_side: '0' }, 'price_single_side', 'Price must be a positive number'],
    [{ price_single_side: '-5' }, 'price_single_side', 'Price must be a positive number'],
    [{ price_double_side: 'abc' }, 'price_double_side', 'Price must be a positive number'],
    [{ price_double_side: '' }, 'price_double_side', 'Price must be a positive number'],
    [{ paper_size: 'a5' }, 'paper_size', 'Choose a paper size'],
    [{ category: 'posters' }, 'category', 'Choose a category'],
  ])('refuses %o with the message on %s', (patch, field, message) => {
    const result = serviceFormSchema.safeParse({ ...valid, ...patch });
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((i) => i.path[0] === field);
    expect(issue?.message).toBe(message);
  });
});
