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

export const orderMessageDtoSchema = z
  .object({
    id: z.number().int(),
    body: z.string(),
    /** The shop's person who wrote it (first name as staff signed in). */
    from: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'OrderMessage' });
export type OrderMessageDto = z.infer<typeof orderMessageDtoSchema>;

/** Refusals of a send to one recipient who has had too many (decision 033). */
export const SEND_MESSAGES = {
  tooManyToMail: (wait: string) =>
    `This e-mail address has had too many messages from the shop in a short time. Try again in ${wait}, or phone the customer.`,
  tooManyToWhatsApp: (wait: string) =>
    `This customer has had too many WhatsApp messages from the shop in a short time. Try again in ${wait}, or phone them.`,
};

/** What staff had the shop send in their words or to an address they typed (decision 033), for the admin. */
export const staffSendSchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    by: z.object({ kind: z.enum(['staff', 'admin']), id: z.number().int(), name: z.string() }),
    kind: z.enum(['message', 'walk_in_receipt']),
    channel: z.enum(['mail', 'whatsapp']),
    recipient: z.string(),
    order_number: z.string(),
    body: z.string(),
  })
  .meta({ id: 'StaffSend' });
export type StaffSend = z.infer<typeof staffSendSchema>;

export const staffSendsQuerySchema = z.object({
  /** The next page: rows older than this id. */
  before: z.coerce.number({ error: 'before must be a row id' }).int().positive().max(2_147_483_647).optional(),
  /** One e-mail address or WhatsApp number (E.164), as sent. */
  recipient: z.string().trim().max(254, 'At most 254 characters').optional(),
  limit: z.coerce
    .number({ error: 'limit must be 1 to 200' })
    .int()
    .min(1, 'limit must be 1 to 200')
    .max(200, 'limit must be 1 to 200')
    .default(50),
});

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
    description:
      'Staff or the admin. Mailed to the customer (addresses in it stay plain text: decision 033) and written down for the admin (`GET /api/admin/staff-sends`). 429 `too_many_messages` past 10 at once, then one per 30 s per staff member; 429 `too_many_sends_to_recipient` past 8 to one address or number, then one an hour, whoever sends.',
    tags,
    params: orderRefParamsSchema,
    body: orderMessageSchema,
    response: { 201: orderMessageDtoSchema },
  }),
  sends: defineRoute('GET', '/api/admin/staff-sends', {
    summary: 'What staff had the shop send, and to whom',
    description:
      'Admin only. Notes about orders and walk-in receipt mails, newest first: who sent them, on which channel, to which address or number, the words. `before` pages back; `recipient` narrows to one address or number.',
    tags,
    querystring: staffSendsQuerySchema,
    response: { 200: z.array(staffSendSchema) },
  }),
};
