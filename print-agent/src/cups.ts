import type { AgentPrinter } from '@shop/shared/printing/schemas';
import { groups, IppError, IppJobs, ippRequest, list, type CupsJobStatus } from './ipp.ts';

export { CupsUnreachable, IppError, type CupsJobStatus } from './ipp.ts';

/** The printer attributes the agent reads, from CUPS or from a printer itself. */
export const PRINTER_ATTRIBUTES = [
  'printer-info',
  'printer-make-and-model',
  'printer-state',
  'printer-state-reasons',
  'printer-state-message',
  'printer-is-accepting-jobs',
  'media-supported',
  'color-supported',
  'sides-supported',
  'document-format-supported',
];

/** One queue or printer as the server records it: state, problem reasons and capabilities (media, colour, duplex, PDF). */
export function printerFromAttributes(queue: string, a: Record<string, unknown>): AgentPrinter {
  const state = String(a['printer-state'] ?? 'unknown');
  return {
    queue,
    info: String(a['printer-info'] ?? '').slice(0, 200),
    makeAndModel: String(a['printer-make-and-model'] ?? '').slice(0, 200),
    state: state === 'idle' || state === 'processing' || state === 'stopped' ? state : 'unknown',
    stateReasons: list(a['printer-state-reasons']).slice(0, 30),
    stateMessage: String(a['printer-state-message'] ?? '').slice(0, 300),
    accepting: a['printer-is-accepting-jobs'] !== false,
    capabilities: {
      media: list(a['media-supported']).slice(0, 400),
      color: a['color-supported'] === true,
      duplex: list(a['sides-supported']).some((s) => s.startsWith('two-sided')),
      pdf: list(a['document-format-supported']).includes('application/pdf'),
    },
  };
}

/** Local CUPS over IPP (RFC 8011 and CUPS' own operations): its queues, each an IPP printer at /printers/QUEUE. */
export class CupsClient {
  private readonly base: string;
  constructor(cupsUrl: string) {
    this.base = cupsUrl
      .replace(/^ipp:/, 'http:')
      .replace(/^ipps:/, 'https:')
      .replace(/\/+$/, '');
  }

  printerUrl(queue: string): string {
    return `${this.base}/printers/${encodeURIComponent(queue)}`;
  }

  private queue(queue: string) {
    return new IppJobs(this.printerUrl(queue), { who: 'CUPS', label: this.base });
  }

  /** Every queue this CUPS has. */
  async queues(): Promise<string[]> {
    try {
      const res = await ippRequest(
        `${this.base}/`,
        'CUPS-Get-Printers',
        { 'requested-attributes': ['printer-name'] },
        undefined,
        { label: this.base },
      );
      return groups(res['printer-attributes-tag'])
        .map((p) => String(p['printer-name'] ?? ''))
        .filter(Boolean);
    } catch (err) {
      // CUPS answers "not found" when it has no queue at all.
      if (err instanceof IppError && err.status === 'client-error-not-found') return [];
      throw err;
    }
  }

  async printer(queue: string): Promise<AgentPrinter> {
    const res = await this.queue(queue).request('Get-Printer-Attributes', {
      'requested-attributes': PRINTER_ATTRIBUTES,
    });
    return printerFromAttributes(queue, groups(res['printer-attributes-tag'])[0] ?? {});
  }

  /** Submits a PDF; CUPS answers with its job id once the file is spooled. */
  printPdf(queue: string, jobName: string, attributes: Record<string, unknown>, pdf: Buffer): Promise<number> {
    return this.queue(queue).submit(jobName, 'application/pdf', attributes, pdf);
  }

  jobs(queue: string): Promise<CupsJobStatus[]> {
    return this.queue(queue).jobs();
  }

  findJob(queue: string, key: string): Promise<CupsJobStatus | null> {
    return this.queue(queue).find(key);
  }

  job(queue: string, id: number): Promise<CupsJobStatus | null> {
    return this.queue(queue).job(id);
  }

  jobAttributes(queue: string, id: number): Promise<Record<string, unknown>> {
    return this.queue(queue).jobAttributes(id);
  }
}
