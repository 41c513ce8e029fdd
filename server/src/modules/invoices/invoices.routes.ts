import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { invoiceRoutes as routes } from '@shop/shared/gst/routes';
import type { AppContext } from '../../context.ts';
import { gstSignatureImages, invoices, orders } from '../../db/schema/index.ts';
import { requireAdmin, requireSignedIn } from '../../plugins/auth.ts';
import { typed } from '../../plugins/contracts.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { findVisibleOrder } from '../orders/index.ts';
import { clearSignatureImage, readGstSettings, setSignatoryName, setSignatureImage } from './gst-settings.ts';
import { GSTR1_FILES, GSTR1_SECTIONS, gstr1Files, type Gstr1Document } from './gstr1.ts';
import { invoiceFile } from './invoice-file.ts';
import { monthCsv } from './invoice-csv.ts';
import { shopStateCode } from './invoices.service.ts';
import { zipFiles } from './zip.ts';
import { shopTime } from '@shop/shared/common/shop-clock';

/** The month [from, to) as the shop's calendar (IST) reads it. */
function monthRange(month: string): { from: Date; to: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { from: shopTime(y, m, 1), to: shopTime(y, m + 1, 1) };
}

/**
 * GST documents: the order's owner (or staff, the admin) lists and downloads them; the admin exports a month as a
 * register CSV and as GSTR-1 in the offline tool's layouts, and sets the authorised signatory.
 */
export async function invoicesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = typed(app);
  // Another customer's order is "not found", as everywhere else.
  api.route({
    ...routes.ofOrder,
    preValidation: requireSignedIn,
    handler: async (request) => {
      const order = await findVisibleOrder(ctx, request.principal, request.params.ref);
      const rows = await ctx.db.select().from(invoices).where(eq(invoices.orderId, order.id)).orderBy(asc(invoices.id));
      return {
        invoices: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          documentType: r.documentType,
          serial: r.serial,
          issuedAt: r.issuedAt.toISOString(),
          total: r.grossPaise / 100,
        })),
      };
    },
  });

  api.route({
    ...routes.pdf,
    preValidation: requireSignedIn,
    handler: async (request, reply) => {
      const order = await findVisibleOrder(ctx, request.principal, request.params.ref);
      const [doc] = await ctx.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, request.params.id), eq(invoices.orderId, order.id)))
        .limit(1);
      if (!doc) throw notFound('Invoice not found');
      const file = await invoiceFile(ctx.db, ctx.config, doc, order.orderNumber);
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.content);
    },
  });

  const original = alias(invoices, 'original');
  api.route({
    ...routes.monthCsv,
    preValidation: requireAdmin,
    handler: async (request, reply) => {
      const { month } = request.query;
      const { from, to } = monthRange(month);
      const rows = await ctx.db
        .select({
          doc: invoices,
          orderNumber: orders.orderNumber,
          original: { serial: original.serial, issuedAt: original.issuedAt },
        })
        .from(invoices)
        .innerJoin(orders, eq(orders.id, invoices.orderId))
        .leftJoin(original, eq(original.id, invoices.referencesInvoiceId))
        .where(and(gte(invoices.issuedAt, from), lt(invoices.issuedAt, to)))
        .orderBy(asc(invoices.kind), asc(invoices.issuedAt), asc(invoices.id));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="invoices-${month}.csv"`)
        .send(
          monthCsv(
            rows.map((r) => ({
              ...r,
              original: r.original?.serial ? { serial: r.original.serial, issuedAt: r.original.issuedAt! } : null,
            })),
          ),
        );
    },
  });

  /** The month's tax invoices and their credit notes, each note with its invoice (a B2C large one is reported apart). */
  async function gstr1Documents(month: string): Promise<Gstr1Document[]> {
    const { from, to } = monthRange(month);
    const docs = await ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.documentType, 'tax_invoice'), gte(invoices.issuedAt, from), lt(invoices.issuedAt, to)))
      .orderBy(asc(invoices.issuedAt), asc(invoices.id));
    if (docs.length === 0 && ctx.config.GST_STATUS !== 'regular') {
      throw new AppError(
        'gstr1_not_regular',
        409,
        'GSTR-1 is filed by a shop registered under the regular GST scheme, and this shop issued no tax invoices that month.',
      );
    }
    const ids = [...new Set(docs.flatMap((d) => (d.referencesInvoiceId ? [d.referencesInvoiceId] : [])))];
    const originals = ids.length ? await ctx.db.select().from(invoices).where(inArray(invoices.id, ids)) : [];
    const byId = new Map(originals.map((o) => [o.id, o]));
    return docs.map((doc) => ({
      doc,
      original: doc.referencesInvoiceId ? (byId.get(doc.referencesInvoiceId) ?? null) : null,
    }));
  }

  api.route({
    ...routes.gstr1Zip,
    preValidation: requireAdmin,
    handler: async (request, reply) => {
      const { month } = request.query;
      const files = gstr1Files({ month, stateCode: shopStateCode(ctx.config), documents: await gstr1Documents(month) });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="gstr1-${month}.zip"`)
        .send(await zipFiles(GSTR1_SECTIONS.map((s) => ({ name: GSTR1_FILES[s], content: files[s] }))));
    },
  });

  api.route({
    ...routes.gstr1Section,
    preValidation: requireAdmin,
    handler: async (request, reply) => {
      const { month } = request.query;
      const { section } = request.params;
      const files = gstr1Files({ month, stateCode: shopStateCode(ctx.config), documents: await gstr1Documents(month) });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${month}-${GSTR1_FILES[section]}"`)
        .send(files[section]);
    },
  });

  await app.register(async (scope) => {
    scope.addHook('preValidation', requireAdmin);
    const admin = typed(scope);
    admin.route({ ...routes.settings, handler: async () => readGstSettings(ctx.db, ctx.config) });
    admin.route({
      ...routes.updateSettings,
      handler: async (request) => {
        await setSignatoryName(ctx.db, request.body.signatoryName);
        return readGstSettings(ctx.db, ctx.config);
      },
    });
    admin.route({
      ...routes.setSignature,
      handler: async (request) => {
        await setSignatureImage(ctx.db, request.body.image);
        return readGstSettings(ctx.db, ctx.config);
      },
    });
    admin.route({
      ...routes.clearSignature,
      handler: async () => {
        await clearSignatureImage(ctx.db);
        return readGstSettings(ctx.db, ctx.config);
      },
    });
    admin.route({
      ...routes.signatureImage,
      handler: async (request, reply) => {
        const [image] = await ctx.db
          .select()
          .from(gstSignatureImages)
          .where(eq(gstSignatureImages.id, request.params.id))
          .limit(1);
        if (!image) throw notFound('Image not found');
        return reply
          .header('content-type', image.contentType)
          .header('cache-control', 'private, max-age=3600')
          .send(Buffer.from(image.data, 'base64'));
      },
    });
  });
}
