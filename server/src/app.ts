import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import type { Config } from './config/env.ts';
import type { AppContext } from './context.ts';
import { openDatabase, type Database } from './db/client.ts';
import { seedDatabase } from './db/seed.ts';
import { registerAuth } from './plugins/auth.ts';
import { lazyRequestLogger, logSafeUrl, ShopLogController } from './plugins/request-log.ts';
import { pageSecurityOptions, registerSecurityHeaders } from './plugins/security-headers.ts';
import { trustProxyOption } from './plugins/trust-proxy.ts';
import {
  AppError,
  DATABASE_UNAVAILABLE,
  RETRY_AFTER_SECONDS,
  databaseErrorSummary,
  isDatabaseUnavailable,
  registerErrorHandling,
  registerNotFound,
  serializeErrorForLog,
} from './plugins/errors.ts';
import { accountsRoutes } from './modules/auth/accounts.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { SessionService } from './modules/auth/session.service.ts';
import { catalogAdminRoutes } from './modules/catalog/catalog.admin-routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { MemoryEventBus, type EventBus } from './modules/events/events.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { fileManagerRoutes } from './modules/files/file-manager.routes.ts';
import { ownFilesRoutes } from './modules/files/own-files.routes.ts';
import { deleteSensitiveAtHandover } from './modules/files/retention.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { createMailer } from './modules/mail/index.ts';
import { invoiceAttachments } from './modules/invoices/invoice-file.ts';
import { registerAnswerLanguage } from './plugins/answer-language.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import { backOfficeOrderRoutes } from './modules/orders/back-office.routes.ts';
import { draftRoutes } from './modules/orders/drafts.routes.ts';
import { reorderRoutes } from './modules/orders/reorder.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { rememberOrderDetails } from './modules/profile/saved-details.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { pdfRoutes } from './modules/pdf/pdf.routes.ts';
import { printingRoutes } from './modules/printing/printing.routes.ts';
import { pickupRoutes } from './modules/pickup/pickup.routes.ts';
import { orderMessageRoutes } from './modules/notify/order-messages.ts';
import { refundsRoutes } from './modules/refunds/refunds.routes.ts';
import { invoicesRoutes } from './modules/invoices/invoices.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { staffAdminRoutes } from './modules/staff/staff-admin.routes.ts';
import { walkInRoutes } from './modules/walk-in/walk-in.routes.ts';
import { createStorage } from './modules/storage/index.ts';
import type { Storage } from './modules/storage/storage.ts';
import { publicShopConfig } from './modules/catalog/shop-config.ts';
import { startCleanup } from './modules/quotas/cleanup.ts';
import { QuotaGuards } from './modules/quotas/guards.ts';
import { CustomerNotifier } from './modules/notify/customer-notifications.ts';
import { createOrderPageCache } from './modules/orders/order-page-cache.ts';
import { createPaymentProvider } from './modules/payments/provider.ts';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export interface BuildAppOptions {
  config: Config;
  /** Use this database instead of opening one from config (tests). */
  database?: Database;
  storage?: Storage;
  mailer?: Mailer;
  events?: EventBus;
  /** Where log lines go (tests capture them); default stdout. */
  logStream?: { write(line: string): void };
  /** Serve the built web app from web/dist (default: when it exists). */
  serveWeb?: boolean;
  /** Seed demo services and the admin (default true). */
  seed?: boolean;
}

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Fields never written to the logs, wherever they appear. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.confirmPassword',
  '*.token',
  '*.address',
];


/** A NUL character written as JSON writes it (`\u0000`, not preceded by an escaping backslash). */
const JSON_NUL = /(?<!\\)(?:\\\\)*\\u0000/;
const nulRefused = () => new AppError('invalid_characters', 400, 'The request contains characters that are not allowed.');

/**
 * PostgreSQL text cannot hold NUL: refuse it at the door with a 400 instead of failing deep inside a query. In the
 * URL (path and query) it can only come as %00; in a JSON body only as the escape \u0000, found in the raw text
 * before parsing. (Multipart form fields are checked where they are read.)
 */
function refuseNulBytes(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => done(request.url.includes('%00') ? nulRefused() : undefined));
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if ((body as string).includes('\\u0000') && JSON_NUL.test(body as string)) return done(nulRefused(), undefined);
    return parseJson(request, body as string, done);
  });
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance & { ctx: AppContext }> {
  const { config } = opts;
  const logStream = opts.logStream ?? pino.destination({ dest: 1, sync: false });
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      // stdout written asynchronously: lines that arrive while a write is in flight go out together; pino flushes
      // what is left at exit.
      stream: logStream,
      redact: { paths: REDACT, censor: '[redacted]' },
      serializers: { req: (req) => ({ method: req.method, url: logSafeUrl(req.url) }), err: (e) => serializeErrorForLog(e) as { type: string; message: string; stack: string } },
    },
    // One line per request at level info, and no child logger made for requests that log nothing (request-log.ts).
    logController: new ShopLogController(pino({ level: config.LOG_LEVEL }, logStream as pino.DestinationStream)),
    childLoggerFactory: lazyRequestLogger,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 256 * 1024,
    requestIdHeader: false,
  });

  const database = opts.database ?? (await openDatabase({ url: config.DATABASE_URL, pgliteDir: path.join(config.dataDir, 'db') }));
  const storage = opts.storage ?? (await createStorage(config));
  const mailer = opts.mailer ?? (await createMailer(config, app.log, database.db, invoiceAttachments(database.db)));
  let events = opts.events;
  if (!events) {
    if (config.events === 'postgres' && database.pool) {
      const { PgEventBus } = await import('./modules/events/pg-event-bus.ts');
      const bus = new PgEventBus(database.pool, config.DATABASE_URL!, app.log);
      await bus.start();
      events = bus;
    } else events = new MemoryEventBus();
  }
  const sessions = new SessionService(database.db, {
    idleMs: config.SESSION_IDLE_HOURS * 3600_000,
    absoluteMs: config.SESSION_MAX_DAYS * 86400_000,
  });
  // Session caches of every server copy drop revoked sessions at once.
  sessions.onForget = (f) =>
    events!.publish({ type: 'sessions.forget', ...f, at: new Date().toISOString() }).catch((err: Error) => {
      app.log.warn({ err }, 'sessions.forget event not published');
    });
  events.subscribe((e) => {
    if (e.type === 'sessions.forget') sessions.forget(e);
  });
  // The services modules share are built here, once per app (tests build many apps in one process).
  const base = { config, database, db: database.db, storage, mailer, events, sessions, log: app.log };
  const ctx = base as AppContext;
  ctx.payments = createPaymentProvider(ctx);
  ctx.orderPages = createOrderPageCache(ctx);
  ctx.quotas = new QuotaGuards(ctx);
  ctx.orderStatusListeners = [];
  ctx.notifier = new CustomerNotifier(ctx);
  // Sensitive documents go as the order is handed over (docs/decisions/026).
  ctx.orderStatusListeners.push(ctx.notifier.onStatusChanged, rememberOrderDetails, deleteSensitiveAtHandover);
  app.decorate('ctx', ctx);

  if (opts.seed !== false) await seedDatabase(ctx);

  registerErrorHandling(app);
  registerAnswerLanguage(app);
  registerSecurityHeaders(app, pageSecurityOptions(config));
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  registerAuth(app, sessions, config);
  refuseNulBytes(app);

  // The server's own route list: the permission-matrix test is generated from it, so no route can be forgotten.
  const routes: Array<{ method: string; url: string }> = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
  app.decorate('routeList', () => [...routes]);

  await app.register(async (api) => {
    // For load balancers and monitors: 503 while the database cannot be reached (the same process recovers by itself).
    // Only the admin is told which database, storage, mail and events the shop runs on; anyone else gets ok/status.
    api.get('/api/health', async (request, reply) => {
      const p = request.principal;
      const detail = p?.kind === 'user' && p.user.role === 'admin';
      const about = detail ? { database: database.kind, storage: storage.kind, mail: mailer.kind, events: events!.kind } : {};
      try {
        await ctx.db.execute(sql`select 1`);
      } catch (err) {
        if (!isDatabaseUnavailable(err)) throw err;
        request.log.error({ err: databaseErrorSummary(err) }, 'health check: database unavailable');
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        return reply
          .status(503)
          .send({ ok: false, status: 'unavailable', code: 'unavailable', message: DATABASE_UNAVAILABLE, ...about, ...(detail ? { databaseReachable: false } : {}) });
      }
      if (!detail) return { ok: true, status: 'ok' };
      return { ok: true, status: 'ok', ...about, databaseReachable: true, ...(events!.connected === false ? { eventsConnected: false } : {}) };
    });
    await authRoutes(api, ctx);
    await catalogRoutes(api, ctx);
    await pdfRoutes(api, ctx);
    await paymentsRoutes(api, ctx);
    await draftRoutes(api, ctx);
    await reorderRoutes(api, ctx);
    await profileRoutes(api, ctx);
    await ordersRoutes(api, ctx);
    await filesRoutes(api, ctx);
    await backOfficeOrderRoutes(api, ctx);
    await walkInRoutes(api, ctx);
    await catalogAdminRoutes(api, ctx);
    await staffAdminRoutes(api, ctx);
    await accountsRoutes(api, ctx);
    await fileManagerRoutes(api, ctx);
    await ownFilesRoutes(api, ctx);
    await eventsRoutes(api, ctx);
    await printingRoutes(api, ctx);
    await invoicesRoutes(api, ctx);
    await reportsRoutes(api, ctx);
    await refundsRoutes(api, ctx);
    await pickupRoutes(api, ctx);
    await orderMessageRoutes(api, ctx);
  });
  // Unordered uploads, expired drafts and spent rate-limit rows (docs/decisions/012-quotas-and-clean-up.md).
  startCleanup(app, ctx);

  const serveWeb = opts.serveWeb ?? fs.existsSync(path.join(webDist, 'index.html'));
  if (serveWeb) {
    const template = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
    const configJson = JSON.stringify(publicShopConfig(config)).replace(/</g, '\\u003c');
    const indexHtml = template.replace('<!--shop-config-->', `<script id="shop-config" type="application/json">${configJson}</script>`);
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: false,
      maxAge: '1y',
      immutable: true,
      // The build writes .br and .gz copies of every asset (web/vite.config.ts): phones get the smallest they accept.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        if (!filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=300');
      },
    });
    const sendIndex = (reply: import('fastify').FastifyReply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    app.get('/', (_req, reply) => sendIndex(reply));
    registerNotFound(app, sendIndex);
  } else registerNotFound(app);

  app.addHook('onClose', async () => {
    // Mails on their way are queued before the mailer and the database go.
    await ctx.notifier.close();
    await mailer.close?.();
    await events!.close();
    if (!opts.database) await database.close();
  });
  return app as FastifyInstance & { ctx: AppContext };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    routeList(): Array<{ method: string; url: string }>;
  }
}
