import { catalogRoutes as routes } from '@shop/shared/catalog/routes';
import { serviceFormSchema, type ServiceForm } from '@shop/shared/catalog/schemas';
import { rupeesToPaise } from '@shop/shared/common/money';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { services } from '../../db/schema/index.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { typed } from '../../plugins/contracts.ts';
import { notFound, parseInput } from '../../plugins/errors.ts';
import { withUploads } from '../../plugins/uploads.ts';
import { serviceWrites } from './catalog.admin-repository.ts';
import { toServiceDto } from './service-dto.ts';
import { imageTypeOf, readServiceForm } from './service-image.ts';

/** Only our own image paths or plain https URLs are kept as a service image. */
function safeImageUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  if (/^\/(api\/service-images|images\/services)\/[A-Za-z0-9._-]+$/.test(url)) return url;
  if (/^https:\/\/[^\s"'<>]+$/.test(url)) return url;
  return undefined;
}

/** The fields a (partial) service form sets; only those the form actually carried. */
function servicePatch(
  form: Partial<ServiceForm>,
  fields: Record<string, unknown>,
  imageUrl: string | undefined,
): Partial<typeof services.$inferInsert> {
  const patch: Partial<typeof services.$inferInsert> = { updatedAt: new Date() };
  if (form.name !== undefined) patch.name = form.name;
  if (form.description !== undefined) patch.description = form.description;
  if (form.price_single_side !== undefined) patch.priceSingleSide = patch.price = rupeesToPaise(form.price_single_side);
  if (form.price_double_side !== undefined) patch.priceDoubleSide = rupeesToPaise(form.price_double_side);
  if (fields.is_active !== undefined && form.is_active !== undefined) patch.isActive = form.is_active;
  if (fields.supports_single_side !== undefined && form.supports_single_side !== undefined)
    patch.supportsSingleSide = form.supports_single_side;
  if (fields.supports_double_side !== undefined && form.supports_double_side !== undefined)
    patch.supportsDoubleSide = form.supports_double_side;
  if (fields.printing_type !== undefined && form.printing_type) patch.printingType = form.printing_type;
  if (fields.paper_size !== undefined && form.paper_size) patch.paperSize = form.paper_size;
  if (fields.paper_type !== undefined && form.paper_type) patch.paperType = form.paper_type;
  if (fields.category !== undefined && form.category) patch.category = form.category;
  if (imageUrl) patch.imageUrl = imageUrl;
  else if (fields.image_url !== undefined) patch.imageUrl = safeImageUrl(form.image_url) ?? null;
  if (form.name_te !== undefined) patch.nameTe = form.name_te;
  if (form.description_te !== undefined) patch.descriptionTe = form.description_te;
  if (form.sac !== undefined) patch.sac = form.sac;
  return patch;
}

/** The admin's catalogue: every service, create and edit (with an image), activate, deactivate, delete; service images. */
export async function catalogAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const publishServiceChange = (serviceId: number | null) =>
    ctx.events.publish({ type: 'service.changed', serviceId, at: new Date().toISOString() }).catch(() => {});

  // Service images are public (shown on the catalogue), typed by their stored name, never sniffed.
  typed(app).route({
    ...routes.image,
    handler: async (request, reply) => {
      const { name } = request.params;
      const type = imageTypeOf(name);
      if (!type) throw notFound('Image not found');
      const obj = await ctx.storage.get(`service-images/${name}`);
      if (!obj) throw notFound('Image not found');
      return reply
        .type(type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(obj.stream);
    },
  });

  await app.register(async (scope) => {
    scope.addHook('preValidation', requireAdmin);
    const admin = typed(scope);

    admin.route({ ...routes.all, handler: async () => (await serviceWrites.listAll(db)).map(toServiceDto) });

    /** The form arrives as JSON or multipart (with an image): read and checked here, not by the route schema. */
    const createService = async (request: FastifyRequest) => {
      const { fields, imageUrl } = await readServiceForm(ctx, request);
      const form = parseInput(serviceFormSchema, fields);
      const row = await serviceWrites.create(db, {
        name: form.name,
        description: form.description,
        priceSingleSide: rupeesToPaise(form.price_single_side),
        priceDoubleSide: rupeesToPaise(form.price_double_side),
        price: rupeesToPaise(form.price_single_side),
        isActive: form.is_active,
        supportsSingleSide: form.supports_single_side,
        supportsDoubleSide: form.supports_double_side,
        printingType: form.printing_type,
        paperSize: form.paper_size,
        paperType: form.paper_type,
        category: form.category,
        imageUrl: imageUrl ?? safeImageUrl(form.image_url) ?? null,
        nameTe: form.name_te ?? null,
        descriptionTe: form.description_te ?? null,
        sac: form.sac ?? null,
      });
      ctx.log.info({ serviceId: row.id }, 'service created');
      await publishServiceChange(row.id);
      return toServiceDto(row);
    };
    // Service forms may carry an image (multipart).
    await withUploads(scope, (uploads) => {
      const api = typed(uploads);
      api.route({
        ...routes.createSpec,
        handler: async (request, reply) => reply.status(201).send(await createService(request)),
      });
      api.route({
        ...routes.create,
        handler: async (request, reply) => reply.status(201).send(await createService(request)),
      });
      api.route({
        ...routes.update,
        handler: async (request) => {
          const { id } = request.params;
          const { fields, imageUrl } = await readServiceForm(ctx, request);
          const form = parseInput(serviceFormSchema.partial(), fields);
          const row = await serviceWrites.update(db, id, servicePatch(form, fields, imageUrl));
          if (!row) throw notFound('Service not found');
          await publishServiceChange(id);
          return toServiceDto(row);
        },
      });
    });

    admin.route({
      ...routes.setAllActive,
      handler: async (request) => {
        const started = performance.now();
        const { isActive } = request.body;
        const rows = await serviceWrites.setAllActive(db, isActive);
        await publishServiceChange(null);
        return {
          updatedCount: rows.length,
          isActive,
          processingTime: Math.round((performance.now() - started) * 100) / 100,
          message: `${rows.length} services ${isActive ? 'activated' : 'deactivated'}`,
        };
      },
    });

    admin.route({
      ...routes.setActive,
      handler: async (request) => {
        const { id } = request.params;
        const row = await serviceWrites.update(db, id, { isActive: request.body.isActive, updatedAt: new Date() });
        if (!row) throw notFound('Service not found');
        await publishServiceChange(id);
        return toServiceDto(row);
      },
    });

    admin.route({
      ...routes.remove,
      handler: async (request) => {
        const { id } = request.params;
        // Soft delete: customers no longer see it; old orders keep their service.
        if (!(await serviceWrites.softDelete(db, id))) throw notFound('Service not found');
        ctx.log.info({ serviceId: id }, 'service deleted');
        await publishServiceChange(id);
        return { message: 'Service deleted', id };
      },
    });
  });
}
