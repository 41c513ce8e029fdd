import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from '@shop/shared/files/schemas';
import type { FastifyInstance } from 'fastify';

/**
 * Routes that accept multipart/form-data (file uploads) are registered through this, in a scope of their own:
 * @fastify/multipart adds a hook before and after every request of the scope it is in, which the shop's other
 * 60-odd routes have no use for (a multipart body sent to them is refused as an unsupported content type, 415).
 */
export async function withUploads(
  app: FastifyInstance,
  routes: (scope: FastifyInstance) => void | Promise<void>,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25, headerPairs: 50 },
    });
    await routes(scope);
  });
}
