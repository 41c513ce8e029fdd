import type { DeliveryType } from './options.ts';

/** Order statuses. `pending_payment` is a draft awaiting payment (docs/decisions/002-drafts-before-payment.md); paid orders start as `unvisited`. */
export const ORDER_STATUSES = [
  'pending_payment',
  'unvisited',
  'visited',
  'processing',
  'completed',
  'delivered',
  'collected',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Statuses the admin and staff may set (any order; no sequence is enforced). */
export const SETTABLE_STATUSES = ['unvisited', 'visited', 'processing', 'completed', 'delivered', 'collected'] as const;
export type SettableStatus = (typeof SETTABLE_STATUSES)[number];

/** Delivery orders hide 'collected'; pickup orders hide 'delivered'. */
export function statusesFor(deliveryType: DeliveryType | string): SettableStatus[] {
  return SETTABLE_STATUSES.filter((s) => (deliveryType === 'pickup' ? s !== 'delivered' : s !== 'collected'));
}

/** Unvisited and visited orders count as new at the counter. */
export function isNewOrder(status: string): boolean {
  return status === 'unvisited' || status === 'visited';
}

export const HISTORY_FILTER_STATUSES = ['unvisited', 'visited', 'processing', 'completed'] as const;

export const STATUS_COLORS: Record<string, string> = {
  unvisited: 'blue',
  visited: 'yellow',
  processing: 'orange',
  completed: 'green',
  delivered: 'purple',
  collected: 'indigo',
  pending_payment: 'orange',
};
export function statusColor(status: string): string {
  return STATUS_COLORS[status] ?? 'gray';
}

/**
 * The words customers read for their order, everywhere (tracking, history, dashboard, mails): the tracking steps'
 * words, by delivery type. Staff and the admin keep the back-office words (backOfficeStatusLabel).
 */
export function customerStatusLabel(status: string, deliveryType?: string): string {
  const pickup = deliveryType === 'pickup';
  switch (status) {
    case 'pending_payment':
      return 'Awaiting payment';
    case 'unvisited':
      return 'Order Placed';
    case 'visited':
      return 'Viewed';
    case 'processing':
      return 'Printing';
    case 'completed':
      return pickup ? 'Ready for pickup' : 'Out for delivery';
    case 'collected':
      return 'Collected';
    case 'delivered':
      return pickup ? 'Collected' : 'Delivered';
    default:
      return 'Unknown status';
  }
}

/** Back-office label: a status name, with delivered on a pickup order shown as Collected. */
export function backOfficeStatusLabel(status: string, deliveryType?: string): string {
  if (status === 'delivered' && deliveryType === 'pickup') return 'Collected';
  return status.charAt(0).toUpperCase() + status.slice(1).replace('_', ' ');
}

/** Tracking: five steps, in the customers' words; the bar is the percentage of steps reached. */
export function trackingSteps(deliveryType: string): string[] {
  return ['unvisited', 'visited', 'processing', 'completed', deliveryType === 'pickup' ? 'collected' : 'delivered'].map(
    (s) => customerStatusLabel(s, deliveryType),
  );
}
export function trackingStep(status: string): number {
  switch (status) {
    case 'unvisited':
      return 1;
    case 'visited':
      return 2;
    case 'processing':
      return 3;
    case 'completed':
      return 4;
    case 'delivered':
    case 'collected':
      return 5;
    default:
      return 0;
  }
}
