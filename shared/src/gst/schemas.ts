import { z } from 'zod';
import { checkGstin } from './gstin.js';
import { isStateCode } from './states.js';

export const BUSINESS_BILL_MESSAGES = {
  gstinForName: 'Enter the GSTIN for a business bill, or clear the business name.',
  nameForGstin: 'Enter the business name registered with this GSTIN.',
  addressForGstin: 'Enter the business address registered with this GSTIN.',
  nameForAddress: 'Enter the name to print on the bill.',
  addressForName: 'Enter the address to print on the bill.',
  state: 'Choose the state of this address.',
} as const;

const clean = (s: string | undefined) => (s ?? '').trim();

/**
 * The recipient part of checkout and of a counter order (decision 037): either a GSTIN with the
 * name and address registered with it (a GST bill; the state is the GSTIN's), or, without a GSTIN, the name, address
 * and state a bill of ₹50,000 or more prints (or that a customer asks to have printed). All empty: a plain bill.
 * A name alone is a GST bill missing its GSTIN. Whether the shop may issue it (its tax status, the amount) is
 * `recipientProblem` in recipient.ts.
 */
export const businessBillSchema = z
  .object({
    customerGstin: z.string().max(20).optional(),
    billingName: z.string().max(120).optional(),
    billingAddress: z.string().max(300).optional(),
    stateCode: z.string().max(2).optional(),
  })
  .transform((v, ctx) => {
    const raw = clean(v.customerGstin);
    const name = clean(v.billingName).replace(/\s+/g, ' ');
    const address = clean(v.billingAddress)
      .replace(/\s*\n\s*/g, ', ')
      .replace(/\s+/g, ' ');
    const stateCode = clean(v.stateCode);
    const fail = (path: string, message: string) => {
      ctx.addIssue({ code: 'custom', path: [path], message });
      return z.NEVER;
    };
    if (!raw && !name && !address && !stateCode)
      return { customerGstin: null, billingName: null, billingAddress: null, stateCode: null };
    if (raw) {
      const check = checkGstin(raw);
      if (!check.ok) return fail('customerGstin', check.message);
      if (!name) return fail('billingName', BUSINESS_BILL_MESSAGES.nameForGstin);
      if (address.length < 5) return fail('billingAddress', BUSINESS_BILL_MESSAGES.addressForGstin);
      return { customerGstin: check.gstin, billingName: name, billingAddress: address, stateCode: check.stateCode };
    }
    // A name alone is a GST bill whose GSTIN is missing; with an address or state it is a customer's particulars.
    if (!address && !stateCode) return fail('customerGstin', BUSINESS_BILL_MESSAGES.gstinForName);
    if (!name) return fail('billingName', BUSINESS_BILL_MESSAGES.nameForAddress);
    if (address.length < 5) return fail('billingAddress', BUSINESS_BILL_MESSAGES.addressForName);
    if (!isStateCode(stateCode)) return fail('stateCode', BUSINESS_BILL_MESSAGES.state);
    return { customerGstin: null, billingName: name, billingAddress: address, stateCode };
  });
export type BusinessBill = z.output<typeof businessBillSchema>;
export type BusinessBillInput = z.input<typeof businessBillSchema>;
