import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { files, orderDocuments } from '../../src/db/schema/index.ts';
import { createPaidOrder, createUploadedFile } from '../factories/index.ts';
import type { TestApp } from '../helpers/app.ts';

export const DAY = 86_400_000;
export const daysLater = (days: number, from = Date.now()) => new Date(from + days * DAY);
/** Whether the app's storage holds anything under `key`. */
export { stored } from '../helpers/stored.ts';

/**
 * A paid order whose one document has every object the shop keeps for a file: the print copy, the Word original it
 * was made from, and the page-1 preview. `sensitive` ticks the document as an ID card or certificate.
 */
export async function orderWithFiles(
  app: TestApp,
  customerId: number,
  opts: { deliveryType?: 'delivery' | 'pickup'; sensitive?: boolean; fileId?: string } = {},
) {
  const file = opts.fileId
    ? (await app.ctx.db.select().from(files).where(eq(files.id, opts.fileId)))[0]!
    : await createUploadedFile(app, customerId, 'letter-a4-4p.pdf', 4);
  const sourceKey = `sources/${file.id}.docx`;
  if (!opts.fileId) {
    await app.ctx.storage.put(sourceKey, Buffer.from('PK word original'), 'application/octet-stream');
    await app.ctx.storage.put(`previews/${file.id}.png`, Buffer.from('png'), 'image/png');
    await app.ctx.db
      .update(files)
      .set({ sourceKey, sourceFormat: 'docx', sourceFilename: 'aadhaar scan.docx' })
      .where(eq(files.id, file.id));
  }
  const order = await createPaidOrder(app, customerId, {
    fileId: file.id,
    filePath: file.storageKey,
    originalFilename: file.originalFilename,
    pageCount: 4,
    deliveryType: opts.deliveryType ?? 'pickup',
  });
  if (opts.sensitive)
    await app.ctx.db.update(orderDocuments).set({ sensitive: true }).where(eq(orderDocuments.orderId, order.id));
  return { order, file: { ...file, sourceKey }, keys: [file.storageKey, sourceKey, `previews/${file.id}.png`] };
}

/** The counter changes the status, as the order card does. */
export async function setStatus(app: TestApp, staffHeaders: Record<string, string>, orderId: number, status: string) {
  const res = await app.inject({
    method: 'PATCH',
    url: `/api/staff/orders/${orderId}/status`,
    headers: staffHeaders,
    payload: { status },
  });
  expect(res.statusCode, res.body).toBe(200);
}

export async function documentOf(app: TestApp, orderId: number) {
  return (await app.ctx.db.select().from(orderDocuments).where(eq(orderDocuments.orderId, orderId)))[0]!;
}
