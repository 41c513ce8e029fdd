import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/** A NUL character written as JSON writes it (`\u0000`, not preceded by an escaping backslash). */
const JSON_NUL = /(?<!\\)(?:\\\\)*\\u0000/;
const nulRefused = () =>
  new AppError('invalid_characters', 400, 'The request contains characters that are not allowed.');

/**
 * PostgreSQL text cannot hold NUL: refuse it at the door with a 400 instead of failing deep inside a query. In the
 * URL (path and query) it can only come as %00; in a JSON body only as the escape \u0000, found in the raw text
 * before parsing. (Multipart form fields are checked where they are read.)
 */
export function refuseNulBytes(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => done(request.url.includes('%00') ? nulRefused() : undefined));
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if ((body as string).includes('\\u0000') && JSON_NUL.test(body as string)) return done(nulRefused(), undefined);
    return parseJson(request, body as string, done);
  });
}
