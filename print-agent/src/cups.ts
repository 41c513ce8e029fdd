import { createRequire } from 'node:module';
import type { AgentPrinter } from '@shop/shared/printing/schemas';

/** The part of @sealsystems/ipp (CommonJS, untyped) the agent uses. */
interface IppMessage {
  version?: string;
  operation?: string;
  id?: number | null;
  statusCode?: string;
  'operation-attributes-tag'?: Record<string, unknown>;
  'job-attributes-tag'?: Record<string, unknown> | Array<Record<string, unknown>>;
  'printer-attributes-tag'?: Record<string, unknown> | Array<Record<string, unknown>>;
  data?: Buffer;
}
interface IppModule {
  serialize(msg: IppMessage): Buffer;
  request(options: object, body: Buffer, callback: (err: Error | null, res: IppMessage) => void): void;
}
const ipp = createRequire(import.meta.url)('@sealsystems/ipp') as IppModule;

/**
 * Local CUPS over IPP (RFC 8011 and CUPS' own operations), through @sealsystems/ipp. Every request names the same
 * requesting user, so CUPS shows the agent its own jobs' names (job-name is private to a job's owner by default):
 * that is how a job already submitted is found again after a crash.
 */
const USER = 'print-shop';
const TIMEOUT_MS = 20_000;

export class IppError extends Error {
  constructor(
    readonly status: string,
    message: string,
  ) {
    super(message);
  }
}

/** CUPS could not be reached (not running, wrong address): nothing is known about what it did. */
export class CupsUnreachable extends Error {}

export interface CupsJobStatus {
  id: number;
  state: string;
  reasons: string[];
  message: string;
  name?: string;
}

const list = (v: unknown): string[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v.map(String) : [String(v)]);
const groups = (g: IppMessage['printer-attributes-tag']): Array<Record<string, unknown>> => (!g ? [] : Array.isArray(g) ? g : [g]);

export class CupsClient {
  private readonly base: string;
  constructor(cupsUrl: string) {
    this.base = cupsUrl.replace(/^ipp:/, 'http:').replace(/^ipps:/, 'https:').replace(/\/+$/, '');
  }

  printerUrl(queue: string): string {
    return `${this.base}/printers/${encodeURIComponent(queue)}`;
  }

  private send(url: string, operation: string, operationAttributes: Record<string, unknown>, extra: Partial<IppMessage> = {}): Promise<IppMessage> {
    const u = new URL(url);
    const msg: IppMessage = {
      version: '2.0',
      operation,
      id: null,
      'operation-attributes-tag': {
        'attributes-charset': 'utf-8',
        'attributes-natural-language': 'en',
        ...(operation === 'CUPS-Get-Printers' ? {} : { 'printer-uri': url }),
        'requesting-user-name': USER,
        ...operationAttributes,
      },
      ...extra,
    };
    const body = ipp.serialize(msg);
    return new Promise((resolve, reject) => {
      ipp.request(
        { protocol: u.protocol, hostname: u.hostname, port: Number(u.port) || 631, path: u.pathname, timeout: TIMEOUT_MS, headers: {} },
        body,
        (err, res) => {
          if (err) return reject(new CupsUnreachable(`CUPS is not answering at ${this.base} (${err.message})`));
          if (!res.statusCode || !/^successful-ok/.test(res.statusCode)) {
            const detail = String((res['operation-attributes-tag'] ?? {})['status-message'] ?? '');
            return reject(new IppError(res.statusCode ?? 'unknown', detail || res.statusCode || 'CUPS refused the request'));
          }
          resolve(res);
        },
      );
    });
  }

  /** Every queue this CUPS has. */
  async queues(): Promise<string[]> {
    try {
      const res = await this.send(`${this.base}/`, 'CUPS-Get-Printers', { 'requested-attributes': ['printer-name'] });
      return groups(res['printer-attributes-tag']).map((p) => String(p['printer-name'] ?? '')).filter(Boolean);
    } catch (err) {
      // CUPS answers "not found" when it has no queue at all.
      if (err instanceof IppError && err.status === 'client-error-not-found') return [];
      throw err;
    }
  }

  /** One queue as the server records it: state, problem reasons and capabilities (media, colour, duplex, PDF). */
  async printer(queue: string): Promise<AgentPrinter> {
    const res = await this.send(this.printerUrl(queue), 'Get-Printer-Attributes', {
      'requested-attributes': [
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
      ],
    });
    const a = groups(res['printer-attributes-tag'])[0] ?? {};
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

  /** Submits a PDF; CUPS answers with its job id once the file is spooled. */
  async printPdf(queue: string, jobName: string, attributes: Record<string, unknown>, pdf: Buffer): Promise<number> {
    const res = await this.send(
      this.printerUrl(queue),
      'Print-Job',
      { 'job-name': jobName, 'document-format': 'application/pdf' },
      { 'job-attributes-tag': attributes, data: pdf },
    );
    const job = groups(res['job-attributes-tag'])[0] ?? {};
    const id = Number(job['job-id']);
    if (!Number.isInteger(id) || id <= 0) throw new IppError('no-job-id', 'CUPS accepted the job but gave no job id');
    return id;
  }

  /** Every job of ours CUPS still knows on this queue, finished ones included (its job history). */
  async jobs(queue: string): Promise<CupsJobStatus[]> {
    try {
      const res = await this.send(this.printerUrl(queue), 'Get-Jobs', {
        'which-jobs': 'all',
        'my-jobs': true,
        'requested-attributes': ['job-id', 'job-name', 'job-state', 'job-state-reasons', 'job-state-message'],
      });
      return groups(res['job-attributes-tag']).map(toStatus);
    } catch (err) {
      // No job at all on the queue yet.
      if (err instanceof IppError && err.status === 'client-error-not-found') return [];
      throw err;
    }
  }

  /** A job of ours on this queue whose name carries this key (the duplicate check), or null. */
  async findJob(queue: string, key: string): Promise<CupsJobStatus | null> {
    const mark = `[shop-job ${key}]`;
    return (await this.jobs(queue)).find((j) => (j.name ?? '').includes(mark)) ?? null;
  }

  async job(queue: string, id: number): Promise<CupsJobStatus | null> {
    try {
      const res = await this.send(this.printerUrl(queue), 'Get-Job-Attributes', {
        'job-id': id,
        'requested-attributes': ['job-id', 'job-name', 'job-state', 'job-state-reasons', 'job-state-message', 'copies', 'sides', 'media', 'print-color-mode'],
      });
      return toStatus(groups(res['job-attributes-tag'])[0] ?? {});
    } catch (err) {
      if (err instanceof IppError && err.status === 'client-error-not-found') return null;
      throw err;
    }
  }

  /** Every attribute CUPS holds for a job (tests check what it accepted). */
  async jobAttributes(queue: string, id: number): Promise<Record<string, unknown>> {
    const res = await this.send(this.printerUrl(queue), 'Get-Job-Attributes', { 'job-id': id, 'requested-attributes': ['all'] });
    return groups(res['job-attributes-tag'])[0] ?? {};
  }
}

function toStatus(j: Record<string, unknown>): CupsJobStatus {
  return {
    id: Number(j['job-id']),
    state: String(j['job-state'] ?? 'unknown'),
    reasons: list(j['job-state-reasons']),
    message: String(j['job-state-message'] ?? ''),
    name: j['job-name'] === undefined ? undefined : String(j['job-name']),
  };
}
