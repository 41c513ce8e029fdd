import { defaultShopConfig, type ShopConfig, type ShopTexts } from '@shop/shared/config/shop-config';
import { currentLanguage } from './i18n/i18n';

/** The server injects the shop's public configuration into index.html as a JSON data block (no zod here: keep the first page light). */
function readShopConfig(): ShopConfig {
  const el = typeof document !== 'undefined' ? document.getElementById('shop-config') : null;
  if (!el?.textContent) return defaultShopConfig;
  try {
    const parsed = JSON.parse(el.textContent) as Partial<ShopConfig>;
    return { ...defaultShopConfig, ...parsed };
  } catch {
    return defaultShopConfig;
  }
}

export const shopConfig: ShopConfig = readShopConfig();

/** The shop's name, tagline, address or hours in the language on screen (its Telugu when the shop has one). */
export function shopText(key: keyof ShopTexts): string {
  return (currentLanguage() === 'te' && shopConfig.te?.[key]) || shopConfig[key];
}
