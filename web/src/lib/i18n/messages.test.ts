import {
  BIDI_NAME_MESSAGE,
  loginSchema,
  PASSWORD_CRITERIA,
  POLICY_REQUIRED_MESSAGE,
  registerSchema,
  RESET_PASSWORD_MESSAGE,
  resetPasswordSchema,
  staffLoginSchema,
} from '@shop/shared/auth/schemas';
import { FORMAT_MESSAGES } from '@shop/shared/files/formats';
import { UPLOAD_MESSAGES } from '@shop/shared/files/schemas';
import { businessBillSchema } from '@shop/shared/gst/schemas';
import { MESSAGE_TEXTS } from '@shop/shared/orders/messages';
import {
  copiesSchema,
  makeDeliveryFormSchema,
  NOT_SERVICEABLE,
  ONLY_ONE_BINDING,
  pickupMobileSchema,
} from '@shop/shared/orders/schemas';
import { PICKUP_MESSAGES } from '@shop/shared/pickup/schemas';
import { WALK_IN_MESSAGES } from '@shop/shared/walk-in/schemas';
import { FILE_MESSAGES } from '@shop/shared/files/retention';
import {
  PAYMENT_CONFIRMATION_ERRORS,
  PAYMENT_VERIFICATION_FAILED,
  PRICE_CHANGED_MESSAGE,
} from '@shop/shared/payments/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import en from './messages/en';
import te from './messages/te';

/** The messages a form shows when the shared schemas refuse what was typed. */
function messagesOf(schema: ZodType, inputs: unknown[]): string[] {
  return inputs.flatMap((input) => {
    const r = schema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  });
}

describe('messages from the shared schemas and the server', () => {
  const english = new Set<string>(Object.values(en));

  it('every message a customer or clerk form can show has its Telugu (English text exactly as shared sends it)', () => {
    const delivery = makeDeliveryFormSchema(['522002']);
    const shown = [
      ...PASSWORD_CRITERIA.map((c) => c.message),
      POLICY_REQUIRED_MESSAGE,
      RESET_PASSWORD_MESSAGE,
      BIDI_NAME_MESSAGE,
      NOT_SERVICEABLE,
      ONLY_ONE_BINDING,
      PRICE_CHANGED_MESSAGE,
      PAYMENT_VERIFICATION_FAILED,
      ...Object.values(MESSAGE_TEXTS),
      ...Object.values(WALK_IN_MESSAGES).flatMap((m) => (typeof m === 'string' ? [m] : [])),
      FILE_MESSAGES.deleted,
      FILE_MESSAGES.alreadyDeleted,
      FILE_MESSAGES.notHandedOverPickup,
      FILE_MESSAGES.notHandedOverDelivery,
      FILE_MESSAGES.sensitiveNoDownload,
      ...Object.values(PICKUP_MESSAGES).filter((m): m is string => typeof m === 'string'),
      ...Object.values(UPLOAD_MESSAGES).filter((m) => m !== UPLOAD_MESSAGES.uploaded),
      ...Object.values(FORMAT_MESSAGES)
        .map((m) => (typeof m === 'function' ? [m(false), m(true)] : [m]))
        .flat(),
      ...Object.values(PAYMENT_CONFIRMATION_ERRORS).map((e) => e.message),
      ...messagesOf(registerSchema, [
        {},
        { name: ' ', email: 'x', password: 'short', confirmPassword: 'other' },
        { name: 'A\u202eB', email: 'a@b.in', password: 'x'.repeat(201), confirmPassword: '' },
      ]),
      ...messagesOf(loginSchema, [{ email: 'nope', password: '' }]),
      ...messagesOf(staffLoginSchema, [
        { mobile_number: '123', password: '' },
        { mobile_number: '9'.repeat(30), password: 'x' },
      ]),
      ...messagesOf(resetPasswordSchema, [
        { password: 'short', confirmPassword: 'x' },
        { password: 'longenough', confirmPassword: 'x' },
      ]),
      ...messagesOf(delivery, [
        {},
        { address: 'ab', doorNumber: '', pincode: '12', mobileNumber: '123', confirmMobileNumber: '456' },
        {
          address: 'Main Road',
          doorNumber: '1',
          pincode: '500001',
          mobileNumber: '1234567890',
          confirmMobileNumber: '1234567890',
        },
        {
          address: 'x'.repeat(600),
          doorNumber: 'x'.repeat(100),
          pincode: '522002',
          mobileNumber: '9876543210',
          confirmMobileNumber: '9876543211',
        },
      ]),
      ...messagesOf(pickupMobileSchema, ['123', undefined]),
      ...messagesOf(copiesSchema, [0, 1.5, 5000]),
      ...messagesOf(businessBillSchema, [
        { billingName: 'Sai Traders' },
        { customerGstin: '12' },
        { customerGstin: '00AAPFU0939F1ZV', billingName: 'x' },
        { customerGstin: '27AAPFU0939F1ZW', billingName: 'x' },
        { customerGstin: '27AAPFU0939F1ZV' },
      ]),
    ];
    expect(shown.length).toBeGreaterThan(40);
    expect([...new Set(shown)].filter((m) => !english.has(m))).toEqual([]);
  });

  describe('localizeMessage', () => {
    let localize: (typeof import('./messages'))['localizeMessage'];
    let show: (typeof import('./language'))['showLanguage'];
    beforeAll(async () => {
      // The page's cookie and address are not needed: the language is set directly.
      Object.assign(globalThis, {
        document: { cookie: '', documentElement: {} },
        location: { protocol: 'http:', search: '' },
      });
      ({ localizeMessage: localize } = await import('./messages'));
      ({ showLanguage: show } = await import('./language'));
    });
    afterAll(async () => {
      await show('en', { remember: false });
    });

    it('shows a known message in Telugu, and passes an unknown one through as it came', async () => {
      await import('./common');
      expect(localize('Invalid email format')).toBe('Invalid email format');
      await show('te', { remember: false });
      expect(localize('Invalid email format')).toBe(te.invalidEmail);
      expect(localize(NOT_SERVICEABLE)).toBe(te.pincodeNotServed);
      expect(localize('Something only the server knows')).toBe('Something only the server knows');
      expect(localize(undefined)).toBeUndefined();
    });
  });
});
