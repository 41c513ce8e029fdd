import { paiseToRupees } from '@shop/shared/common/money';
import type { orderDocuments } from '../../db/schema/index.ts';

type DocumentRow = typeof orderDocuments.$inferSelect;

export type PrintColumns = Pick<
  DocumentRow,
  | 'serviceId'
  | 'serviceName'
  | 'fileId'
  | 'originalFilename'
  | 'printingType'
  | 'paperType'
  | 'paperSize'
  | 'orientation'
  | 'sides'
  | 'copies'
  | 'pageCount'
  | 'lamination'
  | 'spiralBinding'
  | 'paperBinding'
  | 'transparentSheet'
  | 'printingCost'
  | 'bindingCost'
>;

/** How a document prints and what that cost, as the API names it. */
export function printFieldsDto(row: PrintColumns) {
  return {
    service_id: row.serviceId,
    service_name: row.serviceName,
    file_id: row.fileId,
    original_filename: row.originalFilename,
    printing_type: row.printingType,
    paper_type: row.paperType,
    paper_size: row.paperSize,
    orientation: row.orientation,
    sides: row.sides,
    copies: row.copies,
    page_count: row.pageCount,
    lamination: row.lamination,
    spiral_binding: row.spiralBinding,
    paper_binding: row.paperBinding,
    transparent_sheet: row.transparentSheet,
    printing_cost: paiseToRupees(row.printingCost),
    binding_cost: paiseToRupees(row.bindingCost),
  };
}
