import { stripBidiControls } from '@shop/shared/auth/schemas';
import type { staff } from '../../db/schema/index.ts';

type StaffRow = typeof staff.$inferSelect;

/** A staff member as the admin's staff screen reads them (never the password hash). */
export function toStaffDto(row: StaffRow) {
  return {
    id: row.id,
    name: stripBidiControls(row.name),
    mobile_number: row.mobileNumber,
    is_active: row.isActive,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
