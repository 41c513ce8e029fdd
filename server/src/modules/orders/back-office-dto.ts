import { stripBidiControls } from '@shop/shared/auth/schemas';
import { INDIAN_MOBILE, normaliseIndianMobile } from '@shop/shared/common/mobile';
import type { orders } from '../../db/schema/index.ts';
import { toOrderDto } from './order-dto.ts';

type OrderRow = typeof orders.$inferSelect;

/** `https://wa.me/91XXXXXXXXXX` for a 10-digit Indian mobile number, else null. */
export function whatsappUrl(mobile: string | null | undefined): string | null {
  const digits = normaliseIndianMobile(mobile ?? '');
  return INDIAN_MOBILE.test(digits) ? `https://wa.me/91${digits}` : null;
}

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
export function toBackOfficeOrderDto(row: OrderRow) {
  return {
    ...toOrderDto(row),
    customer_name: stripBidiControls(row.userName),
    customer_phone: row.mobileNumber,
    whatsapp_url: whatsappUrl(row.mobileNumber),
    address_text: stripBidiControls(addressText(row.address)),
    is_new: row.status === 'unvisited' || row.status === 'visited',
  };
}
