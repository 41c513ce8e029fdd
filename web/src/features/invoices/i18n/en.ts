/** Bills on tracking, and the checkout's business bill (decision 015). */
export default {
  receipt: 'Receipt',
  billOfSupply: 'Bill of supply',
  taxInvoice: 'Tax invoice',
  creditNote: 'Credit note',
  link: '{document} {serial} (PDF)',
  checkGstin: 'Check the GSTIN.',
  add: 'Add GSTIN for a business bill',
  gstin: 'GSTIN',
  gstinHint: '15 characters, e.g. 37ABCDE1234F1Z5',
  businessName: 'Business name (as registered)',
  businessAddress: 'Business address (as registered)',
  particularsTitle: 'Name and address on the bill',
  particularsHint: 'A bill of ₹50,000 or more carries the customer’s name, address and state.',
  name: 'Name',
  address: 'Address',
  state: 'State',
} as const;
