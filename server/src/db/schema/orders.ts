import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { services } from './catalog.ts';
import { files } from './files.ts';
import { users } from './users.ts';

export interface DeliveryAddress {
  fullName?: string;
  mobileNumber?: string;
  doorNumber?: string;
  address: string;
  pincode?: string;
  landmark?: string;
}

/** How a document prints (the service's print, sides, copies). */
const printColumns = () => ({
  printingType: text('printing_type').notNull(),
  paperType: text('paper_type').notNull(),
  paperSize: text('paper_size').notNull(),
  orientation: text('orientation').notNull().default('portrait'),
  sides: text('sides').notNull().default('single'),
  copies: integer('copies').notNull().default(1),
});

/** Binding and lamination of a document, at most one binding (shared/src/orders/schemas.ts). */
const finishingColumns = () => ({
  lamination: boolean('lamination').notNull().default(false),
  spiralBinding: boolean('spiral_binding').notNull().default(false),
  paperBinding: boolean('paper_binding').notNull().default(false),
  transparentSheet: boolean('transparent_sheet').notNull().default(false),
});

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNumber: text('order_number').notNull().unique(),
    /** The customer's account; null for a walk-in order taken at the counter (docs/decisions/025-walk-in-orders.md). */
    userId: integer('user_id').references(() => users.id),
    userName: text('user_name').notNull(),
    /**
     * The names of the order's documents, one a line, for the lists' search by name (one trigram index): made from the
     * document rows by the one function that writes an order with them (payments/order-number.ts), never on its own.
     */
    documentNames: text('document_names').notNull().default(''),
    /** Surcharges on the order (none yet), paise. The documents' printing and binding are on their own rows. */
    additionalCost: integer('additional_cost').notNull().default(0),
    /** The documents' printing and binding added up, before the discount, paise. */
    subtotal: integer('subtotal').notNull(),
    /** Percent, e.g. 2, 4 or 5. */
    discountRate: integer('discount_rate').notNull().default(0),
    discountAmount: integer('discount_amount').notNull().default(0),
    totalCost: integer('total_cost').notNull(),
    deliveryCharge: integer('delivery_charge').notNull().default(0),
    /** What the customer pays: totalCost + deliveryCharge, paise. */
    totalAmount: integer('total_amount').notNull(),
    address: jsonb('address').$type<string | DeliveryAddress>().notNull(),
    doorNumber: text('door_number').notNull(),
    pincode: text('pincode').notNull(),
    mobileNumber: text('mobile_number').notNull(),
    deliveryType: text('delivery_type', { enum: ['delivery', 'pickup'] })
      .notNull()
      .default('delivery'),
    status: text('status').notNull().default('pending_payment'),
    paymentId: text('payment_id'),
    paymentStatus: text('payment_status').notNull().default('pending'),
    /** How it was paid: online (Razorpay or the sandbox), or at the counter in cash or by UPI (walk-in orders). */
    paymentMethod: text('payment_method', { enum: ['online', 'cash', 'upi_counter'] })
      .notNull()
      .default('online'),
    razorpayOrderId: text('razorpay_order_id').unique(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * A pickup order's collection code (6 digits, given at payment): shown only to its customer, typed or scanned at
     * the counter to mark the order collected (docs/decisions/020-customer-notifications.md).
     */
    pickupCode: text('pickup_code'),
    /** Where the order was placed: online by the customer, or at the counter by staff (a walk-in, decision 025). */
    origin: text('origin', { enum: ['online', 'counter'] })
      .notNull()
      .default('online'),
    /** A walk-in customer's e-mail for the receipt and the order's mails (online orders mail the account's). */
    customerEmail: text('customer_email'),
    /** A walk-in customer waits at the counter (pickup "now"), rather than coming back later. */
    customerWaiting: boolean('customer_waiting').notNull().default(false),
    /** The counter form's key for this order: a double tap or a retry finds the order made the first time. */
    counterRequestKey: text('counter_request_key').unique(),
    /** SHA-256 of the counter form's request as first sent: the same key with other details is refused (decision 033). */
    counterRequestHash: text('counter_request_hash'),
    /** The time the shop promised the order ready, fixed at payment (shared/src/orders/due-time.ts, decision 025). */
    readyBy: timestamp('ready_by', { withTimezone: true }),
    /**
     * When an unpaid draft expired (DRAFT_EXPIRY_HOURS): no longer polled, no longer offered for payment. The status
     * stays pending_payment, so a payment that still arrives for it is fulfilled (docs/decisions/012).
     */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /**
     * When the order last became ready (completed, delivered or collected from an earlier status): the files are
     * deleted FILE_RETENTION_DAYS later. Cleared when it goes back to an earlier status (docs/decisions/026).
     */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When retention or the customer deleted the order's files (the order and its history stay). */
    filesDeletedAt: timestamp('files_deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Lists are newest first with the id as tie-breaker (stable pages): the indexes carry both, so a page is read
    // straight from the index, scanned backwards, instead of sorting every matching order. (Ascending on purpose:
    // `ORDER BY created_at DESC` means NULLS FIRST, which a backward scan of an ascending index gives, and which a
    // `DESC NULLS LAST` index, drizzle's rendering of .desc(), cannot serve.)
    index('orders_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_type_created_idx').on(t.deliveryType, t.createdAt, t.id),
    index('orders_type_status_created_idx').on(t.deliveryType, t.status, t.createdAt, t.id),
    index('orders_created_idx').on(t.createdAt, t.id),
    // The day report and the CSV export read paid orders by when they were paid.
    index('orders_paid_at_idx')
      .on(t.paidAt, t.id)
      .where(sql`${t.paidAt} is not null`),
    // Drafts awaiting payment are scanned by the reconciliation job.
    index('orders_pending_payment_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending_payment'`),
    // The counter's "new" queue (and its sound alert) reads only these, however many old orders there are.
    index('orders_new_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} in ('unvisited', 'visited')`),
    // Back-office search is "contains" (ILIKE '%…%') on these columns: trigram indexes (pg_trgm) serve it.
    index('orders_number_trgm_idx').using('gin', t.orderNumber.op('gin_trgm_ops')),
    index('orders_user_name_trgm_idx').using('gin', t.userName.op('gin_trgm_ops')),
    index('orders_document_names_trgm_idx').using('gin', t.documentNames.op('gin_trgm_ops')),
    index('orders_mobile_trgm_idx').using('gin', t.mobileNumber.op('gin_trgm_ops')),
    // The clean-up's retention pass reads only ready orders whose files are still kept, oldest first.
    index('orders_files_due_idx')
      .on(t.completedAt)
      .where(sql`${t.completedAt} is not null and ${t.filesDeletedAt} is null`),
  ],
);

/**
 * The documents of an order, in print order: each with its source (an uploaded file or a paper original), service,
 * print options, page range, colour pages, copies and price. Everything about what is printed lives here; the order
 * row is the header (docs/decisions/036-order-model.md). Orders made before documents existed have one row, copied by
 * migration 0012 (and by 0027_order_model for any order still without one).
 */
export const orderDocuments = pgTable(
  'order_documents',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 1-based place in the order. */
    position: integer('position').notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    serviceName: text('service_name').notNull(),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    filePath: text('file_path').notNull(),
    /** What the customer picked, by its own name: photo.jpg, not the PDF the shop made of it (decision 036). */
    originalFilename: text('original_filename').notNull(),
    /** The format the print copy was made from ('jpeg', 'docx'…), or null for a PDF sent as a PDF or a paper original. */
    convertedFrom: text('converted_from'),
    ...printColumns(),
    /** Pages of the file. */
    pageCount: integer('page_count').notNull(),
    /** The pages that print, normal form ("1-5, 8"); empty for all pages. */
    pageRange: text('page_range').notNull().default(''),
    /** How many pages print per copy (the range's pages, or all). */
    printedPages: integer('printed_pages').notNull(),
    /**
     * 'all': every page as the service prints; 'mixed': a colour service's colour pages in colour, the rest in black
     * & white at `bwServiceId`'s rate (docs/decisions/016). `colourPages`: the printed pages in colour ("2, 5-7").
     */
    colourMode: text('colour_mode', { enum: ['all', 'mixed'] })
      .notNull()
      .default('all'),
    colourPages: text('colour_pages').notNull().default(''),
    bwServiceId: integer('bw_service_id').references(() => services.id),
    ...finishingColumns(),
    /**
     * A paper original brought to the counter (decision 025): photocopied by hand, so no file; `pageCount` is what
     * staff counted and `originalFilename` its label.
     */
    paperOriginal: boolean('paper_original').notNull().default(false),
    /** Paise, before the order's discount. */
    printingCost: integer('printing_cost').notNull(),
    bindingCost: integer('binding_cost').notNull(),
    /** An ID card or certificate: printed, never downloaded by staff or the admin, deleted at handover (decision 026). */
    sensitive: boolean('sensitive').notNull().default(false),
    /** When and why this document's file was deleted (`file_id` is then null); the document row stays. */
    fileDeletedAt: timestamp('file_deleted_at', { withTimezone: true }),
    fileDeletedReason: text('file_deleted_reason', { enum: ['retention', 'customer', 'sensitive', 'admin'] }),
  },
  (t) => [
    uniqueIndex('order_documents_order_position_idx').on(t.orderId, t.position),
    index('order_documents_file_idx').on(t.fileId),
    // Sensitive documents whose file is still kept: the clean-up deletes those of handed-over orders.
    index('order_documents_sensitive_kept_idx')
      .on(t.orderId)
      .where(sql`${t.sensitive} and ${t.fileId} is not null`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    provider: text('provider', { enum: ['sandbox', 'razorpay'] }).notNull(),
    providerOrderId: text('provider_order_id').notNull().unique(),
    providerPaymentId: text('provider_payment_id').unique(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('INR'),
    status: text('status', { enum: ['created', 'captured', 'failed'] })
      .notNull()
      .default('created'),
    /** How the payment was confirmed first: verify, webhook or reconcile. */
    confirmedBy: text('confirmed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payments_order_idx').on(t.orderId)],
);

/** Provider webhook deliveries, deduplicated by the provider's event id. */
export const webhookEvents = pgTable('webhook_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider').notNull(),
  eventType: text('event_type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
});

/** Every status change: who, from, to, when. Tracking shows this timeline. */
export const orderStatusEvents = pgTable(
  'order_status_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actorKind: text('actor_kind', { enum: ['customer', 'staff', 'admin', 'system'] }).notNull(),
    actorId: integer('actor_id'),
    actorName: text('actor_name'),
    /** Why, when the change needed one: the admin's reason for handing a pickup order over without its code (decision 033). */
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_events_order_idx').on(t.orderId, t.createdAt)],
);
