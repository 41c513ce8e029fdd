import { describe, expect, it } from 'vitest';
import { staffLoginSchema } from '../auth/schemas.ts';
import { staffMobileSchema } from '../auth/staff.ts';
import { normaliseIndianMobile } from './mobile.ts';

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
    expect(staffLoginSchema.safeParse({ mobile_number: '98480 111', password: 'x' }).error?.issues[0]?.message).toBe('Mobile number must be at least 10 digits');
    expect(staffLoginSchema.safeParse({ mobile_number: '98480abcde', password: 'x' }).error?.issues[0]?.message).toBe('Mobile number must be at least 10 digits');
    expect(staffMobileSchema.safeParse('5848011111').error?.issues[0]?.message).toBe('Please enter a valid 10-digit Indian mobile number');
  });
});
