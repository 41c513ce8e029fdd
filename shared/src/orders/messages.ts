import { z } from 'zod';
import { hasBidiControls } from '../auth/schemas.ts';
import { defineRoute } from '../common/contract.ts';
import { orderRefParamsSchema } from './refs.ts';

export const MESSAGE_MAX = 500;
export const MESSAGE_TEXTS = {
  short: 'Write the message (at least 2 characters)',
  long: `Keep the message under ${MESSAGE_MAX} characters`,
  bidi: 'The message contains hidden text-direction characters; please retype it',
  controls: 'The message contains characters that are not allowed',
};

/** A note from the shop to the customer about their order. */
export const orderMessageSchema = z.object({
  body: z
    .string({ error: MESSAGE_TEXTS.short })
    .trim()
    .min(2, MESSAGE_TEXTS.short)
    .max(MESSAGE_MAX, MESSAGE_TEXTS.long)
    .refine((b) => !hasBidiControls(b), MESSAGE_TEXTS.bidi)
    .refine((b) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(b), MESSAGE_TEXTS.controls),
});

export const orderMessageDtoSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  /** The shop's person who wrote it (first name as staff signed in). */
  from: z.string(),
  created_at: z.string(),
}).meta({ id: 'OrderMessage' });
export type OrderMessageDto = z.infer<typeof orderMessageDtoSchema>;

const tags = ['telling customers'] as const;

/** Notes from the shop to the customer about an order: mailed (and sent on WhatsApp when opted in), kept for tracking. */
export const orderMessageRoutes = {
  list: defineRoute('GET', '/api/orders/:ref/messages', {
    summary: "An order's messages from the shop",
    description: "The owner, staff or the admin; 404 for another customer's order. Oldest first, at most 200.",
    tags,
    params: orderRefParamsSchema,
    response: { 200: z.array(orderMessageDtoSchema) },
  }),
  send: defineRoute('POST', '/api/staff/orders/:ref/messages', {
    summary: 'Send the customer a message about their order',
    description: "Staff or the admin. Mailed to the customer. 429 `too_many_messages` past 10 at once, then one per 30 s per staff member.",
    tags,
    params: orderRefParamsSchema,
    body: orderMessageSchema,
    response: { 201: orderMessageDtoSchema },
  }),
};
