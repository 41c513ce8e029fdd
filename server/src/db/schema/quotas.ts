import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Rate limits shared by every server copy (docs/decisions/012-quotas-and-clean-up.md): one row per key (a rule and
 * an account or address), holding the GCRA "theoretical arrival time" in epoch milliseconds. A row whose time has
 * passed means the same as no row, so the clean-up job deletes those.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  tatMs: bigint('tat_ms', { mode: 'number' }).notNull(),
});
