import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireStaffOrAdmin } from '../../plugins/auth.ts';
import type { Principal } from '../auth/session.service.ts';
import type { ShopEvent } from './events.ts';

const HEARTBEAT_MS = 15_000;

/** What the screens hear. Session revocations stay on the server: they name sessions, users and staff. */
const FORWARDED = new Set<ShopEvent['type']>(['order.paid', 'order.status', 'service.changed', 'print.job', 'print.agent']);

/** Whether a `sessions.forget` event may concern this stream's session. */
function concerns(event: Extract<ShopEvent, { type: 'sessions.forget' }>, p: Principal): boolean {
  if (event.tokenHash) return event.tokenHash === p.tokenHash;
  if (event.staffId !== undefined) return p.kind === 'staff' && p.staff.id === event.staffId;
  if (event.userId !== undefined) return p.kind === 'user' && p.user.id === event.userId;
  return false;
}

const isBackOffice = (p: Principal | null) => !!p && (p.kind === 'staff' || p.user.role === 'admin');

/**
 * Server-Sent Events for the admin and staff screens: every paid order, status change and catalogue change,
 * pushed as it happens (through PostgreSQL LISTEN/NOTIFY when on PostgreSQL, so every server copy sees it).
 */
export async function eventsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const open = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of open) end();
  });
  app.get('/api/events', { preHandler: requireStaffOrAdmin }, async (request, reply) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(`retry: 3000\n: connected\n\n`);
    const principal = request.principal!;
    const unsubscribe = ctx.events.subscribe((event) => {
      if (event.type === 'sessions.forget') {
        // Signed out, deactivated, deleted or demoted (on any server copy): the stream ends at once.
        if (concerns(event, principal)) {
          void ctx.sessions
            .reload(principal.tokenHash)
            .then((now) => {
              if (!isBackOffice(now)) end();
            })
            .catch(() => end());
        }
        return;
      }
      if (!FORWARDED.has(event.type)) return;
      res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(`: ping\n\n`), HEARTBEAT_MS);
    const close = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
    };
    const end = () => {
      close();
      res.end();
    };
    open.add(end);
    request.raw.on('close', close);
  });
}
