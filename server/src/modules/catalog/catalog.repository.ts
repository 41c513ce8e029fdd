import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paperTypes, services } from '../../db/schema/catalog.ts';
import type { ServiceRow } from './service-dto.ts';

/** Services a customer may see and order: active and not deleted. */
const visible = and(eq(services.isActive, true), eq(services.deleted, false));

export async function findVisibleServices(db: Db, category?: string): Promise<ServiceRow[]> {
  return db
    .select()
    .from(services)
    .where(category ? and(visible, eq(services.category, category)) : visible)
    .orderBy(asc(services.category), asc(services.priceSingleSide), asc(services.id));
}

export async function findVisibleService(db: Db, id: number): Promise<ServiceRow | null> {
  const [row] = await db
    .select()
    .from(services)
    .where(and(visible, eq(services.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findPaperTypes(db: Db) {
  return db.select().from(paperTypes).orderBy(asc(paperTypes.id));
}
