import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';
import pino from 'pino';
import type { Config } from './config/env.ts';
import type { AppContext } from './context.ts';
import { openDatabase, type Database } from './db/client.ts';
import { JobRunner, tickFor } from './jobs/runner.ts';
import { registerAnswerLanguage } from './plugins/answer-language.ts';
import { registerAuth } from './plugins/auth.ts';
import { contractCompilers, registerContracts } from './plugins/contracts.ts';
import { closeUnusedConnectionsOnClose } from './plugins/unused-connections.ts';
import { registerErrorHandling, serializeErrorForLog } from './plugins/errors.ts';
import { refuseNulBytes } from './plugins/nul-bytes.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { lazyRequestLogger, logSafeUrl, ShopLogController } from './plugins/request-log.ts';
import { pageSecurityOptions, registerSecurityHeaders } from './plugins/security-headers.ts';
import { trustProxyOption } from './plugins/trust-proxy.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { seedDatabase } from './seed.ts';
import { SessionService } from './modules/auth/index.ts';
import { backupJob } from './modules/backup/index.ts';
import { publicShopConfig } from './modules/catalog/index.ts';
import { createEventBus, type EventBus } from './modules/events/index.ts';
import { cleanupJob, deleteSensitiveAtHandover } from './modules/files/index.ts';
import { invoiceAttachments } from './modules/invoices/index.ts';
import { createMailer, type Mailer } from './modules/mail/index.ts';
import { CustomerNotifier } from './modules/notify/index.ts';
import { createOrderPageCache, type OrderStatusListener } from './modules/orders/index.ts';
import { createPaymentProvider, reconcileJob, type ProviderRefundListener } from './modules/payments/index.ts';
import { onProviderRefund, refundSettlementJob } from './modules/refunds/index.ts';
import { rememberOrderDetails } from './modules/profile/index.ts';
import { QuotaGuards } from './modules/quotas/index.ts';
import { registerRoutes, type ShopContext } from './modules/routes.ts';

export type { ShopContext };
import { createStorage, type Storage } from './modules/storage/index.ts';

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
  /** Describe the routes as an OpenAPI document, `app.swagger()` (npm run docs:api and its test; never the running shop). */
  describeApi?: boolean;
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

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance & { ctx: ShopContext }> {
  const { config } = opts;
  const logStream = opts.logStream ?? pino.destination({ dest: 1, sync: false });
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      // stdout written asynchronously: lines that arrive while a write is in flight go out together; pino flushes
      // what is left at exit.
      stream: logStream,
      redact: { paths: REDACT, censor: '[redacted]' },
      serializers: {
        req: (req) => ({ method: req.method, url: logSafeUrl(req.url) }),
        err: (e) => serializeErrorForLog(e) as { type: string; message: string; stack: string },
      },
    },
    // One line per request at level info, and no child logger made for requests that log nothing (request-log.ts).
    logController: new ShopLogController(pino({ level: config.LOG_LEVEL }, logStream as pino.DestinationStream)),
    childLoggerFactory: lazyRequestLogger,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 256 * 1024,
    requestIdHeader: false,
    schemaController: contractCompilers(config),
  });
  closeUnusedConnectionsOnClose(app);

  const database =
    opts.database ?? (await openDatabase({ url: config.DATABASE_URL, pgliteDir: path.join(config.dataDir, 'db') }));
  const storage = opts.storage ?? (await createStorage(config));
  const mailer =
    opts.mailer ?? (await createMailer(config, app.log, database.db, invoiceAttachments(database.db, config)));
  const events = opts.events ?? (await createEventBus(config, database, app.log));
  const sessions = new SessionService(database.db, {
    idleMs: config.SESSION_IDLE_HOURS * 3600_000,
    absoluteMs: config.SESSION_MAX_DAYS * 86400_000,
  });
  // Session caches of every server copy drop revoked sessions at once.
  sessions.onForget = (f) =>
    events.publish({ type: 'sessions.forget', ...f, at: new Date().toISOString() }).catch((err: Error) => {
      app.log.warn({ err }, 'sessions.forget event not published');
    });
  events.subscribe((e) => {
    if (e.type === 'sessions.forget') sessions.forget(e);
  });
  // The services modules share are built here, once per app (tests build many apps in one process): first what every
  // module gets, then each module's own service from it, then the background jobs that use them.
  const base: AppContext = { config, database, db: database.db, storage, mailer, events, log: app.log };
  const orderStatusListeners: OrderStatusListener[] = [];
  const notifier = new CustomerNotifier(base);
  const services = {
    ...base,
    sessions,
    payments: createPaymentProvider(base),
    orderPages: createOrderPageCache(base),
    quotas: new QuotaGuards(base),
    orderStatusListeners,
    providerRefundListeners: [] as ProviderRefundListener[],
    notifier,
  };
  // Razorpay's refund webhooks settle the shop's refund records (docs/decisions/021).
  services.providerRefundListeners.push((event) => onProviderRefund(services, event));
  // Sensitive documents go as the order is handed over (docs/decisions/026).
  orderStatusListeners.push(notifier.onStatusChanged, rememberOrderDetails, deleteSensitiveAtHandover);
  // Background jobs with a lease per job in the database, each defined by its module (decisions 012, 040); started
  // once the routes are in place.
  const jobs = new JobRunner(
    services,
    [backupJob(services), cleanupJob(services), reconcileJob(services), refundSettlementJob(services)].filter(
      (job) => job !== null,
    ),
    {
      tickMs: tickFor([config.RECONCILE_INTERVAL_SECONDS * 1000, config.CLEANUP_INTERVAL_MINUTES * 60_000]),
    },
  );
  const ctx: ShopContext = { ...services, jobs };
  app.decorate('ctx', ctx);

  if (opts.seed !== false) await seedDatabase(ctx);

  registerErrorHandling(app);
  registerAnswerLanguage(app);
  registerSecurityHeaders(app, pageSecurityOptions(config));
  await app.register(cookie);
  registerAuth(app, sessions, config);
  refuseNulBytes(app);

  // The server's own route list: the permission-matrix test is generated from it, so no route can be forgotten.
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routes.push({ method, url: route.url, schema: route.schema });
  });
  app.decorate('routeList', () => [...routes]);

  registerContracts(app, config);
  if (opts.describeApi) await registerOpenApi(app);
  await app.register((api) => registerRoutes(api, ctx));
  await jobs.start();
  app.addHook('onClose', () => jobs.stop());

  await registerWebApp(app, publicShopConfig(config), webDist, opts.serveWeb);

  app.addHook('onClose', async () => {
    // Mails on their way are queued before the mailer and the database go.
    await ctx.notifier.close();
    await mailer.close?.();
    await events.close();
    if (!opts.database) await database.close();
  });
  return app as FastifyInstance & { ctx: ShopContext };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: ShopContext;
    routeList(): RouteEntry[];
  }
}

/** A registered route, with the schema its contract gave it (the contracts test checks every API route has one). */
export interface RouteEntry {
  method: string;
  url: string;
  schema?: FastifySchema;
}
