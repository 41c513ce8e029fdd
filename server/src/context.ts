import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/env.ts';
import type { Database, Db } from './db/client.ts';
import type { EventBus } from './modules/events/index.ts';
import type { Mailer } from './modules/mail/index.ts';
import type { Storage } from './modules/storage/index.ts';

/**
 * What every module gets: the configuration and the outside services (database, stored files, mail, live events, the
 * log), built once in buildApp. A module that needs another module's service asks for that module's context type
 * (`OrdersContext`, `PaymentsContext`, `QuotasContext`… each exported by its module's index.ts), so who needs what
 * is written down, and app.ts builds the whole (`ShopContext`) in one object (docs/decisions/045).
 */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  storage: Storage;
  mailer: Mailer;
  events: EventBus;
  log: FastifyBaseLogger;
}
