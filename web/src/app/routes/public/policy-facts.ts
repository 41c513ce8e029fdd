import { shopConfig, shopText } from '@/lib/shop-config';

/** The shop's facts the policies name, in the language on screen. */
export const policyFacts = () => ({
  name: shopText('name'),
  address: shopText('address'),
  hours: shopText('hours'),
  pincodes: shopConfig.deliveryPincodes.join(', '),
  email: shopConfig.email,
  phone: shopConfig.phone,
  days: shopConfig.fileRetentionDays,
});
