import { describe, expect, it } from 'vitest';
import {
  makeDeliveryDetailsSchema,
  makeDeliveryFormSchema,
  pickupDetailsSchema,
  printOptionsSchema,
} from './schemas.ts';

const base = {
  serviceId: 1,
  printingType: 'bw',
  paperSize: 'a4',
  paperType: 'white_75gsm',
  sides: 'single',
  copies: 1,
};
const firstMessage = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.error?.issues[0]?.message;

describe('printOptionsSchema', () => {
  it('fills defaults and strips unknown fields', () => {
    const r = printOptionsSchema.parse({ ...base, extra: 'x' });
    expect(r).toMatchObject({ orientation: 'portrait', spiralBinding: false, lamination: false });
    expect('extra' in r).toBe(false);
  });
  it.each([
    [0, 'Copies must be at least 1'],
    [-1, 'Copies must be at least 1'],
    [1.5, 'Copies must be a whole number'],
    [1e9, 'Copies can be at most 1000'],
    ['2', 'Copies must be a whole number'],
  ])('copies %s → %s', (copies, message) => {
    expect(firstMessage(printOptionsSchema.safeParse({ ...base, copies }))).toBe(message);
  });
  it('accepts 1000 copies', () => {
    expect(printOptionsSchema.safeParse({ ...base, copies: 1000 }).success).toBe(true);
  });
  it('refuses two bindings', () => {
    expect(firstMessage(printOptionsSchema.safeParse({ ...base, spiralBinding: true, paperBinding: true }))).toBe(
      'Choose only one binding option',
    );
  });
  it('refuses unknown option values', () => {
    expect(printOptionsSchema.safeParse({ ...base, sides: 'triple' }).success).toBe(false);
    expect(printOptionsSchema.safeParse({ ...base, paperType: 'cardboard' }).success).toBe(false);
  });
  it('reads the photo alias', () => {
    expect(printOptionsSchema.parse({ ...base, paperType: 'photo' }).paperType).toBe('photo_paper');
  });
});

describe('delivery details', () => {
  const schema = makeDeliveryDetailsSchema(['522001', '522002']);
  const ok = { address: 'Lakshmipuram Main Road', doorNumber: '12-3', pincode: '522002', mobileNumber: '9876543210' };
  it('accepts a good address, confirmation optional', () => {
    expect(schema.safeParse(ok).success).toBe(true);
    expect(schema.safeParse({ ...ok, confirmMobileNumber: '9876543210' }).success).toBe(true);
  });
  it.each([
    [{ address: 'abcd' }, 'Address must be at least 5 characters'],
    [{ doorNumber: '' }, 'Door/Flat number is required'],
    [{ doorNumber: undefined }, 'Door/Flat number is required'],
    [{ pincode: '52200' }, 'Pincode must be 6 digits'],
    [{ pincode: '522009' }, 'Sorry, our service is not available at your location.'],
    [{ mobileNumber: '98765' }, 'Mobile number must be 10 digits'],
    [{ mobileNumber: '1234567890' }, 'Please enter a valid Indian mobile number'],
    [{ confirmMobileNumber: '9876543211' }, 'Mobile numbers must match'],
  ])('%o → %s', (change, message) => {
    expect(firstMessage(schema.safeParse({ ...ok, ...change }))).toBe(message);
  });
  it('the wizard form requires the confirmation', () => {
    expect(makeDeliveryFormSchema(['522002']).safeParse(ok).success).toBe(false);
  });
  it('pickup mobile', () => {
    expect(pickupDetailsSchema.safeParse({ mobileNumber: '9876543210' }).success).toBe(true);
    expect(firstMessage(pickupDetailsSchema.safeParse({ mobileNumber: '98765' }))).toBe(
      'Please enter a valid 10-digit mobile number for self pickup',
    );
  });
});

describe('serviceId', () => {
  it.each([
    ['7', 7],
    [7, 7],
  ])('%o → %i', (serviceId, expected) => {
    expect(printOptionsSchema.parse({ ...base, serviceId }).serviceId).toBe(expected);
  });
  it.each([true, null, '7a', 0, -2, 1.5])('refuses %o', (serviceId) => {
    expect(printOptionsSchema.safeParse({ ...base, serviceId }).success).toBe(false);
  });
});
