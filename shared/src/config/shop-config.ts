/**
 * Public facts about the shop, served to the web app (injected into index.html and at GET /api/config).
 * No zod here on purpose: this module is in the customer's first page. Never the admin's e-mail: it is half of
 * the admin's sign-in, and the admin login form remembers it per browser instead (decision 011).
 */
export interface ShopConfig {
  name: string;
  tagline: string;
  address: string;
  phone: string;
  email: string;
  mapQuery: string;
  hours: string;
  sourceUrl: string;
  deliveryPincodes: string[];
  pickupPincode: string;
  /** testMode: no real money moves (the sandbox, or Razorpay test keys); every page then shows a band saying so. */
  payments: { provider: 'sandbox' | 'razorpay'; keyId: string; checkoutUrl: string; testMode: boolean };
  /** Word, ODT, PowerPoint and Excel files are taken (LibreOffice is installed); PDF, JPG and PNG always are. */
  officeFormats: boolean;
  /** Orders' files are deleted this many days after the order is ready (FILE_RETENTION_DAYS). */
  fileRetentionDays: number;
  /** The shop's GST status, state and rate: what a bill may carry (a GSTIN only at a registered shop; decision 037). */
  gst: { status: 'unregistered' | 'composition' | 'regular'; stateCode: string; rateBp: number };
  /** The shop's texts as Telugu pages show them (decision 027); a text missing here is shown as in English. */
  te: ShopTexts;
}

/** The shop's texts that a page in another language may show in that language. */
export type ShopTexts = Partial<Pick<ShopConfig, 'name' | 'tagline' | 'address' | 'hours'>>;

/** Defaults used by the web app when it runs without the server's injected config (Vite dev server). */
export const defaultShopConfig: ShopConfig = {
  name: 'Sri Sai Xerox & Printers',
  tagline: 'Printing & photocopy in Guntur since 1982',
  address: '4/12 Brodipet Main Road, Guntur, Andhra Pradesh 522002',
  phone: '+91 98480 12345',
  email: 'orders@printshop.local',
  mapQuery: 'Brodipet, Guntur, Andhra Pradesh 522002',
  hours: 'Mon-Sat 9:00 AM - 8:00 PM',
  sourceUrl: 'https://github.com/guntur-print-shop/print-shop',
  deliveryPincodes: ['522001', '522002', '522003', '522004'],
  pickupPincode: '522002',
  payments: { provider: 'sandbox', keyId: 'rzp_test_sandbox', checkoutUrl: '', testMode: true },
  officeFormats: false,
  fileRetentionDays: 30,
  gst: { status: 'unregistered', stateCode: '37', rateBp: 0 },
  te: {},
};

/** The default shop's texts in Telugu: used while the English text is the default one (a shop that set its own sets these too). */
export const DEFAULT_SHOP_TEXTS_TE: Required<ShopTexts> = {
  name: 'శ్రీ సాయి జిరాక్స్ & ప్రింటర్స్',
  tagline: '1982 నుండి గుంటూరులో ప్రింటింగ్ & జిరాక్స్',
  address: '4/12 బ్రాడీపేట మెయిన్ రోడ్, గుంటూరు, ఆంధ్రప్రదేశ్ 522002',
  hours: 'సోమవారం–శనివారం ఉదయం 9:00 – రాత్రి 8:00',
};

export function mapsSearchUrl(query: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
export function mapsEmbedUrl(query: string): string {
  return `https://www.google.com/maps?q=${encodeURIComponent(query)}&output=embed`;
}
