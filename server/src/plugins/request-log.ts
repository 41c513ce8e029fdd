import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type LogLevel } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

const enabled = (logger: FastifyBaseLogger, level: string) =>
  (logger as unknown as { isLevelEnabled(level: string): boolean }).isLevelEnabled(level);

/**
 * A request's logger that becomes a real pino child (with the request id bound) only when something is logged at
 * an enabled level. Fastify makes a child logger for every request; most requests log nothing, and making the
 * child cost more than answering a price quote (bench: calculate-cost).
 */
class LazyRequestLogger {
  #real: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}
  get #logger(): FastifyBaseLogger {
    return (this.#real ??= this.parent.child(this.bindings, this.options));
  }
  get level(): LogLevel | string {
    return this.#real?.level ?? this.options.level ?? this.parent.level;
  }
  set level(level: LogLevel | string) {
    this.#logger.level = level;
  }
  #log(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', args: unknown[]) {
    if (!this.#real && !enabled(this.parent, level)) return;
    (this.#logger[level] as (...a: unknown[]) => void)(...args);
  }
  fatal(...args: unknown[]) {
    this.#log('fatal', args);
  }
  error(...args: unknown[]) {
    this.#log('error', args);
  }
  warn(...args: unknown[]) {
    this.#log('warn', args);
  }
  info(...args: unknown[]) {
    this.#log('info', args);
  }
  debug(...args: unknown[]) {
    this.#log('debug', args);
  }
  trace(...args: unknown[]) {
    this.#log('trace', args);
  }
  silent() {}
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger.child(bindings, options);
  }
  isLevelEnabled(level: string): boolean {
    return enabled(this.#real ?? this.parent, level);
  }
}

/** Fastify's `childLoggerFactory`: see LazyRequestLogger. */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}

/** Logs carry the path only (query strings may carry keys), with reset tokens masked. */
export function logSafeUrl(url: string): string {
  return url.split('?')[0]!.replace(/(\/reset-password\/)[^/]+/, '$1[redacted]');
}

/** Where the one-line-per-request log goes: a logger of its own, since its lines hold only known fields. */
export type AccessLog = Pick<FastifyBaseLogger, 'info' | 'debug'>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A POST that changes nothing (a price quote): its successful answers are logged at debug, like reads. */
    quietLog?: boolean;
    /** A long poll (the print agent waiting for jobs): its wait is not slowness. */
    longPoll?: boolean;
  }
}

/** A read this slow is logged at info all the same. */
const SLOW_MS = 1000;

/**
 * Fastify's request log, shorter: one line per answered request (method, path, status, time) instead of two
 * (incoming and completed). At level info that line is written for what the shop owner wants in the log: every
 * request that changes something, every refusal or failure, every slow one; successful reads (and quotes) go to
 * debug: the counter and admin screens poll every 5 seconds, which alone would be thousands of lines a day. A
 * request that logs nothing never makes its child logger. The line is built from known fields only (request id,
 * method, path without its query, status, time), so it goes through `access`, a logger without the redaction rules,
 * which cost the busiest routes a sixth of their speed. Errors are logged by the error handler (errors.ts).
 */
export class ShopLogController extends LogController {
  constructor(private readonly access: AccessLog) {
    super();
  }
  override incomingRequest() {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const responseTime = Math.round(reply.elapsedTime * 10) / 10;
    if (error) {
      reply.log.error({ req: request, res: reply, responseTime, err: error }, 'request errored');
      return;
    }
    const read =
      request.method === 'GET' || request.method === 'HEAD' || request.routeOptions.config?.quietLog === true;
    const slow = responseTime >= SLOW_MS && request.routeOptions.config?.longPoll !== true;
    // A refusal by a quota or rate limit: the guard wrote one warning for the whole flood (modules/quotas/guards.ts).
    const quiet =
      (read && reply.statusCode < 400 && !slow) || (reply.statusCode === 429 && request.refusedByLimit === true);
    const level = quiet ? 'debug' : 'info';
    this.access[level](
      {
        reqId: request.id,
        req: { method: request.method, url: logSafeUrl(request.url) },
        res: { statusCode: reply.statusCode },
        responseTime,
      },
      'request completed',
    );
  }
  /** The path only (the req serializer drops the query string, which may carry keys). */
  override routeNotFound(request: FastifyRequest) {
    request.log.info({ req: request }, 'route not found');
  }
}
