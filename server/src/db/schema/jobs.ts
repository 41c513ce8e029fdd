import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Background jobs (server/src/jobs): one row per job, shared by every server copy. A copy runs a job only while it
 * holds its lease (`lease_owner` until `lease_until`, renewed while it runs), so two copies never run it at once and
 * a copy that dies mid-run frees it when the lease runs out. Each job's last run (and last good run) is kept here.
 */
export const jobs = pgTable('jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  leaseOwner: text('lease_owner'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastStatus: text('last_status', { enum: ['ok', 'failed'] }),
  lastError: text('last_error'),
  lastDurationMs: integer('last_duration_ms'),
  lastResult: jsonb('last_result').$type<Record<string, unknown>>(),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  lastSuccessResult: jsonb('last_success_result').$type<Record<string, unknown>>(),
  runs: integer('runs').notNull().default(0),
});
