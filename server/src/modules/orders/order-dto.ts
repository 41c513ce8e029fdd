import { stripBidiControls } from '@shop/shared/auth/schemas';
import { paiseToRupees } from '@shop/shared/common/money';
import type { Order, OrderDetail, OrderTimelineEntry } from '@shop/shared/orders/order';
import type { orderDocuments, orders, orderStatusEvents } from '../../db/schema/index.ts';
import { toOrderDocumentDto } from './order-documents.ts';
import { printFieldsDto } from './print-fields-dto.ts';

type OrderRow = typeof orders.$inferSelect;
type DocumentRow = typeof orderDocuments.$inferSelect;
type StatusEventRow = typeof orderStatusEvents.$inferSelect;

/** Free text typed by customers, without bidirectional controls (staff read it; see user_name). */
function withoutBidiControls(address: OrderRow['address']): OrderRow['address'] {
  if (typeof address === 'string') return stripBidiControls(address);
  return Object.fromEntries(
    Object.entries(address).map(([k, v]) => [k, typeof v === 'string' ? stripBidiControls(v) : v]),
  ) as OrderRow['address'];
}

/**
 * The API's Order (docs/api.md): the header, its documents, and (for the original one-document API, decision 036) the
 * first document's fields. Money in rupees. Rows stay on the server.
 */
export function toOrderDto(row: OrderRow, documents: readonly DocumentRow[]): Order {
  const first = documents[0];
  if (!first) throw new Error(`order ${row.id} has no documents`);
  const { printing_cost: _p, binding_cost: _b, ...firstFields } = printFieldsDto(first);
  return {
    id: row.id,
    order_number: row.orderNumber,
    user_id: row.userId,
    // Without bidirectional controls: names stored before they were refused must read as typed (staff read them).
    user_name: stripBidiControls(row.userName),
    ...firstFields,
    file_path: first.filePath,
    printing_cost: paiseToRupees(documents.reduce((s, d) => s + d.printingCost, 0)),
    binding_cost: paiseToRupees(documents.reduce((s, d) => s + d.bindingCost, 0)),
    additional_cost: paiseToRupees(row.additionalCost),
    subtotal: paiseToRupees(row.subtotal),
    discount_rate: row.discountRate,
    discount_amount: paiseToRupees(row.discountAmount),
    total_cost: paiseToRupees(row.totalCost),
    delivery_charge: paiseToRupees(row.deliveryCharge),
    total_amount: paiseToRupees(row.totalAmount),
    address: withoutBidiControls(row.address),
    door_number: row.doorNumber,
    pincode: row.pincode,
    mobile_number: row.mobileNumber,
    delivery_type: row.deliveryType,
    status: row.status,
    payment_id: row.paymentId,
    payment_status: row.paymentStatus,
    razorpay_order_id: row.razorpayOrderId,
    paid_at: row.paidAt ? row.paidAt.toISOString() : null,
    payment_method: row.paymentMethod,
    origin: row.origin,
    customer_waiting: row.customerWaiting,
    ready_by: row.readyBy ? row.readyBy.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    download_url: `/api/orders/${row.id}/file`,
    documents: documents.map(toOrderDocumentDto),
  };
}
export type OrderDto = Order;

export function toTimelineDto(ev: StatusEventRow): OrderTimelineEntry {
  return {
    from_status: ev.fromStatus,
    to_status: ev.toStatus,
    actor_kind: ev.actorKind,
    actor_name: ev.actorName,
    note: ev.note ?? null,
    created_at: ev.createdAt.toISOString(),
  };
}
export type TimelineEntryDto = OrderTimelineEntry;

/** Order detail for tracking: the order plus its status timeline, oldest first. */
export function toOrderDetailDto(
  row: OrderRow,
  documents: readonly DocumentRow[],
  events: StatusEventRow[],
): OrderDetail {
  return { ...toOrderDto(row, documents), timeline: events.map(toTimelineDto) };
}
