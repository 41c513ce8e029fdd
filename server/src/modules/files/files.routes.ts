import crypto from 'node:crypto';
import fs from 'node:fs';
import { safeFilename } from '@shop/shared/files/filename';
import { storageTestRoutes as routes } from '@shop/shared/files/routes';
import { STORAGE_TEST_MESSAGES, UPLOAD_MESSAGES } from '@shop/shared/files/schemas';
import type { FastifyInstance } from 'fastify';
import { files } from '../../db/schema/index.ts';
import { requireUser, userOf } from '../../plugins/auth.ts';
import { typed } from '../../plugins/contracts.ts';
import { AppError } from '../../plugins/errors.ts';
import { withUploads } from '../../plugins/uploads.ts';
import { receiveUpload } from '../uploads/index.ts';
import type { QuotasContext } from '../quotas/index.ts';

const noFile = () => new AppError('no_file', 400, UPLOAD_MESSAGES.noFile);

/** The storage test page (customer-side spec, /storage-test): connection check, direct upload, file upload. */
export async function filesRoutes(app: FastifyInstance, ctx: QuotasContext): Promise<void> {
  const guards = ctx.quotas;
  const api = typed(app);
  api.route({
    ...routes.check,
    preValidation: [requireUser, guards.storageCheck],
    handler: async (request) => {
      try {
        await ctx.storage.check();
        return { success: true, message: STORAGE_TEST_MESSAGES.checkOk };
      } catch (err) {
        request.log.warn(
          { err: { message: (err as Error).message }, storage: ctx.storage.kind },
          'storage check failed',
        );
        return { success: false, message: STORAGE_TEST_MESSAGES.checkFailed };
      }
    },
  });

  api.route({
    ...routes.testUpload,
    preValidation: [requireUser, guards.storageTestUpload],
    handler: async (request) => {
      const user = userOf(request);
      const id = crypto.randomUUID();
      const key = `storage-test/${user.id}/${Date.now()}-${id}.txt`;
      const body = Buffer.from(`Storage test by user ${user.id} at ${new Date().toISOString()}\n`, 'utf8');
      try {
        await ctx.storage.put(key, body, 'text/plain; charset=utf-8');
        // Recorded like any upload: it counts in the account's quota and the clean-up job removes it (decision 012).
        await ctx.db.insert(files).values({
          id,
          ownerUserId: user.id,
          kind: 'storage_test',
          storageKey: key,
          originalFilename: 'storage-test.txt',
          contentType: 'text/plain; charset=utf-8',
          sizeBytes: body.length,
          sha256: crypto.createHash('sha256').update(body).digest('hex'),
        });
        return { success: true, message: STORAGE_TEST_MESSAGES.uploadOk };
      } catch (err) {
        request.log.warn(
          { err: { message: (err as Error).message }, storage: ctx.storage.kind },
          'storage test upload failed',
        );
        await ctx.storage.delete(key).catch(() => {});
        return { success: false, message: STORAGE_TEST_MESSAGES.uploadFailed };
      }
    },
  });

  await withUploads(app, (uploads) => {
    typed(uploads).route({
      ...routes.upload,
      preValidation: [requireUser, guards.fileUpload],
      handler: async (request) => {
        const user = userOf(request);
        const upload = await receiveUpload(request, { field: 'file', noFile });
        try {
          if (upload.size === 0) throw noFile();
          const id = crypto.randomUUID();
          const key = `uploads/${user.id}/${id}`;
          // Any type is accepted here, but it is never served as anything but a download.
          const contentType = 'application/octet-stream';
          try {
            await ctx.storage.put(key, fs.createReadStream(upload.tmpPath), contentType);
          } catch (err) {
            request.log.error({ err: { message: (err as Error).message }, key }, 'storing a test upload failed');
            await ctx.storage.delete(key).catch(() => {});
            throw new AppError('storage_failed', 503, 'Upload failed: the file could not be stored. Please try again.');
          }
          try {
            await ctx.db.insert(files).values({
              id,
              ownerUserId: user.id,
              kind: 'storage_test',
              storageKey: key,
              originalFilename: safeFilename(upload.filename, { fallback: 'file' }),
              contentType,
              sizeBytes: upload.size,
              sha256: upload.sha256,
            });
          } catch (err) {
            await ctx.storage.delete(key).catch(() => {});
            throw err;
          }
          return { success: true, message: UPLOAD_MESSAGES.uploaded, file: { id, key, size: upload.size } };
        } finally {
          await upload.cleanup();
        }
      },
    });
  });
}
