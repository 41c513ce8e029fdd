import crypto from 'node:crypto';
import fs from 'node:fs';
import type { WalkInOrderInput } from '@shop/shared/walk-in/schemas';
import { fixturePdf, printOptions } from '../factories/index.ts';
import type { TestApp } from '../helpers/app.ts';
import { multipartBody } from '../pdf/multipart.ts';

/** Walk-in orders through HTTP, as the counter screen makes them. */

export async function counterUpload(
  app: TestApp,
  headers: Record<string, string>,
  fixture = 'notes-a4-38p.pdf',
  name = fixture,
) {
  const body = await multipartBody(fs.readFileSync(fixturePdf(fixture)), name);
  return app.inject({
    method: 'POST',
    url: '/api/counter/uploads',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

export function walkInBody(serviceId: number, amount: number, over: Partial<WalkInOrderInput> = {}): WalkInOrderInput {
  return {
    requestKey: crypto.randomUUID(),
    customer: { name: 'Padma Rao', mobile: '+91 98480 11111' },
    documents: [{ source: 'paper', pages: 12, options: printOptions(serviceId, { copies: 2 }) as never }],
    payment: { method: 'cash', received: true },
    pickup: 'now',
    amount,
    ...over,
  };
}

export const placeWalkIn = (app: TestApp, headers: Record<string, string>, body: unknown) =>
  app.inject({ method: 'POST', url: '/api/counter/orders', headers, payload: body as Record<string, unknown> });
