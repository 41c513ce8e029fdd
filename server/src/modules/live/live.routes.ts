import { liveRoutes as routes, type CustomerEvent } from '@shop/shared/events/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireStaffOrAdmin, requireUser, type Principal } from '../../plugins/auth.ts';
import { typed } from '../../plugins/contracts.ts';
import { AppError } from '../../plugins/errors.ts';
import type { ShopEvent } from '../events/index.ts';
import type { AuthContext } from '../auth/index.ts';

const HEARTBEAT_MS = 15_000;

/** What the screens hear. Session revocations stay on the server: they name sessions, users and staff. */
const FORWARDED = new Set<ShopEvent['type']>([
  'order.paid',
  'order.status',
  'service.changed',
  'print.job',
  'print.agent',
]);

/** Whether a `sessions.forget` event may concern this stream's session. */
function concerns(event: Extract<ShopEvent, { type: 'sessions.forget' }>, p: Principal): boolean {
  if (event.tokenHash) return event.tokenHash === p.tokenHash;
  if (event.staffId !== undefined) return p.kind === 'staff' && p.staff.id === event.staffId;
  if (event.userId !== undefined) return p.kind === 'user' && p.user.id === event.userId;
  return false;
}

const isBackOffice = (p: Principal | null) => !!p && (p.kind === 'staff' || p.user.role === 'admin');

/** Live screens one account may hold open on one server copy (a counter PC, a phone, a spare tab…). */
export const MAX_STREAMS_PER_ACCOUNT = 5;
export const TOO_MANY_STREAMS = `Live updates are already open on ${MAX_STREAMS_PER_ACCOUNT} screens for this account. Close one of them and reload this page.`;
/** How often an open stream re-reads its session (catches expiry by idleness and a revocation it did not hear of). */
const RECHECK_MS = 60_000;
/** setTimeout's longest delay; a later expiry is caught by the re-check. */
const MAX_TIMER_MS = 2_147_483_647;

const accountOf = (p: Principal) => (p.kind === 'staff' ? `staff:${p.staff.id}` : `user:${p.user.id}`);

/**
 * Server-Sent Events for the admin and staff screens: every paid order, status change and catalogue change,
 * pushed as it happens (through PostgreSQL LISTEN/NOTIFY when on PostgreSQL, so every server copy sees it).
 * A stream ends when its session ends: revoked (at once, on any copy), expired (at its end), idle or deactivated
 * (at the next re-check).
 */
export async function liveRoutes(app: FastifyInstance, ctx: AuthContext): Promise<void> {
  const open = new Set<() => void>();
  const perAccount = new Map<string, number>();
  app.addHook('onClose', async () => {
    for (const end of open) end();
  });
  const api = typed(app);
  api.route({
    ...routes.backOffice,
    preValidation: requireStaffOrAdmin,
    handler: (request, reply) =>
      stream(request, reply, isBackOffice, (event) => (FORWARDED.has(event.type) ? event : null)),
  });

  /**
   * A customer's own orders, live (tracking, dashboard, history): only their orders' status changes and the shop's
   * messages about them, with nothing but the order number and the new status (no other customer's order is ever
   * named); and that the public catalogue changed (no service named).
   */
  api.route({
    ...routes.customer,
    preValidation: requireUser,
    handler: (request, reply) => {
      const me = request.principal!.kind === 'user' ? request.principal!.user.id : -1;
      return stream(
        request,
        reply,
        (p) => p?.kind === 'user' && p.user.id === me,
        (event): CustomerEvent | null => {
          if ((event.type === 'order.status' || event.type === 'order.paid') && event.userId === me) {
            return {
              type: 'order.status',
              orderNumber: event.orderNumber,
              status: event.type === 'order.paid' ? 'unvisited' : event.to,
              at: event.at,
            };
          }
          if (event.type === 'order.message' && event.userId === me)
            return { type: 'order.message', orderNumber: event.orderNumber, at: event.at };
          // The public catalogue changed: an open order wizard offers what the shop prints now.
          if (event.type === 'service.changed') return { type: 'service.changed', at: event.at };
          return null;
        },
      );
    },
  });

  async function stream(
    request: FastifyRequest,
    reply: FastifyReply,
    stillAllowed: (now: Principal | null) => boolean,
    forward: (event: ShopEvent) => { type: string } | null,
  ) {
    const principal = request.principal!;
    const account = accountOf(principal);
    const already = perAccount.get(account) ?? 0;
    if (already >= MAX_STREAMS_PER_ACCOUNT) throw new AppError('too_many_streams', 429, TOO_MANY_STREAMS);
    perAccount.set(account, already + 1);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(`retry: 3000\n: connected\n\n`);
    const endUnlessAllowed = () =>
      void ctx.sessions
        .reload(principal.tokenHash)
        .then((now) => {
          if (!stillAllowed(now)) end();
        })
        .catch(() => {
          /* the database is briefly away: the next re-check decides */
        });
    const unsubscribe = ctx.events.subscribe((event) => {
      if (event.type === 'sessions.forget') {
        // Signed out, deactivated, deleted or demoted (on any server copy): the stream ends at once.
        if (concerns(event, principal)) endUnlessAllowed();
        return;
      }
      const out = forward(event);
      if (!out) return;
      res.write(`event: ${out.type}\ndata: ${JSON.stringify(out)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(`: ping\n\n`), HEARTBEAT_MS);
    const recheck = setInterval(endUnlessAllowed, RECHECK_MS);
    const untilExpiry = principal.expiresAt.getTime() - Date.now();
    const expiry = untilExpiry < MAX_TIMER_MS ? setTimeout(() => end(), Math.max(0, untilExpiry)) : undefined;
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      clearInterval(recheck);
      clearTimeout(expiry);
      unsubscribe();
      open.delete(end);
      const left = (perAccount.get(account) ?? 1) - 1;
      if (left > 0) perAccount.set(account, left);
      else perAccount.delete(account);
    };
    const end = () => {
      close();
      res.end();
    };
    open.add(end);
    request.raw.on('close', close);
  }
}
