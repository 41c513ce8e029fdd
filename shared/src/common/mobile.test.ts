import { describe, expect, it } from 'vitest';
import { staffLoginSchema } from '../auth/schemas.ts';
import { staffMobileSchema } from '../auth/staff.ts';
import {
  makeDeliveryFormSchema,
  makePincodeSchema,
  mobileNumberSchema,
  pickupMobileSchema,
} from '../orders/schemas.ts';
import { groupIndianMobile, mobileSearchDigits, normaliseIndianMobile, normalisePincode } from './mobile.ts';

describe('a mobile number as people type it', () => {
  it.each([
    ['9848011111', '9848011111'],
    ['98480 11111', '9848011111'],
    ['+91 98480 11111', '9848011111'],
    ['+91-98480-11111', '9848011111'],
    ['91 9848011111', '9848011111'],
    ['098480 11111', '9848011111'],
    ['(0) 98480 11111', '9848011111'],
    ['  9848 011 111 ', '9848011111'],
  ])('%s is %s', (typed, number) => {
    expect(normaliseIndianMobile(typed)).toBe(number);
    expect(staffLoginSchema.parse({ mobile_number: typed, password: 'x' }).mobile_number).toBe(number);
    expect(staffMobileSchema.parse(typed)).toBe(number);
  });

  it('a short number or letters are still refused with the same messages', () => {
    expect(staffLoginSchema.safeParse({ mobile_number: '98480 111', password: 'x' }).error?.issues[0]?.message).toBe(
      'Mobile number must be at least 10 digits',
    );
    expect(staffLoginSchema.safeParse({ mobile_number: '98480abcde', password: 'x' }).error?.issues[0]?.message).toBe(
      'Mobile number must be at least 10 digits',
    );
    expect(staffMobileSchema.safeParse('5848011111').error?.issues[0]?.message).toBe(
      'Please enter a valid 10-digit Indian mobile number',
    );
  });
});

describe('one rule for every phone and pincode field (decision 039)', () => {
  it.each([
    ['93900 11223', '9390011223'],
    ['+91 93900 11223', '9390011223'],
    ['+91 70135 44444', '7013544444'],
    ['0091 93900 11223', '9390011223'],
    ['+91 (0) 93900-11223', '9390011223'],
    ['93900\u00a011223', '9390011223'],
    ['౯౩౯౦౦ ౧౧౨౨౩', '9390011223'],
  ])('%s is %s everywhere', (typed, number) => {
    expect(normaliseIndianMobile(typed)).toBe(number);
    expect(mobileNumberSchema.parse(typed)).toBe(number);
    expect(pickupMobileSchema.parse(typed)).toBe(number);
    expect(groupIndianMobile(typed)).toBe(`${number.slice(0, 5)} ${number.slice(5)}`);
    expect(mobileSearchDigits(typed)).toBe(number);
  });

  it('pincodes as typed: spaces and dashes go', () => {
    const pincode = makePincodeSchema(['522002']);
    for (const typed of ['522002', '522 002', ' 522-002 ', '౫౨౨౦౦౨']) expect(pincode.parse(typed)).toBe('522002');
    expect(normalisePincode('522 00')).toBe('52200');
    expect(pincode.safeParse('522 00').error?.issues[0]?.message).toBe('Pincode must be 6 digits');
    expect(pincode.safeParse('500 001').error?.issues[0]?.message).toBe(
      'Sorry, our service is not available at your location.',
    );
  });

  it('a delivery form whose two numbers are typed differently but are the same number matches', () => {
    const form = makeDeliveryFormSchema(['522002']);
    const parsed = form.parse({
      address: '12-3 Brodipet',
      doorNumber: '12-3',
      pincode: '522 002',
      mobileNumber: '+91 93900 11223',
      confirmMobileNumber: '093900-11223',
    });
    expect(parsed).toMatchObject({ pincode: '522002', mobileNumber: '9390011223', confirmMobileNumber: '9390011223' });
    const other = form.safeParse({
      address: '12-3 Brodipet',
      doorNumber: '12-3',
      pincode: '522002',
      mobileNumber: '93900 11223',
      confirmMobileNumber: '93900 11224',
    });
    expect(other.error?.issues[0]?.message).toBe('Mobile numbers must match');
  });

  it('short, long or lettered numbers keep their messages; grouping leaves them as typed', () => {
    expect(mobileNumberSchema.safeParse('93900 1122').error?.issues[0]?.message).toBe(
      'Mobile number must be 10 digits',
    );
    expect(mobileNumberSchema.safeParse('5390011223').error?.issues[0]?.message).toBe(
      'Please enter a valid Indian mobile number',
    );
    expect(mobileNumberSchema.safeParse('9'.repeat(500)).error?.issues[0]?.message).toBe(
      'Mobile number must be 10 digits',
    );
    expect(pickupMobileSchema.safeParse('98765').success).toBe(false);
    expect(groupIndianMobile('98765 ')).toBe('98765');
    expect(groupIndianMobile(null)).toBe('');
    expect(mobileSearchDigits('PS-261126')).toBeNull();
    expect(mobileSearchDigits('Ravi')).toBeNull();
  });
});
