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

export function createOrderBody(
  serviceId: number,
  fileId: string,
  amount: number,
  opts: {
    deliveryType?: 'delivery' | 'pickup';
    options?: Record<string, unknown>;
    deliveryDetails?: Record<string, unknown>;
  } = {},
) {
  const deliveryType = opts.deliveryType ?? 'delivery';
  return {
    amount,
    currency: 'INR',
    notes: { userId: 1, serviceId },
    fileId,
    options: printOptions(serviceId, opts.options),
    deliveryType,
    deliveryDetails: opts.deliveryDetails ?? (deliveryType === 'delivery' ? DELIVERY : { mobileNumber: '9876543210' }),
  };
}

/** Creates the draft with the server's own price (as the wizard does after calculate-cost). */
export async function createDraft(
  app: TestApp,
  customer: Customer,
  serviceId: number,
  fileId: string,
  opts: {
    deliveryType?: 'delivery' | 'pickup';
    options?: Record<string, unknown>;
    deliveryDetails?: Record<string, unknown>;
  } = {},
) {
  const cost = await app.inject({
    method: 'POST',
    url: '/api/pdf/calculate-cost',
    headers: customer.headers,
    payload: { fileId, pdfInfo: { pageCount: 1 }, options: printOptions(serviceId, opts.options) },
  });
  if (cost.statusCode !== 200) throw new Error(`calculate-cost ${cost.statusCode} ${cost.body}`);
  const c = cost.json();
  const amount = Math.round(
    (c.totalCost + ((opts.deliveryType ?? 'delivery') === 'delivery' ? c.deliveryCharge : 0)) * 100,
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/razorpay/create-order',
    headers: customer.headers,
    payload: createOrderBody(serviceId, fileId, amount, opts),
  });
  if (res.statusCode !== 200) throw new Error(`create-order ${res.statusCode} ${res.body}`);
  return res.json() as {
    id: string;
    amount: number;
    orderId: number;
    orderNumber: string;
    provider: string;
    key: string;
  };
}

export async function sandboxPay(app: TestApp, customer: Customer, providerOrderId: string) {
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
  customer: Customer,
  proof: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
) {
  return app.inject({ method: 'POST', url: '/api/razorpay/verify-payment', headers: customer.headers, payload: proof });
}

/** Draft → paid order via the sandbox, returning the order number. */
export async function placePaidOrder(
  app: TestApp,
  customer: Customer,
  serviceId: number,
  fileId: string,
  opts: { deliveryType?: 'delivery' | 'pickup'; options?: Record<string, unknown> } = {},
) {
  const draft = await createDraft(app, customer, serviceId, fileId, opts);
  const proof = await sandboxPay(app, customer, draft.id);
  const res = await verify(app, customer, proof);
  if (res.statusCode !== 200) throw new Error(`verify ${res.statusCode} ${res.body}`);
  return { draft, proof, order: res.json().order };
}
