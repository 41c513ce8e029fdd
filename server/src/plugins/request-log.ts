import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type LogLevel } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

const enabled = (logger: FastifyBaseLogger, level: string) => (logger as unknown as { isLevelEnabled(level: string): boolean }).isLevelEnabled(level);

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
export function lazyRequestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}

/**
 * Fastify's request log, shorter: one line per answered request (method, path, status, time) at level info instead
 * of two (incoming and completed), so the counter machine's log is half as long and a request that logs nothing
 * never makes its child logger. Errors are logged by the error handler (errors.ts).
 */
export class ShopLogController extends LogController {
  override incomingRequest() {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
  /** The path only (the req serializer drops the query string, which may carry keys). */
  override routeNotFound(request: FastifyRequest) {
    request.log.info({ req: request }, 'route not found');
  }
}
