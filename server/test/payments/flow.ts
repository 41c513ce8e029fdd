import { createCustomer, createService, createUploadedFile, printOptions } from '../factories/index.ts';
import type { TestApp } from '../helpers/app.ts';

/** Shared steps of the order-and-pay journey, through HTTP like the web app. */

export type Customer = Awaited<ReturnType<typeof createCustomer>>;

export const DELIVERY = {
  address: 'Lakshmipuram Main Road',
  doorNumber: '12-3',
  pincode: '522002',
  mobileNumber: '9876543210',
  confirmMobileNumber: '9876543210',
};

export { printOptions };

export async function setupCustomerWithFile(app: TestApp, pageCount = 38) {
  const customer = await createCustomer(app);
  const service = await createService(app); // ₹5 a page single, ₹8 a sheet double
  const file = await createUploadedFile(app, customer.record.id, 'notes-a4-38p.pdf', pageCount);
  return { customer, service, file };
}

/** Whoever acts: a customer (or anyone signed in) by their headers. */
type SignedIn = { headers: Record<string, string> };

export interface DraftOptions {
  deliveryType?: 'delivery' | 'pickup';
  options?: Record<string, unknown>;
  deliveryDetails?: Record<string, unknown>;
  /** The checkout's WhatsApp tick. */
  whatsappUpdates?: boolean;
}

/** Where the order goes: the given details, else the test address for a delivery or a mobile number for pickup. */
const deliveryDetailsOf = (opts: DraftOptions) =>
  opts.deliveryDetails ??
  ((opts.deliveryType ?? 'delivery') === 'delivery' ? DELIVERY : { mobileNumber: '9876543210' });

export function createOrderBody(serviceId: number, fileId: string, amount: number, opts: DraftOptions = {}) {
  return {
    amount,
    currency: 'INR',
    notes: { userId: 1, serviceId },
    fileId,
    options: printOptions(serviceId, opts.options),
    deliveryType: opts.deliveryType ?? 'delivery',
    deliveryDetails: deliveryDetailsOf(opts),
  };
}

export interface Draft {
  id: string;
  amount: number;
  orderId: number;
  orderNumber: string;
  provider: string;
  key: string;
}

/**
 * The wizard's last steps: calculate-cost with `quote`, then create-order with `order` at the price it answered
 * (delivery charge included for a delivery). Throws on any refusal.
 */
async function openDraft(
  app: TestApp,
  who: SignedIn,
  quote: Record<string, unknown>,
  order: Record<string, unknown>,
  opts: DraftOptions,
): Promise<Draft> {
  const cost = await app.inject({
    method: 'POST',
    url: '/api/pdf/calculate-cost',
    headers: who.headers,
    payload: quote,
  });
  if (cost.statusCode !== 200) throw new Error(`calculate-cost ${cost.statusCode} ${cost.body}`);
  const c = cost.json();
  const delivery = (opts.deliveryType ?? 'delivery') === 'delivery';
  const amount = Math.round((c.totalCost + (delivery ? c.deliveryCharge : 0)) * 100);
  const res = await app.inject({
    method: 'POST',
    url: '/api/razorpay/create-order',
    headers: who.headers,
    payload: { ...order, amount, ...(opts.whatsappUpdates ? { whatsappUpdates: true } : {}) },
  });
  if (res.statusCode !== 200) throw new Error(`create-order ${res.statusCode} ${res.body}`);
  return res.json() as Draft;
}

/** Creates the draft of one file with the server's own price (as the wizard does after calculate-cost). */
export function createDraft(
  app: TestApp,
  customer: SignedIn,
  serviceId: number,
  fileId: string,
  opts: DraftOptions = {},
): Promise<Draft> {
  const quote = { fileId, pdfInfo: { pageCount: 1 }, options: printOptions(serviceId, opts.options) };
  return openDraft(app, customer, quote, createOrderBody(serviceId, fileId, 0, opts), opts);
}

/** Creates the draft of several documents (`{ fileId, options, pageRange?, sensitive? }`) at the server's price. */
export function draftDocuments(
  app: TestApp,
  customer: SignedIn,
  documents: unknown[],
  opts: Omit<DraftOptions, 'options'> = {},
): Promise<Draft> {
  const order = {
    currency: 'INR',
    documents,
    deliveryType: opts.deliveryType ?? 'delivery',
    deliveryDetails: deliveryDetailsOf(opts),
  };
  return openDraft(app, customer, { documents }, order, opts);
}

export async function sandboxPay(app: TestApp, customer: SignedIn, providerOrderId: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/complete',
    headers: customer.headers,
    payload: { razorpay_order_id: providerOrderId, outcome: 'success' },
  });
  if (res.statusCode !== 200) throw new Error(`sandbox complete ${res.statusCode} ${res.body}`);
  return res.json() as { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
}

export function verify(
  app: TestApp,
  customer: SignedIn,
  proof: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
) {
  return app.inject({ method: 'POST', url: '/api/razorpay/verify-payment', headers: customer.headers, payload: proof });
}

/** Pays a draft in the sandbox checkout and verifies it, as the browser does: the order is placed. */
export async function payDraft(app: TestApp, customer: SignedIn, draft: { id: string }) {
  const proof = await sandboxPay(app, customer, draft.id);
  const res = await verify(app, customer, proof);
  if (res.statusCode !== 200) throw new Error(`verify ${res.statusCode} ${res.body}`);
  return {
    proof,
    order: res.json().order,
    orderId: res.json().orderId as number,
    orderNumber: res.json().orderNumber as string,
  };
}

/** Draft → paid order via the sandbox. */
export async function placePaidOrder(
  app: TestApp,
  customer: SignedIn,
  serviceId: number,
  fileId: string,
  opts: DraftOptions = {},
) {
  const draft = await createDraft(app, customer, serviceId, fileId, opts);
  const { proof, order } = await payDraft(app, customer, draft);
  return { draft, proof, order };
}

/**
 * A new customer's paid order of a 4-page upload, placed through checkout, with or without the WhatsApp tick (as the
 * wizard sends it): for the notification suites.
 */
export async function newCustomerPaidOrder(
  app: TestApp,
  opts: { whatsapp: boolean; deliveryType?: 'pickup' | 'delivery' },
) {
  const { customer, service, file } = await setupCustomerWithFile(app, 4);
  const draft = await createDraft(app, customer, service.id, file.id, {
    deliveryType: opts.deliveryType ?? 'pickup',
    whatsappUpdates: opts.whatsapp,
  });
  await payDraft(app, customer, draft);
  return { customer, draft };
}

/** A webhook delivery (its raw body and headers) POSTed to /api/razorpay/webhook as Razorpay sends it. */
export const deliverWebhook = (app: TestApp, delivery: { body: string; headers: Record<string, string> }) =>
  app.inject({ method: 'POST', url: '/api/razorpay/webhook', headers: delivery.headers, payload: delivery.body });

/** The admin refunds part or all of a paid order (`POST /api/admin/orders/:id/refunds`); amount in rupees. */
export const adminRefund = (
  app: TestApp,
  admin: { headers: Record<string, string> },
  orderId: number,
  payload: { amount: number; reason: string },
) => app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/refunds`, headers: admin.headers, payload });
