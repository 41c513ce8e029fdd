import fs from 'node:fs';
import { fixturePdf, printOptions, STRONG_PASSWORD } from '../factories/index.ts';
import { recordSecret } from '../helpers/log-capture.ts';

/**
 * The shop's API over real HTTP, as the web app calls it, for tests against a running server process.
 * Every password, token, signature and address it handles is handed to the log leak check.
 */

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: <T = Record<string, unknown>>() => T;
}

export const DELIVERY = {
  address: 'Flat 7, Sri Lakshmi Residency, Arundelpet 4th Lane',
  doorNumber: '7-12-43',
  pincode: '522002',
  mobileNumber: '9876543210',
  confirmMobileNumber: '9876543210',
};
recordSecret('delivery address', DELIVERY.address);

/** What the demo service 1 ('Color Printing A4': colour, A4, White 75 GSM) prints. */
export const PRINT_OPTIONS = printOptions(1, { printingType: 'color' });
recordSecret('password', STRONG_PASSWORD);

export class ShopClient {
  constructor(readonly base: string) {}

  async call(
    method: string,
    path: string,
    opts: { token?: string; body?: unknown; form?: FormData; timeoutMs?: number } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers,
      body: opts.form ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 60_000),
    });
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      text,
      json: <T>() => JSON.parse(text) as T,
    };
  }

  /** Calls that must succeed: throws with the answer otherwise. */
  async ok<T = Record<string, unknown>>(
    method: string,
    path: string,
    opts: Parameters<ShopClient['call']>[2] = {},
  ): Promise<T> {
    const res = await this.call(method, path, opts);
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${res.text}`);
    const body = res.json<{ token?: unknown }>();
    if (body && typeof body === 'object' && typeof body.token === 'string') recordSecret('session token', body.token);
    return body as T;
  }

  async register(email: string, name = 'Lakshmi Devi'): Promise<string> {
    const body = await this.ok<{ token: string }>('POST', '/api/auth/register', {
      body: { name, email, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD },
    });
    return body.token;
  }

  async login(email: string, password = STRONG_PASSWORD): Promise<string> {
    // The local default admin password is public (README) and printed at start on purpose; every other one is secret.
    if (password !== 'Admin@12345') recordSecret('password', password);
    return (await this.ok<{ token: string }>('POST', '/api/auth/login', { body: { email, password } })).token;
  }

  async createStaff(adminToken: string, name: string, mobile: string, password = 'Counter@789'): Promise<number> {
    recordSecret('password', password);
    return (
      await this.ok<{ id: number }>('POST', '/api/admin/staff', {
        token: adminToken,
        body: { name, mobile_number: mobile, password },
      })
    ).id;
  }

  async staffLogin(mobile: string, password = 'Counter@789'): Promise<string> {
    return (
      await this.ok<{ token: string }>('POST', '/api/auth/staff/login', { body: { mobile_number: mobile, password } })
    ).token;
  }

  async upload(token: string, file = 'report-a4-26p.pdf'): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([fs.readFileSync(fixturePdf(file))], { type: 'application/pdf' }), file);
    return (await this.ok<{ file: { id: string } }>('POST', '/api/pdf/upload', { token, form })).file.id;
  }

  /** The wizard's steps: server price, draft, sandbox checkout, verify. Returns the paid order's number and id. */
  async placeAndPay(token: string, fileId: string, serviceId = 1): Promise<{ orderNumber: string; orderId: number }> {
    // The service decides the print: ask for what it prints (decision 009).
    const service = await this.ok<{ printing_type: string; paper_size: string; paper_type: string }>(
      'GET',
      `/api/services/${serviceId}`,
      { token },
    );
    const options = {
      ...PRINT_OPTIONS,
      serviceId,
      printingType: service.printing_type,
      paperSize: service.paper_size,
      paperType: service.paper_type,
    };
    const cost = await this.ok<{ totalCost: number; deliveryCharge: number }>('POST', '/api/pdf/calculate-cost', {
      token,
      body: { fileId, options },
    });
    const amount = Math.round((cost.totalCost + cost.deliveryCharge) * 100);
    const draft = await this.ok<{ id: string }>('POST', '/api/razorpay/create-order', {
      token,
      body: { amount, currency: 'INR', fileId, options, deliveryType: 'delivery', deliveryDetails: DELIVERY },
    });
    const proof = await this.ok<{ razorpay_signature: string }>('POST', '/api/payments/sandbox/complete', {
      token,
      body: { razorpay_order_id: draft.id, outcome: 'success' },
    });
    recordSecret('signature', proof.razorpay_signature);
    const paid = await this.ok<{ orderNumber: string; orderId: number }>('POST', '/api/razorpay/verify-payment', {
      token,
      body: proof,
    });
    return { orderNumber: paid.orderNumber, orderId: paid.orderId };
  }
}
