import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/env.ts';
import type { Database, Db } from './db/client.ts';
import type { EventBus } from './modules/events/events.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import type { SessionService } from './modules/auth/session.service.ts';
import type { Storage } from './modules/storage/storage.ts';

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
}
