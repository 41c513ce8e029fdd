import { fileManagerRoutes as routes } from '@shop/shared/files/routes';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { typed } from '../../plugins/contracts.ts';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';
import { contentDisposition } from '../orders/orders.service.ts';
import { isSafeKey } from '../storage/storage.ts';

/** The admin's file manager: the storage bucket listed, a file copied into the admin bucket, any file downloaded. */
export async function fileManagerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('preValidation', requireAdmin);
    const admin = typed(scope);

    admin.route({
      ...routes.list,
      handler: async () => {
        const objects = await ctx.storage.list('', 1000);
        return {
          files: objects
            .filter((o) => !o.key.startsWith('.tmp/'))
            .map((o) => ({
              key: o.key,
              size: o.size,
              lastModified: o.lastModified.toISOString(),
              downloadUrl: `/api/admin/files/download?key=${encodeURIComponent(o.key)}`,
            })),
        };
      },
    });

    // A POST (it writes to the bucket): as a GET, a link on any other site could make the admin's browser copy files.
    admin.route({
      ...routes.copy,
      handler: async (request) => {
        const { objectKey } = request.body;
        if (!isSafeKey(objectKey)) throw badRequest('Invalid object key', { objectKey: 'Invalid object key' });
        const target = `admin-bucket/${objectKey.split('/').pop()}`;
        if (target === objectKey) throw badRequest('This file is already in the admin bucket.');
        try {
          await ctx.storage.copy(objectKey, target);
        } catch (err) {
          const code = (err as { code?: string; name?: string }).code ?? (err as { name?: string }).name;
          if (code === 'NoSuchKey' || code === 'NotFound') throw notFound('File not found');
          throw new AppError('copy_failed', 502, 'Failed to copy file to admin bucket');
        }
        return { message: 'File copied to the admin bucket', key: target };
      },
    });

    admin.route({
      ...routes.download,
      handler: async (request, reply) => {
        const { key } = request.query;
        if (!isSafeKey(key)) throw badRequest('Invalid file key');
        const obj = await ctx.storage.get(key);
        if (!obj) throw notFound('File not found');
        return reply
          .type('application/octet-stream')
          .header('content-disposition', contentDisposition(key.split('/').pop() ?? 'file'))
          .header('x-content-type-options', 'nosniff')
          .send(obj.stream);
      },
    });
  });
}
