import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';
import { createCustomer, createStaff, STRONG_PASSWORD } from '../factories/index.ts';

/** The language remembered per account (decision 027): customers and staff choose it; unset follows the browser. */
describe.each(DATABASES)('account language on %s', (db) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ db });
  });
  afterAll(async () => {
    await app?.close();
  });

  const patchUser = (headers: Record<string, string>, payload: unknown) =>
    app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  const patchStaff = (headers: Record<string, string>, payload: unknown) =>
    app.inject({
      method: 'PATCH',
      url: '/api/auth/staff/me',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  const me = async (headers: Record<string, string>) =>
    (await app.inject({ method: 'GET', url: '/api/auth/user', headers })).json();
  const staffMe = async (headers: Record<string, string>) =>
    (await app.inject({ method: 'GET', url: '/api/auth/staff/me', headers })).json();

  it('a customer starts with none, chooses Telugu, and goes back to following the browser', async () => {
    const c = await createCustomer(app, { name: 'Lakshmi' });
    expect((await me(c.headers)).language).toBeNull();
    const set = await patchUser(c.headers, { language: 'te' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ name: 'Lakshmi', language: 'te' });
    expect((await me(c.headers)).language).toBe('te');
    // The name alone leaves the language as it is, and the other way round.
    expect((await patchUser(c.headers, { name: 'Lakshmi Devi' })).json()).toMatchObject({
      name: 'Lakshmi Devi',
      language: 'te',
    });
    expect((await patchUser(c.headers, { language: 'en' })).json()).toMatchObject({
      name: 'Lakshmi Devi',
      language: 'en',
    });
    expect((await patchUser(c.headers, { language: null })).json().language).toBeNull();
    expect((await me(c.headers)).language).toBeNull();
  });

  it('another session of the same account sees the choice (another browser signing in)', async () => {
    const c = await createCustomer(app);
    await patchUser(c.headers, { language: 'te' });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: c.record.email, password: STRONG_PASSWORD },
      remoteAddress: '10.9.0.1',
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.language).toBe('te');
  });

  it.each([
    [{ language: 'fr' }, 'language'],
    [{ language: 'TE' }, 'language'],
    [{ language: 7 }, 'language'],
    [{}, null],
  ])('refuses %j with 400 and changes nothing', async (payload, field) => {
    const c = await createCustomer(app);
    await patchUser(c.headers, { language: 'te' });
    const res = await patchUser(c.headers, payload);
    expect(res.statusCode).toBe(400);
    if (field) expect(res.json().fields[field]).toBe('Language must be en or te');
    else expect(res.json().message).toMatch(/Nothing to change/);
    expect((await me(c.headers)).language).toBe('te');
  });

  it('a new account keeps the language it was registered in; a wrong one is refused', async () => {
    const email = `te.${Date.now()}@example.com`;
    const body = { name: 'Ramu', email, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD };
    const bad = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...body, language: 'xx' },
      remoteAddress: '10.9.0.2',
    });
    expect(bad.statusCode).toBe(400);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...body, language: 'te' },
      remoteAddress: '10.9.0.2',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.language).toBe('te');
    const plain = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...body, email: `en.${email}` },
      remoteAddress: '10.9.0.2',
    });
    expect(plain.json().user.language).toBeNull();
  });

  it('a clerk chooses the counter language for their own account only', async () => {
    const s = await createStaff(app);
    const other = await createStaff(app);
    expect((await staffMe(s.headers)).language).toBeNull();
    const set = await patchStaff(s.headers, { language: 'te' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ id: s.record.id, language: 'te' });
    expect((await staffMe(s.headers)).language).toBe('te');
    expect((await staffMe(other.headers)).language).toBeNull();
    const bad = await patchStaff(s.headers, { language: 'hi' });
    expect(bad.statusCode).toBe(400);
    expect((await staffMe(s.headers)).language).toBe('te');
    expect((await patchStaff(s.headers, { language: null })).json().language).toBeNull();
  });

  it('the staff call is for staff sessions only, and a customer call for customers', async () => {
    const c = await createCustomer(app);
    const s = await createStaff(app);
    expect((await patchStaff(c.headers, { language: 'te' })).statusCode).toBe(403);
    expect((await patchStaff({}, { language: 'te' })).statusCode).toBe(401);
    expect((await patchUser(s.headers, { language: 'te' })).statusCode).toBe(403);
    expect((await patchUser({}, { language: 'te' })).statusCode).toBe(401);
  });
});
