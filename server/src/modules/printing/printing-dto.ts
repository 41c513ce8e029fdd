import type { AgentDto, PrinterDto, PrinterRole, PrintJobDto, PrintJobState } from '@shop/shared/printing/schemas';
import { PRINT_JOB_STATE_LABELS } from '@shop/shared/printing/schemas';
import { describePrinterProblem } from '@shop/shared/printing/problems';
import type { printJobs } from '../../db/schema/index.ts';
import { isAgentOnline, type AgentRow, type PrinterRow } from './agents.service.ts';

type JobRow = typeof printJobs.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toPrinterDto(p: PrinterRow, agent: AgentRow, now = Date.now()): PrinterDto {
  return {
    id: p.id,
    agent_id: agent.id,
    agent_name: agent.name,
    queue: p.queueName,
    uri: p.uri,
    name: p.displayName || p.queueName,
    make_and_model: p.makeAndModel,
    role: (p.role as PrinterRole | null) ?? null,
    state: p.state,
    state_message: p.stateMessage,
    problem: p.isPresent
      ? describePrinterProblem({
          state: p.state,
          stateReasons: p.stateReasons,
          stateMessage: p.stateMessage,
          accepting: p.isAccepting,
        })
      : p.uri
        ? 'Not yet reached by its agent (it reads new printers within a minute; check the address if this stays)'
        : 'No longer reported by its agent (removed from CUPS?)',
    accepting: p.isAccepting,
    capabilities: p.capabilities,
    online: p.isPresent && isAgentOnline(agent, now),
    last_seen_at: iso(p.lastSeenAt),
  };
}

export function toAgentDto(agent: AgentRow, printers: PrinterRow[], now = Date.now()): AgentDto {
  return {
    id: agent.id,
    name: agent.name,
    is_local: agent.isLocal,
    prints_direct: agent.printsDirect,
    has_token: !!agent.tokenHash,
    token_hint: agent.tokenHint,
    version: agent.version,
    online: isAgentOnline(agent, now),
    last_seen_at: iso(agent.lastSeenAt),
    created_at: agent.createdAt.toISOString(),
    revoked_at: iso(agent.revokedAt),
    printers: printers.map((p) => toPrinterDto(p, agent, now)),
  };
}

/** Sheets of paper a job uses (ticket included): what the clerk should see come out. */
export function sheetsOf(job: Pick<JobRow, 'settings'>, withTicket: boolean): number {
  const s = job.settings;
  const pages = s.pages?.length ?? s.documentPages;
  const twoSided = s.sides === 'two-sided-long-edge' || s.manualDuplex;
  const perCopy = twoSided ? Math.ceil(pages / 2) : pages;
  return perCopy * s.copies + (withTicket ? 1 : 0);
}

export function toPrintJobDto(
  job: JobRow,
  orderNumber: string,
  printer: { row: PrinterRow; agent: AgentRow } | null,
  withTicket: boolean,
  now = Date.now(),
): PrintJobDto {
  const s = job.settings;
  const state = job.state as PrintJobState;
  return {
    id: job.id,
    order_id: job.orderId,
    order_number: orderNumber,
    printer: printer
      ? {
          id: printer.row.id,
          name: printer.row.displayName || printer.row.queueName,
          queue: printer.row.queueName,
          role: (printer.row.role as PrinterRole | null) ?? null,
          online: printer.row.isPresent && isAgentOnline(printer.agent, now),
        }
      : null,
    state,
    state_label: PRINT_JOB_STATE_LABELS[state] ?? state,
    attempt: job.attempt,
    pass: job.pass,
    manual_duplex: s.manualDuplex,
    copies: s.copies,
    sides: s.sides,
    media: s.media,
    color_mode: s.colorMode,
    pages: s.pages?.length ?? s.documentPages,
    sheets: sheetsOf(job, withTicket),
    error: job.error,
    problem: job.problem,
    cups_job_id: job.cupsJobId,
    created_at: job.createdAt.toISOString(),
    updated_at: job.updatedAt.toISOString(),
    printed_at: iso(job.printedAt),
    confirmed_at: iso(job.confirmedAt),
  };
}
