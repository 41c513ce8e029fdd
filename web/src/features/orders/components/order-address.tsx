import type { Order } from '../api';

export function addressLines(order: Pick<Order, 'address' | 'door_number' | 'pincode' | 'delivery_type'>): string[] {
  if (order.delivery_type === 'pickup') return ['Self Pickup at our shop'];
  const a = order.address;
  if (typeof a === 'string') return [a, order.pincode].filter(Boolean);
  return [a.fullName, [a.doorNumber ?? order.door_number, a.address].filter(Boolean).join(', '), a.pincode ?? order.pincode].filter((x): x is string => !!x);
}
