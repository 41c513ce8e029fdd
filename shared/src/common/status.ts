import type { DeliveryType } from './options.ts';

/** Order statuses. `pending_payment` is a draft awaiting payment (docs/decisions/002-drafts-before-payment.md); paid orders start as `unvisited`. */
export const ORDER_STATUSES = ['pending_payment', 'unvisited', 'visited', 'processing', 'completed', 'delivered', 'collected'] as const;
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

const DASHBOARD_LABELS: Record<string, string> = {
  unvisited: 'Unvisited Order',
  visited: 'Visited but Not Downloaded',
  processing: 'Processing Order',
  completed: 'Completed Order',
  delivered: 'Delivered',
  collected: 'Collected',
  pending_payment: 'Awaiting Payment',
};
export function dashboardStatusLabel(status: string): string {
  return DASHBOARD_LABELS[status] ?? 'Unknown Status';
}

const HISTORY_LABELS: Record<string, string> = {
  unvisited: 'Pending',
  visited: 'In Review',
  processing: 'Processing',
  completed: 'Completed',
  delivered: 'Delivered',
  collected: 'Collected',
  pending_payment: 'Awaiting Payment',
};
/** For pickup orders, delivered is shown as Collected. */
export function historyStatusLabel(status: string, deliveryType?: string): string {
  if (status === 'delivered' && deliveryType === 'pickup') return 'Collected';
  return HISTORY_LABELS[status] ?? status;
}

/** Back-office label: a status name, with delivered on a pickup order shown as Collected. */
export function backOfficeStatusLabel(status: string, deliveryType?: string): string {
  if (status === 'delivered' && deliveryType === 'pickup') return 'Collected';
  return status.charAt(0).toUpperCase() + status.slice(1).replace('_', ' ');
}

/** Tracking: five steps; the bar is the percentage of steps reached. */
export const TRACKING_STEPS = ['Order Placed', 'Viewed', 'Processing', 'Completed', 'Delivered'] as const;
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
