import { and, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { stripBidiControls } from '@shop/shared/auth/schemas';
import { staffCreateSchema, staffUpdateSchema } from '@shop/shared/auth/staff';
import { serviceFormSchema } from '@shop/shared/catalog/schemas';
import { rupeesToPaise } from '@shop/shared/common/money';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { services, staff, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { containsPattern } from '../../db/like.ts';
import { AppError, badRequest, conflict, notFound, parseInput } from '../../plugins/errors.ts';
import { requireAdmin, userOf } from '../../plugins/auth.ts';
import { withUploads } from '../../plugins/uploads.ts';
import { isSafeKey } from '../storage/storage.ts';
import { toServiceDto } from '../catalog/service-dto.ts';
import { backOfficeQuerySchema } from '../orders/back-office.repository.ts';
import { changeOrderStatus } from '../orders/order-status.service.ts';
import { contentDisposition } from '../orders/orders.service.ts';
import { toBackOfficeOrderDto, toStaffDto } from './back-office-dto.ts';
import { imageTypeOf, readServiceForm } from './service-image.ts';

const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
function parseId(params: unknown): number {
  const r = idParam.safeParse(params);
  if (!r.success) throw notFound('Not found');
  return r.data.id;
}

const isActiveSchema = z.object({ isActive: z.boolean({ error: 'isActive must be true or false' }) });

function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 3 && e; i++) {
    if ((e as { code?: string }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const usersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).catch(50).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).catch(0).default(0),
  search: z.string().trim().max(200).optional().catch(undefined),
});

export async function adminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const publishServiceChange = (serviceId: number | null) =>
    ctx.events.publish({ type: 'service.changed', serviceId, at: new Date().toISOString() }).catch(() => {});

  // Service images are public (shown on the catalogue), typed by their stored name, never sniffed.
  app.get('/api/service-images/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    const type = imageTypeOf(name);
    if (!type || !/^[0-9a-f-]{36}\.(png|jpg|gif|webp)$/.test(name)) throw notFound('Image not found');
    const obj = await ctx.storage.get(`service-images/${name}`);
    if (!obj) throw notFound('Image not found');
    return reply
      .type(type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .send(obj.stream);
  });

  await app.register(async (admin) => {
    admin.addHook('preHandler', requireAdmin);

    // ---- Orders
    admin.get('/api/admin/orders', async (request, reply) => {
      const q = backOfficeQuerySchema.parse(request.query ?? {});
      return ctx.orderPages.send(reply, q, 'admin');
    });
    admin.get('/api/admin/orders/stats', async () => ctx.orderPages.stats());
    admin.patch('/api/admin/orders/:id/status', async (request) => {
      const id = parseId(request.params);
      const me = userOf(request);
      const row = await changeOrderStatus(ctx, id, (request.body as { status?: unknown } | undefined)?.status, { kind: 'admin', id: me.id, name: me.name });
      return toBackOfficeOrderDto(row);
    });

    // Accounts, newest first, a page at a time (search by name or e-mail); the total in x-total-count.
    admin.get('/api/admin/users', async (request, reply) => {
      const q = usersQuerySchema.parse(request.query ?? {});
      const match = q.search ? or(ilike(users.name, containsPattern(q.search)), ilike(users.email, containsPattern(q.search))) : undefined;
      const [rows, [count]] = await Promise.all([
        db
          .select({
            id: users.id,
            name: users.name,
            email: users.email,
            role: users.role,
            createdAt: users.createdAt,
            // Written out: drizzle leaves ${users.id} unqualified here, which inside the subquery would mean o.id.
            orderCount: sql<number>`(select count(*)::int from orders o where o.user_id = "users"."id" and o.status <> 'pending_payment')`,
          })
          .from(users)
          .where(match)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(q.limit)
          .offset(q.offset),
        db.select({ total: sql<number>`count(*)::int` }).from(users).where(match),
      ]);
      reply.header('x-total-count', String(count?.total ?? 0));
      return rows.map((u) => ({ id: u.id, name: stripBidiControls(u.name), email: u.email, role: u.role, created_at: u.createdAt.toISOString(), order_count: Number(u.orderCount) }));
    });

    // ---- Services
    admin.get('/api/admin/services/all', async () => {
      const rows = await db.select().from(services).where(eq(services.deleted, false)).orderBy(services.category, services.id);
      return rows.map(toServiceDto);
    });

    const createService = async (request: FastifyRequest, reply: FastifyReply) => {
      const { fields, imageUrl } = await readServiceForm(ctx, request);
      const form = parseInput(serviceFormSchema, fields);
      const [row] = await db
        .insert(services)
        .values({
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
        })
        .returning();
      ctx.log.info({ serviceId: row!.id }, 'service created');
      await publishServiceChange(row!.id);
      return reply.status(201).send(toServiceDto(row!));
    };
    const updateService = async (request: FastifyRequest) => {
      const id = parseId(request.params);
      const { fields, imageUrl } = await readServiceForm(ctx, request);
      const form = parseInput(serviceFormSchema.partial(), fields);
      const patch: Partial<typeof services.$inferInsert> = { updatedAt: new Date() };
      if (form.name !== undefined) patch.name = form.name;
      if (form.description !== undefined) patch.description = form.description;
      if (form.price_single_side !== undefined) {
        patch.priceSingleSide = rupeesToPaise(form.price_single_side);
        patch.price = patch.priceSingleSide;
      }
      if (form.price_double_side !== undefined) patch.priceDoubleSide = rupeesToPaise(form.price_double_side);
      if (fields.is_active !== undefined && form.is_active !== undefined) patch.isActive = form.is_active;
      if (fields.supports_single_side !== undefined && form.supports_single_side !== undefined) patch.supportsSingleSide = form.supports_single_side;
      if (fields.supports_double_side !== undefined && form.supports_double_side !== undefined) patch.supportsDoubleSide = form.supports_double_side;
      if (fields.printing_type !== undefined && form.printing_type) patch.printingType = form.printing_type;
      if (fields.paper_size !== undefined && form.paper_size) patch.paperSize = form.paper_size;
      if (fields.paper_type !== undefined && form.paper_type) patch.paperType = form.paper_type;
      if (fields.category !== undefined && form.category) patch.category = form.category;
      if (imageUrl) patch.imageUrl = imageUrl;
      else if (fields.image_url !== undefined) patch.imageUrl = safeImageUrl(form.image_url) ?? null;
      const [row] = await db.update(services).set(patch).where(and(eq(services.id, id), eq(services.deleted, false))).returning();
      if (!row) throw notFound('Service not found');
      await publishServiceChange(id);
      return toServiceDto(row);
    };
    // Service forms may carry an image (multipart).
    await withUploads(admin, (uploads) => {
      uploads.post('/api/services', createService);
      uploads.post('/api/admin/services', createService);
      uploads.put('/api/admin/services/:id', updateService);
    });

    admin.patch('/api/admin/services/bulk-status', async (request) => {
      const started = performance.now();
      const { isActive } = parseInput(isActiveSchema, request.body);
      const rows = await db
        .update(services)
        .set({ isActive, updatedAt: new Date() })
        .where(and(eq(services.deleted, false), ne(services.isActive, isActive)))
        .returning({ id: services.id });
      await publishServiceChange(null);
      return { updatedCount: rows.length, isActive, processingTime: Math.round((performance.now() - started) * 100) / 100, message: `${rows.length} services ${isActive ? 'activated' : 'deactivated'}` };
    });

    admin.patch('/api/admin/services/:id/status', async (request) => {
      const id = parseId(request.params);
      const { isActive } = parseInput(isActiveSchema, request.body);
      const [row] = await db
        .update(services)
        .set({ isActive, updatedAt: new Date() })
        .where(and(eq(services.id, id), eq(services.deleted, false)))
        .returning();
      if (!row) throw notFound('Service not found');
      await publishServiceChange(id);
      return toServiceDto(row);
    });

    admin.delete('/api/admin/services/:id', async (request) => {
      const id = parseId(request.params);
      // Soft delete: customers no longer see it; old orders keep their service.
      const [row] = await db
        .update(services)
        .set({ deleted: true, isActive: false, updatedAt: new Date() })
        .where(and(eq(services.id, id), eq(services.deleted, false)))
        .returning({ id: services.id });
      if (!row) throw notFound('Service not found');
      ctx.log.info({ serviceId: id }, 'service deleted');
      await publishServiceChange(id);
      return { message: 'Service deleted', id };
    });

    // ---- Staff
    admin.get('/api/admin/staff', async () => {
      const rows = await db.select().from(staff).where(sql`${staff.deletedAt} is null`).orderBy(desc(staff.createdAt));
      return rows.map(toStaffDto);
    });

    admin.post('/api/admin/staff', async (request, reply) => {
      const body = parseInput(staffCreateSchema, request.body);
      const me = userOf(request);
      try {
        const [row] = await db
          .insert(staff)
          .values({ name: body.name, mobileNumber: body.mobile_number, passwordHash: await hashPassword(body.password), createdBy: me.id })
          .returning();
        ctx.log.info({ staffId: row!.id }, 'staff created');
        return reply.status(201).send(toStaffDto(row!));
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('A staff member with this mobile number already exists', 'duplicate_mobile');
        throw err;
      }
    });

    admin.put('/api/admin/staff/:id', async (request) => {
      const id = parseId(request.params);
      const body = parseInput(staffUpdateSchema, request.body);
      const patch: Partial<typeof staff.$inferInsert> = { updatedAt: new Date() };
      if (body.name !== undefined) patch.name = body.name;
      if (body.mobile_number !== undefined) patch.mobileNumber = body.mobile_number;
      if (body.password) patch.passwordHash = await hashPassword(body.password);
      if (body.is_active !== undefined) patch.isActive = body.is_active;
      let row: typeof staff.$inferSelect | undefined;
      try {
        [row] = await db.update(staff).set(patch).where(and(eq(staff.id, id), sql`${staff.deletedAt} is null`)).returning();
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('A staff member with this mobile number already exists', 'duplicate_mobile');
        throw err;
      }
      if (!row) throw notFound('Staff member not found');
      // A deactivated staff member, or a new password, ends their sessions at once.
      if (body.is_active === false || body.password) await ctx.sessions.revokeAllForStaff(id);
      else await ctx.sessions.forgetStaff(id);
      ctx.log.info({ staffId: id, fields: Object.keys(body) }, 'staff updated');
      return toStaffDto(row);
    });

    admin.delete('/api/admin/staff/:id', async (request) => {
      const id = parseId(request.params);
      // Deactivated for good: they can never sign in again, and their sessions end now.
      const [row] = await db
        .update(staff)
        .set({ isActive: false, deletedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(staff.id, id), sql`${staff.deletedAt} is null`))
        .returning({ id: staff.id });
      if (!row) throw notFound('Staff member not found');
      await ctx.sessions.revokeAllForStaff(id);
      ctx.log.info({ staffId: id }, 'staff deleted');
      return { message: 'Staff deleted', id };
    });

    // ---- File manager (the admin's view of the bucket)
    admin.get('/api/admin/files/list', async () => {
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
    });

    // A POST (it writes to the bucket): as a GET, a link on any other site could make the admin's browser copy files.
    admin.post('/api/admin/files/copy', async (request) => {
      const { objectKey } = (request.body ?? {}) as { objectKey?: unknown };
      if (typeof objectKey !== 'string' || !isSafeKey(objectKey)) throw badRequest('Invalid object key', { objectKey: 'Invalid object key' });
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
    });

    admin.get('/api/admin/files/download', async (request, reply) => {
      const { key } = (request.query ?? {}) as { key?: unknown };
      if (typeof key !== 'string' || !isSafeKey(key)) throw badRequest('Invalid file key');
      const obj = await ctx.storage.get(key);
      if (!obj) throw notFound('File not found');
      return reply
        .type('application/octet-stream')
        .header('content-disposition', contentDisposition(key.split('/').pop() ?? 'file'))
        .header('x-content-type-options', 'nosniff')
        .send(obj.stream);
    });
  });
}

/** Only our own image paths or plain https URLs are kept as a service image. */
function safeImageUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  if (/^\/(api\/service-images|images\/services)\/[A-Za-z0-9._-]+$/.test(url)) return url;
  if (/^https:\/\/[^\s"'<>]+$/.test(url)) return url;
  return undefined;
}
