import { createRequire } from 'node:module';
import { PassThrough, type Readable } from 'node:stream';

/**
 * IPP (RFC 8011) over HTTP through @sealsystems/ipp, shared by the CUPS queues (cups.ts) and the printers the agent
 * prints to straight (direct.ts): both are IPP servers. Every request names the same requesting user, so a printer or
 * CUPS shows the agent its own jobs' names (job-name is private to a job's owner by default): that is how a job
 * already submitted is found again after a crash.
 */

/** The part of @sealsystems/ipp (CommonJS, untyped) the agent uses. */
export interface IppMessage {
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
  request(options: object, body: Buffer | Readable, callback: (err: Error | null, res: IppMessage) => void): void;
}
const ipp = createRequire(import.meta.url)('@sealsystems/ipp') as IppModule;

export const REQUESTING_USER = 'print-shop';

export class IppError extends Error {
  constructor(
    readonly status: string,
    message: string,
  ) {
    super(message);
  }
}

/** CUPS or the printer could not be reached (not running, wrong address): nothing is known about what it did. */
export class CupsUnreachable extends Error {}

export interface CupsJobStatus {
  id: number;
  state: string;
  reasons: string[];
  message: string;
  name?: string;
}

export const list = (v: unknown): string[] =>
  v === undefined || v === null ? [] : Array.isArray(v) ? v.map(String) : [String(v)];
export const groups = (g: IppMessage['printer-attributes-tag']): Array<Record<string, unknown>> =>
  !g ? [] : Array.isArray(g) ? g : [g];

export interface IppRequestOptions {
  /** Idle time allowed on the connection (rendering a page for a raster job takes a while). */
  timeoutMs?: number;
  /** Whom to name when it cannot be reached: "CUPS" or "the printer". */
  who?: string;
  /** The document: bytes, or a stream (sent chunked, as it is made). */
  document?: Buffer | Readable;
  /** The part of the URL to show in messages (never a password: printer addresses with user:pass are refused). */
  label?: string;
}

/** One IPP request to `url` (the printer URI; ipp:// is http:// on port 631 unless given). */
export function ippRequest(
  url: string,
  operation: string,
  operationAttributes: Record<string, unknown>,
  jobAttributes: Record<string, unknown> | undefined,
  opts: IppRequestOptions = {},
): Promise<IppMessage> {
  const u = new URL(url);
  const httpUrl = new URL(url.replace(/^ipp:/, 'http:').replace(/^ipps:/, 'https:'));
  const msg: IppMessage = {
    version: '2.0',
    operation,
    id: null,
    'operation-attributes-tag': {
      'attributes-charset': 'utf-8',
      'attributes-natural-language': 'en',
      ...(operation === 'CUPS-Get-Printers'
        ? {}
        : { 'printer-uri': url.replace(/^http:/, 'ipp:').replace(/^https:/, 'ipps:') }),
      'requesting-user-name': REQUESTING_USER,
      ...operationAttributes,
    },
    ...(jobAttributes ? { 'job-attributes-tag': jobAttributes } : {}),
  };
  const doc = opts.document;
  let body: Buffer | Readable;
  if (!doc) body = ipp.serialize(msg);
  else if (Buffer.isBuffer(doc)) body = ipp.serialize({ ...msg, data: doc });
  else {
    // The attributes first, then the document as it is made (chunked transfer: IPP/1.1 requires printers take it).
    const head = ipp.serialize(msg);
    body = prepend(head, doc);
  }
  const who = opts.who ?? 'CUPS';
  const shown = opts.label ?? `${u.protocol}//${u.host}`;
  return new Promise((resolve, reject) => {
    ipp.request(
      {
        protocol: httpUrl.protocol,
        hostname: httpUrl.hostname.replace(/^\[|\]$/g, ''),
        port: Number(httpUrl.port) || 631,
        path: httpUrl.pathname + httpUrl.search,
        timeout: opts.timeoutMs ?? 20_000,
        headers: {},
      },
      body,
      (err, res) => {
        if (err)
          return reject(
            new CupsUnreachable(
              `${who === 'CUPS' ? 'CUPS' : 'The printer'} is not answering at ${shown} (${err.message})`,
            ),
          );
        if (!res.statusCode || !/^successful-ok/.test(res.statusCode)) {
          const detail = String((res['operation-attributes-tag'] ?? {})['status-message'] ?? '');
          return reject(
            new IppError(res.statusCode ?? 'unknown', detail || res.statusCode || `${who} refused the request`),
          );
        }
        resolve(res);
      },
    );
  });
}

/** A stream of `head` followed by `rest`. */
function prepend(head: Buffer, rest: Readable): Readable {
  const out = new PassThrough();
  out.write(head);
  rest.on('error', (err) => out.destroy(err));
  rest.pipe(out);
  return out;
}

export function toStatus(j: Record<string, unknown>): CupsJobStatus {
  return {
    id: Number(j['job-id']),
    state: String(j['job-state'] ?? 'unknown'),
    reasons: list(j['job-state-reasons']),
    message: String(j['job-state-message'] ?? ''),
    name: j['job-name'] === undefined ? undefined : String(j['job-name']),
  };
}

/**
 * The job operations on one IPP printer URI (a CUPS queue's or a printer's own): submit, list our jobs (history
 * included), find one by the shop's key in its name, read one.
 */
export class IppJobs {
  constructor(
    readonly url: string,
    private readonly opts: IppRequestOptions = {},
  ) {}

  request(
    operation: string,
    attrs: Record<string, unknown>,
    jobAttributes?: Record<string, unknown>,
    more: IppRequestOptions = {},
  ) {
    return ippRequest(this.url, operation, attrs, jobAttributes, { ...this.opts, ...more });
  }

  async submit(
    jobName: string,
    format: string,
    attributes: Record<string, unknown>,
    document: Buffer | Readable,
    timeoutMs?: number,
  ): Promise<number> {
    const res = await this.request('Print-Job', { 'job-name': jobName, 'document-format': format }, attributes, {
      document,
      ...(timeoutMs ? { timeoutMs } : {}),
    });
    const job = groups(res['job-attributes-tag'])[0] ?? {};
    const id = Number(job['job-id']);
    if (!Number.isInteger(id) || id <= 0)
      throw new IppError('no-job-id', `${this.opts.who ?? 'CUPS'} accepted the job but gave no job id`);
    return id;
  }

  /** Every job of ours the server still knows here, finished ones included (its job history). */
  async jobs(): Promise<CupsJobStatus[]> {
    try {
      const res = await this.request('Get-Jobs', {
        'which-jobs': 'all',
        'my-jobs': true,
        'requested-attributes': ['job-id', 'job-name', 'job-state', 'job-state-reasons', 'job-state-message'],
      });
      return groups(res['job-attributes-tag']).map(toStatus);
    } catch (err) {
      // No job at all yet.
      if (err instanceof IppError && err.status === 'client-error-not-found') return [];
      throw err;
    }
  }

  /** A job of ours whose name carries this key (the duplicate check), or null. */
  async find(key: string): Promise<CupsJobStatus | null> {
    const mark = `[shop-job ${key}]`;
    return (await this.jobs()).find((j) => (j.name ?? '').includes(mark)) ?? null;
  }

  async job(id: number): Promise<CupsJobStatus | null> {
    try {
      const res = await this.request('Get-Job-Attributes', {
        'job-id': id,
        'requested-attributes': [
          'job-id',
          'job-name',
          'job-state',
          'job-state-reasons',
          'job-state-message',
          'copies',
          'sides',
          'media',
          'print-color-mode',
        ],
      });
      return toStatus(groups(res['job-attributes-tag'])[0] ?? {});
    } catch (err) {
      if (err instanceof IppError && err.status === 'client-error-not-found') return null;
      throw err;
    }
  }

  /** Every attribute held for a job (tests check what it accepted). */
  async jobAttributes(id: number): Promise<Record<string, unknown>> {
    const res = await this.request('Get-Job-Attributes', { 'job-id': id, 'requested-attributes': ['all'] });
    return groups(res['job-attributes-tag'])[0] ?? {};
  }
}
