import fs from 'node:fs';
import { defineRoute, idParamsSchema } from '@shop/shared/common/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerContracts, typed } from '../../src/plugins/contracts.ts';
import { registerErrorHandling } from '../../src/plugins/errors.ts';
import { API_MD_FILE, apiMarkdown, OPENAPI_FILE, type OpenApiDocument } from '../../../scripts/api-docs.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/**
 * Every route is registered from one contract in shared (decision 024). Routes added later must follow:
 * a route under /api or /downloads without a contract fails here, and so does a stale docs/openapi.json or api.md.
 */
describe('route contracts', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ describeApi: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('give every API route its schemas: summary, area, params, body and answers', () => {
    const problems: string[] = [];
    const api = app.routeList().filter((r) => r.url.startsWith('/api/') || r.url.startsWith('/downloads/'));
    expect(api.length).toBeGreaterThan(90);
    for (const { method, url, schema } of api) {
      const at = `${method} ${url}`;
      if (!schema) {
        problems.push(`${at}: no schema (register it from a contract: typed(app).route({ ...contract, handler }))`);
        continue;
      }
      const s = schema as {
        summary?: string;
        tags?: string[];
        params?: z.ZodObject;
        body?: unknown;
        response?: Record<string, unknown>;
      };
      if (!s.summary || !s.tags?.length) problems.push(`${at}: no summary or area (tags)`);
      const pathParams = [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const declared = s.params instanceof z.ZodObject ? Object.keys(s.params.shape) : [];
      if (pathParams.some((p) => !declared.includes(p)))
        problems.push(`${at}: path parameters ${pathParams.join(', ')} not all in its params schema`);
      if (['POST', 'PUT', 'PATCH'].includes(method) && !s.body)
        problems.push(`${at}: no body schema (noBodySchema for none)`);
      const answers = Object.entries(s.response ?? {});
      if (!answers.some(([status]) => /^2\d\d$/.test(status))) problems.push(`${at}: no success answer declared`);
      for (const [status, answer] of answers) {
        if (!(answer instanceof z.ZodType) && !(answer as { content?: unknown }).content)
          problems.push(`${at}: answer ${status} is neither a zod schema nor content`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('serves at /api/docs the OpenAPI document committed in docs/openapi.json, as made from the contracts (npm run docs:api when it changed)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const served = res.json() as OpenApiDocument;
    const committed = JSON.parse(fs.readFileSync(OPENAPI_FILE, 'utf8')) as OpenApiDocument;
    const described = JSON.parse(JSON.stringify(app.swagger())) as OpenApiDocument;
    expect(described, 'docs/openapi.json is stale: run npm run docs:api').toEqual(committed);
    expect(served).toEqual(committed);
    // Every API route is in it.
    const documented = new Set(
      Object.entries(served.paths).flatMap(([url, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${url}`)),
    );
    const routes = app.routeList().filter((r) => r.url.startsWith('/api/') || r.url.startsWith('/downloads/'));
    expect(
      routes.map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`).filter((k) => !documented.has(k)),
    ).toEqual([]);
  });

  it('keeps docs/api.md as made from that document', () => {
    const committed = JSON.parse(fs.readFileSync(OPENAPI_FILE, 'utf8')) as OpenApiDocument;
    expect(fs.readFileSync(API_MD_FILE, 'utf8'), 'docs/api.md is stale: run npm run docs:api').toBe(
      apiMarkdown(committed),
    );
  });
});

describe('a contract on a route', () => {
  const contract = defineRoute('POST', '/things/:id', {
    summary: 'A thing',
    tags: ['test'],
    params: idParamsSchema('Thing not found'),
    body: z.object({
      name: z.string({ error: 'Name the thing' }).min(2, 'At least 2 characters'),
      size: z.number().optional(),
    }),
    response: { 200: z.object({ id: z.number(), name: z.string() }) },
  });
  const build = async (mode: 'checked' | 'production', answer: (id: number, name: string) => unknown) => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    registerContracts(app, { checkAnswers: mode === 'checked' });
    typed(app).route({
      ...contract,
      handler: async (request) => answer(request.params.id, request.body.name) as never,
    });
    await app.ready();
    return app;
  };
  const post = (app: Awaited<ReturnType<typeof build>>, url: string, payload?: unknown) =>
    app.inject({ method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('hands the handler parsed input and refuses bad input in the shop’s error shape', async () => {
    const app = await build('checked', (id, name) => ({ id, name }));
    expect((await post(app, '/things/7', { name: 'Box', extra: true })).json()).toEqual({ id: 7, name: 'Box' });
    const bad = await post(app, '/things/7', { name: 'B' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'At least 2 characters',
      code: 'validation_error',
      fields: { name: 'At least 2 characters' },
    });
    // No body at all is checked as {}: the first missing field is named.
    expect((await post(app, '/things/7')).json()).toMatchObject({
      message: 'Name the thing',
      fields: { name: 'Name the thing' },
    });
    // A path that names nothing is a 404 with the contract's words.
    const missing = await post(app, '/things/abc', { name: 'Box' });
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: 'Thing not found', code: 'not_found' }]);
    await app.close();
  });

  it('fails an answer that breaks its contract outside production, and sends it as it is in production', async () => {
    const undeclared = (id: number, name: string) => ({ id, name, note: 'not in the contract' });
    const wrongType = (id: number) => ({ id, name: 42 });
    for (const answer of [undeclared, wrongType]) {
      const checked = await build('checked', answer);
      const res = await post(checked, '/things/7', { name: 'Box' });
      expect(res.statusCode, answer.name).toBe(500);
      await checked.close();
    }
    const production = await build('production', undeclared);
    expect((await post(production, '/things/7', { name: 'Box' })).json()).toEqual({
      id: 7,
      name: 'Box',
      note: 'not in the contract',
    });
    await production.close();
  });
});
