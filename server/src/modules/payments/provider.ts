import crypto from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { OrdersContext } from '../orders/index.ts';
import { payments } from '../../db/schema/index.ts';
import { hmacSha256Hex } from '../../lib/crypto.ts';
import { AppError } from '../../plugins/errors.ts';

/** What the shop needs from a payment provider. Routes never know which one runs. */
export interface ProviderOrder {
  id: string;
  amount: number;
  currency: string;
}
export interface ProviderPayment {
  id: string;
  orderId: string;
  /** Paise. */
  amount: number;
  currency: string;
  status: string;
}
/** A refund as Razorpay's webhook reports it (`refund.created`, `refund.processed`, `refund.failed`). */
export interface ProviderRefundEvent {
  /** Razorpay's refund id. */
  id: string;
  /** The payment it gives back. */
  paymentId: string;
  status: 'pending' | 'processed' | 'failed';
  /** The shop's refund id, from the refund's notes (null for a refund made outside the shop). */
  ref: string | null;
}
/** Told of each refund event the webhook receives (the refunds module settles its record from it). */
export type ProviderRefundListener = (event: ProviderRefundEvent) => Promise<void>;

/** The context of code that takes, checks or refunds payments (it also moves orders: OrdersContext). */
export type PaymentsContext = OrdersContext & {
  payments: PaymentProvider;
  providerRefundListeners?: ProviderRefundListener[];
};

export interface PaymentProvider {
  readonly kind: 'sandbox' | 'razorpay';
  /** Public key id for the checkout window. */
  readonly keyId: string;
  createOrder(input: { amount: number; receipt: string; notes: Record<string, string> }): Promise<ProviderOrder>;
  /** The provider's payments for one of its orders (reconciliation). */
  listPayments(providerOrderId: string): Promise<ProviderPayment[]>;
  /** One payment as the provider holds it (verify never trusts the browser's word for status or amount). */
  fetchPayment(paymentId: string): Promise<ProviderPayment>;
  /** Captures an authorized payment for exactly this amount; returns the payment after the capture. */
  capturePayment(paymentId: string, amount: number, currency: string): Promise<ProviderPayment>;
  /** Gives back `amount` paise of a captured payment; `ref` is the shop's refund id, kept in the refund's notes. */
  refundPayment(paymentId: string, amount: number, ref: string): Promise<ProviderRefund>;
  /** The refunds the provider holds for a payment (to settle one whose answer was lost). */
  listRefunds(paymentId: string): Promise<ProviderRefund[]>;
}
export interface ProviderRefund {
  id: string;
  paymentId: string;
  /** Paise. */
  amount: number;
  /** Razorpay: pending, processed or failed. */
  status: 'pending' | 'processed' | 'failed';
  /** The shop's refund id, from the refund's notes. */
  ref: string | null;
}

/**
 * A provider call that failed: `providerStatus` is the provider's HTTP status when it answered (it refused the
 * request), undefined when it could not be reached or answered nonsense.
 */
export class ProviderCallError extends AppError {
  constructor(
    code: 'payment_provider_unavailable' | 'payment_provider_error',
    public readonly providerStatus?: number,
  ) {
    super(code, 502, 'Failed to create payment order');
  }
}

/** A failed provider call in the owner's words (the dashboard's background work says why a check failed). */
export function providerTroubleInWords(err: unknown): string {
  if (!(err instanceof ProviderCallError)) return err instanceof Error ? err.message : String(err);
  if (err.providerStatus === 401)
    return "Razorpay refused the shop's keys (401): check RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET";
  if (err.providerStatus !== undefined) return `Razorpay answered ${err.providerStatus}`;
  return 'Razorpay did not answer';
}

/** Razorpay's checkout signature: HMAC-SHA256 hex of `order_id|payment_id` with the key secret. */
export function signCheckout(secret: string, providerOrderId: string, paymentId: string): string {
  return hmacSha256Hex(secret, `${providerOrderId}|${paymentId}`);
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Razorpay-like ids: prefix + 14 random alphanumerics. */
export function randomProviderId(prefix: 'order' | 'pay' | 'rfnd'): string {
  const bytes = crypto.randomBytes(14);
  let out = '';
  for (const b of bytes) out += ALNUM[b % ALNUM.length];
  return `${prefix}_${out}`;
}

/** Built-in checkout that behaves like Razorpay's window: the server makes the ids and signs with the key secret. */
export class SandboxProvider implements PaymentProvider {
  readonly kind = 'sandbox' as const;
  constructor(private readonly ctx: AppContext) {}
  get keyId() {
    return this.ctx.config.RAZORPAY_KEY_ID;
  }
  async createOrder(input: { amount: number }): Promise<ProviderOrder> {
    return { id: randomProviderId('order'), amount: input.amount, currency: 'INR' };
  }
  async listPayments(providerOrderId: string): Promise<ProviderPayment[]> {
    const rows = await this.ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.providerOrderId, providerOrderId), isNotNull(payments.providerPaymentId)));
    return rows.map((r) => ({
      id: r.providerPaymentId!,
      orderId: r.providerOrderId,
      amount: r.amount,
      currency: r.currency,
      status: r.status,
    }));
  }
  async fetchPayment(paymentId: string): Promise<ProviderPayment> {
    const [r] = await this.ctx.db.select().from(payments).where(eq(payments.providerPaymentId, paymentId)).limit(1);
    if (!r) throw new ProviderCallError('payment_provider_error', 400);
    return { id: paymentId, orderId: r.providerOrderId, amount: r.amount, currency: r.currency, status: r.status };
  }
  /** Sandbox payments are captured when made. */
  async capturePayment(paymentId: string): Promise<ProviderPayment> {
    return this.fetchPayment(paymentId);
  }
  /** The sandbox gives money back at once (the refund row records it; nothing else holds sandbox money). */
  async refundPayment(paymentId: string, amount: number, ref: string): Promise<ProviderRefund> {
    await this.fetchPayment(paymentId);
    return { id: randomProviderId('rfnd'), paymentId, amount, status: 'processed', ref };
  }
  async listRefunds(): Promise<ProviderRefund[]> {
    return [];
  }
}

interface RazorpayPaymentEntity {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: string;
}
const toProviderPayment = (p: RazorpayPaymentEntity): ProviderPayment => ({
  id: p.id,
  orderId: p.order_id,
  amount: p.amount,
  currency: p.currency,
  status: p.status,
});

/** One call to Razorpay gives up after this long (refunds: how long a refund may still be on its way). */
export const PROVIDER_TIMEOUT_MS = 15_000;

/** Razorpay's Orders API over HTTPS (base URL configurable so tests use a local fake). */
export class RazorpayProvider implements PaymentProvider {
  readonly kind = 'razorpay' as const;
  constructor(private readonly ctx: AppContext) {}
  get keyId() {
    return this.ctx.config.RAZORPAY_KEY_ID;
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const { RAZORPAY_API_BASE, RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET } = this.ctx.config;
    const url = `${RAZORPAY_API_BASE.replace(/\/+$/, '')}${path}`;
    const auth = Buffer.from(`${RAZORPAY_KEY_ID}:${RAZORPAY_KEY_SECRET}`).toString('base64');
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: { authorization: `Basic ${auth}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
    } catch (err) {
      this.ctx.log.error({ err: { message: (err as Error).message }, path }, 'razorpay unreachable');
      throw new ProviderCallError('payment_provider_unavailable');
    }
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      this.ctx.log.error({ err: { message: (err as Error).message }, path }, 'razorpay answer cut off');
      throw new ProviderCallError('payment_provider_unavailable');
    }
    if (!res.ok) {
      let description = '';
      try {
        description = String((JSON.parse(text) as { error?: { description?: string } }).error?.description ?? '');
      } catch {
        /* not JSON */
      }
      this.ctx.log.error({ status: res.status, path, description }, 'razorpay refused a call');
      throw new ProviderCallError('payment_provider_error', res.status);
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      this.ctx.log.error({ status: res.status, path }, 'razorpay answered with something that is not JSON');
      throw new ProviderCallError('payment_provider_unavailable');
    }
  }

  async createOrder(input: { amount: number; receipt: string; notes: Record<string, string> }): Promise<ProviderOrder> {
    const order = await this.call<{ id: string; amount: number; currency: string }>('POST', '/v1/orders', {
      amount: input.amount,
      currency: 'INR',
      receipt: input.receipt.slice(0, 40),
      notes: input.notes,
    });
    if (typeof order.id !== 'string' || order.amount !== input.amount || order.currency !== 'INR') {
      throw new AppError('payment_provider_error', 502, 'Failed to create payment order');
    }
    return { id: order.id, amount: order.amount, currency: order.currency };
  }

  async listPayments(providerOrderId: string): Promise<ProviderPayment[]> {
    const list = await this.call<{ items?: RazorpayPaymentEntity[] }>(
      'GET',
      `/v1/orders/${encodeURIComponent(providerOrderId)}/payments`,
    );
    return (list.items ?? []).map(toProviderPayment);
  }

  async fetchPayment(paymentId: string): Promise<ProviderPayment> {
    return checkedPayment(
      await this.call<RazorpayPaymentEntity>('GET', `/v1/payments/${encodeURIComponent(paymentId)}`),
      paymentId,
    );
  }

  async capturePayment(paymentId: string, amount: number, currency: string): Promise<ProviderPayment> {
    const p = await this.call<RazorpayPaymentEntity>('POST', `/v1/payments/${encodeURIComponent(paymentId)}/capture`, {
      amount,
      currency,
    });
    return checkedPayment(p, paymentId);
  }

  /** Razorpay's Refunds API: POST /v1/payments/{id}/refund, normal speed, our refund id in the notes. */
  async refundPayment(paymentId: string, amount: number, ref: string): Promise<ProviderRefund> {
    const r = await this.call<RazorpayRefundEntity>('POST', `/v1/payments/${encodeURIComponent(paymentId)}/refund`, {
      amount,
      speed: 'normal',
      receipt: `refund-${ref}`,
      notes: { shop_refund: ref },
    });
    const refund = toProviderRefund(r, paymentId);
    if (refund.amount !== amount) throw new ProviderCallError('payment_provider_unavailable');
    return refund;
  }

  async listRefunds(paymentId: string): Promise<ProviderRefund[]> {
    const list = await this.call<{ items?: RazorpayRefundEntity[] }>(
      'GET',
      `/v1/payments/${encodeURIComponent(paymentId)}/refunds`,
    );
    return (list.items ?? []).map((r) => toProviderRefund(r, paymentId));
  }
}

interface RazorpayRefundEntity {
  id: string;
  payment_id: string;
  amount: number;
  status: string;
  notes?: Record<string, string> | unknown[];
}
function toProviderRefund(r: RazorpayRefundEntity, paymentId: string): ProviderRefund {
  const ok =
    r &&
    typeof r.id === 'string' &&
    r.payment_id === paymentId &&
    Number.isInteger(r.amount) &&
    ['pending', 'processed', 'failed'].includes(r.status);
  if (!ok) throw new ProviderCallError('payment_provider_unavailable');
  const notes = r.notes && !Array.isArray(r.notes) ? r.notes : {};
  return {
    id: r.id,
    paymentId,
    amount: r.amount,
    status: r.status as ProviderRefund['status'],
    ref: typeof notes.shop_refund === 'string' ? notes.shop_refund : null,
  };
}

/** A payment entity that is not the one asked for, or lacks its figures, is not believed. */
function checkedPayment(p: RazorpayPaymentEntity, paymentId: string): ProviderPayment {
  const ok =
    p &&
    p.id === paymentId &&
    typeof p.order_id === 'string' &&
    Number.isInteger(p.amount) &&
    typeof p.currency === 'string' &&
    typeof p.status === 'string';
  if (!ok) throw new ProviderCallError('payment_provider_unavailable');
  return toProviderPayment(p);
}

/** The provider PAYMENTS_PROVIDER picks; built once in buildApp (ctx.payments). */
export function createPaymentProvider(ctx: AppContext): PaymentProvider {
  return ctx.config.PAYMENTS_PROVIDER === 'razorpay' ? new RazorpayProvider(ctx) : new SandboxProvider(ctx);
}
