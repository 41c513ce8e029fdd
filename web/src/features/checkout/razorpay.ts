/** Razorpay's checkout script, loaded only when the shop runs real payments. */
import type { VerifyPaymentInput } from '@shop/shared/payments/schemas';

/** What the checkout window hands over on success: the proof verify-payment takes. */
export type CheckoutSuccess = VerifyPaymentInput;

export interface CheckoutOptions {
  key: string;
  amount: number;
  currency: 'INR';
  name: string;
  description: string;
  order_id: string;
  prefill: { name: string; email: string; contact: string };
  handler: (res: CheckoutSuccess) => void;
  modal: { ondismiss: () => void };
  theme?: { color: string };
}

declare global {
  interface Window {
    Razorpay?: new (opts: CheckoutOptions) => { open(): void; on(event: string, cb: (e: unknown) => void): void };
  }
}

let loading: Promise<void> | null = null;
export function loadRazorpay(src: string): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const s = document.createElement('script');
    s.src = src;
    s.async = true;
    s.onload = () => resolve();
    s.onerror = () => {
      loading = null;
      reject(new Error('Failed to load payment gateway. Please try again.'));
    };
    document.head.appendChild(s);
  });
  return loading;
}
