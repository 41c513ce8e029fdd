import { SERVICE_MESSAGES, type PaperTypeInfo, type Service } from '@shop/shared/catalog/schemas';
import type { Category } from '@shop/shared/common/options';
import { paperTypeLabel } from '@shop/shared/common/options';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../plugins/errors.ts';
import { findPaperTypes, findVisibleService, findVisibleServices } from './catalog.repository.ts';
import { toServiceDto } from './service-dto.ts';

export async function listServices(db: Db, category?: Category): Promise<Service[]> {
  return (await findVisibleServices(db, category)).map(toServiceDto);
}

export async function getService(db: Db, id: number): Promise<Service> {
  const row = await findVisibleService(db, id);
  if (!row) throw notFound(SERVICE_MESSAGES.notFound);
  return toServiceDto(row);
}

export async function listPaperTypes(db: Db): Promise<PaperTypeInfo[]> {
  return (await findPaperTypes(db)).map((p) => ({
    id: p.id,
    name: p.name,
    label: paperTypeLabel(p.name),
    description: p.description,
    available_for_sizes: p.availableForSizes,
    available_for_printing_types: p.availableForPrintingTypes,
  }));
}
