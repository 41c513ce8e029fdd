/** The GST documents' words in English (invoice-pdf.ts); the Telugu ones are printed alongside for Telugu customers. */
export default {
  receipt: 'Receipt',
  bill_of_supply: 'Bill of Supply',
  tax_invoice: 'Tax Invoice',
  credit_note: 'Credit Note',
  customer: 'Customer',
  total: 'Total',
  reason: 'Reason',
  unregistered: 'The shop is not registered under GST: no tax is charged.',
  composition: 'Composition taxable person, not eligible to collect tax on supplies.',
  computerGenerated: 'This is a computer-generated invoice.',
} as const;
