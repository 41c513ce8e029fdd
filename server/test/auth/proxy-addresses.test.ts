import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authThrottle } from '../../src/db/schema/index.ts';
import { createTestApp, DATABASES, type TestApp } from '../helpers/app.ts';
import { createCustomer } from '../factories/index.ts';

/**
 * Behind a reverse proxy the client's address comes from X-Forwarded-For. A client that sends a new made-up address
 * with every request must still be one address to the sign-in limits (decision 011).
 */
let seq = 0;
const madeUp = () => `198.18.${Math.floor(++seq / 250)}.${(seq % 250) + 1}`;

describe.each(DATABASES)('client addresses behind a proxy on %s', (db) => {
  const apps: TestApp[] = [];
  let hops: TestApp;
  let listed: TestApp;
  let none: TestApp;
  beforeAll(async () => {
    hops = await createTestApp({ db, env: { TRUST_PROXY: '1' } });
    listed = await createTestApp({ db, env: { TRUST_PROXY: '127.0.0.1,10.0.0.0/8' } });
    none = await createTestApp({ db });
    apps.push(hops, listed, none);
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
  });

  /** As if every wait had run out (no test waits on the clock). */
  const endWaits = (app: TestApp) => app.ctx.db.update(authThrottle).set({ lockedUntil: null });

  /** A request as the proxy passes it on: the proxy (127.0.0.1) appends the address it saw after whatever the client sent. */
  const viaProxy = (app: TestApp, url: string, payload: unknown, clientIp: string, clientSent: string) =>
    app.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': `${clientSent}, ${clientIp}` },
    });

  it.each([
    ['a hop count', () => hops],
    ['a list of proxy addresses', () => listed],
  ])(
    'with %s, rotating X-Forwarded-For does not get past the sign-in limit; the next customer is not affected',
    async (_how, appOf) => {
      const app = appOf();
      const c = await createCustomer(app);
      const attacker = '203.0.113.7';
      const statuses: number[] = [];
      for (let i = 0; i < 9; i++) {
        await endWaits(app);
        statuses.push(
          (
            await viaProxy(
              app,
              '/api/auth/login',
              { email: c.record.email, password: `Wrong!Pass${i}` },
              attacker,
              madeUp(),
            )
          ).statusCode,
        );
      }
      // Nine tries counted against one address and account: the next must wait 16 s.
      expect(statuses).toEqual(Array(9).fill(401));
      expect(
        (await viaProxy(app, '/api/auth/login', { email: c.record.email, password: c.password }, attacker, madeUp()))
          .statusCode,
      ).toBe(429);
      // Another customer's address, as the proxy reports it, is not held up.
      expect(
        (
          await viaProxy(
            app,
            '/api/auth/login',
            { email: c.record.email, password: c.password },
            '203.0.113.8',
            madeUp(),
          )
        ).statusCode,
      ).toBe(200);
    },
  );

  it('a client reaching the port directly cannot choose its address by sending the header', async () => {
    for (const app of [hops, listed, none]) {
      const c = await createCustomer(app);
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        if (i < 9) await endWaits(app);
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: c.record.email, password: `Wrong!Pass${i}` },
          remoteAddress: '198.51.100.20',
          headers: { 'x-forwarded-for': madeUp() },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([...Array(9).fill(401), 429]);
    }
  });

  it('the per-address request ceiling holds against a rotating header too', async () => {
    const statuses: number[] = [];
    const started = Date.now();
    for (let i = 0; i < 120 && !statuses.includes(429); i++)
      statuses.push((await viaProxy(hops, '/api/auth/login', {}, '203.0.113.50', madeUp())).statusCode);
    expect(statuses).toContain(429);
    // The ceiling in tests: a burst of 100 (20 a minute × 5), and one more for every 0.6 s the requests took (a
    // machine busy with other work takes longer; the rule is a rate, not a count). The 429 is the one after that.
    const refilled = Math.floor((Date.now() - started) / 600);
    expect(statuses.length).toBeLessThanOrEqual(100 + refilled + 1);
  });
});
