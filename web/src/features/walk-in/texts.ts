import { formatPaise } from '@shop/shared/common/money';
import { LAMINATION_PRICE, PAPER_BINDING_PRICE, SPIRAL_TIERS, TRANSPARENT_SHEET_PRICE } from '@shop/shared/pricing/pricing';

/** Every word of the counter's walk-in screen, one place (ready for Telugu). */
export const WALK_IN_TEXTS = {
  title: 'New walk-in order',
  subtitle: 'For a customer at the counter: paid here in cash or by UPI.',
  backToQueue: 'Back to the queue',
  newWalkIn: 'New walk-in order',

  customer: 'Customer',
  name: 'Name',
  mobile: 'Mobile number',
  mobileHint: '10 digits; +91, spaces and dashes are fine',
  email: 'E-mail for the receipt (optional)',

  documents: (n: number) => (n ? `Documents (${n})` : 'Documents'),
  noDocuments: 'Upload the customer’s file, or add the paper original they brought.',
  uploadFile: 'Upload a file',
  uploading: (p: number) => (p < 100 ? `Uploading… ${p}%` : 'Reading the file…'),
  addPaper: 'Paper original',
  paperOriginal: 'Paper original',
  paperLabel: 'What is it? (optional)',
  paperLabelHint: 'e.g. Aadhaar copy, certificates',
  paperPages: 'Pages in the original',
  pagesOfFile: (n: number) => `${n} ${n === 1 ? 'page' : 'pages'}`,
  edit: 'Change',
  done: 'Done',
  remove: 'Remove',
  copies: 'Copies',
  pageRange: 'Pages to print',
  pageRangeHint: (n: number) => `All ${n} pages, or pages such as 1-5, 8, 10-12.`,
  orientation: 'Orientation',
  portrait: 'Portrait',
  landscape: 'Landscape',
  binding: 'Binding',
  sensitive: 'Sensitive (ID card, certificate): print only',
  sensitiveHint: 'Nobody can download it; it is deleted when the customer collects the order. Printing needs the print agent.',
  noServices: 'No printing services are active. The admin switches them on in Services.',

  payment: 'Payment',
  paidWith: 'Paid with',
  cash: 'Cash',
  upi: 'UPI',
  upiReference: 'UPI reference (optional)',
  upiReferenceHint: 'The 12-digit UTR from the payment screen',
  pickup: 'Pickup',
  pickupNow: 'Waiting now',
  pickupLater: 'Coming back later',
  whatsapp: 'Send order updates on WhatsApp (the customer agreed)',
  received: (amount: string, method: 'cash' | 'upi_counter') =>
    method === 'cash' ? `I have received ${amount} in cash` : `The UPI payment of ${amount} has reached the shop`,

  subtotal: 'Subtotal',
  discount: (rate: number) => `Discount (${rate}%)`,
  total: 'Total to collect',
  priceNotReady: 'Fill in every document to see the price.',
  save: (amount: string) => `Save order · ${amount}`,
  saving: 'Saving…',
  fixFields: 'Check the marked fields',
  priceChanged: 'The price has changed',
  priceChangedText: 'A service’s price changed since this screen loaded. Check the new total with the customer, then save again.',
  failed: 'The order was not saved',

  savedTitle: 'Order saved',
  savedText: (n: string) => `${n} is in the queue.`,
  alreadySaved: 'This order was saved already (a second tap): nothing was added.',
  paidBy: (method: 'cash' | 'upi_counter') => (method === 'cash' ? 'Paid in cash' : 'Paid by UPI'),
  readyBy: (when: string) => `Ready by ${when}`,
  tomorrow: 'tomorrow',
  pickupCode: 'Pickup code for the customer',
  receipt: 'Receipt (PDF)',
  ticket: 'Ticket',
  nextCustomer: 'Next customer',
} as const;

export type BindingChoice = 'none' | 'spiralBinding' | 'paperBinding' | 'transparentSheet' | 'lamination';

/** Each binding with its price per copy (shared pricing), as the customer's wizard shows them. */
export const BINDING_CHOICES: Record<BindingChoice, string> = {
  none: 'No binding',
  spiralBinding: `Spiral binding (${formatPaise(SPIRAL_TIERS[0]!.price)}–${formatPaise(SPIRAL_TIERS.at(-1)!.price)} a book)`,
  paperBinding: `Paper binding (${formatPaise(PAPER_BINDING_PRICE)})`,
  transparentSheet: `Transparent sheet (${formatPaise(TRANSPARENT_SHEET_PRICE)})`,
  lamination: `Lamination (${formatPaise(LAMINATION_PRICE)})`,
};
