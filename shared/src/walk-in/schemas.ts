import { z } from 'zod';
import { emailSchema, hasBidiControls } from '../auth/schemas.ts';
import { INDIAN_MOBILE, normaliseIndianMobile } from '../common/mobile.ts';
import { formatCount } from '../common/money.ts';
import { documentPrintFields, printOptionsSchema } from '../orders/schemas.ts';
import { MAX_DOCUMENTS_PER_ORDER } from '../pricing/price-order.ts';
import { businessBillSchema } from '../gst/schemas.ts';

/**
 * Walk-in orders (docs/decisions/025-walk-in-orders.md): staff enter an order for a customer at
 * the counter, paid there in cash or by UPI. The contracts of POST /api/counter/uploads and POST /api/counter/orders.
 */

export const WALK_IN_PAYMENT_METHODS = ['cash', 'upi_counter'] as const;
export type WalkInPaymentMethod = (typeof WALK_IN_PAYMENT_METHODS)[number];

/** A paper original is photocopied: staff count its pages. More than this is a print run for the owner to quote. */
export const MAX_PAPER_PAGES = 2000;
/** What one counter order may cost (₹10,00,000, as online): far beyond a counter sale, far from integer overflow. */
export const MAX_WALK_IN_AMOUNT_PAISE = 100_000_000;

export const WALK_IN_MESSAGES = {
  name: 'Type the customer’s name',
  nameLong: 'A name has at most 100 characters',
  nameBad: 'Type the name again without special characters',
  mobile: 'Type a 10-digit mobile number, e.g. 98480 11111',
  email: 'Type a valid e-mail address, or leave it empty',
  paperPages: `Count the pages of the original: 1 to ${formatCount(MAX_PAPER_PAGES)}`,
  label: 'A name of at most 80 characters',
  method: 'Choose cash or UPI',
  received: 'Tick that you have received the money',
  reference: 'A UPI reference has only letters and digits (at most 40)',
  pickup: 'Choose whether the customer waits or comes back',
  requestKey: 'Reload the page and enter the order again',
  keyReused: (orderNumber: string) =>
    `This form was already sent as order ${orderNumber} with other details. Check that order in the queue, or start a new walk-in order.`,
  sameFile: 'The same file is in this order twice. Change its copies instead.',
  tooLarge: 'This order is too large for one counter sale. Split it into smaller orders.',
  nothingToPay: 'There is nothing to pay for this order.',
  nameLater: 'Type the customer’s name: they come back for the order',
  mobileLater: 'Type the customer’s mobile number: they come back for the order',
  mobileWhatsApp: 'Type the mobile number the WhatsApp updates go to',
} as const;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Who the order is for. A customer who waits while it is printed, paid on the spot, needs neither a name nor a
 * number (decision 039: a ₹12 photocopy at rush hour): the order is called by its walk-in number. One who comes
 * back later, or wants WhatsApp updates, gives them (walkInOrderSchema says which).
 */
export const walkInCustomerSchema = z.object({
  name: z
    .string({ error: WALK_IN_MESSAGES.name })
    .trim()
    .max(100, WALK_IN_MESSAGES.nameLong)
    .refine((n) => !/[\u0000-\u001f\u007f<>]/.test(n) && !hasBidiControls(n), WALK_IN_MESSAGES.nameBad)
    .default(''),
  /** As people say it: "98480 11111", "+91 98480 11111", "098480-11111" all mean the same number; '' for none. */
  mobile: z
    .string({ error: WALK_IN_MESSAGES.mobile })
    .trim()
    .max(40, WALK_IN_MESSAGES.mobile)
    .transform((m) => (m ? normaliseIndianMobile(m) : ''))
    .pipe(z.string().refine((m) => m === '' || INDIAN_MOBILE.test(m), WALK_IN_MESSAGES.mobile))
    .default(''),
  /** For the receipt and the order's mails; none is fine. */
  email: z
    .string()
    .trim()
    .max(254, WALK_IN_MESSAGES.email)
    .optional()
    .refine((e) => !e || emailSchema.safeParse(e).success, WALK_IN_MESSAGES.email)
    .transform((e) => (e ? e.toLowerCase() : undefined)),
});

/** A file uploaded at the counter (POST /api/counter/uploads), printed as the customer wizard prints one. */
const uploadedDocumentSchema = z.object({
  source: z.literal('upload'),
  fileId: z.string({ error: 'Upload the file again' }).trim().regex(uuid, 'Upload the file again'),
  ...documentPrintFields,
});

/** A paper original the customer brought: photocopied, its pages counted by staff. */
const paperDocumentSchema = z.object({
  source: z.literal('paper'),
  label: z.string().trim().max(80, WALK_IN_MESSAGES.label).optional(),
  pages: z
    .number({ error: WALK_IN_MESSAGES.paperPages })
    .int(WALK_IN_MESSAGES.paperPages)
    .min(1, WALK_IN_MESSAGES.paperPages)
    .max(MAX_PAPER_PAGES, WALK_IN_MESSAGES.paperPages),
  options: printOptionsSchema,
});

export const walkInDocumentSchema = z.discriminatedUnion('source', [uploadedDocumentSchema, paperDocumentSchema], {
  error: 'Add a file or a paper original',
});
export type WalkInDocument = z.output<typeof walkInDocumentSchema>;
export type WalkInDocumentInput = z.input<typeof walkInDocumentSchema>;

export const walkInOrderSchema = z
  .object({
    /** Made by the form once per order: the same key again (a double tap, a retry) answers with the same order. */
    requestKey: z.string({ error: WALK_IN_MESSAGES.requestKey }).regex(uuid, WALK_IN_MESSAGES.requestKey),
    customer: walkInCustomerSchema,
    documents: z
      .array(walkInDocumentSchema, { error: 'Add at least one document' })
      .min(1, 'Add at least one document')
      .max(MAX_DOCUMENTS_PER_ORDER, `An order can hold at most ${MAX_DOCUMENTS_PER_ORDER} documents`)
      .refine((docs) => {
        const ids = docs.flatMap((d) => (d.source === 'upload' ? [d.fileId] : []));
        return new Set(ids).size === ids.length;
      }, WALK_IN_MESSAGES.sameFile),
    payment: z.object({
      method: z.enum(WALK_IN_PAYMENT_METHODS, { error: WALK_IN_MESSAGES.method }),
      /** The clerk confirms the money is in hand (or the UPI payment showed on the shop's phone). */
      received: z.literal(true, { error: WALK_IN_MESSAGES.received }),
      /** A UPI transaction reference (UTR), when the clerk types it. */
      reference: z
        .string()
        .trim()
        .max(40, WALK_IN_MESSAGES.reference)
        .regex(/^[A-Za-z0-9]*$/, WALK_IN_MESSAGES.reference)
        .optional()
        .transform((r) => (r ? r : undefined)),
    }),
    /** 'now': the customer waits at the counter; 'later': they come back (a pickup code is given). */
    pickup: z.enum(['now', 'later'], { error: WALK_IN_MESSAGES.pickup }),
    /** The customer asked for order updates on WhatsApp (decision 022: consent for this order's number). */
    whatsappUpdates: z.boolean().default(false),
    /** A GST bill (GSTIN, registered name and address), or the name, address and state a bill of ₹50,000 or more needs. */
    businessBill: businessBillSchema.optional(),
    /** The total the clerk saw and took, paise; the server refuses a different figure (409 price_changed). */
    amount: z.number({ error: 'Amount is required' }).int('Amount is required').nonnegative('Amount is required'),
  })
  .superRefine((o, ctx) => {
    // Coming back later: the shop may need to call, and the name goes on the ticket the order waits under.
    if (o.pickup === 'later' && !o.customer.name)
      ctx.addIssue({ code: 'custom', path: ['customer', 'name'], message: WALK_IN_MESSAGES.nameLater });
    if (o.pickup === 'later' && !o.customer.mobile)
      ctx.addIssue({ code: 'custom', path: ['customer', 'mobile'], message: WALK_IN_MESSAGES.mobileLater });
    else if (o.whatsappUpdates && !o.customer.mobile)
      ctx.addIssue({ code: 'custom', path: ['customer', 'mobile'], message: WALK_IN_MESSAGES.mobileWhatsApp });
  });
export type WalkInOrderInput = z.input<typeof walkInOrderSchema>;
export type WalkInOrder = z.output<typeof walkInOrderSchema>;

/** The answer of POST /api/counter/orders: what the counter prints and tells the customer. Money in rupees. */
export const walkInOrderResultSchema = z.object({
  /** False when the request key was seen before: this is the order made then. */
  created: z.boolean(),
  order: z.object({
    id: z.number().int(),
    order_number: z.string(),
    customer_name: z.string(),
    total_amount: z.number(),
    payment_method: z.enum(WALK_IN_PAYMENT_METHODS),
    pickup: z.enum(['now', 'later']),
    /** For 'later' pickups: the code the customer shows when they come back. */
    pickup_code: z.string().nullable(),
    /** The promised ready time (ISO). */
    ready_by: z.string(),
    receipt: z
      .object({ id: z.number().int(), serial: z.string(), document_type: z.string(), pdf_url: z.string() })
      .nullable(),
    ticket_url: z.string(),
  }),
});
export type WalkInOrderResult = z.infer<typeof walkInOrderResultSchema>;

/** 409 when the price on the clerk's screen is not the server's (a service price changed meanwhile). */
export const walkInPriceChangedSchema = z.object({
  message: z.string(),
  code: z.literal('price_changed'),
  expectedAmount: z.number().int(),
});
