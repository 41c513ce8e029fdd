import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { services } from '../../db/schema/index.ts';

type NewService = typeof services.$inferInsert;

/** The admin's writes to the catalogue. Deleted services stay (old orders keep them) but are never changed again. */
export const serviceWrites = {
  listAll: (db: Db) =>
    db.select().from(services).where(eq(services.deleted, false)).orderBy(services.category, services.id),
  create: async (db: Db, values: NewService) => (await db.insert(services).values(values).returning())[0]!,
  update: async (db: Db, id: number, patch: Partial<NewService>) =>
    (
      await db
        .update(services)
        .set(patch)
        .where(and(eq(services.id, id), eq(services.deleted, false)))
        .returning()
    )[0],
  setAllActive: (db: Db, isActive: boolean) =>
    db
      .update(services)
      .set({ isActive, updatedAt: new Date() })
      .where(and(eq(services.deleted, false), ne(services.isActive, isActive)))
      .returning({ id: services.id }),
  softDelete: async (db: Db, id: number) =>
    (
      await db
        .update(services)
        .set({ deleted: true, isActive: false, updatedAt: new Date() })
        .where(and(eq(services.id, id), eq(services.deleted, false)))
        .returning({ id: services.id })
    )[0],
};
