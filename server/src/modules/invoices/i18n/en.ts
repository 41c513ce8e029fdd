/** The GST documents' words in English (invoice-pdf.ts); the Telugu ones are printed alongside for Telugu customers. */
export default {
  receipt: 'Receipt',
  bill_of_supply: 'Bill of Supply',
  tax_invoice: 'Tax Invoice',
  credit_note: 'Credit Note',
  refund_receipt: 'Refund Receipt',
  customer: 'Customer',
  total: 'Total',
  refunded: 'Refunded',
  reason: 'Reason',
  placeOfSupply: 'Place of supply',
  original:
    '{kind, select, tax_invoice {Against tax invoice} bill_of_supply {Against bill of supply} other {Against receipt}} {serial} dated {date}',
  unregistered: 'The shop is not registered under GST: no tax is charged.',
  composition: 'Composition taxable person, not eligible to collect tax on supplies',
  computerGenerated: 'This is a computer-generated invoice.',
  signatory: 'Authorised signatory',
  forShop: 'For {name}',
  digitallySigned: 'Digitally signed',
} as const;
