import { z } from 'zod';
import { checkGstin } from './gstin.js';

/**
 * The optional "business bill" part of checkout: a GSTIN and the billing name registered with it. Both or neither;
 * the GSTIN comes back normalised (upper case, trimmed). Meant to be merged into the checkout request schema.
 */
export const businessBillSchema = z
  .object({
    customerGstin: z.string().max(20).optional(),
    billingName: z.string().trim().max(120).optional(),
  })
  .transform((v, ctx) => {
    const raw = v.customerGstin?.trim() ?? '';
    const name = v.billingName ?? '';
    if (!raw && !name) return { customerGstin: null, billingName: null };
    if (!raw) {
      ctx.addIssue({ code: 'custom', path: ['customerGstin'], message: 'Enter the GSTIN for a business bill, or clear the business name.' });
      return z.NEVER;
    }
    const check = checkGstin(raw);
    if (!check.ok) {
      ctx.addIssue({ code: 'custom', path: ['customerGstin'], message: check.message });
      return z.NEVER;
    }
    if (!name) {
      ctx.addIssue({ code: 'custom', path: ['billingName'], message: 'Enter the business name registered with this GSTIN.' });
      return z.NEVER;
    }
    return { customerGstin: check.gstin, billingName: name };
  });
