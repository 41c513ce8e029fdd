import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { files } from './files.ts';
import { orders } from './orders.ts';
import { users } from './users.ts';

/**
 * Print agents: a small program next to the shop's printers (or the server itself) that takes jobs over an outbound
 * connection and prints them through CUPS. Only the SHA-256 of its token is stored; a revoked agent has none.
 */
export const printAgents = pgTable('print_agents', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  tokenHash: text('token_hash').unique(),
  /** The token's last four characters, so the admin can tell tokens apart. */
  tokenHint: text('token_hint'),
  /** The agent the server runs in-process (PRINT_AGENT_LOCAL): its token is made afresh at every start. */
  isLocal: boolean('is_local').notNull().default(false),
  version: text('version'),
  /** The agent said it prints straight to IPP Everywhere printers too (decision 035): the admin may add them by address. */
  printsDirect: boolean('prints_direct').notNull().default(false),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

export interface PrinterCapabilities {
  /** PWG media names (media-supported). */
  media: string[];
  color: boolean;
  duplex: boolean;
  /** The agent can print a PDF on it: CUPS takes PDF, or (a direct printer) it takes PDF or PWG raster the agent renders. */
  pdf: boolean;
  /** A direct printer: what the agent sends it. */
  format?: 'application/pdf' | 'image/pwg-raster';
}

/** A CUPS queue an agent reported, with the role the admin gave it. */
export const printers = pgTable(
  'printers',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => printAgents.id, { onDelete: 'cascade' }),
    queueName: text('queue_name').notNull(),
    /** A printer the agent prints to straight over IPP (no CUPS), added by the admin by its address (decision 035). */
    uri: text('uri'),
    displayName: text('display_name').notNull().default(''),
    makeAndModel: text('make_and_model').notNull().default(''),
    /** bw_a4, color_a4, a3, pvc, or null (not used for shop jobs). */
    role: text('role'),
    capabilities: jsonb('capabilities').$type<PrinterCapabilities>().notNull(),
    state: text('state').notNull().default('unknown'),
    stateReasons: jsonb('state_reasons').$type<string[]>().notNull().default([]),
    stateMessage: text('state_message').notNull().default(''),
    isAccepting: boolean('is_accepting').notNull().default(true),
    /** False once the agent stops reporting this queue (deleted in CUPS). */
    isPresent: boolean('is_present').notNull().default(true),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('printers_agent_queue_key').on(t.agentId, t.queueName), index('printers_role_idx').on(t.role)],
);

export interface PrintJobSettings {
  copies: number;
  sides: 'one-sided' | 'two-sided-long-edge';
  /** PWG media name sent to CUPS. */
  media: string;
  colorMode: 'monochrome' | 'color';
  /** Two-sided on a printer without a duplexer: fronts first, the clerk turns the stack, then the backs. */
  manualDuplex: boolean;
  /** The order's paper size (a4, a3, letter, legal) and orientation, for the ticket and the blank backs. */
  paperSize: string;
  /** Pages of the document in print order (1-based); null: every page (the document's page range). */
  pages: number[] | null;
  /** Which document of the order (1-based position in order_documents); absent on jobs made before documents. */
  document?: number;
  /** Pages of the whole document, known when the job was made. */
  documentPages: number;
}

/**
 * One document of one order sent to one printer. `attempt` grows at each retry and `pass` is 2 for the backs of a
 * manual duplex job: the agent names its CUPS job after the three, so a job is never submitted twice.
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    printerId: integer('printer_id').references(() => printers.id, { onDelete: 'set null' }),
    settings: jsonb('settings').$type<PrintJobSettings>().notNull(),
    state: text('state').notNull().default('queued'),
    attempt: integer('attempt').notNull().default(1),
    pass: integer('pass').notNull().default(1),
    error: text('error'),
    problem: text('problem'),
    cupsJobId: integer('cups_job_id'),
    /** When the agent last took it; it is handed out again after a while without news. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    printedAt: timestamp('printed_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    requestedByKind: text('requested_by_kind', { enum: ['staff', 'admin'] }).notNull(),
    requestedById: integer('requested_by_id'),
    requestedByName: text('requested_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('print_jobs_order_idx').on(t.orderId, t.id),
    // What an agent's poll reads: the jobs still waiting for a printer, oldest first.
    index('print_jobs_waiting_idx')
      .on(t.printerId, t.id)
      .where(sql`${t.state} in ('queued', 'sent')`),
    // Jobs at CUPS, which a restarted agent goes on watching.
    index('print_jobs_at_printer_idx')
      .on(t.printerId)
      .where(sql`${t.state} in ('submitted', 'printing')`),
  ],
);

/**
 * How fast the shop's printer of each role works (pages a minute; PVC cards a minute), set by the admin on the
 * Printers page: the promised ready time counts the work at these speeds (decision 039). A role without a row
 * keeps the default of shared/src/orders/due-time.ts.
 */
export const printSpeeds = pgTable('print_speeds', {
  role: text('role').primaryKey(),
  pagesPerMinute: integer('pages_per_minute').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
