import { z } from 'zod';
import { FILE_DELETION_REASONS, orderFilesSchema } from '../files/retention.ts';
import { pdfUploadResultSchema } from '../files/schemas.ts';
import { DELIVERY_TYPES, ORIENTATIONS, SIDES } from '../common/options.ts';

/** The shapes of orders as the API sends them; the routes that send them are in routes.ts. */

/** A delivery address as an order holds it (the string 'Self Pickup' for pickup orders). */
export const orderAddressSchema = z
  .object({
    fullName: z.string().optional(),
    mobileNumber: z.string().optional(),
    doorNumber: z.string().optional(),
    address: z.string(),
    pincode: z.string().optional(),
    landmark: z.string().optional(),
  })
  .meta({ id: 'OrderAddress' });
export type OrderAddress = z.infer<typeof orderAddressSchema>;

/**
 * How a document prints and what its printing and binding cost (rupees). Each document has them; the Order repeats its
 * first document's (below), as the original one-document API has them (decision 036).
 */
const printFields = {
  service_id: z.number().int(),
  service_name: z.string(),
  file_id: z.string().nullable(),
  original_filename: z.string(),
  printing_type: z.string(),
  paper_type: z.string(),
  paper_size: z.string(),
  orientation: z.string(),
  sides: z.string(),
  copies: z.number().int(),
  /** Pages of the file. */
  page_count: z.number().int(),
  lamination: z.boolean(),
  spiral_binding: z.boolean(),
  paper_binding: z.boolean(),
  transparent_sheet: z.boolean(),
  printing_cost: z.number(),
  binding_cost: z.number(),
};

/** One document of an order (decision 036): its file, how it prints and which pages; money in rupees. */
export const orderDocumentDtoSchema = z
  .object({
    /** 1-based place in the order. */
    position: z.number().int(),
    ...printFields,
    /** The pages that print ("1-5, 8"); '' for all pages. */
    page_range: z.string(),
    /** Pages that print per copy. */
    printed_pages: z.number().int(),
    /** 'mixed': the colour pages (`colour_pages`, e.g. "2, 5-7") in colour, the rest in black & white. */
    colour_mode: z.enum(['all', 'mixed']).optional(),
    colour_pages: z.string().optional(),
    /** A paper original brought to the counter: photocopied by hand, no file to download or send to a printer. */
    paper_original: z.boolean().optional(),
    /** The print-ready PDF: exactly the pages paid for, in order. */
    download_url: z.string(),
    /** The format the shop made the PDF from ('jpeg', 'docx'…; `original_filename` is then the photo's or Word file's own name), or null. */
    converted_from: z.string().nullable(),
    /** The photo or office file this document's PDF was made from (decision 017), while it is kept; null otherwise. */
    source: z.object({ format: z.string(), filename: z.string(), download_url: z.string() }).nullable().optional(),
    /** An ID card or certificate: the shop prints it but cannot download it (decision 026). */
    sensitive: z.boolean().optional(),
    /** When and why its file was deleted; null while it is kept. */
    file_deleted_at: z.string().nullable().optional(),
    file_deleted_reason: z.enum(FILE_DELETION_REASONS).nullable().optional(),
  })
  .meta({ id: 'OrderDocument' });
export type OrderDocumentDto = z.infer<typeof orderDocumentDtoSchema>;

/**
 * The original API's one-document fields of an Order: its first document's, kept for API clients written for one
 * document. `documents` is the order; the shop's own screens read only that (docs/decisions/036-order-model.md).
 */
const firstDocumentFields = Object.fromEntries(
  Object.entries(printFields)
    .filter(([k]) => k !== 'printing_cost' && k !== 'binding_cost')
    .map(([k, v]) => [k, v.describe(`The first document's (the original one-document API); read \`documents\`.`)]),
) as Omit<typeof printFields, 'printing_cost' | 'binding_cost'>;
export type FirstDocumentField = keyof typeof firstDocumentFields | 'file_path' | 'download_url';

/** The API's Order: snake_case, money in rupees with two decimals. The header, its documents, and the first's fields. */
export const orderSchema = z
  .object({
    id: z.number().int(),
    order_number: z.string(),
    /** Null for a walk-in order taken at the counter (no account: docs/decisions/025-walk-in-orders.md). */
    user_id: z.number().int().nullable(),
    user_name: z.string(),
    ...firstDocumentFields,
    /** The first document's storage key (the original one-document API); its last segment is that API's `key`. */
    file_path: z.string(),
    /** The documents' printing, added up (before the discount). */
    printing_cost: z.number(),
    /** The documents' binding and lamination, added up (before the discount). */
    binding_cost: z.number(),
    additional_cost: z.number(),
    subtotal: z.number(),
    /** Percent, e.g. 2. */
    discount_rate: z.number(),
    discount_amount: z.number(),
    total_cost: z.number(),
    delivery_charge: z.number(),
    /** What was paid: total_cost + delivery_charge. */
    total_amount: z.number(),
    /** 'Self Pickup' for pickup orders. */
    address: z.union([z.string(), orderAddressSchema]),
    door_number: z.string(),
    pincode: z.string(),
    mobile_number: z.string(),
    delivery_type: z.enum(DELIVERY_TYPES),
    status: z.string(),
    payment_id: z.string().nullable(),
    payment_status: z.string(),
    razorpay_order_id: z.string().nullable(),
    paid_at: z.string().nullable(),
    /** How it was paid: online, or at the counter in cash or by UPI (walk-in orders). */
    payment_method: z.enum(['online', 'cash', 'upi_counter']),
    /** Placed online by the customer, or at the counter by staff. */
    origin: z.enum(['online', 'counter']),
    /** A walk-in customer is waiting at the counter for it. */
    customer_waiting: z.boolean(),
    /** When the shop promised it ready (ISO), fixed at payment (orders/due-time.ts); null before payment. */
    ready_by: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    /** `/api/orders/{id}/file`: the first document's file (the original one-document API). */
    download_url: z.string(),
    /** Every document of the order, in print order: what it is. */
    documents: z.array(orderDocumentDtoSchema).min(1),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;

export const orderTimelineEntrySchema = z
  .object({
    from_status: z.string().nullable(),
    to_status: z.string(),
    actor_kind: z.enum(['customer', 'staff', 'admin', 'system']),
    actor_name: z.string().nullable(),
    /** Why, when the change needed a reason: the admin handing a pickup order over without its code (decision 033). */
    note: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'OrderTimelineEntry' });
export type OrderTimelineEntry = z.infer<typeof orderTimelineEntrySchema>;

/** GET /api/orders/:ref: the order with its status timeline, oldest first, and how long its files are kept (decision 026). */
export const orderDetailSchema = orderSchema
  .extend({ timeline: z.array(orderTimelineEntrySchema), files: orderFilesSchema.optional() })
  .meta({ id: 'OrderDetail' });
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** An unpaid order (a draft whose payment was cancelled or failed), open for payment until it expires. */
export const draftOrderSchema = orderSchema.extend({ expires_at: z.string() }).meta({ id: 'DraftOrder' });
export type DraftOrder = z.infer<typeof draftOrderSchema>;

/** What the admin and the counter see of an order: the Order plus the customer's contact, one line of address. */
export const backOfficeOrderSchema = orderSchema
  .extend({
    customer_name: z.string(),
    customer_phone: z.string(),
    /** The counter's WhatsApp chat, opened with the order number and its status typed (null without a usable number). */
    whatsapp_url: z.string().nullable(),
    address_text: z.string(),
    /** Unvisited or visited. */
    is_new: z.boolean(),
    /** Money given back so far, rupees (refunds not failed); absent when none: the card says "₹42.00 paid · ₹10.00 refunded". */
    refunded_amount: z.number().optional(),
    /**
     * Of that, rupees the customer's bank refused (decision 021, `bounced`) and the counter still owes them; absent when
     * none: the card says "₹11.00 to give back at the counter".
     */
    owed_back_amount: z.number().optional(),
    /** A pickup order with a code: the counter collects it with the code; only the admin hands it over without (decision 033). */
    has_pickup_code: z.boolean(),
  })
  .meta({ id: 'BackOfficeOrder' });
export type BackOfficeOrder = z.infer<typeof backOfficeOrderSchema>;

/** How a document prints, as the wizard and "Print again" hold it (the print is its service's: decision 009). */
export const printChoicesSchema = z
  .object({
    serviceId: z.number().int(),
    printingType: z.string(),
    paperSize: z.string(),
    paperType: z.string(),
    sides: z.enum(SIDES),
    orientation: z.enum(ORIENTATIONS),
    copies: z.number().int(),
    spiralBinding: z.boolean(),
    paperBinding: z.boolean(),
    transparentSheet: z.boolean(),
    lamination: z.boolean(),
  })
  .meta({ id: 'PrintChoices' });
export type PrintChoices = z.infer<typeof printChoicesSchema>;

/** GET /api/orders/:ref/reorder: an order's documents for "Print again"; `upload` null when the file is deleted. */
export const reorderAnswerSchema = z
  .object({
    serviceId: z.number().int(),
    documents: z.array(
      z.object({
        name: z.string(),
        options: printChoicesSchema,
        pageRange: z.string(),
        /** 'mixed': only the colour pages in colour, the rest black & white (decision 016), as the order had it. */
        colourMode: z.enum(['all', 'mixed']),
        upload: pdfUploadResultSchema.nullable(),
        /** Ticked as an ID card or certificate (decision 026): printed again, it stays so. */
        sensitive: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'ReorderAnswer' });
export type ReorderAnswer = z.infer<typeof reorderAnswerSchema>;

/** What the one line per document needs, from the API's document (it lives in document-summary.ts, without zod). */
export { documentOfDto } from './document-summary.ts';

/**
 * The answers as the shop's own screens read them: the header and its documents, without the first document's copy
 * of the original API's one-document fields (so no screen can show one document's service, copies or file as the
 * order's).
 */
export type OrderView = Omit<Order, FirstDocumentField>;
export type OrderDetailView = Omit<OrderDetail, FirstDocumentField>;
export type DraftOrderView = Omit<DraftOrder, FirstDocumentField>;
export type BackOfficeOrderView = Omit<BackOfficeOrder, FirstDocumentField>;
