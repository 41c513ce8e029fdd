import { stripBidiControls } from '@shop/shared/auth/schemas';
import { paiseToRupees } from '@shop/shared/common/money';
import type { Order, OrderDetail, OrderTimelineEntry } from '@shop/shared/orders/order';
import type { orders, orderStatusEvents } from '../../db/schema/index.ts';

type OrderRow = typeof orders.$inferSelect;
type StatusEventRow = typeof orderStatusEvents.$inferSelect;

/** Free text typed by customers, without bidirectional controls (staff read it; see user_name). */
function withoutBidiControls(address: OrderRow['address']): OrderRow['address'] {
  if (typeof address === 'string') return stripBidiControls(address);
  return Object.fromEntries(Object.entries(address).map(([k, v]) => [k, typeof v === 'string' ? stripBidiControls(v) : v])) as OrderRow['address'];
}

type PrintColumns = Pick<
  OrderRow,
  'serviceId' | 'serviceName' | 'fileId' | 'originalFilename' | 'printingType' | 'paperType' | 'paperSize' | 'orientation' | 'sides' | 'copies' | 'pageCount'
  | 'lamination' | 'spiralBinding' | 'paperBinding' | 'transparentSheet' | 'printingCost' | 'bindingCost'
>;

/** How it prints and what that cost, as the API names it: the same columns on an order row and a document row. */
export function printFieldsDto(row: PrintColumns) {
  return {
    service_id: row.serviceId,
    service_name: row.serviceName,
    file_id: row.fileId,
    original_filename: row.originalFilename,
    printing_type: row.printingType,
    paper_type: row.paperType,
    paper_size: row.paperSize,
    orientation: row.orientation,
    sides: row.sides,
    copies: row.copies,
    page_count: row.pageCount,
    lamination: row.lamination,
    spiral_binding: row.spiralBinding,
    paper_binding: row.paperBinding,
    transparent_sheet: row.transparentSheet,
    printing_cost: paiseToRupees(row.printingCost),
    binding_cost: paiseToRupees(row.bindingCost),
  };
}

/** The API's Order (docs/api.md): snake_case, money in rupees. Rows stay on the server. */
export function toOrderDto(row: OrderRow): Order {
  return {
    id: row.id,
    order_number: row.orderNumber,
    user_id: row.userId,
    // Without bidirectional controls: names stored before they were refused must read as typed (staff read them).
    user_name: stripBidiControls(row.userName),
    ...printFieldsDto(row),
    file_path: row.filePath,
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
export function toOrderDetailDto(row: OrderRow, events: StatusEventRow[]): OrderDetail {
  return { ...toOrderDto(row), timeline: events.map(toTimelineDto) };
}
