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
  user_id: number;
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
  created_at: string;
  updated_at: string;
  /** `/api/orders/{id}/file` */
  download_url: string;
}

export interface OrderTimelineEntry {
  from_status: string | null;
  to_status: string;
  actor_kind: 'customer' | 'staff' | 'admin' | 'system';
  actor_name: string | null;
  created_at: string;
}

export interface OrderDetail extends Order {
  timeline: OrderTimelineEntry[];
}
