import { describe, expect, it } from 'vitest';
import { MAX_PAPER_PAGES, WALK_IN_MESSAGES, walkInOrderSchema, type WalkInOrderInput } from './schemas.ts';

const options = {
  serviceId: 1,
  printingType: 'bw',
  paperSize: 'a4',
  paperType: 'white_75gsm',
  sides: 'single',
  copies: 2,
} as const;
const valid = (over: Partial<WalkInOrderInput> = {}): WalkInOrderInput => ({
  requestKey: '0b6c3f3e-8a5e-4a8e-9d55-3c1f2b7a9e10',
  customer: { name: 'Padma Rao', mobile: '98480 11111' },
  documents: [{ source: 'paper', pages: 12, options }],
  payment: { method: 'cash', received: true },
  pickup: 'now',
  amount: 4800,
  ...over,
});
const firstMessage = (input: unknown) => {
  const r = walkInOrderSchema.safeParse(input);
  return r.success ? null : r.error.issues[0]!.message;
};

describe('walkInOrderSchema', () => {
  it.each(['98480 11111', '+91 98480 11111', '+91-98480-11111', '098480 11111', '9848011111'])(
    'takes the mobile number as typed: %s',
    (mobile) => {
      const r = walkInOrderSchema.parse(valid({ customer: { name: 'Padma', mobile } }));
      expect(r.customer.mobile).toBe('9848011111');
    },
  );

  it.each([
    ['a short number', { name: 'Padma', mobile: '98480 1111' }, WALK_IN_MESSAGES.mobile],
    ['a landline number', { name: 'Padma', mobile: '0863 222 333' }, WALK_IN_MESSAGES.mobile],
    ['a name with markup', { name: '<b>Padma</b>', mobile: '9848011111' }, WALK_IN_MESSAGES.nameBad],
    ['a bad e-mail', { name: 'Padma', mobile: '9848011111', email: 'padma@' }, WALK_IN_MESSAGES.email],
  ])('refuses %s with a message the clerk can act on', (_what, customer, message) => {
    expect(firstMessage(valid({ customer }))).toBe(message);
  });

  it('needs neither name nor mobile for a customer who waits; one who comes back later, or wants WhatsApp, gives them (decision 039)', () => {
    expect(walkInOrderSchema.parse(valid({ customer: {} as never })).customer).toEqual({
      name: '',
      mobile: '',
      email: undefined,
    });
    expect(walkInOrderSchema.parse(valid({ customer: { name: '  ', mobile: ' ' } })).customer).toMatchObject({
      name: '',
      mobile: '',
    });
    const later = walkInOrderSchema.safeParse(valid({ pickup: 'later', customer: { name: ' ', mobile: '' } }));
    expect(later.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['customer.name', WALK_IN_MESSAGES.nameLater],
      ['customer.mobile', WALK_IN_MESSAGES.mobileLater],
    ]);
    expect(firstMessage(valid({ whatsappUpdates: true, customer: { name: 'Padma', mobile: '' } }))).toBe(
      WALK_IN_MESSAGES.mobileWhatsApp,
    );
    expect(walkInOrderSchema.safeParse(valid({ pickup: 'later', whatsappUpdates: true })).success).toBe(true);
  });

  it('keeps an e-mail lower-cased and drops an empty one', () => {
    expect(
      walkInOrderSchema.parse(valid({ customer: { name: 'P', mobile: '9848011111', email: ' Padma@Example.COM ' } }))
        .customer.email,
    ).toBe('padma@example.com');
    expect(
      walkInOrderSchema.parse(valid({ customer: { name: 'P', mobile: '9848011111', email: '' } })).customer.email,
    ).toBeUndefined();
  });

  it('needs the money confirmed as received, and a cash or UPI method', () => {
    expect(firstMessage(valid({ payment: { method: 'cash', received: false as never } }))).toBe(
      WALK_IN_MESSAGES.received,
    );
    expect(firstMessage(valid({ payment: { method: 'online' as never, received: true } }))).toBe(
      WALK_IN_MESSAGES.method,
    );
    expect(
      firstMessage(valid({ payment: { method: 'upi_counter', received: true, reference: 'UTR 123; drop' } })),
    ).toBe(WALK_IN_MESSAGES.reference);
  });

  it('bounds a paper original to whole pages the counter can copy', () => {
    expect(firstMessage(valid({ documents: [{ source: 'paper', pages: 0, options }] }))).toBe(
      WALK_IN_MESSAGES.paperPages,
    );
    expect(firstMessage(valid({ documents: [{ source: 'paper', pages: 2.5, options }] }))).toBe(
      WALK_IN_MESSAGES.paperPages,
    );
    expect(firstMessage(valid({ documents: [{ source: 'paper', pages: MAX_PAPER_PAGES + 1, options }] }))).toBe(
      WALK_IN_MESSAGES.paperPages,
    );
    expect(firstMessage(valid({ documents: [{ source: 'paper', pages: MAX_PAPER_PAGES, options }] }))).toBeNull();
  });

  it('refuses the same upload twice, no documents, and more than 20', () => {
    const file = { source: 'upload' as const, fileId: '7e0b3c1a-5d7e-4c1b-8f3a-2b9d6e4f1a00', options };
    expect(firstMessage(valid({ documents: [file, file] }))).toBe(WALK_IN_MESSAGES.sameFile);
    expect(firstMessage(valid({ documents: [] }))).toBe('Add at least one document');
    expect(
      firstMessage(
        valid({ documents: Array.from({ length: 21 }, () => ({ source: 'paper' as const, pages: 1, options })) }),
      ),
    ).toBe('An order can hold at most 20 documents');
  });

  it('needs a request key that is a UUID (the double-tap guard)', () => {
    expect(firstMessage(valid({ requestKey: 'abc' }))).toBe(WALK_IN_MESSAGES.requestKey);
  });
});
