import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';

/** The one error vocabulary: every non-2xx answer is `{ message, code, fields? }`. */
export class AppError extends Error {
  constructor(
    public readonly code: string,
    public readonly status: number,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError('bad_request', 400, message, fields);
export const unauthorized = (message = 'Please sign in to continue.') => new AppError('unauthorized', 401, message);
export const forbidden = (message = 'You do not have permission to do that.') => new AppError('forbidden', 403, message);
export const notFound = (message = 'Not found') => new AppError('not_found', 404, message);
export const conflict = (message: string, code = 'conflict') => new AppError(code, 409, message);

/** Validate input with a shared zod schema; a failure is a 400 with the first message and every field's message. */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    if (!fields[key]) fields[key] = issue.message;
  }
  const first = result.error.issues[0];
  throw new AppError('validation_error', 400, first?.message ?? 'Invalid request', fields);
}

const DB_DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08003', '08006']);

function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    const message = String((e as { message?: unknown }).message ?? '');
    if (typeof code === 'string' && DB_DOWN_CODES.has(code)) return true;
    if (/Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message))
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | Error, request, reply) => {
    if (err instanceof AppError) {
      return reply
        .status(err.status)
        .send({ message: err.message, code: err.code, ...(err.fields ? { fields: err.fields } : {}) });
    }
    const fe = err as FastifyError;
    const status = fe.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ message: 'Too many attempts. Please wait a few minutes and try again.', code: 'rate_limited' });
    }
    if (status >= 400 && status < 500) {
      const known: Record<string, string> = {
        FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
        FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
        FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type.',
        FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
        FST_REQ_FILE_TOO_LARGE: 'Maximum file size is 10MB',
        FST_INVALID_MULTIPART_CONTENT_TYPE: 'Expected a file upload (multipart/form-data).',
        FST_FILES_LIMIT: 'Upload one file at a time.',
        FST_PARTS_LIMIT: 'Too many form fields.',
        FST_FIELDS_LIMIT: 'Too many form fields.',
        FST_PROTO_VIOLATION: 'Invalid request.',
        FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid request length.',
      };
      const message = (fe.code && known[fe.code]) || (fe.validation ? 'Invalid request' : 'Invalid request');
      return reply.status(status).send({ message, code: fe.code ? fe.code.toLowerCase() : 'bad_request' });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.error({ err: { message: err.message } }, 'database unavailable');
      reply.header('retry-after', '5');
      return reply
        .status(503)
        .send({ message: 'The shop is briefly unavailable. Please try again in a moment.', code: 'unavailable' });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.', code: 'internal' });
  });

}

/** Unknown paths: the web app's page for browser navigations (when it is served), a JSON 404 for everything else. */
export function registerNotFound(app: FastifyInstance, sendIndex?: (reply: FastifyReply) => FastifyReply) {
  app.setNotFoundHandler((request, reply) => {
    const p = request.url.split('?')[0]!;
    if (sendIndex && request.method === 'GET' && !p.startsWith('/api/') && !p.startsWith('/downloads/') && !p.startsWith('/assets/')) {
      return sendIndex(reply);
    }
    return reply.status(404).send({ message: `No such ${p.startsWith('/api/') ? 'API ' : ''}route: ${request.method} ${p}`, code: 'not_found' });
  });
}
