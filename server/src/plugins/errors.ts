import type { ApiError, ApiErrorExtras, ErrorCode } from '@shop/shared/common/errors';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';

/** The one error vocabulary: every non-2xx answer is `{ message, code, fields? }` (shared/src/common/errors.ts). */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    public readonly status: number,
    message: string,
    public readonly fields?: Record<string, string>,
    /** What a few refusals carry besides (the server's price, the verification routes' `verified: false`). */
    public readonly extras?: ApiErrorExtras,
  ) {
    super(message);
  }

  /** The answer's body. */
  toBody(): ApiError {
    return { message: this.message, code: this.code, ...(this.fields ? { fields: this.fields } : {}), ...this.extras };
  }
}

/** A 429 that says when to try again (the answer's Retry-After header). */
export class RetryLaterError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(code: ErrorCode, message: string, retryAfterMs: number) {
    super(code, 429, message);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError('bad_request', 400, message, fields);
export const unauthorized = (message = 'Please sign in to continue.') => new AppError('unauthorized', 401, message);
export const forbidden = (message = 'You do not have permission to do that.') =>
  new AppError('forbidden', 403, message);
export const notFound = (message = 'Not found') => new AppError('not_found', 404, message);
export const conflict = (message: string, code: ErrorCode = 'conflict') => new AppError(code, 409, message);

/** Validate input with a shared zod schema; a failure is a 400 with the first message and every field's message. */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data ?? {});
  if (result.success) return result.data;
  throw validationError(result.error.issues);
}

/** A 400 `validation_error`: the first issue's message, and each field's first message in `fields`. */
export function validationError(issues: readonly z.core.$ZodIssue[]): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    if (!fields[key]) fields[key] = issue.message;
  }
  return new AppError('validation_error', 400, issues[0]?.message ?? 'Invalid request', fields);
}

/** What a visitor is told while the database cannot be reached (503, with Retry-After). */
export const DATABASE_UNAVAILABLE = 'The shop is briefly unavailable. Please try again in a moment.';
export const RETRY_AFTER_SECONDS = 5;

/**
 * Errors that mean "the database cannot be reached right now", as opposed to a bug: refused or reset connections,
 * the server shutting down or terminating us (57P01-57P03), connection exceptions (class 08), too many connections,
 * the pool's connect timeout, a closed or crashed embedded PGlite. Drizzle wraps them (`cause`), so the chain is walked.
 */
const NET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const PG_CODES = /^(08...|57P0[123]|53300|53400)$/;
const DOWN_MESSAGES =
  /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused|PGlite is closed|PGlite.*(closed|not ready)/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (NET_CODES.has(code) || PG_CODES.test(code))) return true;
    // A crashed PGlite (its WebAssembly aborted) cannot answer again until the shop restarts.
    if ((e as { constructor?: { name?: string } }).constructor?.name === 'RuntimeError') return true;
    if (DOWN_MESSAGES.test(String((e as { message?: unknown }).message ?? ''))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The driver's own words for a database outage (the innermost cause), without query or parameters: one short log line. */
export function databaseErrorSummary(err: unknown): { message: string; code?: string } {
  let e: unknown = err;
  for (let i = 0; i < 5; i++) {
    const cause = (e as { cause?: unknown })?.cause;
    if (!cause || typeof cause !== 'object') break;
    e = cause;
  }
  const { message, code } = (e ?? {}) as { message?: unknown; code?: unknown };
  return { message: scrubMessage(String(message ?? 'unknown')), ...(typeof code === 'string' ? { code } : {}) };
}

/** Drizzle puts the query's parameters (addresses, hashes, tokens) into its error message: never log them. */
function scrubMessage(message: string): string {
  return message.replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]');
}

/**
 * The logger's `err` serializer: type, code, message and stack, with query parameters removed from every message in
 * the cause chain. Plain `{ message }` objects (as most call sites log) are scrubbed too.
 */
export function serializeErrorForLog(err: unknown, depth = 0): unknown {
  if (!err || typeof err !== 'object') return err;
  const e = err as { name?: unknown; message?: unknown; code?: unknown; stack?: unknown; cause?: unknown };
  const message = typeof e.message === 'string' ? scrubMessage(e.message) : undefined;
  const out: Record<string, unknown> =
    err instanceof Error ? { type: err.constructor?.name ?? 'Error' } : { ...(err as object) };
  if (message !== undefined) out.message = message;
  if (typeof e.code === 'string' || typeof e.code === 'number') out.code = e.code;
  if (typeof e.stack === 'string') {
    const rawMessage = String(e.message ?? '');
    out.stack = rawMessage ? e.stack.split(rawMessage).join(message ?? '') : e.stack;
  }
  if (e.cause && depth < 4) out.cause = serializeErrorForLog(e.cause, depth + 1);
  return out;
}

/** Fastify's and its plugins' own refusals (bad JSON, too large, not multipart…), in the shop's codes and words. */
const FASTIFY_REFUSALS: Record<string, [ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['invalid_json', 'The request body is not valid JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['empty_body', 'The request body is empty.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['unsupported_media_type', 'Unsupported content type.'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['body_too_large', 'The request is too large.'],
  FST_REQ_FILE_TOO_LARGE: ['file_too_large', 'Maximum file size is 10MB'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: ['not_multipart', 'Expected a file upload (multipart/form-data).'],
  FST_FILES_LIMIT: ['too_many_files', 'Upload one file at a time.'],
  FST_PARTS_LIMIT: ['too_many_fields', 'Too many form fields.'],
  FST_FIELDS_LIMIT: ['too_many_fields', 'Too many form fields.'],
  FST_PROTO_VIOLATION: ['bad_request', 'Invalid request.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['bad_request', 'Invalid request length.'],
};

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | Error, request, reply) => {
    if (err instanceof RetryLaterError) reply.header('retry-after', String(err.retryAfterSeconds));
    if (err instanceof AppError) return reply.status(err.status).send(err.toBody());
    const fe = err as FastifyError;
    const status = fe.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({
        message: 'Too many attempts. Please wait a few minutes and try again.',
        code: 'rate_limited',
      } satisfies ApiError);
    }
    if (status >= 400 && status < 500) {
      const [code, message] = (fe.code && FASTIFY_REFUSALS[fe.code]) || ['bad_request', 'Invalid request'];
      return reply.status(status).send({ message, code } satisfies ApiError);
    }
    if (isDatabaseUnavailable(err)) {
      request.log.error({ err: databaseErrorSummary(err) }, 'database unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply.status(503).send({ message: DATABASE_UNAVAILABLE, code: 'unavailable' } satisfies ApiError);
    }
    request.log.error({ err }, 'unhandled error');
    return reply
      .status(500)
      .send({ message: 'Something went wrong on our side. Please try again.', code: 'internal' } satisfies ApiError);
  });
}

/** Unknown paths: the web app's page for browser navigations (when it is served), a JSON 404 for everything else. */
export function registerNotFound(app: FastifyInstance, sendIndex?: (reply: FastifyReply) => FastifyReply) {
  app.setNotFoundHandler((request, reply) => {
    const p = request.url.split('?')[0]!;
    if (
      sendIndex &&
      request.method === 'GET' &&
      !p.startsWith('/api/') &&
      !p.startsWith('/downloads/') &&
      !p.startsWith('/assets/')
    ) {
      return sendIndex(reply);
    }
    return reply.status(404).send({
      message: `No such ${p.startsWith('/api/') ? 'API ' : ''}route: ${request.method} ${p}`,
      code: 'not_found',
    } satisfies ApiError);
  });
}
