import { splitInclusive } from './split.ts';
import { GST_STATES, isStateCode } from './states.ts';

/**
 * Which recipient particulars a document needs, and when a shop must refuse a bill
 * (docs/decisions/037-tax-documents-and-gstr1.md). Shared, so the checkout and the counter ask for exactly what the
 * server will insist on.
 *
 * - A GSTIN (a GST bill): its registered name and address (CGST Rule 46(d), 49(d)); the place of supply is its state.
 * - No GSTIN, a tax invoice whose taxable value is ₹50,000 or more: the customer's name, address and state, and the
 *   delivery address (Rule 46(e)); a delivery order already has them, a pickup or counter order asks.
 * - Below that, a customer may still ask for them to be printed (Rule 46(f)).
 * - A composition shop may not supply to another state (CGST Act s. 10(2)(d)); an unregistered shop gives receipts,
 *   which carry no GSTIN.
 */
export type GstStatus = 'unregistered' | 'composition' | 'regular';

/** ₹50,000 of taxable value, in paise (Rule 46(e)). */
export const B2C_PARTICULARS_FROM_PAISE = 5_000_000;

export const RECIPIENT_MESSAGES = {
  notRegistered: 'This shop is not registered under GST, so its receipts carry no GSTIN. Clear the GSTIN.',
  compositionOtherState: (state: string) =>
    `This shop is under the GST composition scheme and cannot bill a business registered in another state (this GSTIN is from ${state}). Clear the GSTIN for an ordinary bill.`,
  compositionOtherStateAddress: (state: string) =>
    `This shop is under the GST composition scheme and cannot supply to another state (${state}). Choose an address in the shop’s state.`,
  particulars: 'A bill of ₹50,000 or more carries the customer’s name, address and state: enter them.',
} as const;

/** Whether a tax invoice for this amount must carry an unregistered customer's name, address and state. */
export function b2cParticularsNeeded(status: GstStatus, rateBp: number, grossPaise: number): boolean {
  if (status !== 'regular' || !Number.isSafeInteger(grossPaise) || grossPaise < 0) return false;
  return splitInclusive(grossPaise, rateBp, 'intra').taxablePaise >= B2C_PARTICULARS_FROM_PAISE;
}

export interface RecipientBill {
  customerGstin: string | null;
  billingName: string | null;
  billingAddress: string | null;
  stateCode: string | null;
}

export interface RecipientProblem {
  /** The field the message belongs under (businessBill.<field>). */
  field: keyof RecipientBill;
  message: string;
}

/**
 * What the shop must refuse for this bill, or null. `delivered`: the order goes to an address (in the shop's state),
 * which then serves as the customer's address for a bill of ₹50,000 or more.
 */
export function recipientProblem(
  shop: { status: GstStatus; stateCode: string; rateBp: number },
  bill: RecipientBill | null | undefined,
  order: { grossPaise: number; delivered: boolean },
): RecipientProblem | null {
  const gstin = bill?.customerGstin ?? null;
  if (gstin && shop.status === 'unregistered')
    return { field: 'customerGstin', message: RECIPIENT_MESSAGES.notRegistered };
  const state = gstin ? gstin.slice(0, 2) : (bill?.stateCode ?? null);
  if (shop.status === 'composition' && state && state !== shop.stateCode) {
    const name = GST_STATES[state] ?? state;
    return gstin
      ? { field: 'customerGstin', message: RECIPIENT_MESSAGES.compositionOtherState(name) }
      : { field: 'stateCode', message: RECIPIENT_MESSAGES.compositionOtherStateAddress(name) };
  }
  if (!gstin && !order.delivered && b2cParticularsNeeded(shop.status, shop.rateBp, order.grossPaise)) {
    if (!bill?.billingName) return { field: 'billingName', message: RECIPIENT_MESSAGES.particulars };
    if (!bill.billingAddress) return { field: 'billingAddress', message: RECIPIENT_MESSAGES.particulars };
    if (!isStateCode(bill.stateCode)) return { field: 'stateCode', message: RECIPIENT_MESSAGES.particulars };
  }
  return null;
}
