import type { PrinterRole } from '@shop/shared/printing/schemas';

/** The agent's options and the small pieces its loops share. */
export interface PrinterChoice {
  queue: string;
  role?: PrinterRole;
}
export interface AgentLogger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}
export interface AgentOptions {
  server: string;
  token: string;
  /** Local CUPS (default http://localhost:631); null: none (printers added by IPP address only). */
  cupsUrl?: string | null;
  /** The queues to offer (with a suggested role); default every CUPS queue. */
  printers?: PrinterChoice[];
  journalFile: string;
  logger?: AgentLogger;
  version?: string;
  /** How often jobs at CUPS are checked (ms). */
  watchMs?: number;
}

/** A job at CUPS whose outcome the server has not yet acknowledged. */
export interface Watched {
  id: number;
  attempt: number;
  pass: number;
  key: string;
  queue: string;
  cupsJobId: number;
  acked: string | null;
  ackedProblem: string | null;
}

export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const t = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
