import { describe, expect, it } from 'vitest';
import { businessBillSchema } from './schemas.js';

describe('business bill fields', () => {
  it('both empty: a plain bill', () => {
    expect(businessBillSchema.parse({})).toEqual({ customerGstin: null, billingName: null });
    expect(businessBillSchema.parse({ customerGstin: ' ', billingName: '' })).toEqual({ customerGstin: null, billingName: null });
  });

  it('a valid GSTIN with a name comes back normalised', () => {
    expect(businessBillSchema.parse({ customerGstin: ' 27aapfu0939f1zv', billingName: ' Sri Lakshmi Traders ' }))
      .toEqual({ customerGstin: '27AAPFU0939F1ZV', billingName: 'Sri Lakshmi Traders' });
  });

  it.each([
    [{ customerGstin: '27AAPFU0939F1ZW', billingName: 'X' }, 'mistyped'],
    [{ customerGstin: '27AAPFU0939F1ZV' }, 'business name'],
    [{ billingName: 'X' }, 'Enter the GSTIN'],
  ])('refuses %j with a clear message', (input, message) => {
    const r = businessBillSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toContain(message);
  });
});
