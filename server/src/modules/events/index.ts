import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { MemoryEventBus, type EventBus } from './events.ts';

/**
 * Live events between the parts of the shop and its server copies (what the screens hear: modules/live). The module's
 * front door: other code imports only what is named here (docs/decisions/045-module-front-doors.md).
 */

/** The configured bus: PostgreSQL LISTEN/NOTIFY on PostgreSQL (its client loaded only then), else in-process. */
export async function createEventBus(config: Config, database: Database, log: FastifyBaseLogger): Promise<EventBus> {
  if (config.events !== 'postgres' || !database.pool) return new MemoryEventBus();
  const { PgEventBus } = await import('./pg-event-bus.ts');
  const bus = new PgEventBus(database.pool, config.DATABASE_URL!, log);
  await bus.start();
  return bus;
}

export { MemoryEventBus, type EventBus, type ShopEvent } from './events.ts';
