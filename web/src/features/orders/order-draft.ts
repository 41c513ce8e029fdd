/**
 * The order wizard's progress kept in this tab's sessionStorage, per service: a reload, or a phone that drops the
 * tab while the customer is in another app (a UPI app during payment, the file picker), comes back at the same step
 * with the same upload, options and price instead of an empty wizard. Nothing here is trusted: the server checks the
 * file's owner and recomputes the price when the payment is created.
 */
const PREFIX = 'order-draft:';

export function readOrderDraft<T>(serviceId: string): Partial<T> | null {
  try {
    const raw = sessionStorage.getItem(PREFIX + serviceId);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === 'object' ? (parsed as Partial<T>) : null;
  } catch {
    return null;
  }
}

export function saveOrderDraft(serviceId: string, draft: object | null): void {
  try {
    if (draft) sessionStorage.setItem(PREFIX + serviceId, JSON.stringify(draft));
    else sessionStorage.removeItem(PREFIX + serviceId);
  } catch {
    /* storage full or unavailable: the wizard still works, it just does not survive a reload */
  }
}
