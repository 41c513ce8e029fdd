import {
  DEFAULT_OPEN_DRAFTS_MAX,
  DEFAULT_UPLOAD_QUOTA_FILES,
  DEFAULT_UPLOAD_QUOTA_MB,
} from '@shop/shared/quotas/limits';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestAppOptions } from '../helpers/app.ts';
import { multipartBody } from '../pdf/multipart.ts';
import type { TestApp } from '../helpers/app.ts';

/** The shop's own limits (the other suites run with roomy ones), with any overrides. */
export function createQuotaTestApp(opts: TestAppOptions = {}) {
  return createTestApp({
    ...opts,
    env: {
      RATE_LIMIT_SCALE: '1',
      UPLOAD_QUOTA_FILES: String(DEFAULT_UPLOAD_QUOTA_FILES),
      UPLOAD_QUOTA_MB: String(DEFAULT_UPLOAD_QUOTA_MB),
      OPEN_DRAFTS_MAX: String(DEFAULT_OPEN_DRAFTS_MAX),
      ...opts.env,
    },
  });
}

/** The guards' clock, moved by hand: windows pass without waiting. */
export function freezeClock(app: TestApp, start = Date.now()) {
  let now = start;
  app.ctx.quotas.now = () => now;
  return {
    advance: (ms: number) => {
      now += ms;
    },
    get now() {
      return now;
    },
  };
}

/** A 429 as the web app needs it: `{ message, code }` in plain words and a Retry-After in whole seconds. */
export function expectTooMany(res: LightMyRequestResponse, code: string, message?: RegExp): number {
  expect(res.statusCode, res.body).toBe(429);
  const body = res.json();
  expect(Object.keys(body).sort()).toEqual(['code', 'message']);
  expect(body.code).toBe(code);
  expect(body.message).toMatch(/Please|please/);
  if (message) expect(body.message).toMatch(message);
  const retryAfter = res.headers['retry-after'];
  expect(String(retryAfter)).toMatch(/^[1-9]\d*$/);
  return Number(retryAfter);
}

export async function uploadAnyFile(app: TestApp, headers: Record<string, string>, bytes: Buffer, name = 'notes.bin') {
  const body = await multipartBody(bytes, name, { type: 'application/octet-stream' });
  return app.inject({
    method: 'POST',
    url: '/api/files/upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

export async function uploadPdf(app: TestApp, headers: Record<string, string>, bytes: Buffer, name = 'notes.pdf') {
  const body = await multipartBody(bytes, name);
  return app.inject({
    method: 'POST',
    url: '/api/pdf/upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** One request from another address (app.inject's remoteAddress). */
export const fromAddress = (remoteAddress: string) => ({ remoteAddress });
