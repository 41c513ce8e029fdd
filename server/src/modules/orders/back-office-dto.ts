import { stripBidiControls } from '@shop/shared/auth/schemas';
import { counterWhatsAppUrl } from '@shop/shared/notify/whatsapp-link';
import { promisedReadyTime } from '@shop/shared/orders/due-time';
import type { Order } from '@shop/shared/orders/order';
import type { orderDocuments, orders } from '../../db/schema/index.ts';
import { toOrderDto } from './order-dto.ts';

type OrderRow = typeof orders.$inferSelect;
type DocumentRow = typeof orderDocuments.$inferSelect;

/** One line of address for the counter: the string itself, or the object's parts joined. */
export function addressText(address: OrderRow['address']): string {
  if (typeof address === 'string') return address;
  return [address.doorNumber, address.address, address.landmark, address.pincode].filter(Boolean).join(', ');
}

/**
 * What the admin and staff see of an order: the API's Order plus the customer's contact. Names and addresses are
 * shown without bidirectional control characters (rows stored before names were checked for them could otherwise
 * read differently on the counter's screen than they were typed).
 */
export function toBackOfficeOrderDto(row: OrderRow, documents: readonly DocumentRow[]) {
  return {
    ...toOrderDto(row, documents),
    customer_name: stripBidiControls(row.userName),
    customer_phone: row.mobileNumber,
    // The counter's chat opens with the order number and its status already typed (decision 022).
    whatsapp_url: counterWhatsAppUrl(row.mobileNumber, {
      orderNumber: row.orderNumber,
      status: row.status,
      deliveryType: row.deliveryType,
    }),
    address_text: stripBidiControls(addressText(row.address)),
    is_new: row.status === 'unvisited' || row.status === 'visited',
    has_pickup_code: row.deliveryType === 'pickup' && !!row.pickupCode,
  };
}

/**
 * Orders paid before due times existed have none stored: the counter card shows the one the same rule gives
 * (decision 025), from when they were paid and what they print.
 */
export function withDueTime<T extends Order>(dto: T): T {
  if (dto.ready_by || !dto.paid_at) return dto;
  const work = dto.documents.map((d) => ({
    printingType: d.printing_type,
    printedPages: d.printed_pages,
    copies: d.copies,
    spiralBinding: d.spiral_binding,
    paperBinding: d.paper_binding,
    transparentSheet: d.transparent_sheet,
    lamination: d.lamination,
  }));
  return { ...dto, ready_by: promisedReadyTime(new Date(dto.paid_at), work).toISOString() };
}
