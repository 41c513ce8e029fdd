import type { PdfUploadResult } from '../files/schemas.ts';
import type { FileDeletionReason, OrderFiles } from '../files/retention.ts';
import type { DeliveryType } from '../common/options.ts';

/** The API's Order (docs/api.md): snake_case, money in rupees with two decimals. */
export interface OrderAddress {
  fullName?: string;
  mobileNumber?: string;
  doorNumber?: string;
  address: string;
  pincode?: string;
  landmark?: string;
}

export interface Order {
  id: number;
  order_number: string;
  /** Null for a walk-in order taken at the counter (no account: docs/decisions/025-walk-in-orders.md). */
  user_id: number | null;
  user_name: string;
  service_id: number;
  service_name: string;
  file_id: string | null;
  printing_type: string;
  paper_type: string;
  paper_size: string;
  orientation: string;
  sides: string;
  copies: number;
  page_count: number;
  /** Storage key of the PDF; its last segment is the spec's `key`. */
  file_path: string;
  original_filename: string;
  lamination: boolean;
  spiral_binding: boolean;
  paper_binding: boolean;
  transparent_sheet: boolean;
  printing_cost: number;
  binding_cost: number;
  additional_cost: number;
  subtotal: number;
  /** Percent, e.g. 2. */
  discount_rate: number;
  discount_amount: number;
  total_cost: number;
  delivery_charge: number;
  /** What was paid: total_cost + delivery_charge. */
  total_amount: number;
  /** 'Self Pickup' for pickup orders. */
  address: string | OrderAddress;
  door_number: string;
  pincode: string;
  mobile_number: string;
  delivery_type: DeliveryType;
  status: string;
  payment_id: string | null;
  payment_status: string;
  razorpay_order_id: string | null;
  paid_at: string | null;
  /** How it was paid: online, or at the counter in cash or by UPI (walk-in orders). */
  payment_method: 'online' | 'cash' | 'upi_counter';
  /** Placed online by the customer, or at the counter by staff. */
  origin: 'online' | 'counter';
  /** A walk-in customer is waiting at the counter for it. */
  customer_waiting: boolean;
  /** When the shop promised it ready (ISO), fixed at payment (orders/due-time.ts); null before payment. */
  ready_by: string | null;
  created_at: string;
  updated_at: string;
  /** `/api/orders/{id}/file` */
  download_url: string;
  /** Every document of the order in print order (lists and details send them; see documentsOfOrder). */
  documents?: OrderDocumentDto[];
}

export interface OrderTimelineEntry {
  from_status: string | null;
  to_status: string;
  actor_kind: 'customer' | 'staff' | 'admin' | 'system';
  actor_name: string | null;
  created_at: string;
}

/** How a document prints, as the wizard and "Print again" hold it (the print is its service's: decision 009). */
export interface PrintChoices {
  serviceId: number;
  printingType: string;
  paperSize: string;
  paperType: string;
  sides: 'single' | 'double';
  orientation: 'portrait' | 'landscape';
  copies: number;
  spiralBinding: boolean;
  paperBinding: boolean;
  transparentSheet: boolean;
  lamination: boolean;
}

/** GET /api/orders/:ref/reorder: an order's documents for "Print again"; `upload` null when the file is deleted. */
export interface ReorderAnswer {
  serviceId: number;
  documents: Array<{
    name: string;
    options: PrintChoices;
    pageRange: string;
    upload: PdfUploadResult | null;
    /** Ticked as an ID card or certificate (decision 026): printed again, it stays so. */
    sensitive: boolean;
  }>;
}

/** An unpaid order (a draft whose payment was cancelled or failed), open for payment until it expires. */
export interface DraftOrder extends Order {
  expires_at: string;
}

export interface OrderDetail extends Order {
  timeline: OrderTimelineEntry[];
  /** How long the shop keeps the order's files, and whether the customer may delete them now (decision 026). */
  files?: OrderFiles;
}

/** One document of an order (issue 12): its file, how it prints and which pages; money in rupees. */
export interface OrderDocumentDto {
  /** 1-based place in the order. */
  position: number;
  service_id: number;
  service_name: string;
  file_id: string | null;
  original_filename: string;
  printing_type: string;
  paper_type: string;
  paper_size: string;
  orientation: string;
  sides: string;
  copies: number;
  /** Pages of the file. */
  page_count: number;
  /** The pages that print ("1-5, 8"); '' for all pages. */
  page_range: string;
  /** Pages that print per copy. */
  printed_pages: number;
  /** 'mixed': the colour pages (`colour_pages`, e.g. "2, 5-7") in colour, the rest in black & white. */
  colour_mode?: 'all' | 'mixed';
  colour_pages?: string;
  lamination: boolean;
  spiral_binding: boolean;
  paper_binding: boolean;
  transparent_sheet: boolean;
  /** A paper original brought to the counter: photocopied by hand, no file to download or send to a printer. */
  paper_original?: boolean;
  printing_cost: number;
  binding_cost: number;
  /** The print-ready PDF: exactly the pages paid for, in order. */
  download_url: string;
  /** The photo or office file this document's PDF was made from (issue 12, item 5), or null for a PDF. */
  source?: { format: string; filename: string; download_url: string } | null;
  /** An ID card or certificate: the shop prints it but cannot download it (decision 026). */
  sensitive?: boolean;
  /** When and why its file was deleted; null while it is kept. */
  file_deleted_at?: string | null;
  file_deleted_reason?: FileDeletionReason | null;
}

/**
 * An order's documents: the `documents` the server sent, or, from an answer that has none, the one document the
 * order's own fields describe.
 */
export function documentsOfOrder(order: Order): OrderDocumentDto[] {
  if (order.documents?.length) return order.documents;
  return [
    {
      position: 1,
      service_id: order.service_id,
      service_name: order.service_name,
      file_id: order.file_id,
      original_filename: order.original_filename,
      printing_type: order.printing_type,
      paper_type: order.paper_type,
      paper_size: order.paper_size,
      orientation: order.orientation,
      sides: order.sides,
      copies: order.copies,
      page_count: order.page_count,
      page_range: '',
      printed_pages: order.page_count,
      lamination: order.lamination,
      spiral_binding: order.spiral_binding,
      paper_binding: order.paper_binding,
      transparent_sheet: order.transparent_sheet,
      printing_cost: order.printing_cost,
      binding_cost: order.binding_cost,
      download_url: order.download_url,
    },
  ];
}
