import { z } from 'zod';
import {
  contentAnswer,
  defineRoute,
  idParamsSchema,
  messageSchema,
  noBodySchema,
  okSchema,
} from '../common/contract.ts';
import {
  agentActiveJobSchema,
  agentCreateSchema,
  agentDtoSchema,
  agentHelloSchema,
  agentJobSchema,
  directPrinterCreateSchema,
  directPrinterEntrySchema,
  agentReportSchema,
  PRINT_JOB_STATES,
  printAllNewResultSchema,
  printerDtoSchema,
  printerUpdateSchema,
  printJobDtoSchema,
  printOrderSchema,
} from './schemas.ts';

const tags = ['printing'] as const;
const jobParams = idParamsSchema('Print job not found');
const orderParams = idParamsSchema('Order not found');
const agentParams = idParamsSchema('Print agent not found');
const printerParams = idParamsSchema('Printer not found');
const agentAnswer = z.object({ agent: agentDtoSchema, token: z.string() });

/** `?orders=1,2,3`: the order cards on screen (a page holds at most 100). */
export const printJobsQuerySchema = z.object({
  orders: z
    .string({ error: 'orders must be a comma-separated list of at most 100 order ids' })
    .max(1200)
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, 'orders must be a comma-separated list of at most 100 order ids')
    .transform((s) => [...new Set(s.split(',').map(Number))].filter((n) => n > 0 && n <= 2_147_483_647)),
});

const jobAction = (action: string, summary: string) =>
  defineRoute('POST', `/api/print/jobs/:id/${action}`, {
    summary,
    description: 'Staff or the admin. 409 `job_state` when the job is not in a state for it. Answers the job.',
    tags,
    params: jobParams,
    body: noBodySchema,
    response: { 200: printJobDtoSchema },
  });

/** The admin's printers and the counter's print buttons (docs/decisions/014-print-agent.md). */
export const printingRoutes = {
  agents: defineRoute('GET', '/api/admin/print/agents', {
    summary: 'Print agents and their printers',
    description: 'Admin only.',
    tags,
    response: { 200: z.array(agentDtoSchema) },
  }),
  addAgent: defineRoute('POST', '/api/admin/print/agents', {
    summary: 'Add a print agent',
    description: 'Admin only. The token is in this answer only: it is stored hashed.',
    tags,
    body: agentCreateSchema,
    response: { 201: agentAnswer },
  }),
  newToken: defineRoute('POST', '/api/admin/print/agents/:id/token', {
    summary: "Replace an agent's token",
    description: 'Admin only. The old token stops working at once.',
    tags,
    params: agentParams,
    body: noBodySchema,
    response: { 200: agentAnswer },
  }),
  revokeToken: defineRoute('DELETE', '/api/admin/print/agents/:id/token', {
    summary: "Revoke an agent's token",
    description: 'Admin only. Its jobs wait until it has a new token.',
    tags,
    params: agentParams,
    response: { 200: messageSchema },
  }),
  setRole: defineRoute('PATCH', '/api/admin/print/printers/:id', {
    summary: "Set a printer's role (or none)",
    description: 'Admin only. `bw_a4`, `color_a4`, `a3`, `pvc` or null.',
    tags,
    params: printerParams,
    body: printerUpdateSchema,
    response: { 200: printerDtoSchema },
  }),
  addDirectPrinter: defineRoute('POST', '/api/admin/print/agents/:id/printers', {
    summary: 'Add a printer by its IPP address',
    description:
      'Admin only. For an agent that prints straight to IPP Everywhere printers (decision 035): `name` (letters, digits, - and _) and `uri` (ipp://, ipps://, http:// or https://, no user name or password). 409 `agent_prints_cups_only` for an agent that does not, `printer_name_taken` for a name the agent already has. The agent reads the printer within a heartbeat; until then it shows as not answering.',
    tags,
    params: agentParams,
    body: directPrinterCreateSchema,
    response: { 201: printerDtoSchema },
  }),
  removeDirectPrinter: defineRoute('DELETE', '/api/admin/print/printers/:id', {
    summary: 'Remove a printer added by IPP address',
    description:
      'Admin only. 409 `printer_not_direct` for a CUPS queue, `printer_in_use` while a job is on its way to it.',
    tags,
    params: printerParams,
    response: { 200: messageSchema },
  }),
  printers: defineRoute('GET', '/api/print/printers', {
    summary: 'Printers with a role',
    description: 'Staff or the admin.',
    tags,
    response: { 200: z.array(printerDtoSchema) },
  }),
  jobs: defineRoute('GET', '/api/print/jobs', {
    summary: 'The newest print job of each order on screen',
    description: 'Staff or the admin.',
    tags,
    querystring: printJobsQuerySchema,
    response: { 200: z.array(printJobDtoSchema) },
  }),
  print: defineRoute('POST', '/api/print/orders/:id', {
    summary: 'Print an order',
    description:
      'Staff or the admin. A ticket sheet first, then the pages paid for with their copies, sides, paper and colour. 409 `already_printing`, `already_printed` (send `again`), `no_printer`, `printer_no_colour`, `printer_no_media`, `printer_no_pdf`, `no_document`.',
    tags,
    params: orderParams,
    body: printOrderSchema,
    response: { 201: printJobDtoSchema },
  }),
  ticket: defineRoute('GET', '/api/print/orders/:id/ticket', {
    summary: "An order's ticket sheet",
    description: 'Staff or the admin.',
    tags,
    params: orderParams,
    response: { 200: contentAnswer('application/pdf', 'The ticket, inline.') },
  }),
  printAllNew: defineRoute('POST', '/api/print/new', {
    summary: 'Print every new order without a job, oldest first',
    description: 'Staff or the admin; at most 50. `skipped` says why an order was left out.',
    tags,
    body: noBodySchema,
    response: { 200: printAllNewResultSchema },
  }),
  retry: jobAction('retry', 'Send a failed job again'),
  backs: jobAction('backs', 'Print the backs of a hand-turned two-sided job'),
  cancel: jobAction('cancel', 'Cancel a job'),
  confirm: jobAction('confirm', 'Confirm the paper is in hand'),
};

const AGENT = "The print agent's token only (`Authorization: Bearer psa_…`; never a session).";
const STALE = 'A report or download for an attempt that has moved on answers 409 `stale_job`.';

/** The print agent's own routes: outbound HTTPS only, so it works behind the shop's NAT and proxies. */
export const agentRoutes = {
  hello: defineRoute('POST', '/api/agent/hello', {
    summary: 'The agent (re)starts, with its printers',
    description: `${AGENT} What it had taken comes back to it; \`active\` are the jobs at CUPS it goes on watching.`,
    tags,
    body: agentHelloSchema,
    response: {
      200: z.object({
        agentId: z.number().int(),
        name: z.string(),
        active: z.array(agentActiveJobSchema),
        heartbeatSeconds: z.number(),
        leaseSeconds: z.number(),
        /** Printers the admin added by IPP address for this agent to print to straight (decision 035). */
        directPrinters: z.array(directPrinterEntrySchema),
      }),
    },
  }),
  goodbye: defineRoute('POST', '/api/agent/goodbye', {
    summary: 'The agent stops',
    description: AGENT,
    tags,
    body: noBodySchema,
    response: { 200: okSchema },
  }),
  printers: defineRoute('PUT', '/api/agent/printers', {
    summary: "The printers' states (every 30 s)",
    description: `${AGENT} Answers the printers added by IPP address, so a new one is printed to within a heartbeat.`,
    tags,
    body: agentHelloSchema,
    response: { 200: okSchema.extend({ directPrinters: z.array(directPrinterEntrySchema) }) },
  }),
  jobs: defineRoute('GET', '/api/agent/jobs', {
    summary: 'Wait for jobs (long poll)',
    description: `${AGENT} Waits up to \`wait\` seconds (0–25) for work; answered with no job when the server shuts down, and at once when the admin adds or removes one of its printers (\`directPrinters\`).`,
    tags,
    querystring: z.object({
      wait: z.coerce.number().int().min(0).max(25).default(25),
      /** `directPrintersTag` of the list the agent has: an out-of-date one is answered at once. */
      printers: z
        .string()
        .regex(/^\d{1,4}-[0-9a-f]{8}$/)
        .optional(),
    }),
    response: { 200: z.object({ jobs: z.array(agentJobSchema), directPrinters: z.array(directPrinterEntrySchema) }) },
  }),
  document: defineRoute('GET', '/api/agent/jobs/:id/document', {
    summary: "A job's print-ready PDF",
    description: `${AGENT} The pages in \`x-page-count\`. ${STALE}`,
    tags,
    params: jobParams,
    querystring: z.object({
      attempt: z.coerce.number().int().min(1).max(1000),
      pass: z.coerce.number().int().min(1).max(2),
    }),
    response: { 200: contentAnswer('application/pdf', 'The PDF to print.') },
  }),
  report: defineRoute('POST', '/api/agent/jobs/:id/report', {
    summary: 'What CUPS did with a job',
    description: `${AGENT} ${STALE}`,
    tags,
    params: jobParams,
    body: agentReportSchema,
    response: { 200: z.object({ state: z.enum(PRINT_JOB_STATES), attempt: z.number().int(), pass: z.number().int() }) },
  }),
};
