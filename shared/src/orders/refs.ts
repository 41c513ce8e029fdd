import { z } from 'zod';

/**
 * How a path or query names an order: our numeric id (back-office links) or its order number (the original API's
 * links).
 */
export type OrderRef = { id: number; orderNumber?: undefined } | { orderNumber: string; id?: undefined };

/** An order reference: digits are our id, letters, digits and dashes an order number; anything else names nothing. */
export const orderRefSchema = (message = 'Order not found') =>
  z
    .string({ error: message })
    .min(1, message)
    .max(40, message)
    .regex(/^[A-Za-z0-9-]+$/, message)
    .refine((v) => !/^\d+$/.test(v) || Number(v) <= 2_147_483_647, message)
    .transform((v): OrderRef => (/^\d+$/.test(v) ? { id: Number(v) } : { orderNumber: v }));

/** `:ref` params: an order the caller may see, else "Order not found" (404). */
export const orderRefParamsSchema = z.object({ ref: orderRefSchema() });
