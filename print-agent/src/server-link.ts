import type { AgentActiveJob, AgentHello, AgentJob, AgentReport } from '@shop/shared/printing/schemas';
import { pinnedDocumentUrl } from './job-attributes.ts';

/** The shop's server refused the token (revoked or mistyped): retrying will not help. */
export class TokenRefused extends Error {}
/** The server says this job attempt is over (retried, cancelled, failed on the server): forget it. */
export class StaleJob extends Error {}
/** Anything else: network down, server restarting, 5xx. Try again later. */
export class ServerUnavailable extends Error {}

/** A printer the admin added by its IPP address, for this agent to print to straight (decision 035). */
export interface DirectPrinterEntry {
  queue: string;
  uri: string;
}

export interface HelloAnswer {
  agentId: number;
  name: string;
  active: AgentActiveJob[];
  heartbeatSeconds: number;
  leaseSeconds: number;
  /** Absent from servers that do not know direct printers. */
  directPrinters?: DirectPrinterEntry[];
}

/** HTTPS to the shop's server, outbound only: works from behind the shop's router and proxies. */
export class ServerLink {
  constructor(
    private readonly base: string,
    private readonly token: string,
    private readonly version: string,
  ) {}

  private async call(
    method: string,
    path: string | URL,
    opts: { body?: unknown; timeoutMs?: number; signal?: AbortSignal } = {},
  ): Promise<Response> {
    const signals = [AbortSignal.timeout(opts.timeoutMs ?? 30_000), ...(opts.signal ? [opts.signal] : [])];
    let res: Response;
    try {
      res = await fetch(new URL(path, this.base), {
        // The shop's API never redirects: a redirect would carry the token somewhere it was not meant to go.
        redirect: 'error',
        method,
        headers: {
          authorization: `Bearer ${this.token}`,
          accept: 'application/json, application/pdf',
          'user-agent': `shop-print-agent/${this.version}`,
          ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: AbortSignal.any(signals),
      });
    } catch (err) {
      throw new ServerUnavailable(`The shop's server cannot be reached (${(err as Error).message})`);
    }
    if (res.ok) return res;
    const message = ((await res.json().catch(() => ({}))) as { message?: string }).message ?? res.statusText;
    if (res.status === 401) throw new TokenRefused(message);
    if (res.status === 409 || res.status === 404) throw new StaleJob(message);
    throw new ServerUnavailable(`The shop's server answered ${res.status}: ${message}`);
  }

  async hello(report: AgentHello): Promise<HelloAnswer> {
    return (await (await this.call('POST', '/api/agent/hello', { body: report })).json()) as HelloAnswer;
  }

  async heartbeat(report: AgentHello): Promise<{ directPrinters?: DirectPrinterEntry[] }> {
    return (await (await this.call('PUT', '/api/agent/printers', { body: report })).json()) as {
      directPrinters?: DirectPrinterEntry[];
    };
  }

  /** Waits up to `waitSeconds` for jobs (long poll). */
  async jobs(
    waitSeconds: number,
    signal?: AbortSignal,
    printersTag?: string,
  ): Promise<{ jobs: AgentJob[]; directPrinters?: DirectPrinterEntry[] }> {
    const tag = printersTag ? `&printers=${encodeURIComponent(printersTag)}` : '';
    const res = await this.call('GET', `/api/agent/jobs?wait=${waitSeconds}${tag}`, {
      timeoutMs: (waitSeconds + 20) * 1000,
      signal,
    });
    return (await res.json()) as { jobs: AgentJob[]; directPrinters?: DirectPrinterEntry[] };
  }

  /** The job's PDF, only from this agent's own server (decision 035): the token goes nowhere else. */
  async document(job: AgentJob): Promise<Buffer> {
    const res = await this.call('GET', pinnedDocumentUrl(job.documentUrl, this.base), { timeoutMs: 120_000 });
    return Buffer.from(await res.arrayBuffer());
  }

  /** Stopping: the shop shows this agent offline at once (and sends new jobs to another printer of the same kind). */
  async goodbye(): Promise<void> {
    await this.call('POST', '/api/agent/goodbye', { body: {}, timeoutMs: 3000 });
  }

  async report(jobId: number, report: AgentReport): Promise<void> {
    await this.call('POST', `/api/agent/jobs/${jobId}/report`, { body: report });
  }
}
