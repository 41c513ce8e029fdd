import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/env.ts';
import type { Database, Db } from './db/client.ts';
import type { EventBus } from './modules/events/events.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import type { SessionService } from './modules/auth/session.service.ts';
import type { Storage } from './modules/storage/storage.ts';
import type { OrderPageCache } from './modules/orders/order-page-cache.ts';
import type { PaymentProvider } from './modules/payments/provider.ts';
import type { QuotaGuards } from './modules/quotas/guards.ts';
import type { OrderStatusListener } from './modules/orders/order-transition.ts';
import type { CustomerNotifier } from './modules/notify/customer-notifications.ts';
import type { JobRunner } from './jobs/runner.ts';

/** Everything a module needs, built once in buildApp and handed to each module's routes. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  storage: Storage;
  mailer: Mailer;
  events: EventBus;
  sessions: SessionService;
  log: FastifyBaseLogger;
  /** The payment provider PAYMENTS_PROVIDER picks (sandbox or Razorpay). */
  payments: PaymentProvider;
  /** Back-office order pages, cleared by every order or catalogue event from any server copy. */
  orderPages: OrderPageCache;
  /** Per-account and per-address limits on uploads, quotes and drafts (docs/decisions/012). */
  quotas: QuotaGuards;
  /** Called after every committed order status change (orders/order-transition.ts), e.g. customer notifications. */
  orderStatusListeners: OrderStatusListener[];
  /** Mails customers about their orders (listens to status changes). */
  notifier: CustomerNotifier;
  /** The background jobs' runner (server/src/jobs): the scheduled backup. */
  jobs: JobRunner;
}
