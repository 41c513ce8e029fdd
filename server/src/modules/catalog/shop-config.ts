import {
  defaultShopConfig,
  DEFAULT_SHOP_TEXTS_TE,
  type ShopConfig,
  type ShopTexts,
} from '@shop/shared/config/shop-config';
import type { Config } from '../../config/env.ts';
import { officeAvailable } from '../convert/index.ts';

/** What the web app needs to know about the shop; injected into index.html, never secrets. */
export function publicShopConfig(config: Config): ShopConfig {
  return {
    name: config.SHOP_NAME,
    tagline: config.SHOP_TAGLINE,
    address: config.SHOP_ADDRESS,
    phone: config.SHOP_PHONE,
    email: config.SHOP_EMAIL,
    mapQuery: config.SHOP_MAP_QUERY,
    hours: config.SHOP_HOURS,
    sourceUrl: config.SOURCE_URL,
    deliveryPincodes: config.DELIVERY_PINCODES,
    pickupPincode: config.PICKUP_PINCODE,
    payments: {
      provider: config.PAYMENTS_PROVIDER,
      keyId: config.RAZORPAY_KEY_ID,
      checkoutUrl: config.RAZORPAY_CHECKOUT_URL,
      // Razorpay's test keys (rzp_test_…) take no real money either.
      testMode: config.PAYMENTS_PROVIDER === 'sandbox' || config.RAZORPAY_KEY_ID.startsWith('rzp_test_'),
    },
    officeFormats: officeAvailable(config.SOFFICE_PATH, config.SOFFICE_SANDBOX),
    fileRetentionDays: config.FILE_RETENTION_DAYS,
    // What the checkout and the counter ask for a bill (decision 037): a GSTIN only at a registered shop.
    gst: {
      status: config.GST_STATUS,
      stateCode: config.GST_STATUS !== 'unregistered' && config.GST_GSTIN ? config.GST_GSTIN.slice(0, 2) : '37',
      rateBp: config.GST_STATUS === 'regular' ? config.GST_RATE_BP : 0,
    },
    te: teluguTexts(config),
  };
}

/** Each text set in Telugu, else the default shop's Telugu while its English text is the default one. */
function teluguTexts(config: Config): ShopTexts {
  const pick = (key: keyof ShopTexts, english: string, telugu: string | undefined) =>
    telugu ?? (english === defaultShopConfig[key] ? DEFAULT_SHOP_TEXTS_TE[key] : undefined);
  const te: ShopTexts = {
    name: pick('name', config.SHOP_NAME, config.SHOP_NAME_TE),
    tagline: pick('tagline', config.SHOP_TAGLINE, config.SHOP_TAGLINE_TE),
    address: pick('address', config.SHOP_ADDRESS, config.SHOP_ADDRESS_TE),
    hours: pick('hours', config.SHOP_HOURS, config.SHOP_HOURS_TE),
  };
  return Object.fromEntries(Object.entries(te).filter(([, v]) => v !== undefined));
}
