import type { Order } from '../api';
import { ordersText } from '../texts';

/** The delivery address as lines a person reads: name, door and street, pincode. */
export function addressLines(order: Pick<Order, 'address' | 'door_number' | 'pincode' | 'delivery_type'>): string[] {
  if (order.delivery_type === 'pickup') return [ordersText('address.pickup')];
  const a = order.address;
  const pin = (p: string | null | undefined) => (p ? ordersText('address.pincode', { pincode: p }) : undefined);
  if (typeof a === 'string') return [a, pin(order.pincode)].filter((x): x is string => !!x);
  return [
    a.fullName,
    [a.doorNumber ?? order.door_number, a.address].filter(Boolean).join(', '),
    pin(a.pincode ?? order.pincode),
  ].filter((x): x is string => !!x);
}
