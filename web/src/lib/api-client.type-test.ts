/**
 * The typed client's type-level tests, checked by `tsc -p web` (`npm run typecheck`); nothing here runs. Each
 * `@ts-expect-error` below marks a call that must not compile: if the client stopped refusing it, tsc reports the
 * directive as unused and the type check fails. The answers' types are pinned with expectTypeOf.
 */
import type { OrderDetail } from '@shop/shared/orders/order';
import type { PublicUser } from '@shop/shared/auth/schemas';
import { expectTypeOf } from 'vitest';
import { call, routeUrl } from './api-client';
import { callPage } from './api-page';

export async function answersAreTheContracts() {
  expectTypeOf(await call('GET /api/auth/user')).toEqualTypeOf<PublicUser>();
  expectTypeOf(await call('GET /api/orders/:ref', { params: { ref: 'ORD-1' } })).toEqualTypeOf<OrderDetail>();
  // A 201 answer; a 204 answer is null.
  const staff = await call('POST /api/admin/staff', {
    body: { name: 'Ravi', mobile_number: '9876543210', password: 'x' },
  });
  expectTypeOf(staff.is_active).toEqualTypeOf<boolean>();
  expectTypeOf(await call('DELETE /api/orders/drafts/:ref', { params: { ref: 'ORD-1' } })).toEqualTypeOf<null>();
  // A list's page holds the contract's items.
  expectTypeOf((await callPage('GET /api/orders/user', { query: { limit: 10 } })).items[0]!.order_number).toBeString();
  // Paths: params filled in (a number is fine where the contract reads text), the query after.
  expectTypeOf(routeUrl('GET /api/print/orders/:id/ticket', { params: { id: 7 } })).toBeString();
}

export async function wrongPathsFail() {
  // @ts-expect-error: no such route (the contract's param is :ref).
  await call('GET /api/orders/:id', { params: { id: 1 } });
  // @ts-expect-error: no such method on that path.
  await call('PUT /api/orders/:ref', { params: { ref: 'ORD-1' } });
  // @ts-expect-error: a path written out is not a route key.
  await call('/api/auth/user');
  // @ts-expect-error: a file, not JSON: it is a link (routeUrl), not a call.
  await call('GET /api/orders/:ref/file', { params: { ref: 'ORD-1' } });
}

export async function wrongParamsFail() {
  // @ts-expect-error: the param is named ref.
  await call('GET /api/orders/:ref', { params: { id: 'ORD-1' } });
  // @ts-expect-error: params missing.
  await call('GET /api/orders/:ref');
  // @ts-expect-error: not a GSTR-1 section.
  routeUrl('GET /api/admin/gstr1/:section', { params: { section: 'b2x' }, query: { month: '2026-04' } });
  // @ts-expect-error: the month is required.
  routeUrl('GET /api/admin/gstr1/:section', { params: { section: 'b2b' } });
}

export async function wrongBodiesFail() {
  // @ts-expect-error: the field is password.
  await call('POST /api/auth/login', { body: { email: 'a@example.com', passwd: 'x' } });
  // @ts-expect-error: isActive is a boolean.
  await call('PATCH /api/admin/services/:id/status', { params: { id: 1 }, body: { isActive: 'yes' } });
  // @ts-expect-error: not a status an order can be set to.
  await call('PATCH /api/staff/orders/:id/status', { params: { id: 1 }, body: { status: 'shipped' } });
  // @ts-expect-error: the route takes no body.
  await call('GET /api/auth/user', { body: {} });
  // @ts-expect-error: an upload is FormData.
  await call('POST /api/files/upload', { body: { file: 'x' } });
  // @ts-expect-error: not a status the history filters by.
  await callPage('GET /api/orders/user', { query: { status: 'shipped' } });
}

export async function wrongAnswerUseFails() {
  const order = await call('GET /api/orders/:ref', { params: { ref: 'ORD-1' } });
  // @ts-expect-error: the answer's field is order_number.
  void order.orderNumber;
  // @ts-expect-error: total_amount is a number.
  const total: string = order.total_amount;
  const user = await call('GET /api/auth/user');
  // @ts-expect-error: the signed-in user has no password hash in the answer.
  void user.passwordHash;
  return total;
}
