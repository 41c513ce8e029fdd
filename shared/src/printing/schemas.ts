import { z } from 'zod';

/**
 * Printing through a print agent (docs/decisions/014-print-agent.md): the contracts of the admin's printer screen,
 * the counter's print buttons and the agent's own routes, shared by the server, the web app and the agent.
 */

/** What a shop printer is used for. A service's printing type and paper size pick the role (roleForPrint). */
export const PRINTER_ROLES = ['bw_a4', 'color_a4', 'a3', 'pvc'] as const;
export type PrinterRole = (typeof PRINTER_ROLES)[number];
export const PRINTER_ROLE_LABELS: Record<PrinterRole, string> = {
  bw_a4: 'Black & white A4',
  color_a4: 'Colour A4',
  a3: 'A3',
  pvc: 'PVC card',
};

/** The printer an order needs: PVC cards on the card printer, A3 on the A3 printer, the rest by colour (A4, Letter, Legal). */
export function roleForPrint(printingType: string, paperSize: string): PrinterRole {
  if (printingType === 'pvc') return 'pvc';
  if (paperSize === 'a3') return 'a3';
  return printingType === 'bw' ? 'bw_a4' : 'color_a4';
}

/**
 * A print job's life. queued: waiting for the agent; sent: handed to the agent, not yet at CUPS; submitted: CUPS
 * accepted it; printing: CUPS is printing it; awaiting_flip: manual duplex, the fronts are out and the clerk must turn
 * the stack; printed: CUPS says done; confirmed: the clerk saw the paper; failed: with the reason; cancelled.
 */
export const PRINT_JOB_STATES = [
  'queued',
  'sent',
  'submitted',
  'printing',
  'awaiting_flip',
  'printed',
  'confirmed',
  'failed',
  'cancelled',
] as const;
export type PrintJobState = (typeof PRINT_JOB_STATES)[number];
/** States in which a job is still on its way to paper: the order cannot be sent again meanwhile. */
export const ACTIVE_PRINT_JOB_STATES: readonly PrintJobState[] = [
  'queued',
  'sent',
  'submitted',
  'printing',
  'awaiting_flip',
];

export const PRINT_JOB_STATE_LABELS: Record<PrintJobState, string> = {
  queued: 'Queued',
  sent: 'Sent to the printer',
  submitted: 'Waiting at the printer',
  printing: 'Printing',
  awaiting_flip: 'Turn the stack over',
  printed: 'Printed',
  confirmed: 'Printed and checked',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** IPP sides keywords the shop uses. */
export const IPP_SIDES = ['one-sided', 'two-sided-long-edge'] as const;
export const IPP_COLOR_MODES = ['monochrome', 'color'] as const;

const queueName = z
  .string()
  .min(1)
  .max(127)
  .regex(/^[^\s/#\\]+$/, 'a CUPS queue name has no spaces, slashes or #');

/** What the agent sends a printer it prints to straight: the PDF itself, or pages it renders to PWG raster. */
export const DIRECT_FORMATS = ['application/pdf', 'image/pwg-raster'] as const;

/** A printer the admin added by its IPP address, as the server tells its agent. */
export const directPrinterEntrySchema = z.object({ queue: z.string(), uri: z.string() });

/**
 * A short tag of a list of printers added by address (FNV-1a of its JSON), as the agent last received it: it sends it
 * with each long poll, so a change made between two polls is answered at once rather than at the next heartbeat.
 */
export function directPrintersTag(entries: ReadonlyArray<{ queue: string; uri: string }>): string {
  const text = JSON.stringify(entries.map((e) => [e.queue, e.uri]));
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `${entries.length}-${h.toString(16).padStart(8, '0')}`;
}

export const PRINTER_ADDRESS_MESSAGES = {
  name: 'Name the printer with letters, digits, - or _ (at most 60), e.g. Office_Laser',
  address: 'Type the printer’s IPP address, e.g. ipp://192.168.1.20/ipp/print',
  scheme: 'A printer address starts with ipp://, ipps://, http:// or https://',
  credentials: 'Leave the user name and password out of the printer address',
  cupsOnly: 'This agent prints through CUPS only: update it to print straight to printers by address.',
  taken: 'This agent already has a printer of that name. Choose another name.',
  notDirect: 'Only a printer added by address can be removed; CUPS queues go when they are removed from CUPS.',
  inUse: 'This printer has a print job on its way. Wait for it, or cancel it, before removing the printer.',
};

/** POST /api/admin/print/agents/:id/printers: a printer the agent prints to straight (decision 035). */
export const directPrinterCreateSchema = z.object({
  name: z
    .string({ error: PRINTER_ADDRESS_MESSAGES.name })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,59}$/, PRINTER_ADDRESS_MESSAGES.name),
  uri: z
    .string({ error: PRINTER_ADDRESS_MESSAGES.address })
    .trim()
    .min(8, PRINTER_ADDRESS_MESSAGES.address)
    .max(300, PRINTER_ADDRESS_MESSAGES.address)
    .superRefine((text, ctx) => {
      const m = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#\s]*)([^#\s]*)$/.exec(text);
      if (!m) return void ctx.addIssue({ code: 'custom', message: PRINTER_ADDRESS_MESSAGES.address });
      if (!['ipp', 'ipps', 'http', 'https'].includes(m[1]!.toLowerCase()))
        return void ctx.addIssue({ code: 'custom', message: PRINTER_ADDRESS_MESSAGES.scheme });
      if (m[2]!.includes('@'))
        return void ctx.addIssue({ code: 'custom', message: PRINTER_ADDRESS_MESSAGES.credentials });
      if (!/^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)(:\d{1,5})?$/.test(m[2]!))
        ctx.addIssue({ code: 'custom', message: PRINTER_ADDRESS_MESSAGES.address });
    }),
});
export type DirectPrinterCreate = z.infer<typeof directPrinterCreateSchema>;

const shortText = (max: number) => z.string().max(max);

/** What the agent read from CUPS about one queue. */
export const agentPrinterSchema = z.object({
  queue: queueName,
  info: shortText(200).default(''),
  makeAndModel: shortText(200).default(''),
  /** idle, processing or stopped (IPP printer-state). */
  state: z.enum(['idle', 'processing', 'stopped', 'unknown']).default('unknown'),
  stateReasons: z.array(shortText(100)).max(30).default([]),
  stateMessage: shortText(300).default(''),
  accepting: z.boolean().default(true),
  capabilities: z.object({
    media: z.array(shortText(100)).max(400).default([]),
    color: z.boolean().default(false),
    duplex: z.boolean().default(false),
    /** The agent can print the shop's PDFs on it (CUPS takes PDF; a direct printer takes PDF or PWG raster). */
    pdf: z.boolean().default(false),
    /** A printer the agent prints to straight: the format it sends (decision 035). */
    format: z.enum(DIRECT_FORMATS).optional(),
  }),
  /** A role the agent's --printers option proposes (the admin decides). */
  suggestedRole: z.enum(PRINTER_ROLES).optional(),
});
export type AgentPrinter = z.infer<typeof agentPrinterSchema>;

export const agentHelloSchema = z.object({
  version: shortText(40).default(''),
  printers: z.array(agentPrinterSchema).max(50),
  /** The agent also prints straight to IPP Everywhere printers the admin adds by address (decision 035). */
  printsDirect: z.boolean().default(false),
});
export type AgentHello = z.infer<typeof agentHelloSchema>;

const attemptOfJob = {
  id: z.number().int(),
  attempt: z.number().int(),
  pass: z.number().int(),
  key: z.string(),
  queue: z.string(),
};

/** A job as the server hands it to the agent. `key` names one attempt and pass: CUPS' job-name carries it. */
export const agentJobSchema = z
  .object({
    ...attemptOfJob,
    jobName: z.string(),
    documentUrl: z.string(),
    /** IPP job template attributes, exactly as CUPS should receive them. */
    ipp: z.object({
      copies: z.literal(1),
      sides: z.enum(IPP_SIDES),
      media: z.string(),
      'print-color-mode': z.enum(IPP_COLOR_MODES),
    }),
    pages: z.number().int(),
  })
  .meta({ id: 'AgentJob' });
export type AgentJob = z.infer<typeof agentJobSchema>;

/** Jobs the server believes are at CUPS: a restarted agent goes on watching them. */
export const agentActiveJobSchema = z
  .object({ ...attemptOfJob, cupsJobId: z.number().int() })
  .meta({ id: 'AgentActiveJob' });
export type AgentActiveJob = z.infer<typeof agentActiveJobSchema>;

export const agentReportSchema = z.object({
  attempt: z.number().int().min(1).max(1000),
  pass: z.number().int().min(1).max(2),
  /** waiting: taken but not yet at CUPS (CUPS not answering…), with the problem; the job stays the agent's. */
  state: z.enum(['waiting', 'submitted', 'printing', 'printed', 'failed']),
  cupsJobId: z.number().int().positive().max(2_147_483_647).optional(),
  /** Why it failed (failed), in words a clerk understands. */
  reason: shortText(300).optional(),
  /** What holds it up while it waits at the printer (printer stopped, out of paper…); empty when nothing. */
  problem: shortText(300).optional(),
});
export type AgentReport = z.infer<typeof agentReportSchema>;

// ---- Admin
export const agentCreateSchema = z.object({
  name: z.string().trim().min(1, 'Name the agent, e.g. "Counter PC"').max(60, 'At most 60 characters'),
});
export const printerUpdateSchema = z.object({
  role: z.enum(PRINTER_ROLES).nullable(),
});

export const printerDtoSchema = z
  .object({
    id: z.number().int(),
    agent_id: z.number().int(),
    agent_name: z.string(),
    queue: z.string(),
    /** A printer the agent prints to straight: its IPP address (null for a CUPS queue). */
    uri: z.string().nullable(),
    name: z.string(),
    make_and_model: z.string(),
    role: z.enum(PRINTER_ROLES).nullable(),
    state: z.string(),
    state_message: z.string(),
    problem: z.string().nullable(),
    accepting: z.boolean(),
    capabilities: z.object({
      media: z.array(z.string()),
      color: z.boolean(),
      duplex: z.boolean(),
      pdf: z.boolean(),
      format: z.enum(DIRECT_FORMATS).optional(),
    }),
    /** Whether its agent was heard from in the last minute and a half and the queue was in its last report. */
    online: z.boolean(),
    last_seen_at: z.string().nullable(),
  })
  .meta({ id: 'Printer' });
export type PrinterDto = z.infer<typeof printerDtoSchema>;

export const agentDtoSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    is_local: z.boolean(),
    /** It prints straight to printers added by address too (decision 035). */
    prints_direct: z.boolean(),
    has_token: z.boolean(),
    token_hint: z.string().nullable(),
    version: z.string().nullable(),
    online: z.boolean(),
    last_seen_at: z.string().nullable(),
    created_at: z.string(),
    revoked_at: z.string().nullable(),
    printers: z.array(printerDtoSchema),
  })
  .meta({ id: 'Agent' });
export type AgentDto = z.infer<typeof agentDtoSchema>;

// ---- Counter
export const printJobDtoSchema = z
  .object({
    id: z.number().int(),
    order_id: z.number().int(),
    order_number: z.string(),
    printer: z
      .object({
        id: z.number().int(),
        name: z.string(),
        queue: z.string(),
        role: z.enum(PRINTER_ROLES).nullable(),
        online: z.boolean(),
      })
      .nullable(),
    state: z.enum(PRINT_JOB_STATES),
    state_label: z.string(),
    attempt: z.number().int(),
    pass: z.number().int(),
    manual_duplex: z.boolean(),
    copies: z.number().int(),
    sides: z.string(),
    media: z.string(),
    color_mode: z.string(),
    pages: z.number().int(),
    /** Sheets of paper the job uses, ticket included. */
    sheets: z.number().int(),
    error: z.string().nullable(),
    problem: z.string().nullable(),
    cups_job_id: z.number().int().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    printed_at: z.string().nullable(),
    confirmed_at: z.string().nullable(),
  })
  .meta({ id: 'PrintJob' });
export type PrintJobDto = z.infer<typeof printJobDtoSchema>;

export const printOrderSchema = z.object({
  /** Print an order that was printed before (the clerk confirmed "print again"). */
  again: z.boolean().default(false),
});

export const printAllNewResultSchema = z
  .object({
    queued: z.number().int(),
    jobs: z.array(printJobDtoSchema),
    /** Orders left out, with why (already printing, no printer for it…). */
    skipped: z.array(z.object({ order_number: z.string(), reason: z.string() })),
  })
  .meta({ id: 'PrintAllNewResult' });
export type PrintAllNewResult = z.infer<typeof printAllNewResultSchema>;
