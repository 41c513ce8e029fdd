/**
 * Orders paid in this browser, kept in local storage so the tracking page can still show them when the shop's
 * server does not answer for a moment (customer spec, order tracking: "falls back to locally saved order data shown
 * with status processing"). Only orders whose payment this browser saw verified are kept, per signed-in customer,
 * the last five, without address or phone; signing out clears them.
 */
import type { PrintChoices } from '@shop/shared/orders/order';

const KEY = 'placedOrders';
const KEEP = 5;

/** The "saved order data" of a paid order, with the order number it became and who placed it. */
export interface PlacedOrder {
  orderNumber: string;
  userId: number;
  placedAt: string;
  fileDetails: { originalFilename: string };
  pdfInfo: { pageCount: number };
  printingOptions: Omit<PrintChoices, 'serviceId'> & { serviceName?: string };
  costSummary: { totalCost: number; finalAmount: number; subtotal?: number; discount?: number };
  deliveryType: 'delivery' | 'pickup';
  deliveryCharge: number;
  /** One line per document as the customer saw it when paying ("report.pdf · pages 1-6 · 2 colour + 4 B&W · 1 copy"). */
  documentLines?: string[];
  /** Every document's pages × copies. */
  pagesPrinted?: number;
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const browserStorage = (): KeyValueStore | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled
  }
};

function readAll(storage: KeyValueStore | null): PlacedOrder[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(KEY) ?? '[]');
    return Array.isArray(parsed)
      ? (parsed as PlacedOrder[]).filter((o) => o && typeof o.orderNumber === 'string' && typeof o.userId === 'number')
      : [];
  } catch {
    return [];
  }
}

/** Keeps a paid order (newest first, the last five); the same order number replaces its older copy. */
export function rememberPlacedOrder(order: PlacedOrder, storage: KeyValueStore | null = browserStorage()): void {
  const rest = readAll(storage).filter((o) => o.orderNumber !== order.orderNumber);
  try {
    storage?.setItem(KEY, JSON.stringify([order, ...rest].slice(0, KEEP)));
  } catch {
    /* storage full or unavailable: tracking then needs the server */
  }
}

/** This customer's saved copy of an order, if this browser paid for it. */
export function findPlacedOrder(
  userId: number | undefined,
  orderNumber: string,
  storage: KeyValueStore | null = browserStorage(),
): PlacedOrder | null {
  if (userId === undefined) return null;
  return readAll(storage).find((o) => o.userId === userId && o.orderNumber === orderNumber) ?? null;
}

/** On sign-out: the next person on this device sees none of them. */
export function forgetPlacedOrders(storage: KeyValueStore | null = browserStorage()): void {
  try {
    storage?.removeItem(KEY);
  } catch {
    /* unavailable */
  }
}
