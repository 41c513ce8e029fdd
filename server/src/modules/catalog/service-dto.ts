import { paiseToRupees } from '@shop/shared/common/money';
import type { Service } from '@shop/shared/catalog/schemas';
import type { services } from '../../db/schema/catalog.ts';

export type ServiceRow = typeof services.$inferSelect;

/** A services row as the API sends it (docs/api.md 'Service'): snake_case, paise → rupees. */
export function toServiceDto(row: ServiceRow): Service {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    // Clients of the original API show `price` as the single-side price: the two stay equal.
    price: paiseToRupees(row.price ?? row.priceSingleSide),
    price_single_side: paiseToRupees(row.priceSingleSide),
    price_double_side: paiseToRupees(row.priceDoubleSide),
    image_url: row.imageUrl ?? null,
    is_active: row.isActive,
    deleted: row.deleted,
    supports_single_side: row.supportsSingleSide,
    supports_double_side: row.supportsDoubleSide,
    printing_type: row.printingType as Service['printing_type'],
    paper_size: row.paperSize as Service['paper_size'],
    paper_type: row.paperType as Service['paper_type'],
    category: row.category as Service['category'],
    name_te: row.nameTe ?? null,
    description_te: row.descriptionTe ?? null,
    sac: row.sac ?? null,
    created_at: toIso(row.createdAt),
    updated_at: toIso(row.updatedAt),
  };
}

function toIso(d: Date | string): string {
  return d instanceof Date ? d.toISOString() : new Date(d).toISOString();
}
