import { describe, expect, it } from 'vitest';
import { gstinCheckChar } from './gstin.js';
import { b2cParticularsNeeded, recipientProblem } from './recipient.js';
import { businessBillSchema } from './schemas.js';
import { stateLabel, statePortalLabel } from './states.js';

const NONE: {
  customerGstin: string | null;
  billingName: string | null;
  billingAddress: string | null;
  stateCode: string | null;
} = { customerGstin: null, billingName: null, billingAddress: null, stateCode: null };

describe('business bill fields', () => {
  it('all empty: a plain bill', () => {
    expect(businessBillSchema.parse({})).toEqual(NONE);
    expect(businessBillSchema.parse({ customerGstin: ' ', billingName: '', billingAddress: ' ' })).toEqual(NONE);
  });

  it('a valid GSTIN with its name and address comes back normalised, its state taken from the GSTIN', () => {
    expect(
      businessBillSchema.parse({
        customerGstin: ' 27aapfu0939f1zv',
        billingName: ' Sri Lakshmi Traders ',
        billingAddress: '12 MG Road\nPune',
        stateCode: '37',
      }),
    ).toEqual({
      customerGstin: '27AAPFU0939F1ZV',
      billingName: 'Sri Lakshmi Traders',
      billingAddress: '12 MG Road, Pune',
      stateCode: '27',
    });
  });

  it("a customer's name, address and state without a GSTIN (a bill of ₹50,000 or more)", () => {
    expect(
      businessBillSchema.parse({
        billingName: 'K. Ramesh',
        billingAddress: '4-5-6 Arundelpet, Guntur',
        stateCode: '37',
      }),
    ).toEqual({
      customerGstin: null,
      billingName: 'K. Ramesh',
      billingAddress: '4-5-6 Arundelpet, Guntur',
      stateCode: '37',
    });
  });

  it.each([
    [{ customerGstin: '27AAPFU0939F1ZW', billingName: 'X', billingAddress: 'Somewhere 1' }, 'mistyped'],
    [{ customerGstin: '27AAPFU0939F1ZV' }, 'business name'],
    [{ customerGstin: '27AAPFU0939F1ZV', billingName: 'X' }, 'business address'],
    [{ billingName: 'X' }, 'Enter the GSTIN'],
    [{ billingName: 'X', billingAddress: 'Guntur 522002' }, 'Choose the state'],
    [{ billingAddress: 'Guntur 522002', stateCode: '37' }, 'name to print'],
  ])('refuses %j with a clear message', (input, message) => {
    const r = businessBillSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toContain(message);
  });
});

describe('recipient particulars the rules ask for', () => {
  const regular = { status: 'regular', stateCode: '37', rateBp: 1800 } as const;
  const telangana = '36AABCT1234D1Z' + gstinCheckChar('36AABCT1234D1Z');
  const bill = (b: Partial<typeof NONE>) => ({ ...NONE, ...b });

  it('a taxable value of ₹50,000 or more needs the name, address and state when nothing is delivered', () => {
    expect(b2cParticularsNeeded('regular', 1800, 5_900_000)).toBe(true); // ₹59,000 incl. 18 %: ₹50,000 taxable
    expect(b2cParticularsNeeded('regular', 1800, 5_899_999)).toBe(false);
    expect(b2cParticularsNeeded('composition', 1800, 9_000_000)).toBe(false);
    expect(recipientProblem(regular, null, { grossPaise: 5_900_000, delivered: false })?.field).toBe('billingName');
    expect(recipientProblem(regular, null, { grossPaise: 5_900_000, delivered: true })).toBeNull();
    expect(
      recipientProblem(regular, bill({ billingName: 'A', billingAddress: 'Guntur 522002', stateCode: '37' }), {
        grossPaise: 5_900_000,
        delivered: false,
      }),
    ).toBeNull();
    expect(
      recipientProblem(regular, bill({ customerGstin: telangana, billingName: 'T', billingAddress: 'Hyderabad' }), {
        grossPaise: 5_900_000,
        delivered: false,
      }),
    ).toBeNull();
  });

  it('a composition shop refuses another state; an unregistered shop refuses any GSTIN', () => {
    const composition = { ...regular, status: 'composition' } as const;
    expect(
      recipientProblem(composition, bill({ customerGstin: telangana }), { grossPaise: 100, delivered: false })?.message,
    ).toMatch(/composition scheme.*Telangana/);
    expect(
      recipientProblem(composition, bill({ billingName: 'A', billingAddress: 'Hyd', stateCode: '36' }), {
        grossPaise: 100,
        delivered: false,
      })?.field,
    ).toBe('stateCode');
    expect(
      recipientProblem({ ...regular, status: 'unregistered' }, bill({ customerGstin: telangana }), {
        grossPaise: 100,
        delivered: false,
      })?.message,
    ).toMatch(/not registered under GST/);
    expect(
      recipientProblem(regular, bill({ customerGstin: telangana }), { grossPaise: 100, delivered: false }),
    ).toBeNull();
  });

  it('states print with name and code', () => {
    expect(stateLabel('36')).toBe('Telangana (36)');
    expect(statePortalLabel('37')).toBe('37-Andhra Pradesh');
  });
});
