import { z } from 'zod';
import { INDIAN_MOBILE, normaliseIndianMobile, normalisePincode } from '../common/mobile.ts';
import {
  BINDINGS,
  DELIVERY_TYPES,
  ORIENTATIONS,
  PAPER_SIZES,
  PAPER_TYPES,
  PRINTING_TYPES,
  SIDES,
} from '../common/options.ts';
import { HISTORY_FILTER_STATUSES } from '../common/status.ts';
import { MAX_DOCUMENTS_PER_ORDER } from '../pricing/price-order.ts';
import { MAX_PAGE_RANGE_LENGTH } from './page-range.ts';

/** Order wizard and order API contracts. Messages are the original API's words (clients and the wizard match them). */

export const MAX_COPIES = 1000;

export const ONLY_ONE_BINDING = 'Choose only one binding option';

export const copiesSchema = z
  .number({ error: 'Copies must be a whole number' })
  .int('Copies must be a whole number')
  .min(1, 'Copies must be at least 1')
  .max(MAX_COPIES, `Copies can be at most ${MAX_COPIES}`);

/** One screen sends paper type `photo` for photo paper. */
const paperTypeSchema = z.preprocess(
  (v) => (v === 'photo' ? 'photo_paper' : v),
  z.enum(PAPER_TYPES, { error: 'Choose a paper type' }),
);

export const printOptionsSchema = z
  .object({
    // Route parameters arrive as strings: accept digit strings, nothing else.
    serviceId: z.preprocess(
      (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v),
      z.number({ error: 'Service is required' }).int('Service is required').positive('Service is required'),
    ),
    serviceName: z.string().max(200).optional(),
    printingType: z.enum(PRINTING_TYPES, { error: 'Choose a printing type' }),
    paperSize: z.preprocess(
      (v) => (typeof v === 'string' ? v.toLowerCase() : v),
      z.enum(PAPER_SIZES, { error: 'Choose a paper size' }),
    ),
    paperType: paperTypeSchema,
    sides: z.enum(SIDES, { error: 'Choose single or double sided' }),
    orientation: z.enum(ORIENTATIONS, { error: 'Choose an orientation' }).default('portrait'),
    copies: copiesSchema,
    spiralBinding: z.boolean().default(false),
    paperBinding: z.boolean().default(false),
    transparentSheet: z.boolean().default(false),
    lamination: z.boolean().default(false),
  })
  .refine((o) => BINDINGS.filter((b) => o[b]).length <= 1, { message: ONLY_ONE_BINDING, path: ['spiralBinding'] })
  .meta({ id: 'PrintOptions' });
export type PrintOptions = z.output<typeof printOptionsSchema>;
export type PrintOptionsInput = z.input<typeof printOptionsSchema>;

export const NOT_SERVICEABLE = 'Sorry, our service is not available at your location.';

/** As typed or pasted ("93900 11223", "+91 93900 11223", "093900-11223"): kept as the 10 digits (common/mobile.ts). */
export const mobileNumberSchema = z
  .string({ error: 'Mobile number must be 10 digits' })
  .max(40, 'Mobile number must be 10 digits')
  .transform(normaliseIndianMobile)
  .refine((v) => /^\d{10}$/.test(v), 'Mobile number must be 10 digits')
  .refine((v) => !/^\d{10}$/.test(v) || INDIAN_MOBILE.test(v), 'Please enter a valid Indian mobile number');

export const pickupMobileSchema = z
  .string({ error: 'Please enter a valid 10-digit mobile number for self pickup' })
  .max(40, 'Please enter a valid 10-digit mobile number for self pickup')
  .transform(normaliseIndianMobile)
  .pipe(z.string().regex(/^\d{10}$/, 'Please enter a valid 10-digit mobile number for self pickup'));

export function makePincodeSchema(pincodes: readonly string[]) {
  return z
    .string({ error: 'Pincode must be 6 digits' })
    .max(20, 'Pincode must be 6 digits')
    .transform(normalisePincode)
    .refine((v) => /^\d{6}$/.test(v), 'Pincode must be 6 digits')
    .refine((v) => !/^\d{6}$/.test(v) || pincodes.includes(v), NOT_SERVICEABLE);
}

function deliveryFields(pincodes: readonly string[]) {
  return {
    address: z
      .string({ error: 'Address must be at least 5 characters' })
      .trim()
      .min(5, 'Address must be at least 5 characters')
      .max(500, 'Address is too long'),
    doorNumber: z
      .string({ error: 'Door/Flat number is required' })
      .trim()
      .min(1, 'Door/Flat number is required')
      .max(50, 'Door/Flat number is too long'),
    pincode: makePincodeSchema(pincodes),
    mobileNumber: mobileNumberSchema,
    fullName: z.string().trim().max(100).optional(),
    landmark: z.string().trim().max(200).optional(),
  };
}

/** Delivery details as the server checks them (confirmation optional; when sent it must match). */
export function makeDeliveryDetailsSchema(pincodes: readonly string[]) {
  return z
    .object({
      ...deliveryFields(pincodes),
      confirmMobileNumber: z.string().max(40).transform(normaliseIndianMobile).optional(),
    })
    .refine((d) => d.confirmMobileNumber === undefined || d.confirmMobileNumber === d.mobileNumber, {
      message: 'Mobile numbers must match',
      path: ['confirmMobileNumber'],
    });
}
export type DeliveryDetails = z.output<ReturnType<typeof makeDeliveryDetailsSchema>>;

/** The wizard's delivery form: the confirmation is required. */
export function makeDeliveryFormSchema(pincodes: readonly string[]) {
  return z
    .object({
      ...deliveryFields(pincodes),
      confirmMobileNumber: z
        .string({ error: 'Mobile numbers must match' })
        .max(40, 'Mobile numbers must match')
        .transform(normaliseIndianMobile),
    })
    .refine((d) => d.confirmMobileNumber === d.mobileNumber, {
      message: 'Mobile numbers must match',
      path: ['confirmMobileNumber'],
    });
}
export type DeliveryForm = z.input<ReturnType<typeof makeDeliveryFormSchema>>;

export const pickupDetailsSchema = z.object({ mobileNumber: pickupMobileSchema });

/** How an uploaded document prints, online and at the counter: options, which pages (empty: all; see page-range.ts). */
export const documentPrintFields = {
  options: printOptionsSchema,
  pageRange: z
    .string()
    .max(MAX_PAGE_RANGE_LENGTH, 'This page list is too long. Use ranges such as 1-5, 8, 10-12.')
    .optional(),
  /** 'mixed': a colour service prints the colour pages in colour and the rest in black & white (decision 016). */
  colourMode: z.enum(['all', 'mixed']).default('all'),
  /** An ID card or certificate: printed, never downloaded by the shop, deleted at handover (decision 026). */
  sensitive: z.boolean().default(false),
};

/** One document of an order: an uploaded file and how it prints. */
export const orderDocumentSchema = z.object({
  fileId: z.string({ error: 'File is required' }).trim().min(1, 'File is required').max(100),
  ...documentPrintFields,
});
export type OrderDocumentInput = z.input<typeof orderDocumentSchema>;
export type OrderDocument = z.output<typeof orderDocumentSchema>;

export const orderDocumentsSchema = z
  .array(orderDocumentSchema, { error: 'Add at least one document' })
  .min(1, 'Add at least one document')
  .max(MAX_DOCUMENTS_PER_ORDER, `An order can hold at most ${MAX_DOCUMENTS_PER_ORDER} documents`)
  .refine(
    (docs) => new Set(docs.map((d) => d.fileId)).size === docs.length,
    'The same file is in this order twice. Change its options or copies instead.',
  );

/** POST /api/pdf/calculate-cost for an order of several documents. */
export const calculateOrderCostSchema = z.object({ documents: orderDocumentsSchema });

/** POST /api/pdf/calculate-cost. With fileId the server's page count wins. */
export const calculateCostSchema = z.object({
  /** Not with one document: a body with `documents` is an order's quote. */
  documents: z.never().optional(),
  fileId: z.string().max(100).optional(),
  pdfInfo: z
    .object({
      pageCount: z
        .number({ error: 'Page count is required' })
        .int('Page count must be a whole number')
        .min(1, 'Page count must be at least 1')
        .max(100000),
    })
    .optional(),
  options: printOptionsSchema,
  pageRange: orderDocumentSchema.shape.pageRange,
});
export type CalculateCostInput = z.input<typeof calculateCostSchema>;

/** GET /api/orders/user and /summary filters. */
export const orderHistoryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).catch(50).default(50),
  offset: z.coerce.number().int().min(0).catch(0).default(0),
  search: z.string().trim().max(200).optional().catch(undefined),
  status: z
    .enum(['all', ...HISTORY_FILTER_STATUSES, 'delivered', 'collected'])
    .optional()
    .catch(undefined),
  deliveryType: z
    .enum(['all', ...DELIVERY_TYPES])
    .optional()
    .catch(undefined),
});
export type OrderHistoryQuery = z.output<typeof orderHistoryQuerySchema>;

/** GET /api/orders/user/summary: the customer's order counts (`completed` counts completed, delivered and collected). */
export const orderSummarySchema = z
  .object({
    total: z.number().int(),
    delivery: z.number().int(),
    pickup: z.number().int(),
    completed: z.number().int(),
    filtered: z.object({ delivery: z.number().int(), pickup: z.number().int() }),
  })
  .meta({ id: 'OrderSummary' });
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** POST /api/orders/payment-success */
export const paymentSuccessSchema = z.object({
  orderNumber: z.string().trim().min(1).max(40),
  paymentId: z.string().trim().min(1).max(100),
  orderId: z.string().trim().max(100).optional(),
  signature: z.string().trim().min(1).max(200),
});

/** POST /api/orders/create: the caller's draft, by provider order id (or order number), optionally with payment proof. */
export const orderCreateSchema = z
  .object({
    razorpay_order_id: z.string().trim().max(100).optional(),
    orderNumber: z.string().trim().max(40).optional(),
    order_number: z.string().trim().max(40).optional(),
    payment_id: z.string().trim().max(100).optional(),
    razorpay_payment_id: z.string().trim().max(100).optional(),
    razorpay_signature: z.string().trim().max(200).optional(),
  })
  .refine((b) => b.razorpay_order_id || b.orderNumber || b.order_number, {
    message: 'razorpay_order_id is required',
    path: ['razorpay_order_id'],
  });
