import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lazyRequestLogger } from '../../src/plugins/request-log.ts';
import { createCustomer } from '../factories/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/** The request log: one line per answered request at level info, the path without its query, no line when quiet. */

describe('the request log', () => {
  let app: TestApp;
  let verbose: TestApp;
  const lines: string[] = [];
  const debugLines: string[] = [];
  interface Line {
    msg?: string;
    level?: number;
    reqId?: string;
    responseTime?: unknown;
    req?: { method: string; url: string };
    res?: { statusCode: number };
  }
  const parsed = (from = lines) => from.map((l) => JSON.parse(l) as Line);
  const completed = (from = lines) => parsed(from).filter((l) => l.msg === 'request completed');

  beforeAll(async () => {
    app = await createTestApp({ logLines: lines });
    verbose = await createTestApp({ logLines: debugLines, env: { LOG_LEVEL: 'debug' } });
  });
  afterAll(async () => {
    await app?.close();
    await verbose?.close();
  });

  it('at info, writes one line for a request that changes something: method, path, status, time, request id', async () => {
    const customer = await createCustomer(app);
    lines.length = 0;
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/auth/user?note=private-words',
      headers: { ...customer.headers, 'content-type': 'application/json' },
      payload: { name: 'Ravi Teja' },
    });
    expect(res.statusCode).toBe(200);
    const done = completed();
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({
      level: 30,
      req: { method: 'PATCH', url: '/api/auth/user' },
      res: { statusCode: 200 },
    });
    expect(typeof done[0]!.responseTime).toBe('number');
    expect(done[0]!.reqId).toBeTruthy();
    // (Lines the route writes through the request's logger carry the same id.)
    for (const l of parsed()) if (l.reqId) expect(l.reqId).toBe(done[0]!.reqId);
    expect(lines.join('\n')).not.toContain('private-words');
    expect(lines.join('\n')).not.toContain('Ravi Teja');
    expect(parsed().some((l) => l.msg === 'incoming request')).toBe(false);
  });

  it('at info, logs refusals, and leaves successful reads and quotes to debug (screens poll every 5 s)', async () => {
    const customer = await createCustomer(app);
    lines.length = 0;
    expect((await app.inject({ method: 'GET', url: '/api/services' })).statusCode).toBe(200);
    const quote = {
      pdfInfo: { pageCount: 3 },
      options: {
        serviceId: 1,
        printingType: 'color',
        paperSize: 'a4',
        paperType: 'white_75gsm',
        sides: 'single',
        orientation: 'portrait',
        copies: 1,
      },
    };
    expect(
      (await app.inject({ method: 'POST', url: '/api/pdf/calculate-cost', headers: customer.headers, payload: quote }))
        .statusCode,
    ).toBe(200);
    expect(completed()).toEqual([]);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/pdf/calculate-cost',
      headers: { ...customer.headers, 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(refused.statusCode).toBe(400);
    const missing = await app.inject({ method: 'GET', url: '/api/orders/PS-NOPE', headers: customer.headers });
    expect(missing.statusCode).toBe(404);
    expect(completed().map((l) => [l.req?.method, l.req?.url, l.res?.statusCode])).toEqual([
      ['POST', '/api/pdf/calculate-cost', 400],
      ['GET', '/api/orders/PS-NOPE', 404],
    ]);
  });

  it('at debug, writes the reads too', async () => {
    debugLines.length = 0;
    expect((await verbose.inject({ method: 'GET', url: '/api/services?search=x' })).statusCode).toBe(200);
    expect(completed(debugLines)).toEqual([
      expect.objectContaining({ level: 20, req: { method: 'GET', url: '/api/services' }, res: { statusCode: 200 } }),
    ]);
  });
});

describe('a request logger', () => {
  const sink = () => {
    const out: string[] = [];
    return { out, stream: new Writable({ write: (chunk, _enc, cb) => (out.push(String(chunk)), cb()) }) };
  };

  it('makes its child logger only when it writes a line, and binds the request id to it', () => {
    const { out, stream } = sink();
    const parent = Fastify({ logger: { level: 'warn', stream } }).log;
    let children = 0;
    const child = parent.child.bind(parent);
    parent.child = (...args: Parameters<typeof child>) => (children++, child(...args));
    const log = lazyRequestLogger(parent, { reqId: 'req-7' }, {});
    log.info('not at this level');
    log.debug({ a: 1 }, 'nor this');
    expect(children).toBe(0);
    expect(out).toHaveLength(0);
    log.warn({ orderId: 5 }, 'first');
    log.error('second');
    expect(children).toBe(1);
    expect(out.map((l) => JSON.parse(l) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ reqId: 'req-7', orderId: 5, msg: 'first', level: 40 }),
      expect.objectContaining({ reqId: 'req-7', msg: 'second', level: 50 }),
    ]);
    expect(log.level).toBe('warn');
  });
});
