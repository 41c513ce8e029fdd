import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { staff } from '../../db/schema/index.ts';

type NewStaff = typeof staff.$inferInsert;

/** Counter staff as the admin manages them. A deleted member is kept (timelines name them) but never listed or changed. */
export const staffRepository = {
  listCurrent: (db: Db) => db.select().from(staff).where(isNull(staff.deletedAt)).orderBy(desc(staff.createdAt)),
  create: async (db: Db, values: NewStaff) => (await db.insert(staff).values(values).returning())[0]!,
  update: async (db: Db, id: number, patch: Partial<NewStaff>) =>
    (
      await db
        .update(staff)
        .set(patch)
        .where(and(eq(staff.id, id), isNull(staff.deletedAt)))
        .returning()
    )[0],
  softDelete: async (db: Db, id: number) =>
    (
      await db
        .update(staff)
        .set({ isActive: false, deletedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(staff.id, id), isNull(staff.deletedAt)))
        .returning({ id: staff.id })
    )[0],
};
