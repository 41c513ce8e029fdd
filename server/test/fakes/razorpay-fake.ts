import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small real HTTP server speaking the part of Razorpay's API the shop uses (Orders API, payments of an order,
 * fetch and capture of a payment), so tests run the real adapter. Test hooks "pay" an order (captured, or only
 * authorized, or a tampered payment), sign checkout ids, build signed webhook bodies and take the API down.
 */
export interface FakeOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}
export interface FakePayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'authorized' | 'captured' | 'failed';
  order_id: string;
  method: string;
  captured: boolean;
  amount_refunded?: number;
  refund_status?: 'partial' | 'full' | null;
  email: string;
  contact: string;
  created_at: number;
}

export interface FakeRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  receipt: string | null;
  notes: Record<string, string>;
  status: 'pending' | 'processed' | 'failed';
  speed_requested: string;
  created_at: number;
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomId = (prefix: string) =>
  `${prefix}_${Array.from(crypto.randomBytes(14), (b) => ALNUM[b % ALNUM.length]).join('')}`;

export interface RazorpayFake {
  url: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  orders: Map<string, FakeOrder>;
  payments: Map<string, FakePayment>;
  refunds: Map<string, FakeRefund>;
  /**
   * While set, refunds are refused (Razorpay's 400) ('refuse'), or made but the answer is lost ('lose-answer'); 'hold':
   * the next refund request waits, unanswered and not yet made, until `releaseRefunds()` (a refund on its way);
   * 'hold-answer': the next refund is made but its answer waits until `releaseRefunds()` (an answer on its way).
   */
  refundTrouble: 'refuse' | 'lose-answer' | 'hold' | 'hold-answer' | null;
  /** Refund requests held by 'hold' or 'hold-answer', not yet answered. */
  heldRefunds: number;
  /** Goes on with the held refund requests. */
  releaseRefunds(): void;
  /** Ends the held refund requests' connections without making them (the request died before Razorpay took it). */
  dropHeldRefunds(): void;
  /** Every request the fake received (method, path, whether auth was right). */
  requests: Array<{ method: string; path: string; authorised: boolean }>;
  /**
   * The customer pays in the checkout window: a captured payment (or as `opts` says), and what the window hands the
   * browser, signed over the order it was paid for.
   */
  pay(
    orderId: string,
    opts?: { status?: FakePayment['status']; amount?: number; currency?: string },
  ): { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string; payment: FakePayment };
  /** The checkout signature Razorpay makes with the key secret: HMAC-SHA256 hex of `order_id|payment_id`. */
  sign(orderId: string, paymentId: string): string;
  /** While set, every API call fails: the connection is cut ('reset') or Razorpay answers 503 ('503'). */
  outage: 'reset' | '503' | null;
  /** While true, refunds are made `pending` (the bank has not confirmed yet), not `processed`. */
  refundsPending: boolean;
  /** A refund webhook as Razorpay sends it, with the refund (as it is now) and its payment. */
  refundWebhook(
    event: 'refund.created' | 'refund.processed' | 'refund.failed',
    refund: FakeRefund,
    eventId?: string,
  ): { body: string; headers: Record<string, string> };
  /** A webhook delivery as Razorpay sends it: raw body and headers, signed with the webhook secret. */
  webhook(
    event: 'payment.captured' | 'order.paid',
    payment: FakePayment,
    eventId?: string,
  ): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

/** A webhook delivery as Razorpay signs it: HMAC-SHA256 hex of the raw body with the webhook secret. */
export function signedWebhook(secret: string, body: string, eventId: string) {
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': crypto.createHmac('sha256', secret).update(body).digest('hex'),
      'x-razorpay-event-id': eventId,
    },
  };
}

/** A test app's configuration for the real Razorpay adapter, talking to `fake` instead of Razorpay. */
export const razorpayEnv = (fake: RazorpayFake) => ({
  PAYMENTS_PROVIDER: 'razorpay',
  RAZORPAY_API_BASE: fake.url,
  RAZORPAY_KEY_ID: fake.keyId,
  RAZORPAY_KEY_SECRET: fake.keySecret,
  RAZORPAY_WEBHOOK_SECRET: fake.webhookSecret,
});

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
const badRequest = (res: http.ServerResponse, description: string, field?: string) =>
  sendJson(res, 400, {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description,
      source: 'business',
      step: 'payment_initiation',
      reason: 'input_validation_failed',
      field,
    },
  });

export async function startRazorpayFake(
  opts: { keyId?: string; keySecret?: string; webhookSecret?: string } = {},
): Promise<RazorpayFake> {
  const keyId = opts.keyId ?? 'rzp_test_fake';
  const keySecret = opts.keySecret ?? 'fake_key_secret_1234';
  const webhookSecret = opts.webhookSecret ?? 'fake_webhook_secret_1234';
  const orders = new Map<string, FakeOrder>();
  const payments = new Map<string, FakePayment>();
  const refunds = new Map<string, FakeRefund>();
  const requests: RazorpayFake['requests'] = [];
  const held: Array<{ go: () => void; drop: () => void }> = [];
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0]!;
      const authorised = req.headers.authorization === expectedAuth;
      requests.push({ method: req.method ?? '', path, authorised });
      if (fake.outage === 'reset') return req.socket.destroy();
      if (fake.outage === '503')
        return sendJson(res, 503, {
          error: { code: 'SERVER_ERROR', description: 'The server is temporarily unavailable' },
        });
      if (!authorised) {
        return sendJson(res, 401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
      }
      if (req.method === 'POST' && path === '/v1/orders') {
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        } catch {
          return badRequest(res, 'The request body is not valid JSON');
        }
        const { amount, currency, receipt, notes } = body;
        if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
          return badRequest(res, 'The amount must be atleast INR 1.00', 'amount');
        }
        if (currency !== 'INR') return badRequest(res, 'The currency provided is invalid', 'currency');
        if (receipt !== undefined && (typeof receipt !== 'string' || receipt.length > 40)) {
          return badRequest(res, 'receipt: the length must be no more than 40.', 'receipt');
        }
        if (notes !== undefined && (typeof notes !== 'object' || notes === null || Object.keys(notes).length > 15)) {
          return badRequest(res, 'notes: invalid', 'notes');
        }
        const order: FakeOrder = {
          id: randomId('order'),
          entity: 'order',
          amount,
          amount_paid: 0,
          amount_due: amount,
          currency,
          receipt: (receipt as string | undefined) ?? null,
          status: 'created',
          attempts: 0,
          notes: (notes as Record<string, string> | undefined) ?? {},
          created_at: Math.floor(Date.now() / 1000),
        };
        orders.set(order.id, order);
        return sendJson(res, 200, order);
      }
      const m = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path);
      if (req.method === 'GET' && m) {
        const id = decodeURIComponent(m[1]!);
        if (!orders.has(id)) return badRequest(res, 'The id provided does not exist');
        const items = [...payments.values()].filter((p) => p.order_id === id);
        return sendJson(res, 200, { entity: 'collection', count: items.length, items });
      }
      const pm = /^\/v1\/payments\/([^/]+)(\/capture)?$/.exec(path);
      if (pm && ((req.method === 'GET' && !pm[2]) || (req.method === 'POST' && pm[2]))) {
        const payment = payments.get(decodeURIComponent(pm[1]!));
        if (!payment) return badRequest(res, 'The id provided does not exist');
        if (req.method === 'GET') return sendJson(res, 200, payment);
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        } catch {
          return badRequest(res, 'The request body is not valid JSON');
        }
        if (payment.status === 'captured') return badRequest(res, 'This payment has already been captured');
        if (payment.status !== 'authorized')
          return badRequest(res, 'Only payments which have been authorized and not yet captured can be captured');
        if (body.amount !== payment.amount)
          return badRequest(res, 'Capture amount must be equal to the amount authorized', 'amount');
        if (body.currency !== payment.currency)
          return badRequest(res, 'The currency should be the same as that of the payment', 'currency');
        Object.assign(payment, { status: 'captured', captured: true });
        const order = orders.get(payment.order_id);
        if (order) Object.assign(order, { status: 'paid', amount_paid: order.amount, amount_due: 0 });
        return sendJson(res, 200, payment);
      }
      // Refunds API: POST /v1/payments/{id}/refund, GET /v1/payments/{id}/refunds.
      const rm = /^\/v1\/payments\/([^/]+)\/(refund|refunds)$/.exec(path);
      if (rm && ((req.method === 'POST' && rm[2] === 'refund') || (req.method === 'GET' && rm[2] === 'refunds'))) {
        const payment = payments.get(decodeURIComponent(rm[1]!));
        if (!payment) return badRequest(res, 'The id provided does not exist');
        if (req.method === 'GET') {
          const items = [...refunds.values()].filter((r) => r.payment_id === payment.id);
          return sendJson(res, 200, { entity: 'collection', count: items.length, items });
        }
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
        } catch {
          return badRequest(res, 'The request body is not valid JSON');
        }
        if (fake.refundTrouble === 'hold') {
          fake.refundTrouble = null;
          held.push({ go: () => makeRefund(payment, body), drop: () => req.socket.destroy() });
          return;
        }
        return makeRefund(payment, body);
      }
      function makeRefund(payment: FakePayment, body: Record<string, unknown>) {
        if (fake.refundTrouble === 'refuse')
          return badRequest(res, 'The refund could not be processed: the payment is older than 6 months');
        if (payment.status !== 'captured') return badRequest(res, 'Only captured payments can be refunded');
        const left = payment.amount - (payment.amount_refunded ?? 0);
        const amount = body.amount === undefined ? left : body.amount;
        if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100)
          return badRequest(res, 'The amount must be atleast INR 1.00', 'amount');
        if (amount > left)
          return badRequest(res, 'The refund amount provided is greater than amount captured', 'amount');
        const refund: FakeRefund = {
          id: randomId('rfnd'),
          entity: 'refund',
          amount,
          currency: payment.currency,
          payment_id: payment.id,
          receipt: typeof body.receipt === 'string' ? body.receipt : null,
          notes: (body.notes as Record<string, string> | undefined) ?? {},
          status: fake.refundsPending ? 'pending' : 'processed',
          speed_requested: typeof body.speed === 'string' ? body.speed : 'normal',
          created_at: Math.floor(Date.now() / 1000),
        };
        refunds.set(refund.id, refund);
        payment.amount_refunded = (payment.amount_refunded ?? 0) + amount;
        payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
        if (fake.refundTrouble === 'lose-answer') return req.socket.destroy();
        if (fake.refundTrouble === 'hold-answer') {
          fake.refundTrouble = null;
          held.push({ go: () => sendJson(res, 200, refund), drop: () => req.socket.destroy() });
          return;
        }
        return sendJson(res, 200, refund);
      }
      const o = /^\/v1\/orders\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && o) {
        const order = orders.get(decodeURIComponent(o[1]!));
        return order ? sendJson(res, 200, order) : badRequest(res, 'The id provided does not exist');
      }
      return sendJson(res, 404, {
        error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const sign = (orderId: string, paymentId: string) =>
    crypto.createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');

  /** An event as Razorpay delivers it to the webhook: its envelope, signed with the webhook secret. */
  const eventDelivery = (event: string, payload: Record<string, unknown>, eventId: string) =>
    signedWebhook(
      webhookSecret,
      JSON.stringify({
        entity: 'event',
        account_id: 'acc_fake',
        event,
        contains: Object.keys(payload),
        payload,
        created_at: Math.floor(Date.now() / 1000),
      }),
      eventId,
    );
  const fake: RazorpayFake = {
    url: `http://127.0.0.1:${port}`,
    keyId,
    keySecret,
    webhookSecret,
    orders,
    payments,
    refunds,
    refundTrouble: null,
    get heldRefunds() {
      return held.length;
    },
    releaseRefunds() {
      for (const h of held.splice(0)) h.go();
    },
    dropHeldRefunds() {
      for (const h of held.splice(0)) h.drop();
    },
    requests,
    pay(orderId, opts = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`fake: no order ${orderId}`);
      const status = opts.status ?? 'captured';
      const payment: FakePayment = {
        id: randomId('pay'),
        entity: 'payment',
        amount: opts.amount ?? order.amount,
        currency: opts.currency ?? order.currency,
        status,
        order_id: order.id,
        method: 'card',
        captured: status === 'captured',
        email: 'customer@example.com',
        contact: '+919876543210',
        created_at: Math.floor(Date.now() / 1000),
      };
      payments.set(payment.id, payment);
      Object.assign(
        order,
        { attempts: order.attempts + 1 },
        status === 'captured' ? { status: 'paid', amount_paid: order.amount, amount_due: 0 } : { status: 'attempted' },
      );
      return {
        razorpay_order_id: order.id,
        razorpay_payment_id: payment.id,
        razorpay_signature: sign(order.id, payment.id),
        payment,
      };
    },
    sign,
    outage: null,
    refundsPending: false,
    refundWebhook(event, refund, eventId = randomId('evt')) {
      const payment = payments.get(refund.payment_id);
      const payload: Record<string, unknown> = { refund: { entity: refund } };
      if (payment) payload.payment = { entity: payment };
      return eventDelivery(event, payload, eventId);
    },
    webhook(event, payment, eventId = randomId('evt')) {
      const order = orders.get(payment.order_id);
      const payload: Record<string, unknown> = { payment: { entity: payment } };
      if (event === 'order.paid' && order) payload.order = { entity: order };
      return eventDelivery(event, payload, eventId);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
